/// Exact area and first moment of the region a ring encloses on the unit sphere.
///
/// Where the method comes from: the area element of the unit sphere in longitude λ and latitude φ (radians) is
/// cos φ dφ dλ, and Green's theorem in the (λ, φ) plane turns an area integral over the ring's interior into a
/// line integral over the ring, ∬ f dλ dφ = ∮ P dλ with ∂P/∂φ = -f. Because the ring's edges are straight
/// lines in (λ, φ), exactly the polygon RFC 7946 and the containment tests describe, both λ and φ vary linearly
/// along each edge and every line integral has a closed form:
///
/// - area, f = cos φ, P = -sin φ;
/// - first moment ∬ r̂ dA with r̂ = (cos φ cos λ, cos φ sin λ, sin φ) the unit position vector:
///   x: P = -cos λ (φ/2 + sin 2φ/4), y: P = -sin λ (φ/2 + sin 2φ/4), z: P = -sin²φ / 2.
///
/// With u ∈ [-½, ½] along an edge, φ = φm + uΔφ and λ = λm + uΔλ, the means over the edge reduce to
/// mean(cos(c + uk)) = cos c · sinc(k/2), mean(sin(c + uk)) = sin c · sinc(k/2) and
/// mean(u · sin(uk)) = G(k) = 2 sin(k/2)/k² − cos(k/2)/k, after product-to-sum identities. The sinc forms stay
/// accurate for the tiny edges of detailed coastlines, where differences of cosines would cancel.
///
/// This differs from d3-geo's geoArea/geoCentroid, which take edges as great-circle arcs. For Natural Earth 1:10m,
/// whose edges are all shorter than 2°, the two readings agree to 0.013 % in area and 35 m in centroid for every
/// country; along parallels drawn with few vertices (a box, a polar cap) only the lon/lat reading matches the
/// data's intent and the containment test.
struct RingIntegrals {
    /// The signed area in steradians: positive when the ring runs counter-clockwise in (lon, lat).
    var area = 0.0
    /// The signed first moment ∬ r̂ dA, with the same sign convention as `area`.
    var moment = Vector3(x: 0, y: 0, z: 0)
    /// The sum of the edges' absolute area terms: rounding error in `area` is about 1e-16 of this, so an area
    /// below a tiny fraction of it (a ring that folds back on itself) is zero in all but rounding.
    var scale = 0.0

    /// Zero area and moment, to accumulate into.
    init() {}

    /// Integrates one ring. With `withMoment` false only the area is computed (a third of the work).
    /// - Complexity: O(n), no allocation.
    init(_ ring: Ring, withMoment: Bool) {
        ring.points.withUnsafeBufferPointer { pts in
            guard var a = pts.first else { return }
            for i in 1..<pts.count {
                let b = pts[i]
                defer { a = b }
                // Edges along a meridian contribute nothing: every integrand above is multiplied by dλ.
                if a.lon == b.lon { continue }
                add(edgeFrom: a, to: b, withMoment: withMoment)
            }
        }
    }

    private mutating func add(edgeFrom a: GeoPoint, to b: GeoPoint, withMoment: Bool) {
        let rad = GeoMath.radiansPerDegree
        let dLon = (b.lon - a.lon) * rad
        let dLat = (b.lat - a.lat) * rad
        let midLatDegrees = (a.lat + b.lat) / 2
        let (sinLat, cosLat) = GeoMath.sinCos(degrees: midLatDegrees)
        let term = dLon * sinLat * GeoMath.sinc(dLat / 2)
        area -= term
        scale += term.magnitude
        guard withMoment else { return }

        let (sinLon, cosLon) = GeoMath.sinCos(degrees: (a.lon + b.lon) / 2)
        let midLat = midLatDegrees * rad
        let sincLon = GeoMath.sinc(dLon / 2)
        let g = Self.uSinMean(dLon)
        // mean(φ cos λ) and mean(φ sin λ) along the edge.
        let latCos = midLat * cosLon * sincLon - dLat * sinLon * g
        let latSin = midLat * sinLon * sincLon + dLat * cosLon * g
        // sin 2φ cos λ and sin 2φ sin λ through c± = 2φm ± λm, k± = 2Δφ ± Δλ.
        let sin2Lat = 2 * sinLat * cosLat
        let cos2Lat = (cosLat - sinLat) * (cosLat + sinLat)
        let sinPlus = sin2Lat * cosLon + cos2Lat * sinLon
        let cosPlus = cos2Lat * cosLon - sin2Lat * sinLon
        let sinMinus = sin2Lat * cosLon - cos2Lat * sinLon
        let cosMinus = cos2Lat * cosLon + sin2Lat * sinLon
        let sincPlus = GeoMath.sinc((2 * dLat + dLon) / 2)
        let sincMinus = GeoMath.sinc((2 * dLat - dLon) / 2)
        let sin2LatCos = (sinPlus * sincPlus + sinMinus * sincMinus) / 2
        let sin2LatSin = (cosMinus * sincMinus - cosPlus * sincPlus) / 2
        moment.x -= dLon * (latCos / 2 + sin2LatCos / 4)
        moment.y -= dLon * (latSin / 2 + sin2LatSin / 4)
        moment.z -= dLon * (1 - cos2Lat * GeoMath.sinc(dLat)) / 4
    }

    /// G(k) = ∫ u sin(uk) du over u ∈ [-½, ½]: its Taylor series for |k| <= 1 (first omitted term < 1e-18
    /// relative), the closed form beyond, where its cancellation costs at most a few bits.
    static func uSinMean(_ k: Double) -> Double {
        let z = k * k
        if z <= 1 {
            return k * (0.08333333333333333 - z * (0.0020833333333333333 - z * (1.8601190476190478e-05
                - z * (8.611662257495591e-08 - z * (2.4464949595157927e-10 - z * (4.704797999068832e-13
                - z * (6.534441665373378e-16 - z * 6.863909312366994e-19)))))))
        }
        let (s, c) = GeoMath.sinCos(radians: k / 2)
        return 2 * s / z - c / k
    }
}
