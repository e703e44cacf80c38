import Foundation
import Testing
@testable import GeoCore

@Suite("User layers: nearby through the grid equals a scan of every feature")
struct FeatureLayerNearbyTests {
    static let layers: FeatureLayers = {
        let streets = try! FeatureLayer(name: "streets", geoJSON: RandomLayerFixture.geoJSON(seed: 18, count: 250))
        let more = try! FeatureLayer(name: "more", geoJSON: RandomLayerFixture.geoJSON(seed: 81, count: 60))
        return FeatureLayers(layers: [streets, more])
    }()

    /// 3,000 random queries (1,000 per area, at radii from 0 to 10 km, some limits and layer choices):
    /// the same hits, to the bit, as measuring every element and testing every polygon.
    /// `geocoder-bench --nearby --check` runs the same comparison over a million queries of a larger city.
    @Test func gridAgreesWithScan() {
        var random = TestRandom(seed: 7)
        let radii = [0.0, 20, 100, 500, 500, 500, 2_000, 10_000]
        var found = 0
        for area in RandomLayerFixture.areas {
            for _ in 0..<1_000 {
                let q = RandomLayerFixture.point(area, random.uniform(-0.01, area.size + 0.01),
                                                 random.uniform(-0.01, area.size + 0.01))
                let radius = radii[random.int(0, radii.count - 1)]
                let limit = [1, 10, 1_000][random.int(0, 2)]
                let selection: [Int]? = [nil, [0], [1, 0]][random.int(0, 2)]
                let grid = Self.layers.nearby(q, radiusM: radius, limit: limit, layers: selection)
                let scan = Self.layers.nearbyByScan(q, radiusM: radius, limit: limit, layers: selection)
                #expect(grid == scan, "at \(q.lat), \(q.lon) within \(radius) m")
                if grid != scan { return }
                found += grid.count
            }
        }
        #expect(found > 1_500)  // the queries do find things: the comparison is not between empty lists
    }

    /// Ways of many short segments (2 cm to 3 m, turning at every vertex, as OpenStreetMap draws a
    /// curb), queried near their vertices: the k-nearest walk measures a way only at segments whose bound
    /// is below the way's best so far (`NearestFeatures.mayImprove`), so every near-tie between two
    /// segments at a shared vertex must come out as the scan's. Before `reach` took the arc's normal as
    /// a × (b − a), its distances to such segments were off by up to 1e-10 rad and this comparison failed.
    @Test func shortSegmentsNearTheirVerticesAgreeWithScan() throws {
        var random = TestRandom(seed: 29)
        var features: [String] = []
        var vertices: [(lat: Double, lon: Double)] = []
        for way in 0..<40 {
            var lat = 60.17 + random.uniform(0, 0.004), lon = 24.94 + random.uniform(0, 0.008)
            var heading = random.uniform(0, 2 * Double.pi)
            var coordinates: [String] = []
            for _ in 0..<60 {
                coordinates.append("[\(lon),\(lat)]")
                vertices.append((lat, lon))
                let step = random.uniform(0.02, 3) / FeatureLayer.earthRadiusM * 180 / Double.pi
                heading += random.uniform(-0.6, 0.6)
                lat += step * cos(heading)
                lon += step * sin(heading) / cos(lat * Double.pi / 180)
            }
            features.append(#"{"type":"Feature","id":\#(way),"properties":{"name":"way \#(way)"},"geometry":{"type":"LineString","coordinates":[\#(coordinates.joined(separator: ","))]}}"#)
        }
        let json = #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
        let layers = FeatureLayers(layers: [try FeatureLayer(name: "ways", geoJSON: Array(json.utf8))])
        var compared = 0
        for _ in 0..<4_000 {
            let v = vertices[random.int(0, vertices.count - 1)]
            let offset = [0, 1e-9, 1e-7, 1e-5, 3e-4][random.int(0, 4)]
            let q = GeoPoint(lat: v.lat + random.uniform(-offset, offset), lon: v.lon + random.uniform(-offset, offset))
            let limit = [1, 3, 10][random.int(0, 2)]
            let grid = layers.nearby(q, radiusM: 1_000, limit: limit)
            let scan = layers.nearbyByScan(q, radiusM: 1_000, limit: limit)
            #expect(grid == scan, "at \(q.lat), \(q.lon), limit \(limit)")
            if grid != scan { return }
            compared += grid.count
        }
        #expect(compared > 4_000)
    }

    /// Every hit is within the radius, sorted, and its distance and bearing are those of its nearest point.
    @Test func hitsAreConsistent() {
        var random = TestRandom(seed: 8)
        let area = RandomLayerFixture.areas[0]
        for _ in 0..<2_000 {
            let q = RandomLayerFixture.point(area, random.uniform(0, area.size), random.uniform(0, area.size))
            let hits = Self.layers.nearby(q, radiusM: 500, limit: 50)
            for (k, hit) in hits.enumerated() {
                #expect(hit.distanceM <= 500)
                if k > 0 { #expect(hits[k - 1].distanceM <= hit.distanceM) }
                if hit.inside == true {
                    #expect(hit.distanceM == 0 && hit.bearingDeg == nil && hit.nearestPoint == q)
                    continue
                }
                let direct = Spherical.distanceKm(q, hit.nearestPoint) * 1000
                #expect((direct - hit.distanceM).magnitude <= 1e-6 * max(1, hit.distanceM))
                if let bearing = hit.bearingDeg, hit.distanceM > 0.01 {
                    let expected = Bearing.degrees(from: q, to: hit.nearestPoint)
                    let difference = (bearing - expected).magnitude
                    #expect(min(difference, 360 - difference) < 1e-6)
                }
            }
        }
    }
}
