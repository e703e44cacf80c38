extension CountryIndex {
    /// The area whose boundary comes nearest to `point`, if that is within `maxKm` kilometres.
    ///
    /// Meant for points inside no area: the nearest point of an area is then on its boundary, and every
    /// boundary edge within `maxKm` reaches a cell within `maxKm` of the point, so only those cells' edges
    /// are measured. Distances are great-circle distances to each edge taken as a great-circle arc.
    /// - Parameters:
    ///   - point: `lat` in [-90, 90]; any finite `lon`.
    ///   - maxKm: the search radius in km, ≥ 0.
    /// - Returns: the area and its distance in km, or nil when no boundary is that close.
    /// - Complexity: O(edges in the border cells within `maxKm`).
    public func nearestArea(to point: GeoPoint, withinKm maxKm: Double) -> (area: Int, distanceKm: Double)? {
        let p = GeoPoint(lat: point.lat, lon: Self.wrapLongitude(point.lon))
        let degrees = maxKm / (Spherical.earthRadiusKm * GeoMath.radiansPerDegree) + cellSize
        let south = p.lat - degrees, north = p.lat + degrees
        let r0 = row(of: max(-90, south)), r1 = row(of: min(90, north))

        // Columns: all of them near a pole, else as many as the radius spans at the widest latitude.
        var c0 = 0, span = columns
        if south > -90 && north < 90 {
            let widest = max(-south, north)
            let cosine = GeoMath.sinCos(degrees: widest).cos
            let lonDegrees = degrees / cosine
            if lonDegrees < 180 {
                c0 = column(of: Self.wrapLongitude(p.lon - lonDegrees))
                span = min(columns, Int(2 * lonDegrees / cellSize) + 3)
            }
        }

        var bestArea = -1
        var bestKm = maxKm
        for r in r0...r1 {
            for step in 0..<span {
                let c = (c0 + step) % columns
                let cell = cells[r * columns + c]
                if cell == Self.sea || cell & Self.borderBit == 0 { continue }
                let border = Int(cell & ~Self.borderBit)
                for entry in Int(borderEntryStart[border])..<Int(borderEntryStart[border + 1]) {
                    for ref in Int(entryEdgeStart[entry * Self.bands])..<Int(entryEdgeStart[(entry + 1) * Self.bands]) {
                        let i = Int(edgeRefs[ref])
                        let d = Spherical.distanceToSegmentKm(
                            p, GeoPoint(lat: vertexLat(i), lon: vertexLon(i)), GeoPoint(lat: vertexLat(i + 1), lon: vertexLon(i + 1)))
                        if d < bestKm || (bestArea < 0 && d <= bestKm) {
                            bestArea = Int(entryArea[entry])
                            bestKm = d
                        }
                    }
                }
            }
        }
        return bestArea < 0 ? nil : (bestArea, bestKm)
    }
}
