/// The direction from one point to another: the initial great-circle bearing and its 8-wind name.
enum Bearing {
    /// The eight winds, clockwise from north; wind k covers [45k − 22.5, 45k + 22.5) degrees.
    static let winds = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

    /// The initial bearing of the great circle from `from` to `to`, in degrees clockwise from true north, in
    /// [0, 360).
    ///
    /// θ = atan2(sin Δλ · cos φ₂, cos φ₁ · sin φ₂ − sin φ₁ · cos φ₂ · cos Δλ) (the forward azimuth on the sphere,
    /// e.g. Snyder, "Map Projections — A Working Manual", eq. 5-4b). Sines and cosines are taken in degrees with
    /// exact reduction (`GeoMath.sinCos`), so Δλ across the antimeridian (179° to −179° is +2°) and the poles
    /// (cos 90° is exactly 0) need no special case.
    /// - Returns: 0 when the points coincide (no direction; documented as "N"). From a pole every direction
    ///   is south (or north) and the bearing is measured against the meridian of `from.lon`: from the north
    ///   pole with longitude λ, a place on meridian λ + 90° lies at bearing 90°.
    /// - Complexity: O(1), no allocation.
    static func degrees(from: GeoPoint, to: GeoPoint) -> Double {
        let (sin1, cos1) = GeoMath.sinCos(degrees: from.lat)
        let (sin2, cos2) = GeoMath.sinCos(degrees: to.lat)
        let (sinL, cosL) = GeoMath.sinCos(degrees: to.lon - from.lon)
        let y = sinL * cos2
        let x = cos1 * sin2 - sin1 * cos2 * cosL
        var bearing = GeoMath.atan2Degrees(y, x)
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
