/// A polygon layer of any kind (admin-1 divisions, time zones, a user's own areas): features with a few
/// string properties, located through one `CountryIndex` over their geometry.
///
/// The country layer keeps its own richer `Country` records; every other polygon layer is this type, built
/// from GeoJSON by `load(geoJSON:keeping:cellSize:warnings:)`, written into the gazetteer's binary index by
/// `write(to:)` and read back, with every table checked, by `init(reading:)`. So a new kind of layer is a
/// schema (the property names to keep), not a copy of the index code.
public struct AreaLayer: Sendable {
    /// The property names kept for every feature, in slot order (the layer's schema).
    public let propertyNames: [String]
    /// Property values, feature after feature, `propertyNames.count` slots each; nil where the feature has
    /// no meaningful value (absent, null, empty or Natural Earth's "-99").
    let values: [String?]
    /// The grid index over the features' polygons: feature `k` is area `k`.
    public let index: CountryIndex
    /// Per feature, its southernmost and northernmost vertex latitudes: the lower bound the restricted
    /// nearest search prunes by (`AreaLayer+Nearest.swift`). Worked out from the index at load, not stored.
    let latitudeRanges: [(south: Double, north: Double)]

    /// The number of features.
    public var featureCount: Int { index.areaCount }

    /// Builds a layer from features' kept property values (`propertyNames.count` per feature, in order) and
    /// their areas.
    /// - Complexity: O(total vertices), dominated by the grid index build.
    public init(propertyNames: [String], values: [String?], areas: [MultiPolygon],
                cellSize: Double = CountryIndex.defaultCellSize) {
        precondition(values.count == propertyNames.count * areas.count, "one value per feature and property")
        self.init(propertyNames: propertyNames, values: values,
                  index: CountryIndex(areas: areas, cellSize: cellSize, nearLists: false))
    }

    init(propertyNames: [String], values: [String?], index: CountryIndex) {
        self.propertyNames = propertyNames
        self.values = values
        self.index = index
        latitudeRanges = Self.latitudeRanges(of: index)
    }

    /// The slot of property `name`, or nil when the layer does not keep it.
    public func slot(of name: String) -> Int? { propertyNames.firstIndex(of: name) }

    /// The value of property `slot` for feature `feature`; nil when unknown (or `slot` is nil).
    @inline(__always)
    public func value(_ feature: Int, _ slot: Int?) -> String? {
        guard let slot else { return nil }
        return values[feature &* propertyNames.count &+ slot]
    }

    /// Each area's latitude span over all its vertices.
    static func latitudeRanges(of index: CountryIndex) -> [(south: Double, north: Double)] {
        var ranges: [(south: Double, north: Double)] = []
        ranges.reserveCapacity(index.areaCount)
        for area in 0..<index.areaCount {
            var south = Double.infinity, north = -Double.infinity
            let first = Int(index.ringStart[Int(index.areaRingStart[area])])
            let end = Int(index.ringStart[Int(index.areaRingStart[area + 1])])
            for v in first..<end {
                let lat = index.vertexLat(v)
                south = Swift.min(south, lat)
                north = Swift.max(north, lat)
            }
            ranges.append((south, north))
        }
        return ranges
    }
}
