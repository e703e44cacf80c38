import Testing
@testable import GeoCore

@Suite("AreaLayer boxes: lower bounds and the pruned restricted search")
struct EdgeBoxTests {
    /// Star-shaped rings of `vertices` vertices round `centres`, radii up to `radius` degrees: long rings (many
    /// runs of 32 edges), some at high latitude, one across the antimeridian.
    static func layer(vertices: Int, radius: Double, seed: UInt64) -> AreaLayer {
        var random = TestRandom(seed: seed)
        let centres: [(Double, Double)] = [(0, 0), (10, 30), (-35, 150), (70, -40), (82, 100), (-60, 179), (45, -178)]
        var areas: [MultiPolygon] = []
        var values: [String?] = []
        for (k, (lat, lon)) in centres.enumerated() {
            var points: [GeoPoint] = []
            for i in 0..<vertices {
                let angle = 2 * Double.pi * Double(i) / Double(vertices)
                let r = random.uniform(0.3, 1) * radius
                let (s, c) = GeoMath.sinCos(radians: angle)
                let pointLat = Swift.max(-89.9, Swift.min(89.9, lat + r * s))
                let pointLon = CountryIndex.wrapLongitude(lon + r * c / 2)
                points.append(GeoPoint(lat: pointLat, lon: pointLon))
            }
            points.append(points[0])
            areas.append(MultiPolygon(polygons: [Polygon(exterior: Ring(points: points))]))
            values.append("area \(k)")
        }
        return AreaLayer(propertyNames: ["name"], values: values, areas: areas).withEdgeBoxes()
    }

    /// The distance to the feature by measuring every edge, as the search did before it had boxes.
    static func scanDistanceKm(_ layer: AreaLayer, _ p: GeoPoint, feature: Int) -> Double {
        let index = layer.index
        let q = GeoPoint(lat: p.lat, lon: CountryIndex.wrapLongitude(p.lon))
        var best = Double.infinity
        for ring in Int(index.areaRingStart[feature])..<Int(index.areaRingStart[feature + 1]) {
            for i in Int(index.ringStart[ring])..<(Int(index.ringStart[ring + 1]) - 1) {
                let a = GeoPoint(lat: index.vertexLat(i), lon: index.vertexLon(i))
                let b = GeoPoint(lat: index.vertexLat(i + 1), lon: index.vertexLon(i + 1))
                best = Swift.min(best, Spherical.distanceToSegmentKm(q, a, b))
            }
        }
        return best
    }

