extension Spherical {
    /// The area-weighted centroid of a multipolygon on the sphere: the direction of ∬ r̂ dA, the integral of
    /// the unit position vector over the area, projected back onto the sphere.
    ///
    /// Averaging in 3-D rather than in longitude and latitude is what makes the answer sensible for areas cut by
    /// the antimeridian: Natural Earth's Fiji, in parts at 177°..180° and -180°..-178°, comes out at -17.45°,
    /// 178.53° rather than near 0°, and the same holds for Russia, the United States with the Aleutians,
    /// Kiribati and New Zealand.
    /// For small areas it agrees with the planar centroid to a tiny fraction of the area's size.
    ///
    /// The moments are exact for edges straight in lon/lat, by Green's theorem (see `RingIntegrals` for the
    /// derivation). As for `area(of:)`, winding is not trusted: each ring's contribution is oriented by its role,
    /// an exterior adding and a hole subtracting, whatever its direction in the data.
    /// - Returns: the centroid, or `nil` when the area is empty or zero, or when its moment vanishes (an area
    ///   spread evenly around the whole globe, such as a band around the equator, has no centre).
    /// - Complexity: O(n) over all vertices, no allocation.
    public static func centroid(of area: MultiPolygon) -> GeoPoint? {
        var sum = RingIntegrals()
        for polygon in area.polygons {
            let part = integrals(of: polygon)
            if part.area > 0 {
                sum.area += part.area
                sum.moment = sum.moment + part.moment
                sum.scale += part.scale
            }
        }
        return direction(of: sum)
    }

    /// The area-weighted centroid of one polygon on the sphere; see `centroid(of:)` for multipolygons.
    public static func centroid(of polygon: Polygon) -> GeoPoint? {
        direction(of: integrals(of: polygon))
    }

    /// Area and moment of a polygon, each ring oriented by its role rather than its winding.
    private static func integrals(of polygon: Polygon) -> RingIntegrals {
        var result = RingIntegrals(polygon.exterior, withMoment: true)
        if result.area < 0 {
            result.area = -result.area
            result.moment = -1 * result.moment
        }
        for hole in polygon.holes {
            let h = RingIntegrals(hole, withMoment: true)
            let sign = h.area < 0 ? 1.0 : -1.0
            result.area += sign * h.area
            result.moment = result.moment + sign * h.moment
            result.scale += h.scale
        }
        return result
    }

    /// The point the moment vector points at, or nil when area or moment is too small to be more than rounding
    /// noise: an area below 1e-12 of the edges' summed terms (a ring folded onto itself), or a moment below
    /// 1e-9 of the area (|∬ r̂ dA| never exceeds the area, and is near 0 only when the area circles the globe).
    private static func direction(of sums: RingIntegrals) -> GeoPoint? {
        guard sums.area.isFinite, sums.area > 1e-12 * sums.scale, sums.moment.length > 1e-9 * sums.area else {
            return nil
        }
        return sums.moment.geoPoint
    }
}
