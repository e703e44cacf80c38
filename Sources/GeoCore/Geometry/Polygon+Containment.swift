extension Polygon {
    /// Where `p` lies relative to this polygon's area: inside the exterior ring and inside none of the holes.
    ///
    /// A point on any ring (the exterior or a hole's edge) is `.boundary`; a point strictly inside a hole is
    /// `.outside`. Holes are assumed to lie inside the exterior and not to overlap, as RFC 7946 requires.
    /// - Complexity: O(n) over all vertices, skipping each ring whose box misses `p`; no allocation.
    public func locate(_ p: GeoPoint) -> PointLocation {
        switch exterior.locate(p) {
        case .outside: return .outside
        case .boundary: return .boundary
        case .inside: break
        }
        for hole in holes {
            switch hole.locate(p) {
            case .inside: return .outside
            case .boundary: return .boundary
            case .outside: continue
            }
        }
        return .inside
    }

    /// True when `p` is inside the polygon or on its boundary.
    public func contains(_ p: GeoPoint) -> Bool { locate(p) != .outside }
}

extension MultiPolygon {
    /// Where `p` lies relative to the union of the parts.
    ///
    /// The rule: `.inside` if `p` is inside any part; otherwise `.boundary` if it is on the boundary of any part;
    /// otherwise `.outside`. Parts of valid data do not overlap, so at most one part claims a point as inside.
    /// One simplification: where two parts of the same multipolygon share an edge, a point on that shared edge
    /// is reported as `.boundary` although it is interior to the union. In Natural Earth this matters only on
    /// the antimeridian, where countries such as Fiji are cut into a part ending at 180° and one starting at
    /// -180°: land points at exactly ±180° answer `.boundary`.
    /// - Complexity: O(n) over the vertices of the parts whose boxes contain `p`; no allocation.
    public func locate(_ p: GeoPoint) -> PointLocation {
        guard bounds.contains(p) else { return .outside }
        var onBoundary = false
        for polygon in polygons {
            switch polygon.locate(p) {
            case .inside: return .inside
            case .boundary: onBoundary = true
            case .outside: continue
            }
        }
        return onBoundary ? .boundary : .outside
    }

    /// True when `p` is inside the area or on its boundary.
    public func contains(_ p: GeoPoint) -> Bool { locate(p) != .outside }
}
