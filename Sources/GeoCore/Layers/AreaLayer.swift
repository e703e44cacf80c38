/// A polygon layer of any kind (admin-1 divisions, time zones, a user's own areas): features with a few
/// string properties, located through one `CountryIndex` over their geometry.
///
/// The country layer keeps its own richer `Country` records; every other polygon layer is this type, built
/// from GeoJSON by `load(geoJSON:keeping:cellSize:warnings:)`, written into the gazetteer's binary index by
/// `write(to:)` and read back, with every table checked, by `init(reading:)`. So a new kind of layer is a
/// schema (the property names to keep), not a copy of the index code.
///
/// A final class, not a struct: a layer is read on every placemark query, and a struct holding the grid
/// index's dozen tables would retain and release each of them whenever it is copied out of the
/// gazetteer (an `if let`, an argument); a class reference is one retain, and its `let` tables are read
/// in place. Every member is immutable, so sharing one instance across threads is safe.
public final class AreaLayer: Sendable {
    /// The property names kept for every feature, in slot order (the layer's schema).
    public let propertyNames: [String]
    /// Property values, feature after feature, `propertyNames.count` slots each; nil where the feature has
    /// no meaningful value (absent, null, empty or Natural Earth's "-99").
    let values: [String?]
    /// The grid index over the features' polygons: feature `k` is area `k`.
    public let index: CountryIndex
    /// Boxes round each feature and round runs of its edges: what the restricted nearest search prunes by
    /// (`AreaLayer+Nearest.swift`, `AreaLayer+Boxes.swift`). Worked out from the index at load, not stored,
    /// and only for a layer that is searched that way (`withEdgeBoxes()`: the admin-1 layer), so the
    /// time-zone layer's start-up and memory do not pay for them; empty otherwise.
    let boxes: EdgeBoxes

    /// The number of features.
    public var featureCount: Int { index.areaCount }

    /// Builds a layer from features' kept property values (`propertyNames.count` per feature, in order) and
    /// their areas.
    /// - Complexity: O(total vertices), dominated by the grid index build.
    public convenience init(propertyNames: [String], values: [String?], areas: [MultiPolygon],
                            cellSize: Double = CountryIndex.defaultCellSize) {
        precondition(values.count == propertyNames.count * areas.count, "one value per feature and property")
        self.init(propertyNames: propertyNames, values: values,
                  index: CountryIndex(areas: areas, cellSize: cellSize, nearLists: false))
    }

    init(propertyNames: [String], values: [String?], index: CountryIndex, boxes: EdgeBoxes = EdgeBoxes()) {
        self.propertyNames = propertyNames
        self.values = values
        self.index = index
        self.boxes = boxes
    }

    /// The slot of property `name`, or nil when the layer does not keep it.
    public func slot(of name: String) -> Int? { propertyNames.firstIndex(of: name) }

    /// The value of property `slot` for feature `feature`; nil when unknown (or `slot` is nil).
    @inline(__always)
    public func value(_ feature: Int, _ slot: Int?) -> String? {
        guard let slot else { return nil }
        return values[feature &* propertyNames.count &+ slot]
    }

    /// This layer with its edge boxes worked out (O(vertices), about 2 ms and 1 MB for the admin-1 layer):
    /// for a layer whose `nearest(to:among:)` is on a hot path.
    public func withEdgeBoxes() -> AreaLayer {
        if !boxes.features.isEmpty { return self }
        return AreaLayer(propertyNames: propertyNames, values: values, index: index, boxes: EdgeBoxes(index))
    }
}
