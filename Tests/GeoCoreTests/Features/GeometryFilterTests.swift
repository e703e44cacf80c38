import Testing
@testable import GeoCore

@Suite("nearby's geometry filter: the limit nearest of the kinds asked for, as a filtered scan")
struct GeometryFilterTests {
    /// 1,500 random queries: the filtered search equals scanning every feature, keeping those of the asked
    /// kinds, and taking the first `limit`; the limit counts only features that pass.
    @Test func filteredSearchAgreesWithAFilteredScan() {
        let layers = FeatureLayerNearbyTests.layers
        var random = TestRandom(seed: 1818)
        let filters: [[GeometryFilter]] = [[.point], [.line], [.polygon], [.point, .polygon]]
        var found = 0
        for area in RandomLayerFixture.areas {
            for _ in 0..<500 {
                let q = RandomLayerFixture.point(area, random.uniform(-0.01, area.size + 0.01),
                                                 random.uniform(-0.01, area.size + 0.01))
                let radius = [0.0, 100, 500, 2_000][random.int(0, 3)]
                let limit = [1, 3, 10][random.int(0, 2)]
                let geometry = filters[random.int(0, filters.count - 1)]
                let filtered = layers.nearby(q, radiusM: radius, limit: limit, geometry: geometry)
                let scan = layers.nearbyByScan(q, radiusM: radius, limit: 1_000_000).filter { hit in
                    let kind = layers.layers[hit.layer].features[hit.feature].kind!
                    return geometry.contains { $0.accepts(kind) }
                }
                #expect(filtered == Array(scan.prefix(limit)), "at \(q.lat), \(q.lon) within \(radius) m")
                if filtered != Array(scan.prefix(limit)) { return }
                found += filtered.count
            }
        }
        #expect(found > 1_000)
    }

    @Test func kindsAndNames() {
        #expect(GeometryFilter.allCases.map { $0.name } == ["point", "line", "polygon"])
        #expect(GeometryFilter.allCases.allSatisfy { GeometryFilter(name: $0.name) == $0 })
        #expect(GeometryFilter(name: "Point") == nil)
        #expect(GeometryFilter.point.accepts(.multiPoint) && !GeometryFilter.point.accepts(.lineString))
        #expect(GeometryFilter.line.accepts(.multiLineString) && !GeometryFilter.line.accepts(.polygon))
        #expect(GeometryFilter.polygon.accepts(.multiPolygon) && !GeometryFilter.polygon.accepts(.geometryCollection))
    }
}
