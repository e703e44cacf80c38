extension FeatureLayer {
    /// Whether polygon `a` contains `p` (inside or on its boundary): `Polygon.contains`, read from the
    /// polygon's ring runs in `vertices` instead of a `Polygon` value, so a binary layer builds no polygons
    /// when it loads and a query copies (retains) no ring arrays.
    /// - Complexity: O(vertices of the polygon's rings), O(1) when `p` is outside the exterior's box.
    @inline(__always)
    func areaContains(_ a: Int, _ p: GeoPoint) -> Bool {
        guard areaBoxes[a].contains(p) else { return false }
        let first = Int(areaRingStarts[a]), end = Int(areaRingStarts[a + 1])
        switch Ring.locate(p, in: ring(first)) {
        case .outside: return false
        case .boundary: return true
        case .inside: break
        }
        for k in (first + 1)..<end {
            switch Ring.locate(p, in: ring(k)) {
            case .inside: return false
            case .boundary: return true
            case .outside: continue
            }
        }
        return true
    }

    /// Ring run `k`'s vertices (checked at build and at load to lie within `vertices`).
    @inline(__always)
    private func ring(_ k: Int) -> UnsafeBufferPointer<GeoPoint> {
        let run = areaRings[k]
        let start = Int(run.start), end = start + Int(run.count)
        precondition(end <= vertices.count, "ring run out of range")
        return UnsafeBufferPointer(rebasing: vertices.buffer[start..<end])
    }

    /// Each polygon's exterior box, from its first ring run: what `areaContains` tests first.
    /// - Complexity: O(vertices of the exterior rings).
    static func areaBoxes(vertices: UnsafeBufferPointer<GeoPoint>, ringStarts: Table<UInt32>,
                          rings: Table<RingRun>) -> [BoundingBox] {
        var boxes: [BoundingBox] = []
        boxes.reserveCapacity(Swift.max(0, ringStarts.count - 1))
        for a in 0..<Swift.max(0, ringStarts.count - 1) {
            let run = rings[Int(ringStarts[a])]
            var box = BoundingBox.empty
            for v in vertices[Int(run.start)..<(Int(run.start) + Int(run.count))] { box.extend(v) }
            boxes.append(box)
        }
        return boxes
    }

    /// The features of the polygons containing `p`, in the order the area grid lists them (its wide
    /// polygons, then those of `p`'s cell); a feature with several such polygons comes once for each.
    func forEachAreaContaining(_ p: GeoPoint, _ body: (UInt32) -> Void) {
        let cell = FeatureGrid.key(row: FeatureGrid.row(p.lat), column: FeatureGrid.column(p.lon))
        for a in areaGrid.wide where areaContains(Int(a), p) { body(areaFeatures[Int(a)]) }
        for a in areaGrid.cell(cell) where areaContains(Int(a), p) { body(areaFeatures[Int(a)]) }
    }
}
