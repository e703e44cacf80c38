extension Spherical {
    /// The area of a polygon on the sphere, in square kilometres: the exterior's area minus its holes'.
    ///
    /// Each ring's area is exact for edges straight in lon/lat (see `RingIntegrals`). Winding is not trusted:
    /// each ring contributes the absolute value of its area, added for the exterior and subtracted for a hole,
    /// so data wound the wrong way round gives the same answer. Invalid input whose holes outweigh the
    /// exterior gives 0, never a negative area.
    /// - Complexity: O(n) over all vertices, no allocation.
    public static func area(of polygon: Polygon) -> Double {
        steradians(of: polygon) * earthRadiusKm * earthRadiusKm
    }

    /// The area of a multipolygon on the sphere, in square kilometres: the sum of its parts' areas.
    ///
    /// Parts are assumed not to overlap, as RFC 7946 requires. A country cut at the antimeridian is simply two
    /// parts that meet along ±180°, and its area comes out whole.
    /// - Complexity: O(n) over all vertices, no allocation.
    public static func area(of area: MultiPolygon) -> Double {
        var total = 0.0
        for polygon in area.polygons { total += steradians(of: polygon) }
        return total * earthRadiusKm * earthRadiusKm
    }

    /// The polygon's area on the unit sphere, exterior minus holes, floored at 0.
    static func steradians(of polygon: Polygon) -> Double {
        var total = RingIntegrals(polygon.exterior, withMoment: false).area.magnitude
        for hole in polygon.holes { total -= RingIntegrals(hole, withMoment: false).area.magnitude }
        return total > 0 ? total : 0
    }
}
