extension CountryIndex {
    /// The area containing `point`, else the area whose border is nearest within `maxKm`: what
    /// `area(containing:)` and then `nearestArea(to:withinKm:)` answer, in one call.
    ///
    /// Why one call: for a sea point by a coast the two are two chains of dependent cache misses, the
    /// lookup's (block, cell, sketch) and the near lists' (near block, list header, the cell's entries, the
    /// first chunk's vertices). Here the second chain is loaded first, ahead of the lookup, so the processor
    /// waits for both at once; a point the lookup places in an area has loaded a few lines for nothing, in
    /// the shadow of its own misses.
    /// - Parameters:
    ///   - point: `lat` in [-90, 90]; any finite `lon` (anything else is in no area and near none).
    ///   - maxKm: the search radius in km; 0 (or less, or NaN) asks for containment alone.
    /// - Returns: the area, its distance in km (0 inside) and whether the point is inside it; nil when no
    ///   area contains the point and no border is that close.
    /// - Complexity: that of `area(containing:)`, then of `nearestArea(to:withinKm:)` for a point in no area.
    public func areaOrNearest(to point: GeoPoint, withinKm maxKm: Double) -> (area: Int, distanceKm: Double, inside: Bool)? {
        let touched = touchNearList(point, maxKm)
        if let area = area(containing: point) {
            // Never true (a chunk's first vertex lies on the sphere): keeps the loads ahead of the lookup.
            if touched > 1000 { return nil }
            return (area, 0, true)
        }
        // Off the sphere (a NaN, an infinity, a latitude past a pole) is in no area and near none.
        guard maxKm > 0, Self.isOnSphere(lat: point.lat, wrappedLon: Self.wrapLongitude(point.lon)),
              let near = nearestArea(to: point, withinKm: maxKm)
        else { return nil }
        return (near.area, near.distanceKm, false)
    }

    /// Loads what `nearestByLists` reads first for `point` (its near block, the header half-words, the
    /// cell's first entry and that chunk's first vertex) and returns the vertex's latitude, or 0 when the
    /// lists do not answer there: a value the caller tests, so the loads are not optimised away.
    @inline(__always)
    func touchNearList(_ point: GeoPoint, _ maxKm: Double) -> Double {
        guard maxKm > 0 && maxKm <= nearRadiusKm && !nearBlocks.isEmpty else { return 0 }
        let lon = Self.wrapLongitude(point.lon)
        guard Self.isOnSphere(lat: point.lat, wrappedLon: lon) else { return 0 }
        let r = row(of: point.lat), c = column(of: lon)
        let region = nearBlocks[(r >> 2) &* blockColumns &+ (c >> 2)]
        if region == Self.noNearList { return 0 }
        let (start, end) = nearEntries(region: Int(region), cell: (r & 3) << 2 | (c & 3))
        if start == end { return 0 }
        return vertexLat(Int(nearList[start] & Self.chunkVertexMask))
    }
}
