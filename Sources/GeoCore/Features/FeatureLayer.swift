/// One user layer: the features of a GeoJSON file (points, lines and polygons in any mix), flattened into
/// points and great-circle segments and indexed in a grid for `nearby`.
///
/// Model: a spherical Earth of radius ``earthRadiusM`` (the IUGG mean radius, as `Spherical` uses
/// everywhere), segments as great-circle arcs between their vertices, distances as great-circle distances
/// to the nearest point of a feature. Polygon containment is tested in longitude/latitude like the country
/// layer (`Polygon.locate`), so a point within millimetres of a long edge may be "inside" by one model and
/// a hair away by the other; the distance is then that hair, never wrong by more.
///
/// A final class, not a struct: it holds some twenty tables, each with a reference to its storage, and a
/// struct that size is copied (a retain and a release per table) wherever a call cannot borrow it, which
/// was three times a `nearby` query, 8 % of its time (BENCHMARKS.md, "nearby: the layer as a class").
/// Every member is a constant, so sharing one instance is safe across threads.
public final class FeatureLayer: Sendable {
    /// The mean Earth radius in metres, 6,371,008.8 m.
    public static let earthRadiusM = 6_371_008.8

    /// The layer's name (`--layer NAME=PATH`), as `nearby` reports it in `layer`.
    public let name: String
    /// The features in file order; a feature with a null geometry is kept (ids stay in order) but is never near.
    public let features: LayerFeatures

    /// A point of a feature, or a segment from `vertices[start]` to `vertices[start + 1]`: the vertex
    /// index shifted left by one, the low bit set for a segment (two words, no padding, so a binary
    /// layer's bytes are all defined).
    struct Element: Sendable {
        var feature: UInt32
        var word: UInt32

        init(feature: UInt32, start: UInt32, isSegment: Bool) {
            self.feature = feature
            word = start << 1 | (isSegment ? 1 : 0)
        }

        var start: UInt32 { word >> 1 }
        var isSegment: Bool { word & 1 != 0 }
    }

    /// The vertices, as latitude, longitude pairs (`GeoPoint`'s layout).
    let vertices: Table<GeoPoint>
    /// The vertices' unit vectors, computed once when the layer is built.
    let units: Table<Vector3>
    let elements: Table<Element>
    /// Each polygon's feature index.
    let areaFeatures: Table<UInt32>
    /// Each polygon's rings as runs of `vertices` (start, count), exterior first: `areaRings[areaRingStarts[a]
    /// ..< areaRingStarts[a + 1]]` for polygon a; containment reads them in place (`areaContains`).
    let areaRingStarts: Table<UInt32>
    let areaRings: Table<RingRun>
    /// Each polygon's exterior box (`areaBoxes(vertices:ringStarts:rings:)`), the first test of containment.
    let areaBoxes: [BoundingBox]
    /// Elements by the cells their arcs pass through.
    let elementGrid: FeatureGrid
    /// For each of `elementGrid.items`, a ball holding that element, and the element itself (`ElementBall`),
    /// so the first bound of
    /// a search reads the cell's memory in order instead of jumping to each element and its vertices.
    let itemBalls: Table<ElementBall>
    /// Polygons by the cells their boxes cover.
    let areaGrid: FeatureGrid
    /// The road intersections `whereAmI` looks for, built with the layer (and cached with it).
    let junctions: JunctionTable
    /// Each feature's area in square metres (0 without area; `featureAreasM2`), to pick the innermost of
    /// nested places.
    let areasM2: Table<Double>

    /// A ring's vertices: `vertices[start ..< start + count]`.
    struct RingRun: Sendable {
        var start: UInt32
        var count: UInt32
    }

