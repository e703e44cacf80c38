import Testing
@testable import GeoCore

/// Segments at the edges of the k-nearest walk's arithmetic: pole to pole and antipodal on the equator
/// (arcs of 180°, whose chord lower bound is −1), other long arcs (bounds below 0), across the antimeridian,
/// along a pole. Found by fuzz-geojson: [[178.98, 90], [180, -90]] was skipped by the first window.
@Suite("User layers: extreme segments answer nearby as the scan does")
struct FeatureLayerExtremeSegmentTests {
    static func layer(_ coordinates: String) throws -> FeatureLayers {
        let json = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":"#
            + coordinates + "}}]}"
        return FeatureLayers(layers: [try FeatureLayer(name: "x", geoJSON: Array(json.utf8))])
    }

    @Test(arguments: [
        "[[178.980,90],[180,-90]]", "[[0,90],[0,-90]]", "[[10,90],[-170,-90]]", "[[-180,89.9],[180,-89.9]]",
        "[[0,0],[180,0]]", "[[0,0],[179.999,0]]", "[[-90,0],[90,0]]", "[[179,90],[180,0],[-179,-90]]",
        "[[45,89.99],[-135,89.99]]", "[[0,-90],[90,-90]]",
    ])
    func gridAgreesWithScan(_ coordinates: String) throws {
        let layers = try Self.layer(coordinates)
        var random = TestRandom(seed: 11)
        var queries = [(0.0, 0.0), (45.5, 7.25), (-89.9, 179.9), (90, -180), (-90, 0), (89.9, 179.99), (0, 180)]
        for _ in 0..<100 { queries.append((random.uniform(-90, 90), random.uniform(-180, 180))) }
        for (lat, lon) in queries {
            let q = GeoPoint(lat: lat, lon: lon)
            for radius in [10_000.0, 200_000] {
                let grid = layers.nearby(q, radiusM: radius, limit: 5)
                let scan = layers.nearbyByScan(q, radiusM: radius, limit: 5)
                #expect(grid == scan, "\(coordinates) at \(lat), \(lon) within \(radius) m: \(grid) vs \(scan)")
                if grid != scan { return }
            }
        }
    }
}
