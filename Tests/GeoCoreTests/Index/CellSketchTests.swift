import Testing
@testable import GeoCore

/// The cell sketches (CountryIndex+Sketches.swift) may only answer when the border record would answer the
/// same; everything else must come back "unsure". These tests aim points where the 12-bit grid is too
/// coarse to tell: on vertices and edges, a few metres off them, level with vertices and toggle latitudes.
@Suite("Cell sketches answer only what the border records answer")
struct CellSketchTests {
    /// What the sketch and the record say of `point`, or nil when the point is not in a border cell.
    static func answers(_ index: CountryIndex, _ point: GeoPoint) -> (sketch: Int, record: Int)? {
        let lon = CountryIndex.wrapLongitude(point.lon)
        let r = index.row(of: point.lat), c = index.column(of: lon)
        let cell = index.cell(row: r, column: c)
        guard cell != CountryIndex.sea, cell & CountryIndex.borderBit != 0 else { return nil }
        let s = Int(cell & ~CountryIndex.borderBit)
        let south = index.rowSouth[r], west = index.columnWest[c]
        let sketch = index.sketchArea(s, lon: lon, lat: point.lat, south: south, west: west)
        let record = index.recordArea(index.recordOffset(sketch: s), lon: lon, lat: point.lat, south: south)
        return (sketch, record ?? CountryIndex.sketchNone)
    }

