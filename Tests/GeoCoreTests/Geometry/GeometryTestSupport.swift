import Foundation
@testable import GeoCore

/// Shared builders, fixtures and independent reference formulas for the geometry tests.
///
/// The references use the platform's libm (Foundation), never GeoCore's own math, so they can disagree.
enum GeometryFixture {
    /// A ring from (lon, lat) pairs, in the order given (closed automatically).
    static func ring(_ lonLat: [(Double, Double)]) -> Ring {
        Ring(points: lonLat.map { GeoPoint(lat: $0.1, lon: $0.0) })
    }

    /// The counter-clockwise rectangle [west, east] × [south, north].
    static func box(_ west: Double, _ south: Double, _ east: Double, _ north: Double) -> Ring {
        ring([(west, south), (east, south), (east, north), (west, north)])
    }

    /// The same ring run the other way round.
    static func reversed(_ ring: Ring) -> Ring { Ring(points: ring.points.reversed()) }

    /// A Natural Earth extract in Fixtures/: 'polygon' and 'ring' lines, then 'lon lat' lines.
    static func load(_ name: String) throws -> MultiPolygon {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        var polygons: [[[GeoPoint]]] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line == "polygon" {
                polygons.append([])
            } else if line == "ring" {
                polygons[polygons.count - 1].append([])
            } else {
                let parts = line.split(separator: " ")
                guard parts.count == 2, let lon = Double(parts[0]), let lat = Double(parts[1]) else {
                    throw FixtureError.badLine(String(line))
                }
                let p = polygons.count - 1
                polygons[p][polygons[p].count - 1].append(GeoPoint(lat: lat, lon: lon))
            }
        }
        return MultiPolygon(polygons: polygons.map { rings in
            Polygon(exterior: Ring(points: rings[0]), holes: rings.dropFirst().map { Ring(points: $0) })
        })
    }

    enum FixtureError: Error { case badLine(String) }
}

/// Reference formulas, written the textbook way with libm.
enum Reference {
    static let radius = 6371.0088
    static func rad(_ d: Double) -> Double { d * .pi / 180 }

    /// Textbook haversine (2·asin form), fine away from antipodes.
    static func haversineKm(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let h = pow(sin(rad(b.lat - a.lat) / 2), 2)
            + cos(rad(a.lat)) * cos(rad(b.lat)) * pow(sin(rad(b.lon - a.lon) / 2), 2)
        return 2 * radius * asin(min(1, h.squareRoot()))
    }

    static func vector(_ p: GeoPoint) -> SIMD3<Double> {
        SIMD3(cos(rad(p.lat)) * cos(rad(p.lon)), cos(rad(p.lat)) * sin(rad(p.lon)), sin(rad(p.lat)))
    }

    static func angle(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> Double {
        let c = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        return atan2((c * c).sum().squareRoot(), (u * v).sum())
    }

    /// Brute force: sample the arc a→b (spherical interpolation) densely, then refine the best sample by
    /// golden-section search, which converges because the distance along an arc is unimodal near its minimum.
    static func distanceToArcKm(_ p: GeoPoint, _ a: GeoPoint, _ b: GeoPoint) -> Double {
        let pv = vector(p), av = vector(a), bv = vector(b)
        let omega = angle(av, bv)
        func point(_ t: Double) -> SIMD3<Double> {
            if omega == 0 { return av }
            return (sin((1 - t) * omega) * av + sin(t * omega) * bv) / sin(omega)
        }
        func dist(_ t: Double) -> Double { angle(pv, point(t)) }
        let samples = 2000
        var bestT = 0.0
        var best = dist(0)
        for i in 1...samples {
            let t = Double(i) / Double(samples)
            let d = dist(t)
            if d < best { best = d; bestT = t }
        }
        var lo = max(0, bestT - 1 / Double(samples)), hi = min(1, bestT + 1 / Double(samples))
        let phi = (5.0.squareRoot() - 1) / 2
        for _ in 0..<100 {
            let m1 = hi - phi * (hi - lo), m2 = lo + phi * (hi - lo)
            if dist(m1) < dist(m2) { hi = m2 } else { lo = m1 }
        }
        return min(best, dist((lo + hi) / 2)) * radius
    }

    /// Area of the lon/lat rectangle [w, e] × [s, n] on the sphere: R²·Δλ·(sin n − sin s).
    static func boxAreaKm2(_ w: Double, _ s: Double, _ e: Double, _ n: Double) -> Double {
        radius * radius * rad(e - w) * (sin(rad(n)) - sin(rad(s)))
    }

    /// ∬ r̂ dA over the lon/lat rectangle, in closed form (unit sphere).
    static func boxMoment(_ w: Double, _ s: Double, _ e: Double, _ n: Double) -> SIMD3<Double> {
        func f(_ phi: Double) -> Double { phi / 2 + sin(2 * phi) / 4 }  // ∫ cos² φ dφ
        let cosPart = f(rad(n)) - f(rad(s))
        return SIMD3(
            (sin(rad(e)) - sin(rad(w))) * cosPart,
            (cos(rad(w)) - cos(rad(e))) * cosPart,
            rad(e - w) * (pow(sin(rad(n)), 2) - pow(sin(rad(s)), 2)) / 2)
    }

    static func point(of m: SIMD3<Double>) -> GeoPoint {
        GeoPoint(lat: atan2(m.z, (m.x * m.x + m.y * m.y).squareRoot()) * 180 / .pi, lon: atan2(m.y, m.x) * 180 / .pi)
    }

    /// Area (km²) and moment of a triangle with lon/lat-straight edges, integrated column by column: each
    /// vertical slice's latitude interval is found from the edges, the φ integrals are done in closed form,
    /// and the λ integral by the midpoint rule on `columns` slices.
    static func triangleIntegrals(_ t: [(Double, Double)], columns: Int = 20_000) -> (areaKm2: Double, moment: SIMD3<Double>) {
        let lons = t.map(\.0)
        let west = lons.min()!, east = lons.max()!
        let width = (east - west) / Double(columns)
        var area = 0.0
        var moment = SIMD3<Double>(0, 0, 0)
        for i in 0..<columns {
            let lon = west + (Double(i) + 0.5) * width
            var lats: [Double] = []
            for k in 0..<3 {
                let (x0, y0) = t[k], (x1, y1) = t[(k + 1) % 3]
                if (x0 <= lon && lon <= x1) || (x1 <= lon && lon <= x0), x0 != x1 {
                    lats.append(y0 + (lon - x0) / (x1 - x0) * (y1 - y0))
                }
            }
            guard let lo = lats.min(), let hi = lats.max() else { continue }
            let s = rad(lo), n = rad(hi), l = rad(lon)
            let dl = rad(width)
            area += (sin(n) - sin(s)) * dl
            let cosPart = (n / 2 + sin(2 * n) / 4) - (s / 2 + sin(2 * s) / 4)
            moment += SIMD3(cos(l) * cosPart, sin(l) * cosPart, (pow(sin(n), 2) - pow(sin(s), 2)) / 2) * dl
        }
        return (area * radius * radius, moment)
    }
}

/// Great-circle separation of two points in degrees, for comparing centroids.
func separationDegrees(_ a: GeoPoint, _ b: GeoPoint) -> Double {
    Reference.angle(Reference.vector(a), Reference.vector(b)) * 180 / .pi
}
