import Testing
@testable import GeoCore

/// Border entries too big for the 16-bit band ends and edge references ("wide" entries) must answer
/// exactly like narrow ones, also after a trip through the binary format. Natural Earth never needs them,
/// so these areas are made to: one cell holding 70,000 edges of one ring, and a ring of 80,000 vertices
/// whose first and last edges meet in one cell (references 79,999 apart).
@Suite("Wide border entries: more than 65,535 edges in a cell, or references more than 65,535 apart")
struct WideEntryTests {
    static func areas() -> [MultiPolygon] {
        // A 70,000-gon of radius 0.1° inside the cell (lat 10–10.25, lon 20–20.25).
        var dense: [(Double, Double)] = []
        for k in 0..<70_000 {
            let (s, c) = GeoMath.sinCos(radians: Double(k) / 70_000 * 2 * GeoMath.pi)
            dense.append((20.125 + 0.1 * c, 10.125 + 0.1 * s))
        }
        dense.append(dense[0])
        // A 5° square walked with 80,000 vertices, starting and ending at its south-west corner.
        var square: [(Double, Double)] = []
        let side = 20_000
        for k in 0..<side { square.append((30 + 5 * Double(k) / Double(side), 0)) }
        for k in 0..<side { square.append((35, 5 * Double(k) / Double(side))) }
        for k in 0..<side { square.append((35 - 5 * Double(k) / Double(side), 5)) }
        for k in 0..<side { square.append((30, 5 - 5 * Double(k) / Double(side))) }
        square.append(square[0])
        return [MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.ring(dense))]),
                MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.ring(square))])]
    }

    @Test("lookups equal the whole-polygon test, before and after the binary round trip, and wide entries exist")
    func wideEntriesAnswerExactly() throws {
        let index = CountryIndex(areas: Self.areas())
        var writer = BinaryWriter()
        index.write(to: &writer)
        let storage = writer.bytes.withUnsafeBytes { ByteStorage(copying: $0) }
        var reader = BinaryReader(storage)
        let loaded = try CountryIndex(reading: &reader, areaCount: 2)

        // Both kinds of wide entry are present (otherwise this test would test nothing).
        var wideByCount = 0, wideBySpread = 0, withoutSketch = 0
        for cell in index.blockCells.buffer where cell != CountryIndex.sea && cell & CountryIndex.borderBit != 0 {
            let sketch = Int(cell & ~CountryIndex.borderBit)
            if index.sketches[sketch + 4] == 0 { withoutSketch += 1 }
            let record = index.recordOffset(sketch: sketch)
            var entry = record + 1
            for _ in 0..<Int(index.borderData[record]) {
                if index.entryIsWide(entry) {
                    if index.entryRefCount(entry) > 0xFFFF { wideByCount += 1 } else { wideBySpread += 1 }
                }
                entry = index.nextEntry(after: entry)
            }
        }
        #expect(wideByCount >= 1)
        #expect(wideBySpread >= 1)
        // The 70,000-edge cell overflows its sketch's 12-bit unit count, so its lookups take the record.
        #expect(withoutSketch >= 1)

        var random = TestRandom(seed: 41)
        var points: [GeoPoint] = []
        for _ in 0..<700 {
            points.append(GeoPoint(lat: random.uniform(9.9, 10.35), lon: random.uniform(19.9, 20.35)))
            points.append(GeoPoint(lat: random.uniform(-0.3, 0.3), lon: random.uniform(29.7, 30.3)))
            points.append(GeoPoint(lat: random.uniform(-1, 6), lon: random.uniform(29, 36)))
        }
        // On the dense ring's vertices and edges, and on the square's first and last edges.
        for k in stride(from: 0, to: 70_000, by: 997) {
            let (s, c) = GeoMath.sinCos(radians: Double(k) / 70_000 * 2 * GeoMath.pi)
            points.append(GeoPoint(lat: 10.125 + 0.1 * s, lon: 20.125 + 0.1 * c))
        }
        points += [GeoPoint(lat: 0, lon: 30), GeoPoint(lat: 0, lon: 30.0001), GeoPoint(lat: 0.0001, lon: 30)]
        // The reference is the whole-polygon test restricted to edges spanning the point's latitude (the
        // unfiltered test over 150,000 edges per point is too slow for a debug build); it is itself checked
        // against the unfiltered test on some of the points.
        let reference = CountryIndex.Reference(index, bandHeight: 0.005)
        var inside = 0
        for (k, p) in points.enumerated() {
            let expected = reference.area(containing: p)
            if k % 97 == 0 { #expect(index.exactArea(containing: p) == expected) }
            #expect(index.area(containing: p) == expected)
            #expect(loaded.area(containing: p) == expected)
            if expected != nil { inside += 1 }
        }
        #expect(inside > 400)
        // The box query and the nearest-border search read the same entries.
        #expect(loaded.areas(intersecting: BoundingBox(west: 20.2, south: 10.1, east: 20.3, north: 10.3)) == [0])
        #expect(loaded.areas(intersecting: BoundingBox(west: 29.9, south: -0.1, east: 30.05, north: 0.05)) == [1])
        #expect(loaded.nearestArea(to: GeoPoint(lat: -0.05, lon: 29.95), withinKm: 20)?.area == 1)
        #expect(loaded.nearestArea(to: GeoPoint(lat: 10.125, lon: 20.24), withinKm: 20)?.area == 0)
    }
}
