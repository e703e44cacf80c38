extension CountryIndex {
    /// Whether no border cell lies in the rectangle of cells that could list an edge within `maxKm` of `p`
    /// (then `nearestArea` has nothing to find), worked out from a few cell reads and no trigonometry.
    /// False when it cannot tell cheaply (near a pole, a large radius, a wide rectangle).
    ///
    /// `windowHoldsNoBorderCell` reads whole 4 × 4 blocks of the scan's window, which is the radius plus a
    /// cell each way: a sea point in a block by the coast passes it and then pays for the search's set-up
    /// (four sines and cosines) only to find nothing within the radius. Here the rectangle is the radius
    /// itself. Why it is enough: an edge's nearest point `q` within `maxKm` of `p` lies within the radius in
    /// latitude, so `q` moved onto the edge's own latitudes (at most `arcExcursion` away) lies within the
    /// radius plus the excursion; it lies within the edge's longitudes, where the edge is listed in every
    /// column; and haversine gives its longitude offset: sin(Δλ/2) ≤ sin(d/2) / min cos φ. The edge is
    /// therefore listed in a cell of the rectangle, a border cell.
    /// - Parameters:
    ///   - p: `lat` in [-90, 90], `lon` in [-180, 180).
    ///   - maxKm: ≥ 0.
    func reachHoldsNoBorderCell(_ p: GeoPoint, _ maxKm: Double) -> Bool {
        // The radius as an angle, widened a little so rounding only makes the rectangle larger.
        let angle = maxKm / Spherical.earthRadiusKm * (1 + 1e-9) + 1e-12
        let degrees = angle / GeoMath.radiansPerDegree + 1e-7
        guard degrees < 5 else { return false }
        let south = p.lat - degrees - arcExcursion, north = p.lat + degrees + arcExcursion
        guard south > -89 && north < 89 else { return false }
        // cos x ≥ 1 − x²/2 + x⁴/24 − x⁶/720 for every x, shrunk for rounding: a lower bound on the cosine
        // of every latitude of the rectangle.
        let x = max(-south, north) * GeoMath.radiansPerDegree, x2 = x * x
        let cosine = (1 - x2 / 2 + x2 * x2 / 24 - x2 * x2 * x2 / 720) * (1 - 1e-12) - 1e-15
        // u ≥ sin(d/2) / cos: the half longitude offset is at most asin(u) ≤ u / (1 − u²) (for u < 1).
        let u = angle / 2 / cosine
        guard cosine > 0.01 && u < 0.5 else { return false }
        let lonDegrees = 2 * u / (1 - u * u) * (1 + 1e-9) / GeoMath.radiansPerDegree + 1e-7
        let r0 = row(of: south), r1 = row(of: north)
        let c0 = column(of: Self.wrapLongitude(p.lon - lonDegrees))
        let c1 = column(of: Self.wrapLongitude(p.lon + lonDegrees))
        let span = (c1 - c0 + columns) % columns + 1
        guard (r1 - r0 + 1) &* span <= 64 else { return false }
        for r in r0...r1 {
            var c = c0
            for _ in 0..<span {
                let value = cell(row: r, column: c)
                if value != Self.sea && value & Self.borderBit != 0 { return false }
                c = c == columns - 1 ? 0 : c + 1
            }
        }
        return true
    }
}
