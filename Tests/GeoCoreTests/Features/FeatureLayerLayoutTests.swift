import Testing
@testable import GeoCore

@Suite("User layers: vertices laid out by cell, polygons read in place")
struct FeatureLayerLayoutTests {
    static let layer = try! FeatureLayer(name: "city", geoJSON: RandomLayerFixture.geoJSON(seed: 7, count: 150))

    static func cellKey(_ p: GeoPoint) -> UInt64 {
        FeatureGrid.key(row: FeatureGrid.row(p.lat), column: FeatureGrid.column(p.lon))
    }

    /// The points' vertices lie in the order of their grid cells (file order within a cell), while the
    /// elements keep file order: element k still belongs to the k-th feature's geometry, so ties break as
    /// before. In file order (the old layout) the random points' cells jump about.
    @Test func pointVerticesFollowTheirCells() {
        let layer = Self.layer
        var points: [(start: UInt32, key: UInt64, element: Int)] = []
        var previousFeature: UInt32 = 0
        for (k, element) in layer.elements.enumerated() {
            #expect(element.feature >= previousFeature, "elements in file order")
            previousFeature = element.feature
            if !element.isSegment { points.append((element.start, Self.cellKey(layer.vertices[Int(element.start)]), k)) }
        }
        #expect(points.count > 50)
        points.sort { $0.start < $1.start }
        for k in 1..<points.count {
            #expect(points[k - 1].key <= points[k].key, "point vertices in cell order")
            if points[k - 1].key == points[k].key { #expect(points[k - 1].element < points[k].element) }
        }
    }

    /// Every line and ring keeps its vertices together and in order: each segment ends where the next of
    /// the same run starts, so a moved run is the same polyline.
    @Test func segmentsStillJoinTheirRuns() throws {
        let layer = Self.layer, rebuilt = try FeatureLayer(name: "again", geoJSON: RandomLayerFixture.geoJSON(seed: 7, count: 150))
        #expect(Array(layer.vertices) == Array(rebuilt.vertices), "the layout is deterministic")
        var segments = 0
        for element in layer.elements where element.isSegment {
            let a = layer.vertices[Int(element.start)], b = layer.vertices[Int(element.start) + 1]
            #expect((a.lat - b.lat).magnitude < 1 && ((a.lon - b.lon).magnitude < 1 || (a.lon - b.lon).magnitude > 359))
            segments += 1
        }
        #expect(segments > 100)
    }

    /// `areaContains`, read from the ring runs in place, answers as the `Polygon` built from the same runs
    /// (`Polygon.contains`, the country layer's test), on random points, on every vertex and on every
    /// edge's midpoint (boundaries), holes included.
    @Test func inPlaceContainmentMatchesPolygons() {
        let layer = Self.layer
        var random = TestRandom(seed: 11)
        var inside = 0, holes = 0
        for a in 0..<layer.areaFeatures.count {
            let first = Int(layer.areaRingStarts[a]), end = Int(layer.areaRingStarts[a + 1])
            func ring(_ k: Int) -> Ring {
                let run = layer.areaRings[k]
                return Ring(points: Array(layer.vertices[Int(run.start)..<(Int(run.start) + Int(run.count))]))
            }
            let polygon = Polygon(exterior: ring(first), holes: ((first + 1)..<end).map(ring))
            holes += polygon.holes.count
            var probes: [GeoPoint] = []
            for r in polygon.rings {
                for (i, v) in r.points.enumerated() {
                    probes.append(v)
                    let w = r.points[(i + 1) % r.points.count]
                    probes.append(GeoPoint(lat: (v.lat + w.lat) / 2, lon: (v.lon + w.lon) / 2))
                }
            }
            let box = polygon.bounds
            for _ in 0..<40 {
                probes.append(GeoPoint(lat: random.uniform(box.south - 1e-4, box.north + 1e-4),
                                       lon: random.uniform(max(-180, box.west - 1e-4), min(180, box.east + 1e-4))))
            }
            for p in probes {
                let expected = polygon.contains(p)
                #expect(layer.areaContains(a, p) == expected, "polygon \(a) at \(p)")
                if expected { inside += 1 }
            }
        }
        #expect(holes > 0 && inside > 100)
    }
}
