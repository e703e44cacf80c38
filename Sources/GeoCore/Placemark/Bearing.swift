/// The direction from one point to another: the initial great-circle bearing and its 8-wind name.
enum Bearing {
    /// The eight winds, clockwise from north; wind k covers [45k − 22.5, 45k + 22.5) degrees.
    static let winds = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

    /// The initial bearing of the great circle from `from` to `to`, in degrees clockwise from true north, in
    /// [0, 360).
    ///
    /// In vectors: with p and q the points' unit vectors, and east = (−sin λ, cos λ, 0) and
    /// north = (−sin φ cos λ, −sin φ sin λ, cos φ) the local axes at p, the bearing is atan2((q − p)·east,
    /// (q − p)·north), the direction of q's projection onto p's tangent plane, which is the great circle's
    /// initial direction; it equals the textbook forward azimuth atan2(sin Δλ cos φ₂, cos φ₁ sin φ₂ −
    /// sin φ₁ cos φ₂ cos Δλ) (Snyder, "Map Projections — A Working Manual", eq. 5-4b). Subtracting p first
    /// (p·east = p·north = 0) keeps full precision for places centimetres away, and vectors need no special
    /// case across the antimeridian.
    /// - Returns: 0 when the points coincide (no direction; documented as "N"). From a pole every direction
    ///   is south (or north) and the bearing is measured against the meridian of `from.lon`: from the north
    ///   pole with longitude λ, a place on meridian λ + 90° lies at bearing 90°.
    /// - Complexity: O(1), no allocation.
    static func degrees(from: GeoPoint, to: GeoPoint) -> Double {
        let (sinLat, cosLat) = GeoMath.sinCos(degrees: from.lat)
        let (sinLon, cosLon) = GeoMath.sinCos(degrees: from.lon)
        return degrees(sinLat: sinLat, cosLat: cosLat, sinLon: sinLon, cosLon: cosLon, to: Vector3(to))
    }

    /// `degrees(from:to:)` with the sines and cosines of `from`'s latitude and longitude already at hand.
    @inline(__always)
    static func degrees(sinLat: Double, cosLat: Double, sinLon: Double, cosLon: Double, to q: Vector3) -> Double {
        let dx = q.x - cosLat * cosLon, dy = q.y - cosLat * sinLon, dz = q.z - sinLat
        let east = -dx * sinLon + dy * cosLon
        let north = -sinLat * (dx * cosLon + dy * sinLon) + cosLat * dz
        var bearing = GeoMath.atan2Degrees(east, north)
        if bearing < 0 { bearing += 360 }
        // −1e-17 + 360 rounds to 360, which is north again.
        return bearing >= 360 ? 0 : bearing
    }

    /// The 8-wind name of `bearing` (degrees in [0, 360)): "N" for [337.5, 22.5), "NE" for [22.5, 67.5), and so
    /// on clockwise. The sector boundaries are compared exactly, so 22.5 is "NE" and 22.499… is "N".
    static func wind(_ bearing: Double) -> String {
        var sector = 0
        var boundary = 22.5
        while sector < 8 && bearing >= boundary {
            sector += 1
            boundary += 45
        }
        return winds[sector % 8]
    }
}
