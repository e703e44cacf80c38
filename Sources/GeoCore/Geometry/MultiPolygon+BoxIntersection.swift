extension Ring {
    /// True when some edge of the ring (a point of the ring's line, not its area) lies in the closed box.
    /// - Complexity: O(n), O(1) when the boxes are disjoint; no allocation.
    public func boundaryIntersects(_ box: BoundingBox) -> Bool {
        guard bounds.intersects(box) else { return false }
        return points.withUnsafeBufferPointer { pts -> Bool in
            guard var a = pts.first else { return false }
            if pts.count == 1 { return box.contains(a) }
            for i in 1..<pts.count {
                let b = pts[i]
                if segmentIntersectsBox(a, b, box) { return true }
                a = b
            }
            return false
        }
    }
}

extension Polygon {
    /// True when the closed area (holes excluded, their edges included) and the closed box share a point.
    ///
    /// Either some ring's edge meets the box, or no boundary does; in the latter case the box lies wholly inside
    /// the area or wholly outside it (a box inside a hole counts as outside), and one corner tells which.
    /// (A polygon wholly inside the box has its edges in the box, so the first test catches it.)
    /// - Complexity: O(n), no allocation.
    public func intersects(_ box: BoundingBox) -> Bool {
        guard !box.isEmpty, exterior.bounds.intersects(box) else { return false }
        if exterior.boundaryIntersects(box) { return true }
        for hole in holes where hole.boundaryIntersects(box) { return true }
        return locate(GeoPoint(lat: box.south, lon: box.west)) == .inside
    }
}

extension MultiPolygon {
    /// True when the closed area and the closed box share at least one point: the country-in-box test.
    ///
    /// Touching counts: a box that meets the area only along a border or at one vertex intersects it. A box
    /// wholly inside a hole (an enclave of another country, say) does not.
    /// - Parameter box: a box with `west <= east`; callers split a box that crosses the antimeridian in two.
    /// - Complexity: O(n) over the vertices of the parts whose boxes meet `box`; no allocation.
    public func intersects(_ box: BoundingBox) -> Bool {
        guard bounds.intersects(box) else { return false }
        for polygon in polygons where polygon.intersects(box) { return true }
        return false
    }
}
