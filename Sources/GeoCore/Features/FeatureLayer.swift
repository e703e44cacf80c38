/// One user layer: the features of a GeoJSON file (points, lines and polygons in any mix), flattened into
/// points and great-circle segments and indexed in a grid for `nearby`.
///
/// Model: a spherical Earth of radius ``earthRadiusM`` (the IUGG mean radius, as `Spherical` uses
/// everywhere), segments as great-circle arcs between their vertices, distances as great-circle distances
/// to the nearest point of a feature. Polygon containment is tested in longitude/latitude like the country
/// layer (`Polygon.locate`), so a point within millimetres of a long edge may be "inside" by one model and
/// a hair away by the other; the distance is then that hair, never wrong by more.
public struct FeatureLayer: Sendable {
    /// The mean Earth radius in metres, 6,371,008.8 m.
    public static let earthRadiusM = 6_371_008.8

    /// The layer's name (`--layer NAME=PATH`), as `nearby` reports it in `layer`.
    public let name: String
    /// The features in file order; a feature with a null geometry is kept (ids stay in order) but is never near.
    public let features: [LayerFeature]

    /// A point of a feature, or a segment from `vertices[start]` to `vertices[start + 1]`.
    struct Element: Sendable {
        var feature: UInt32
        var start: UInt32
        var isSegment: Bool
    }

    let vertices: [GeoPoint]
    /// The vertices' unit vectors, computed once at load.
    let units: [Vector3]
    let elements: [Element]
    /// The polygons, for containment, each with its feature's index.
    let areas: [Polygon]
    let areaFeatures: [UInt32]
    /// Elements by the cells their arcs pass through.
    let elementGrid: FeatureGrid
    /// Polygons by the cells their boxes cover.
    let areaGrid: FeatureGrid

    init(name: String, features: [LayerFeature], vertices: [GeoPoint], elements: [Element], areas: [Polygon],
         areaFeatures: [UInt32]) {
        self.name = name
        self.features = features
        self.vertices = vertices
        units = vertices.map { Vector3($0) }
        self.elements = elements
        self.areas = areas
        self.areaFeatures = areaFeatures
        var elementCells = FeatureGridBuilder()
        for (index, element) in elements.enumerated() {
            let a = vertices[Int(element.start)]
            let b = element.isSegment ? vertices[Int(element.start) + 1] : a
            let box = FeatureLayer.cellBox(a, b)
            elementCells.add(UInt32(index), south: box.south, north: box.north, west: box.west, east: box.east)
        }
        elementGrid = elementCells.build()
        var areaCells = FeatureGridBuilder()
        for (index, polygon) in areas.enumerated() {
            let box = polygon.bounds
            areaCells.add(UInt32(index), south: box.south, north: box.north, west: box.west, east: box.east)
        }
        areaGrid = areaCells.build()
    }

    /// The lat/lon box that holds the whole great-circle arc from `a` to `b`: the ends' box, widened in
    /// latitude by how far the arc bulges poleward (`CountryIndexBuilder.excursion`) and cut in two at the
    /// antimeridian when the arc crosses it (ends more than 180° of longitude apart: the short way round).
    /// Ends exactly 180° apart pass over a pole: every longitude. Padded by 1e-9° against rounding.
    static func cellBox(_ a: GeoPoint, _ b: GeoPoint) -> (south: Double, north: Double, west: Double, east: Double) {
        let pad = 1e-9
        let rise = a == b ? 0 : CountryIndexBuilder.excursion(a, b) * (1 + 1e-6)
        let south = max(-90, min(a.lat, b.lat) - rise - pad)
        let north = min(90, max(a.lat, b.lat) + rise + pad)
        let span = (b.lon - a.lon).magnitude
        if span == 180 { return (south, north, -180, 180) }
        if span < 180 { return (south, north, min(a.lon, b.lon) - pad, max(a.lon, b.lon) + pad) }
        // Across the antimeridian: from the eastern end eastwards to 180, and from -180 to the western end.
        return (south, north, max(a.lon, b.lon) - pad, min(a.lon, b.lon) + pad)
    }
}

extension FeatureLayer {
    /// The lon/lat box of every vertex (empty for a layer without geometry). A layer across the
    /// antimeridian gets a box nearly 360° wide.
    /// - Complexity: O(vertices).
    public var bounds: BoundingBox {
        var box = BoundingBox.empty
        for vertex in vertices { box.extend(vertex) }
        return box
    }
}
