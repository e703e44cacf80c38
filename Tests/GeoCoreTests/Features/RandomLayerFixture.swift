@testable import GeoCore

/// Random layers for the grid-against-scan tests: short streets, points, buildings with courtyards, a few
/// long roads (which the grid keeps in its `wide` list), in a small city and near the antimeridian and the
/// north pole, written as GeoJSON and read back through the real decoder.
enum RandomLayerFixture {
    struct Area {
        let south: Double, west: Double, size: Double
    }

    static let areas = [
        Area(south: 60.15, west: 24.90, size: 0.06),  // Helsinki-sized block
        Area(south: -16.9, west: 179.96, size: 0.06),  // across the antimeridian (Fiji); wraps past 180
        Area(south: 89.93, west: -180, size: 0.06),  // near the north pole, where a cell is metres wide
    ]

    /// The point `dy`, `dx` degrees from the area's south-west corner, longitude wrapped into [-180, 180].
    static func point(_ area: Area, _ dy: Double, _ dx: Double) -> GeoPoint {
        var lon = area.west + dx
        if lon > 180 { lon -= 360 }
        if lon < -180 { lon += 360 }
        return GeoPoint(lat: min(90, area.south + dy), lon: lon)
    }

    static func coordinates(_ p: GeoPoint) -> String { "[\(p.lon),\(p.lat)]" }

    /// A FeatureCollection of `count` random features per area.
    static func geoJSON(seed: UInt64, count: Int) -> [UInt8] {
        var random = TestRandom(seed: seed)
        var features: [String] = []
        for area in areas {
            for k in 0..<count {
                let y = random.uniform(0, area.size), x = random.uniform(0, area.size)
                _ = x
                let geometry: String
                switch random.int(0, 9) {
                case 0...3:  // a street of 2–6 vertices, each 20–300 m on
                    var p = point(area, y, x)
                    var line = [coordinates(p)]
                    var dy = y, dx = x
                    for _ in 0..<random.int(1, 5) {
                        dy += random.uniform(-0.002, 0.002)
                        dx += random.uniform(-0.004, 0.004)
                        p = point(area, dy, dx)
                        line.append(coordinates(p))
                    }
                    geometry = #"{"type":"LineString","coordinates":[\#(line.joined(separator: ","))]}"#
                case 4...6:
                    geometry = #"{"type":"Point","coordinates":\#(coordinates(point(area, y, x)))}"#
                case 7, 8:  // a building, half of them with a courtyard
                    let h = random.uniform(0.0002, 0.002), w = random.uniform(0.0004, 0.004)
                    // Polygons must be cut at the antimeridian (RFC 7946 §3.1.9): keep each building on one side.
                    var x = x
                    if area.west + x < 180 && area.west + x + w >= 180 { x = 180 - area.west - w - 1e-7 }
                    let ring = [(0.0, 0.0), (0, w), (h, w), (h, 0), (0, 0)].map { coordinates(point(area, y + $0.0, x + $0.1)) }
                    var rings = "[\(ring.joined(separator: ","))]"
                    if random.int(0, 1) == 0 {
                        let hole = [(0.25, 0.25), (0.75, 0.25), (0.75, 0.75), (0.25, 0.75), (0.25, 0.25)]
                            .map { coordinates(point(area, y + $0.0 * h, x + $0.1 * w)) }
                        rings += ",[\(hole.joined(separator: ","))]"
                    }
                    geometry = #"{"type":"Polygon","coordinates":[\#(rings)]}"#
                default:  // a long road across the area: more cells than the grid lists it in
                    let a = point(area, random.uniform(0, area.size), 0)
                    let b = point(area, random.uniform(0, area.size), area.size)
                    geometry = #"{"type":"MultiLineString","coordinates":[[\#(coordinates(a)),\#(coordinates(b))]]}"#
                }
                features.append(#"{"type":"Feature","id":\#(k),"properties":{"name":"f\#(k)"},"geometry":\#(geometry)}"#)
            }
        }
        return Array(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8)
    }
}
