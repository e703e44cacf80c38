extension Ring {
    /// Where `p` lies relative to the area this ring encloses, with edges as straight lines in lon/lat.
    ///
    /// Points exactly on an edge or a vertex are `.boundary`, decided by the exact orientation predicate, so the
    /// answer never depends on rounding: a point on a shared border is `.boundary` for both neighbours rather
    /// than inside both or neither. Other points are classified by the crossing number of a ray towards +lon.
    /// An edge (a, b) is crossed when `(a.lat > p.lat) != (b.lat > p.lat)` (the half-open rule, so a ray through
    /// a vertex counts once) and `p` is west of the edge at `p.lat`; the latter is read from the sign of the
    /// same orientation test, which is exact where comparing against an interpolated longitude is not.
    ///
    /// Orientation (clockwise or counter-clockwise) does not matter.
    /// - Parameter p: the point, in degrees; no wrapping is applied (a ring in [-180, 180] never contains 190°).
    /// - Returns: `.inside`, `.outside` or `.boundary`.
    /// - Complexity: O(n) for n vertices, O(1) when `p` is outside `bounds`; no allocation.
    public func locate(_ p: GeoPoint) -> PointLocation {
        guard bounds.contains(p) else { return .outside }
        return points.withUnsafeBufferPointer { Ring.locate(p, in: $0) }
    }

    /// `locate(_:)` for a ring's vertices held elsewhere (a user layer's vertex table), without the box
    /// test: the same answer, since a point outside the box crosses the closed ring an even number of
    /// times and lies on none of its edges.
    /// - Complexity: O(n), no allocation.
    static func locate(_ p: GeoPoint, in pts: UnsafeBufferPointer<GeoPoint>) -> PointLocation {
        guard pts.count >= 2 else { return .outside }
        var inside = false
        var a = pts[0]
        for i in 1..<pts.count {
            let b = pts[i]
            defer { a = b }
            let aAbove = a.lat > p.lat
            let bAbove = b.lat > p.lat
            if aAbove != bAbove {
                // The edge spans p.lat (half-open at the top), so it is not horizontal.
                let west = a.lon < b.lon ? a.lon : b.lon
                let east = a.lon < b.lon ? b.lon : a.lon
                if p.lon < west { inside.toggle(); continue }
                if p.lon > east { continue }
                let side = Orientation.sign(a, b, p)
                if side == 0 { return .boundary }
                // West of an upward edge means to its left; west of a downward edge, to its right.
                if (side > 0) == bAbove { inside.toggle() }
            } else if !aAbove && (a.lat == p.lat || b.lat == p.lat) {
                // Both ends at or below p.lat with one end level with p: p can still be on the edge
                // (a horizontal edge through p, or p at the edge's upper vertex).
                if onSegment(p, a, b) { return .boundary }
            }
        }
        return inside ? .inside : .outside
    }

    /// The planar signed area in square degrees (shoelace formula): positive when the ring runs
    /// counter-clockwise in (lon, lat), as RFC 7946 asks of exterior rings.
    ///
    /// Coordinates are taken relative to the first vertex, which keeps the products small and the sum accurate
    /// for small rings far from (0, 0).
    /// - Complexity: O(n), no allocation.
    public var signedArea: Double {
        points.withUnsafeBufferPointer { pts -> Double in
            guard pts.count >= 4 else { return 0 }
            let origin = pts[0]
            var twice = 0.0
            var ax = 0.0
            var ay = 0.0
            for i in 1..<pts.count {
                let bx = pts[i].lon - origin.lon
                let by = pts[i].lat - origin.lat
                twice += ax * by - bx * ay
                ax = bx
                ay = by
            }
            return twice / 2
        }
    }

    /// True when the ring runs counter-clockwise in (lon, lat) (positive planar signed area).
    public var isCounterClockwise: Bool { signedArea > 0 }
}

/// True when `p` lies on the closed segment a–b, exactly.
private func onSegment(_ p: GeoPoint, _ a: GeoPoint, _ b: GeoPoint) -> Bool {
    let inLon = a.lon <= b.lon ? (a.lon <= p.lon && p.lon <= b.lon) : (b.lon <= p.lon && p.lon <= a.lon)
    let inLat = a.lat <= b.lat ? (a.lat <= p.lat && p.lat <= b.lat) : (b.lat <= p.lat && p.lat <= a.lat)
    return inLon && inLat && Orientation.sign(a, b, p) == 0
}
