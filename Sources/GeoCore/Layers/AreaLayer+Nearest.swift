extension AreaLayer {
    /// The feature among `candidates` that contains `point` or whose boundary is nearest to it, with that
    /// distance in km (0 when it contains the point): the search the placemark falls back to when the
    /// whole-layer answer names a feature of the wrong group (an admin-1 division of another country).
    ///
    /// Exact and bounded: a candidate containing the point (whole-polygon test, `exactLocation`) wins at
    /// once, the first in `candidates` order; otherwise every candidate's edges are measured as great-circle
    /// arcs (`Spherical.distanceToSegmentKm`), candidates in order of a lower bound on their distance (the
    /// latitude gap to their vertices' latitude span, widened by the index's `arcExcursion`, the most any
    /// edge's arc strays beyond its ends' latitudes), stopping when the next bound exceeds the best distance.
    /// A great-circle distance is never less than the latitude difference, so no skipped candidate could be
    /// nearer. Ties keep the earlier candidate.
    /// - Parameters:
    ///   - point: `lat` in [-90, 90], any finite `lon`.
    ///   - candidates: feature numbers, each below `featureCount`.
    /// - Returns: nil only when `candidates` is empty.
    /// - Complexity: O(vertices of the candidates) at worst; one whole-polygon test per candidate first.
    public func nearest(to point: GeoPoint, among candidates: [Int32]) -> (feature: Int, distanceKm: Double)? {
        var onBoundary: Int? = nil
        for candidate in candidates {
            switch index.exactLocation(of: point, inArea: Int(candidate)) {
            case .inside: return (Int(candidate), 0)
            case .boundary: if onBoundary == nil { onBoundary = Int(candidate) }
            case .outside: break
            }
        }
        if let onBoundary { return (onBoundary, 0) }
        let p = GeoPoint(lat: point.lat, lon: CountryIndex.wrapLongitude(point.lon))
        let kmPerDegree = Spherical.earthRadiusKm * Double.pi / 180
        var order: [(bound: Double, feature: Int)] = []
        order.reserveCapacity(candidates.count)
        for (rank, candidate) in candidates.enumerated() {
            let range = latitudeRanges[Int(candidate)]
            let gap = Swift.max(0, range.south - index.arcExcursion - p.lat, p.lat - range.north - index.arcExcursion)
            // Slightly under the true bound, so rounding never skips a tie.
            order.append((gap * kmPerDegree * (1 - 1e-9), rank))
        }
        order.sort { $0.bound != $1.bound ? $0.bound < $1.bound : $0.feature < $1.feature }
        var best: (feature: Int, distanceKm: Double, rank: Int)? = nil
        for (bound, rank) in order {
            if let best, bound > best.distanceKm { break }
            let feature = Int(candidates[rank])
            let d = boundaryDistanceKm(p, feature: feature)
            if best == nil || d < best!.distanceKm || (d == best!.distanceKm && rank < best!.rank) {
                best = (feature, d, rank)
            }
        }
        return best.map { ($0.feature, $0.distanceKm) }
    }

    /// The great-circle distance from `p` to feature `feature`'s nearest edge, in km.
    func boundaryDistanceKm(_ p: GeoPoint, feature: Int) -> Double {
        var best = Double.infinity
        for ring in Int(index.areaRingStart[feature])..<Int(index.areaRingStart[feature + 1]) {
            for i in Int(index.ringStart[ring])..<(Int(index.ringStart[ring + 1]) - 1) {
                let a = GeoPoint(lat: index.vertexLat(i), lon: index.vertexLon(i))
                let b = GeoPoint(lat: index.vertexLat(i + 1), lon: index.vertexLon(i + 1))
                best = Swift.min(best, Spherical.distanceToSegmentKm(p, a, b))
            }
        }
        return best
    }
}