    @Test("every run's bound is at most the distance to each of its edges, anywhere on the sphere")
    func boundsAreLowerBounds() {
        let layer = Self.layer(vertices: 100, radius: 8, seed: 7)
        let index = layer.index, boxes = layer.boxes
        var random = TestRandom(seed: 11)
        for _ in 0..<120 {
            let p = GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180))
            let cosLat = GeoMath.sinCos(degrees: p.lat).cos
            for run in boxes.runs.indices {
                let bound = boxes.runs[run].lowerBoundKm(lat: p.lat, lon: p.lon, cosLat: cosLat)
                for i in Int(boxes.runFirstEdge[run])..<Int(boxes.runEndEdge[run]) {
                    let a = GeoPoint(lat: index.vertexLat(i), lon: index.vertexLon(i))
                    let b = GeoPoint(lat: index.vertexLat(i + 1), lon: index.vertexLon(i + 1))
                    let d = Spherical.distanceToSegmentKm(p, a, b)
                    if bound > d { Issue.record("run \(run) edge \(i): bound \(bound) > \(d) at \(p.lat), \(p.lon)") }
                }
            }
        }
    }

    /// A box on one side of the antimeridian and a point on the other: the longitude gap is the short way
    /// across the line (GeoMath.longitudeGap's rule), so the bound is near the true distance, not 0 and not
    /// the 359.9° the long way round would give.
    @Test("the bound across the antimeridian takes the short way round", arguments: [
        (boxWest: 179.9, boxEast: 180.0, lon: -179.9),
        (boxWest: -180.0, boxEast: -179.9, lon: 179.8),
        (boxWest: 179.0, boxEast: 179.9, lon: -180.0),
    ])
    func antimeridianGap(boxWest: Double, boxEast: Double, lon: Double) {
        let box = EdgeBox(south: 0, north: 0, west: boxWest, east: boxEast, reachSouth: 0, reachNorth: 0, cosMaxLat: 1)
        let p = GeoPoint(lat: 0, lon: lon)
        let bound = box.lowerBoundKm(lat: 0, lon: lon, cosLat: 1)
        // Along the equator the distance to the box's nearer corner is the longitude gap itself.
        let nearer = Swift.min(Spherical.distanceKm(p, GeoPoint(lat: 0, lon: boxWest)),
                               Spherical.distanceKm(p, GeoPoint(lat: 0, lon: boxEast)))
        #expect(bound <= nearer, "a lower bound")
        #expect(bound > 0.999 * nearer, "tight: the gap across the line, \(bound) km for \(nearer) km")
    }

    @Test("a layer without its boxes gives the same answers as with them")
    func withoutBoxes() throws {
        let plain = AreaLayer(propertyNames: ["name"], values: Self.layer(vertices: 60, radius: 6, seed: 9).values,
                              index: Self.layer(vertices: 60, radius: 6, seed: 9).index)
        #expect(plain.boxes.features.isEmpty)
        let boxed = plain.withEdgeBoxes()
        var random = TestRandom(seed: 19)
        for _ in 0..<100 {
            let p = GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180))
            let a = try #require(plain.nearest(to: p, among: [0, 2, 4, 6]))
            let b = try #require(boxed.nearest(to: p, among: [0, 2, 4, 6]))
            #expect(a.feature == b.feature && a.distanceKm == b.distanceKm)
        }
    }

    @Test("the pruned restricted search equals a scan of every edge of every candidate", arguments: [UInt64(3), 4, 5])
    func prunedSearchEqualsScan(seed: UInt64) throws {
        let layer = Self.layer(vertices: 150, radius: 6, seed: seed)
        var random = TestRandom(seed: seed &* 31)
        let groups: [[Int32]] = [[0, 1], [2, 5], [3, 4, 6], [0, 1, 2, 3, 4, 5, 6]]
        for n in 0..<200 {
            // Half near the areas (the interesting bounds), half anywhere.
            let p = n % 2 == 0
                ? GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180))
                : GeoPoint(lat: [0.0, 10, -35, 70, 82, -60, 45][n % 7] + random.uniform(-9, 9),
                           lon: CountryIndex.wrapLongitude([0.0, 30, 150, -40, 100, 179, -178][n % 7] + random.uniform(-9, 9)))
            for candidates in groups {
                let found = try #require(layer.nearest(to: p, among: candidates))
                var best = (feature: -1, distanceKm: Double.infinity)
                for k in candidates {
                    let inside = layer.index.exactLocation(of: p, inArea: Int(k)) != .outside
                    let d = inside ? 0 : Self.scanDistanceKm(layer, p, feature: Int(k))
                    if d < best.distanceKm { best = (Int(k), d) }
                    if inside { break }
                }
                #expect(found.feature == best.feature && found.distanceKm == best.distanceKm, "\(p.lat), \(p.lon)")
                // With the grid's word that no feature holds the point, the containment tests are skipped.
                if layer.index.area(containing: p) == nil {
                    let outside = try #require(layer.nearest(to: p, among: candidates, knownOutside: true))
                    #expect(outside.feature == best.feature && outside.distanceKm == best.distanceKm)
                }
            }
        }
    }

    @Test("every group's bound is at most each of its runs' bounds and the distance to each of its edges")
    func groupBoundsAreLowerBounds() {
        // 2,000 vertices: 63 runs per feature, so four groups, the last one short.
        let layer = Self.layer(vertices: 2_000, radius: 8, seed: 23)
        let index = layer.index, boxes = layer.boxes
        #expect(boxes.groups.count == 4 * layer.featureCount)
        var random = TestRandom(seed: 29)
        for _ in 0..<60 {
            let p = GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180))
            let cosLat = GeoMath.sinCos(degrees: p.lat).cos
            for feature in 0..<layer.featureCount {
                let firstRun = Int(boxes.runStart[feature]), endRun = Int(boxes.runStart[feature + 1])
                for g in Int(boxes.groupStart[feature])..<Int(boxes.groupStart[feature + 1]) {
                    let bound = boxes.groups[g].lowerBoundKm(lat: p.lat, lon: p.lon, cosLat: cosLat)
                    let runs = firstRun + (g - Int(boxes.groupStart[feature])) * EdgeBoxes.runsPerGroup
                    for run in runs..<min(endRun, runs + EdgeBoxes.runsPerGroup) {
                        let runBound = boxes.runs[run].lowerBoundKm(lat: p.lat, lon: p.lon, cosLat: cosLat)
                        if bound > runBound { Issue.record("group \(g) run \(run): \(bound) > \(runBound)") }
                        for i in Int(boxes.runFirstEdge[run])..<Int(boxes.runEndEdge[run]) {
                            let a = GeoPoint(lat: index.vertexLat(i), lon: index.vertexLon(i))
                            let b = GeoPoint(lat: index.vertexLat(i + 1), lon: index.vertexLon(i + 1))
                            let d = Spherical.distanceToSegmentKm(p, a, b)
                            if bound > d { Issue.record("group \(g) edge \(i): bound \(bound) > \(d) at \(p.lat), \(p.lon)") }
                        }
                    }
                }
            }
        }
    }

    @Test("long rings: the group-pruned distance equals the scan of every edge", arguments: [UInt64(41), 42])
    func groupPrunedDistanceEqualsScan(seed: UInt64) {
        let layer = Self.layer(vertices: 3_000, radius: 10, seed: seed)
        var random = TestRandom(seed: seed &* 7)
        for n in 0..<150 {
            let p = n % 2 == 0
                ? GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180))
                : GeoPoint(lat: random.uniform(-12, 12), lon: random.uniform(-8, 8))
            #expect(layer.boundaryDistanceKm(p, feature: 0) == Self.scanDistanceKm(layer, p, feature: 0),
                    "\(p.lat), \(p.lon)")
        }
    }

    @Test("tied: two candidates exactly equally near, the earlier one answers and the tie is reported")
    func tiesAreReported() throws {
        // Two triangles that meet only at their southern vertex V = (0, 1), both north of it, and a square far
        // east: a point due south of V is nearest both at V (the same vertex, so the same bits), as at the
        // coastal end of a border between two divisions.
        func ring(_ points: [(Double, Double)]) -> MultiPolygon {
            MultiPolygon(polygons: [Polygon(exterior: Ring(points: (points + [points[0]]).map { GeoPoint(lat: $0.0, lon: $0.1) }))])
        }
        let layer = AreaLayer(propertyNames: ["name"], values: ["a", "b", "c"],
                              areas: [ring([(0, 1), (1, 1), (1, 0.5)]), ring([(0, 1), (1, 1.5), (1, 1)]),
                                      ring([(0, 5), (0, 6), (1, 6), (1, 5)])], cellSize: 1).withEdgeBoxes()
        let p = GeoPoint(lat: -1, lon: 1)
        for candidates: [Int32] in [[0, 1], [1, 0], [2, 0, 1], [2, 1, 0]] {
            let found = try #require(layer.nearest(to: p, among: candidates, knownOutside: true))
            #expect(found.tied, "\(candidates)")
            #expect(found.feature == Int(candidates.first { $0 != 2 }!), "the earliest candidate of the two")
        }
        let alone = try #require(layer.nearest(to: p, among: [0, 2], knownOutside: true))
        #expect(!alone.tied && alone.feature == 0)
        // Beside the triangles, one is strictly nearer.
        for (lon, nearer) in [(0.3, 0), (1.8, 1)] {
            let found = try #require(layer.nearest(to: GeoPoint(lat: 0.5, lon: lon), among: [0, 1], knownOutside: true))
            #expect(!found.tied && found.feature == nearer)
        }
    }

    @Test("tied is reported exactly when the scan finds two candidates at the least distance", arguments: [UInt64(5), 6])
    func tiedMatchesScan(seed: UInt64) throws {
        let layer = Self.layer(vertices: 150, radius: 6, seed: seed)
        var random = TestRandom(seed: seed &* 13)
        for _ in 0..<150 {
            let p = GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180))
            guard layer.index.area(containing: p) == nil else { continue }
            let candidates: [Int32] = [0, 1, 2, 3, 4, 5, 6]
            let found = try #require(layer.nearest(to: p, among: candidates, knownOutside: true))
            let distances = candidates.map { Self.scanDistanceKm(layer, p, feature: Int($0)) }
            let least = distances.min()!
            #expect(found.distanceKm == least && found.feature == distances.firstIndex(of: least)!)
            #expect(found.tied == (distances.filter { $0 == least }.count > 1))
        }
    }
}
