/// Measures on a spherical Earth.
///
/// The sphere has the IUGG mean radius R₁ = (2a + b)/3 of the WGS 84 ellipsoid, 6371.0088 km (Moritz, "Geodetic
/// Reference System 1980", and the IUGG's recommendation): the radius that minimises the error of spherical
/// distances and areas over the whole globe. Against the ellipsoid, spherical distances are off by up to about
/// 0.5 % (north-south near the poles or the equator); that is the price of formulas that are short, exact on
/// the sphere and free of iteration.
public enum Spherical {
    /// The mean Earth radius R₁ used by every measure here, in kilometres.
    public static let earthRadiusKm = 6371.0088

    /// The great-circle distance between two points, in kilometres.
    ///
    /// The haversine formula in a form that is accurate at every distance: with D = Δlat/2, L = Δlon/2 and
    /// M = the mean latitude, h = sin²D·cos²L + cos²M·sin²L is the haversine of the central angle and
    /// 1 − h = cos²D·cos²L + sin²M·sin²L its complement. Both are sums of squares, so neither suffers
    /// cancellation, and the angle 2·atan2(√h, √(1 − h)) is accurate for coincident, tiny and antipodal pairs
    /// alike (the textbook 2·asin(√h) loses half its digits near 180°).
    /// - Complexity: O(1), no allocation.
    public static func distanceKm(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let (sinD, cosD) = GeoMath.sinCos(degrees: (b.lat - a.lat) / 2)
        let (sinL, cosL) = GeoMath.sinCos(degrees: (b.lon - a.lon) / 2)
        let (sinM, cosM) = GeoMath.sinCos(degrees: (a.lat + b.lat) / 2)
        let sin2L = sinL * sinL
        let cos2L = cosL * cosL
        let h = sinD * sinD * cos2L + cosM * cosM * sin2L
        let k = cosD * cosD * cos2L + sinM * sinM * sin2L
        return 2 * GeoMath.atan2(h.squareRoot(), k.squareRoot()) * earthRadiusKm
    }

    /// The great-circle distance from `p` to the nearest point of the shorter great-circle arc from `a` to `b`,
    /// in kilometres.
    ///
    /// In unit vectors: with n = a × b the arc's pole, the nearest point of the whole great circle is p's
    /// projection onto the arc's plane. It lies on the arc exactly when p is on b's side of the plane through
    /// a and n and on a's side of the plane through b and n; then the distance is the angle between p and that
    /// plane, atan2(|p·n̂|, |p×n̂|). Otherwise the nearer endpoint is nearest. Angles come from atan2 of a sine
    /// and a cosine, so they keep full precision near 0 (sub-metre for arcs of any length up to thousands of km).
    /// - Parameters:
    ///   - p: the point.
    ///   - a: the arc's start. If `a == b` the arc is that point.
    ///   - b: the arc's end. Exactly antipodal ends define no single arc; then the nearer end is used.
    /// - Complexity: O(1), no allocation.
    public static func distanceToSegmentKm(_ p: GeoPoint, _ a: GeoPoint, _ b: GeoPoint) -> Double {
        angleToArc(Vector3(p), Vector3(a), Vector3(b)) * earthRadiusKm
    }

    /// The distance from `p` to the nearest point on the ring's line (its edges taken as great-circle arcs,
    /// which for Natural Earth's short edges is within centimetres of the lon/lat-straight edge), in kilometres.
    ///
    /// Returns `nil` for a ring without points. The distance is the same whether `p` is inside or outside.
    /// - Complexity: O(n), no allocation; each vertex's unit vector is computed once.
    public static func distanceToBoundaryKm(_ p: GeoPoint, _ ring: Ring) -> Double? {
        let pv = Vector3(p)
        return ring.points.withUnsafeBufferPointer { pts -> Double? in
            guard let first = pts.first else { return nil }
            var a = Vector3(first)
            var best = pv.angle(to: a)
            for i in 1..<pts.count {
                let b = Vector3(pts[i])
                let d = angleToArc(pv, a, b)
                if d < best { best = d }
                a = b
            }
            return best * earthRadiusKm
        }
    }

    /// The distance from `p` to the nearest point on any ring (exteriors and holes) of `area`, in kilometres;
    /// `nil` when the area has no rings. Pair it with `MultiPolygon.locate` to tell inside from outside.
    /// - Complexity: O(n) over all vertices, no allocation.
    public static func distanceToBoundaryKm(_ p: GeoPoint, _ area: MultiPolygon) -> Double? {
        var best: Double? = nil
        for polygon in area.polygons {
            if let d = distanceToBoundaryKm(p, polygon.exterior), d < (best ?? .infinity) { best = d }
            for hole in polygon.holes {
                if let d = distanceToBoundaryKm(p, hole), d < (best ?? .infinity) { best = d }
            }
        }
        return best
    }

    /// The angle in radians from unit vector p to the shorter arc a→b (see `distanceToSegmentKm`).
    static func angleToArc(_ p: Vector3, _ a: Vector3, _ b: Vector3) -> Double {
        let n = a.cross(b)
        let nLength = n.length
        if nLength > 0 {
            // p projects inside the arc when it is on b's side of plane(a, n) and on a's side of plane(b, n).
            if p.dot(n.cross(a)) >= 0 && p.dot(b.cross(n)) >= 0 {
                let unit = (1 / nLength) * n
                return GeoMath.atan2(p.dot(unit).magnitude, p.cross(unit).length)
            }
        }
        let toA = p.angle(to: a)
        let toB = p.angle(to: b)
        return toA < toB ? toA : toB
    }
}
