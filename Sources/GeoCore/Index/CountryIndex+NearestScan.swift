extension CountryIndex {
    /// The nearest-border search as it was before issue 14: every edge of every border cell within the
    /// radius, in row-major order from the window's south-west cell. Kept as the reference that
    /// `nearestArea(to:withinKm:)` must equal bit for bit (same area, same distance), for
    /// `geocoder-bench --check` and the tests.
    ///
    /// Of edges at the same least distance, the first in this scan order wins: the lowest row, then the
    /// first column from the window's west column, then the lowest area number.
    /// - Parameters:
    ///   - point: `lat` in [-90, 90]; any finite `lon`.
    ///   - maxKm: the search radius in km, ≥ 0.
    /// - Returns: the area and its distance in km, or nil when no boundary is that close.
    /// - Complexity: O(edge references in the border cells within `maxKm`): tens of ms at 20,000 km.
    public func nearestAreaByScan(to point: GeoPoint, withinKm maxKm: Double) -> (area: Int, distanceKm: Double)? {
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
        let kmPerDegree = Spherical.earthRadiusKm * GeoMath.radiansPerDegree
        for r in r0...r1 {
            let south = rowSouth[r]
            for step in 0..<span {
                let c = (c0 + step) % columns
                // A block of only sea or only one area's interior holds no border cell: skip it unread.
                let block = blocks[(r >> 2) * blockColumns + (c >> 2)]
                if block == Self.sea || block & Self.borderBit == 0 { continue }
                let cell = blockCells[Self.blockCellIndex(block, row: r, column: c)]
                if cell == Self.sea || cell & Self.borderBit == 0 { continue }
                let record = recordOffset(sketch: Int(cell & ~Self.borderBit))
                var entry = record + 1
                for _ in 0..<Int(borderData[record]) {
                    defer { entry = nextEntry(after: entry) }
                    for k in 0..<Self.bands {
                        for j in bandSlots(entry: entry, band: k) {
                            let i = edgeRef(entry: entry, slot: j)
                            let alat = vertexLat(i), blat = vertexLat(i + 1)
                            let low = min(alat, blat), high = max(alat, blat)
                            // Listed in every band it spans: measure it only in the first.
                            if k > 0 && band(low, south: south) < k { continue }
                            // A cheap lower bound that never rejects an edge that could win: every point
                            // of the arc lies within half its length of an end, the length is at most
                            // |Δlat| + |Δlon|, and a latitude gap is a lower bound on any distance.
                            let half = 0.5 * ((high - low) + (vertexLon(i + 1) - vertexLon(i)).magnitude)
                            let gap = max(0, max((low - half) - p.lat, p.lat - (high + half)))
                            if gap * kmPerDegree > bestKm * (1 + 1e-9) + 1e-6 { continue }
                            let d = Spherical.distanceToSegmentKm(
                                p, GeoPoint(lat: alat, lon: vertexLon(i)), GeoPoint(lat: blat, lon: vertexLon(i + 1)))
                            if d < bestKm || (bestArea < 0 && d <= bestKm) {
                                bestArea = entryArea(entry)
                                bestKm = d
                            }
                        }
                    }
                }
            }
        }
        return bestArea < 0 ? nil : (bestArea, bestKm)
    }
}
