import Testing
@testable import GeoCore

/// The grid decisions of the cell sketches may only decide when the exact test would decide the same way
/// (see CountryIndex+GridCrossing.swift); these tests aim points at the places where rounding bites.
@Suite("Grid crossing decisions decide only what the exact test decides")
struct GridCrossingTests {
    @Test("every certain answer of crossingDecision, over an edge's clamped path, equals touches/crosses")
    func decisionsAreExact() {
        var random = TestRandom(seed: 99)
        let west = 10.25, south = 45.5, cell = 0.25
        let scale = CountryIndex.sketchSteps / cell
        // Edge ends in and around the cell; every tenth edge has an end far outside the grid's reach,
        // every seventh is horizontal, every eleventh vertical. Each edge a→b is closed into a triangle
        // through a far vertex, one area per edge, so edge a→b of triangle k is edge 4k of the index.
        var ends: [(GeoPoint, GeoPoint)] = []
        for trial in 0..<1_000 {
            func end() -> GeoPoint {
                GeoPoint(lat: south + random.uniform(-0.3, 0.55), lon: west + random.uniform(-0.3, 0.55))
            }
            let a = end()
            var b = trial % 10 == 0 ? GeoPoint(lat: south + random.uniform(-3, 3), lon: west + random.uniform(-3, 3)) : end()
            if trial % 7 == 0 { b = GeoPoint(lat: a.lat, lon: b.lon) }
            if trial % 11 == 0 { b = GeoPoint(lat: b.lat, lon: a.lon) }
            ends.append((a, b))
        }
        let areas = ends.map { a, b in
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.ring([(a.lon, a.lat), (b.lon, b.lat), (-100, -60), (a.lon, a.lat)]))])
        }
        let index = CountryIndex(areas: areas, cellSize: 10)
        var decided = 0, unsure = 0, wrong = 0, clipped = 0
        for (k, (a, b)) in ends.enumerated() {
            // The edge as the sketch stores it: its path clamped to the grid's box.
            let ga = CountryIndex.sketchPoint(lon: a.lon, lat: a.lat, west: west, south: south, scale: scale)
            let gb = CountryIndex.sketchPoint(lon: b.lon, lat: b.lat, west: west, south: south, scale: scale)
            let path = [CountryIndex.sketchClamped(ga)] + CountryIndex.sketchPieces(from: ga, to: gb)
            if path.count > 2 { clipped += 1 }
            var points: [GeoPoint] = [a, b]
            for _ in 0..<40 {
                // On the edge (up to rounding), then nudged by about a grid step (1.8e-4°) or far less.
                let t = random.uniform(0, 1)
                let on = GeoPoint(lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon))
                let nudge = [0, 1e-12, 1e-9, 1e-5, 9e-5, 1.8e-4, 4e-4, 1e-3][random.int(0, 7)]
                points.append(GeoPoint(lat: on.lat + random.uniform(-nudge, nudge), lon: on.lon + random.uniform(-nudge, nudge)))
                points.append(GeoPoint(lat: a.lat, lon: on.lon))                 // at a vertex's latitude
                points.append(GeoPoint(lat: on.lat, lon: west + random.uniform(0, cell)))
            }
            for p in points where p.lat >= south && p.lat <= south + cell && p.lon >= west && p.lon <= west + cell {
                let px = (p.lon - west) * scale - CountryIndex.sketchOffset
                let py = (p.lat - south) * scale - CountryIndex.sketchOffset
                var quick = 0
                for j in 1..<path.count where quick != 2 {
                    switch CountryIndex.crossingDecision(ax: Double(path[j - 1].x), ay: Double(path[j - 1].y),
                                                         bx: Double(path[j].x), by: Double(path[j].y), px: px, py: py) {
                    case 0: break
                    case 1: quick ^= 1
                    default: quick = 2
                    }
                }
                if quick == 2 { unsure += 1; continue }
                decided += 1
                let touches = index.touches(4 * k, lon: p.lon, lat: p.lat)
                let crosses = index.crosses(4 * k, lon: p.lon, lat: p.lat)
                if touches || crosses != (quick == 1) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) wrong of \(decided) decided")
        // The test means something only if both outcomes occur often.
        #expect(decided > 5_000 && unsure > 500, "decided \(decided), unsure \(unsure)")
        #expect(clipped >= 50, "only \(clipped) edges left the grid's box")
    }

    @Test("long edges, slivers and points within metres of edges: index answer == exact answer")
    func longEdgesAndSlivers() {
        var random = TestRandom(seed: 5)
        // A long thin triangle (edges far beyond the sketch grid's reach) and a jagged star whose edges
        // are shorter than a grid step in places.
        let sliver = GeometryFixture.ring([(0, 0), (30, 0.001), (30.0, 0.0015), (0, 0)])
        var pairs: [(Double, Double)] = []
        for k in 0..<600 {
            let angle = Double(k) / 600 * 2 * GeoMath.pi
            let r = 0.4 * random.uniform(0.99, 1.0)
            let (s, c) = GeoMath.sinCos(radians: angle)
            pairs.append((5 + r * c, 10 + r * s))
        }
        pairs.append(pairs[0])
        let areas = [MultiPolygon(polygons: [Polygon(exterior: sliver)]),
                     MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.ring(pairs))])]
        let index = CountryIndex(areas: areas, cellSize: 0.25)
        var points: [GeoPoint] = []
        for (k, v) in pairs.enumerated() where k + 1 < pairs.count {
            let next = pairs[k + 1]
            let t = random.uniform(0, 1)
            let lon = v.0 + t * (next.0 - v.0), lat = v.1 + t * (next.1 - v.1)
            for nudge in [0.0, 1e-10, 2e-6, 1e-5] {
                points.append(GeoPoint(lat: lat + random.uniform(-nudge, nudge), lon: lon + random.uniform(-nudge, nudge)))
            }
            points.append(GeoPoint(lat: v.1, lon: v.0))
        }
        for _ in 0..<2_000 {
            let lon = random.uniform(0, 30)
            let lat = 0.001 * lon / 30 + random.uniform(-1e-5, 6e-4)
            points.append(GeoPoint(lat: lat, lon: lon))
        }
        var mismatches = 0
        for p in points where index.area(containing: p) != index.exactArea(containing: p) { mismatches += 1 }
        #expect(mismatches == 0, "\(mismatches) of \(points.count) points disagree")
    }
}