    /// Points on, and a metre or a grid step away from, every edge end and some points along each edge.
    static func pointsNear(_ a: GeoPoint, _ b: GeoPoint, _ random: inout TestRandom) -> [GeoPoint] {
        var points = [a, b]
        for _ in 0..<6 {
            let t = random.uniform(0, 1)
            let on = GeoPoint(lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon))
            let nudge = [0, 1e-12, 1e-9, 1e-5, 1.8e-4, 1e-3, 2e-2][random.int(0, 6)]
            points.append(on)
            points.append(GeoPoint(lat: on.lat + random.uniform(-nudge, nudge), lon: on.lon + random.uniform(-nudge, nudge)))
            points.append(GeoPoint(lat: a.lat, lon: a.lon + random.uniform(-0.3, 0.3)))   // level with a vertex
        }
        return points
    }

    @Test("synthetic cells: zigzags, long edges, holes, shared borders and toggles in both halves")
    func syntheticCells() {
        // A comb of 60 thin teeth (many edges per cell, runs broken by the cell's edges), a triangle with
        // edges hundreds of cells long (stored clipped to the grid's box) away from the others, a square
        // with a hole and its neighbour sharing a border, and a sawtooth whose east side puts toggles into
        // the cells to its west.
        var comb: [(Double, Double)] = [(10, 10)]
        for k in 0..<60 {
            let x = 10 + Double(k) * 0.0123
            comb += [(x, 10.2), (x + 0.004, 10.31), (x + 0.008, 10.2)]
        }
        comb += [(10 + 60 * 0.0123, 10), (10, 10)]
        var saw: [(Double, Double)] = [(30, 0)]
        for k in 0..<40 { saw.append((30.6 + (k % 2 == 0 ? 0.07 : 0.0), Double(k) * 0.0131)) }
        saw += [(30, 0.6), (30, 0)]
        let areas = [
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.ring(comb))]),
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.ring([(-60, -40), (70, -20.11), (-59.9, -10), (-60, -40)]))]),
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(20, 20, 20.3, 20.3),
                                            holes: [GeometryFixture.box(20.1, 20.1, 20.2777, 20.21)])]),
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(20.3, 20, 20.6, 20.3))]),
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.ring(saw))]),
        ]
        let index = CountryIndex(areas: areas)
        var random = TestRandom(seed: 7)
        var points: [GeoPoint] = []
        for area in areas {
            for polygon in area.polygons {
                for ring in polygon.rings {
                    for k in 0..<(ring.points.count - 1) { points += Self.pointsNear(ring.points[k], ring.points[k + 1], &random) }
                }
            }
        }
        let aimed = points.count
        for _ in 0..<3_000 {
            points.append(GeoPoint(lat: random.uniform(9.9, 10.4), lon: random.uniform(9.9, 10.8)))
            points.append(GeoPoint(lat: random.uniform(19.9, 20.4), lon: random.uniform(19.9, 20.7)))
            points.append(GeoPoint(lat: random.uniform(-0.1, 0.7), lon: random.uniform(29.4, 30.8)))
            points.append(GeoPoint(lat: random.uniform(-20.4, -19.8), lon: random.uniform(69.5, 70.5)))
        }
        var certain = 0, unsure = 0, wrong = 0, toggleCells = 0, tipCertain = 0, tipUnsure = 0
        for (k, p) in points.enumerated() {
            guard let (sketch, record) = Self.answers(index, p) else { continue }
            if sketch != CountryIndex.sketchUnsure && sketch != record { wrong += 1 }
            if k < aimed { continue }
            // Around the long triangle's tip every cell's edges have an end beyond the grid's reach: their
            // clamped paths must decide there too.
            if (k - aimed) % 4 == 3 {
                if sketch == CountryIndex.sketchUnsure { tipUnsure += 1 } else { tipCertain += 1 }
            } else {
                if sketch == CountryIndex.sketchUnsure { unsure += 1 } else { certain += 1 }
            }
        }
        // Cells west of the sawtooth carry toggles (checked so the test covers them).
        for r in 0..<index.rows {
            for c in 0..<index.columns {
                let cell = index.cell(row: r, column: c)
                guard cell != CountryIndex.sea, cell & CountryIndex.borderBit != 0 else { continue }
                var entry = index.recordOffset(sketch: Int(cell & ~CountryIndex.borderBit)) + 1
                let record = entry - 1
                for _ in 0..<Int(index.borderData[record]) {
                    if index.entryToggleCount(entry) > 0 { toggleCells += 1 }
                    entry = index.nextEntry(after: entry)
                }
            }
        }
        #expect(wrong == 0)
        // Of the random points in border cells, the sketch decides most; some reach the record.
        #expect(certain > 4 * unsure, "certain \(certain), unsure \(unsure)")
        #expect(unsure > 10, "only \(unsure) random points reached the record")
        #expect(tipCertain > 4 * tipUnsure, "near the long edges: certain \(tipCertain), unsure \(tipUnsure)")
        #expect(toggleCells > 0)
        // And through the public lookup: the same answer as the whole-polygon test.
        for p in points.prefix(20_000) { #expect(index.area(containing: p) == index.exactArea(containing: p)) }
    }

    @Test("Natural Earth: near borders and coasts the sketch decides most points, and always as the record does")
    func naturalEarth() throws {
        let index = try NaturalEarthFixture.gazetteer.get().spatialIndex
        var edges: [(GeoPoint, GeoPoint)] = []
        index.forEachEdge { a, b in edges.append((a, b)) }
        var random = TestRandom(seed: 2026)
        var certain = 0, unsure = 0, wrong = 0
        for _ in 0..<20_000 {
            let (a, b) = edges[random.int(0, edges.count - 1)]
            for p in Self.pointsNear(a, b, &random) where p.lat >= -90 && p.lat <= 90 {
                guard let (sketch, record) = Self.answers(index, p) else { continue }
                if sketch != CountryIndex.sketchUnsure && sketch != record { wrong += 1 }
            }
            // Within 5 km, as the benchmark draws them: what the sketch is for.
            let t = random.uniform(0, 1)
            let p = GeoPoint(lat: min(90, max(-90, a.lat + t * (b.lat - a.lat) + random.uniform(-0.045, 0.045))),
                             lon: a.lon + t * (b.lon - a.lon) + random.uniform(-0.045, 0.045))
            if let (sketch, record) = Self.answers(index, p) {
                if sketch == CountryIndex.sketchUnsure { unsure += 1 } else {
                    certain += 1
                    if sketch != record { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
        // Points within 5 km of an edge: the sketch answers 49 in 50 of them (99 % when this was written,
        // 97 % before vertices level with the point were settled from their neighbours).
        #expect(certain > 49 * unsure, "certain \(certain), unsure \(unsure)")
    }

    @Test("the load check refuses sketches that name a missing area or do not fit their halves")
    func damagedSketchesAreRefused() throws {
        let index = CountryIndex(areas: [
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(0.1, 0.1, 0.2, 0.2))]),
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(0.2, 0.1, 0.3, 0.2))]),
        ])
        let bytes = Array(index.sketches.buffer)
        let records = try CountryIndex.checkSketches(index.sketches, cells: index.blockCells, areaCount: 2)
        #expect(records.count == index.borderCellCount)
        // The cell where the boxes meet names area 1.
        #expect(throws: BinaryFormatError.self) {
            try CountryIndex.checkSketches(index.sketches, cells: index.blockCells, areaCount: 1)
        }
        let first = index.blockCells.buffer.first { $0 != CountryIndex.sea && $0 & CountryIndex.borderBit != 0 }!
        let s = Int(first & ~CountryIndex.borderBit)
        var damaged: [[UInt8]] = []
        var longer = bytes
        longer[s + 5] &+= 1                 // south half one byte longer than its entries
        damaged.append(longer)
        var count = bytes
        count[s + 4] &+= 1                  // one more entry than the halves hold
        damaged.append(count)
        var units = bytes
        units[s + 7 + 2] = 0xFF             // the north half's first entry: 255 more units
        damaged.append(units)
        damaged.append(Array(bytes.dropLast()))
        for copy in damaged {
            #expect(throws: BinaryFormatError.self) {
                try CountryIndex.checkSketches(Table(copy), cells: index.blockCells, areaCount: 2)
            }
        }
    }
}