    /// A layer built from flattened GeoJSON: its vertices laid out by cell, its unit vectors and grids
    /// computed here.
    ///
    /// `runs` are the vertex runs of the flattened geometries (a point, a line, a ring), in file order; they
    /// are moved, each whole, into the order of their first vertex's grid cell (`orderedByCell`), so the
    /// vertices a query measures, the elements of the few cells near it, lie together in memory instead of
    /// scattered in file order (a POI next to the 90,000th). Elements keep their numbers, so every tie
    /// between elements breaks as before; only the vertex each one starts at moves.
    convenience init(name: String, features: LayerFeatures, vertices fileVertices: [GeoPoint], runs: [RingRun],
         elements fileElements: [Element], areas: [Polygon], areaFeatures: [UInt32], areaRingStarts: [UInt32],
         areaRings fileRings: [RingRun]) {
        let (vertices, moved) = FeatureLayer.orderedByCell(fileVertices, runs: runs)
        let elements = fileElements.map {
            Element(feature: $0.feature, start: moved[Int($0.start)], isSegment: $0.isSegment)
        }
        let areaRings = fileRings.map { RingRun(start: $0.count > 0 ? moved[Int($0.start)] : 0, count: $0.count) }
        var elementCells = FeatureGridBuilder()
        for (index, element) in elements.enumerated() {
            let a = vertices[Int(element.start)]
            let b = element.isSegment ? vertices[Int(element.start) + 1] : a
            let box = FeatureLayer.cellBox(a, b)
            elementCells.add(UInt32(index), south: box.south, north: box.north, west: box.west, east: box.east)
        }
        var areaCells = FeatureGridBuilder()
        for (index, polygon) in areas.enumerated() {
            let box = polygon.bounds
            areaCells.add(UInt32(index), south: box.south, north: box.north, west: box.west, east: box.east)
        }
        let units = vertices.map { Vector3($0) }
        let elementGrid = elementCells.build()
        let balls = elementGrid.items.map { item in
            let element = elements[Int(item)], i = Int(element.start)
            return ElementBall(units[i], element.isSegment ? units[i + 1] : units[i], element: element)
        }
        let areasM2 = FeatureLayer.featureAreasM2(featureCount: features.count, areas: areas, areaFeatures: areaFeatures)
        let vertexTable = Table(vertices), ringStarts = Table(areaRingStarts), ringTable = Table(areaRings)
        self.init(name: name, features: features, vertices: vertexTable, units: Table(units),
                  elements: Table(elements), areaFeatures: Table(areaFeatures),
                  areaRingStarts: ringStarts, areaRings: ringTable,
                  areaBoxes: FeatureLayer.areaBoxes(vertices: vertexTable.buffer, ringStarts: ringStarts, rings: ringTable),
                  elementGrid: elementGrid, itemBalls: Table(balls), areaGrid: areaCells.build(),
                  junctions: JunctionTable(features: features, vertices: vertices, elements: elements),
                  areasM2: Table(areasM2))
    }

    /// The vertices with their runs moved into the order of their first vertex's grid cell (equal cells in
    /// file order), and each old vertex index's new one.
    /// - Complexity: O(v + r log r) for v vertices in r runs.
    static func orderedByCell(_ vertices: [GeoPoint], runs: [RingRun]) -> (vertices: [GeoPoint], moved: [UInt32]) {
        let keys = runs.map { run in
            run.count == 0 ? 0 : FeatureGrid.key(row: FeatureGrid.row(vertices[Int(run.start)].lat),
                                                 column: FeatureGrid.column(vertices[Int(run.start)].lon))
        }
        let order = runs.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        var ordered: [GeoPoint] = []
        ordered.reserveCapacity(vertices.count)
        var moved = [UInt32](repeating: 0, count: vertices.count)
        for r in order {
            let run = runs[r]
            for k in Int(run.start)..<(Int(run.start) + Int(run.count)) {
                moved[k] = UInt32(truncatingIfNeeded: ordered.count)
                ordered.append(vertices[k])
            }
        }
        return (ordered, moved)
    }

    /// A layer from its tables as they are (a binary layer, already checked).
    init(name: String, features: LayerFeatures, vertices: Table<GeoPoint>, units: Table<Vector3>,
         elements: Table<Element>, areaFeatures: Table<UInt32>, areaRingStarts: Table<UInt32>,
         areaRings: Table<RingRun>, areaBoxes: [BoundingBox], elementGrid: FeatureGrid, itemBalls: Table<ElementBall>, areaGrid: FeatureGrid,
         junctions: JunctionTable, areasM2: Table<Double>) {
        self.name = name
        self.features = features
        self.vertices = vertices
        self.units = units
        self.elements = elements
        self.areaFeatures = areaFeatures
        self.areaRingStarts = areaRingStarts
        self.areaRings = areaRings
        self.areaBoxes = areaBoxes
        self.elementGrid = elementGrid
        self.itemBalls = itemBalls
        self.areaGrid = areaGrid
        self.junctions = junctions
        self.areasM2 = areasM2
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
