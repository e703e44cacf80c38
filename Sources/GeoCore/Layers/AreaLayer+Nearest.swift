extension AreaLayer {
    /// The feature among `candidates` that contains `point` or whose boundary is nearest to it, with that
    /// distance in km (0 when it contains the point): the search the placemark falls back to when the
    /// whole-layer answer names a feature of the wrong group (an admin-1 division of another country).
    ///
    /// Exact and bounded: a candidate containing the point (whole-polygon test, `exactLocation`) wins at
    /// once, the first in `candidates` order, and only candidates whose vertex box holds the point are tested
    /// (`EdgeBox.mayContain`: outside it a point is neither inside nor on the boundary). Otherwise every
    /// candidate's edges are measured as great-circle arcs (`Spherical.angleToArc`), the candidate of least
    /// lower bound first (`EdgeBox.lowerBoundKm`: latitude and longitude gaps to the latitudes the box's arcs
    /// reach and its longitudes), then only those whose bound does not exceed the best distance; within a
    /// candidate, groups of runs and runs of edges whose box is farther than the best so far are skipped
    /// (`boundaryDistanceKm`), the group of least bound measured first. No skipped edge could
    /// be nearer, and the distance of each measured edge is computed exactly as before, so the answer is the
    /// one a full scan gives. Ties keep the earlier candidate.
    /// - Parameters:
    ///   - point: `lat` in [-90, 90], any finite `lon`.
    ///   - candidates: feature numbers, each below `featureCount`.
    /// - Returns: nil only when `candidates` is empty.
    /// - Complexity: O(vertices of the candidates) at worst; typically the edges of a few runs near the point.
    public func nearest(to point: GeoPoint, among candidates: [Int32]) -> (feature: Int, distanceKm: Double)? {
        nearest(to: point, among: candidates, knownOutside: false).map { ($0.feature, $0.distanceKm) }
    }

    /// `nearest(to:among:)`, and whether another candidate lies at exactly the answer's distance (`tied`).
    /// With `knownOutside` the caller knows that no feature of the layer contains `point` or has it on its
    /// boundary (the grid's `area(containing:)` said nil, which the whole-polygon tests would say too), so
    /// the containment tests are skipped.
    func nearest(to point: GeoPoint, among candidates: [Int32],
                 knownOutside: Bool) -> (feature: Int, distanceKm: Double, tied: Bool)? {
        // A layer loaded without its boxes works them out for this search: O(vertices), as the search was.
        if boxes.features.isEmpty {
            return nearest(to: point, among: candidates, knownOutside: knownOutside, boxes: EdgeBoxes(index))
        }
        return nearest(to: point, among: candidates, knownOutside: knownOutside, boxes: boxes)
    }

    /// The search of `nearest(to:among:knownOutside:)` with the boxes at hand, without allocating.
    ///
    /// The answer is order-free (the least distance, the earliest candidate among equals), so the order of
    /// measuring only decides how much is pruned: the candidate of least bound first, which usually sets the
    /// final distance, then every other candidate whose bound does not exceed the best so far, in
    /// candidate order, measured only up to that best. A candidate skipped or cut short is farther than a
    /// distance already found, so it neither wins nor ties.
    private func nearest(to point: GeoPoint, among candidates: [Int32], knownOutside: Bool,
                         boxes: EdgeBoxes) -> (feature: Int, distanceKm: Double, tied: Bool)? {
        let p = GeoPoint(lat: point.lat, lon: CountryIndex.wrapLongitude(point.lon))
        var onBoundary: Int? = nil
        if !knownOutside && CountryIndex.isOnSphere(lat: p.lat, wrappedLon: p.lon) {
            for candidate in candidates where boxes.features[Int(candidate)].mayContain(lat: p.lat, lon: p.lon) {
                switch index.exactLocation(of: point, inArea: Int(candidate)) {
                case .inside: return (Int(candidate), 0, false)
                case .boundary: if onBoundary == nil { onBoundary = Int(candidate) }
                case .outside: break
                }
            }
        }
        if let onBoundary { return (onBoundary, 0, false) }
        if candidates.isEmpty { return nil }
        let cosLat = GeoMath.sinCos(degrees: p.lat).cos
        var firstRank = 0, firstBound = Double.infinity
        for (rank, candidate) in candidates.enumerated() {
            let bound = boxes.features[Int(candidate)].lowerBoundKm(lat: p.lat, lon: p.lon, cosLat: cosLat)
            if bound < firstBound || rank == 0 { firstBound = bound; firstRank = rank }
        }
        let pv = Vector3(p)
        var bestRank = firstRank
        var bestKm = boundaryDistanceKm(p, vector: pv, cosLat: cosLat, feature: Int(candidates[firstRank]),
                                        boxes: boxes, limitKm: .infinity)
        var tied = false
        for (rank, candidate) in candidates.enumerated() where rank != firstRank {
            let feature = Int(candidate)
            let bound = boxes.features[feature].lowerBoundKm(lat: p.lat, lon: p.lon, cosLat: cosLat)
            if bound > bestKm { continue }
            let d = boundaryDistanceKm(p, vector: pv, cosLat: cosLat, feature: feature, boxes: boxes, limitKm: bestKm)
            if d == bestKm {
                tied = true
                if rank < bestRank { bestRank = rank }
            } else if d < bestKm {
                bestKm = d
                bestRank = rank
                tied = false
            }
        }
        return (Int(candidates[bestRank]), bestKm, tied)
    }

    /// The great-circle distance from `p` to feature `feature`'s nearest edge, in km.
    func boundaryDistanceKm(_ p: GeoPoint, feature: Int) -> Double {
        boundaryDistanceKm(p, vector: Vector3(p), cosLat: GeoMath.sinCos(degrees: p.lat).cos, feature: feature,
                           boxes: boxes.features.isEmpty ? EdgeBoxes(index) : boxes, limitKm: .infinity)
    }

    /// The distance from `p` (unit vector `pv`, `lon` wrapped) to feature `feature`'s nearest edge, in km,
    /// when it is at most `limitKm`; otherwise some value above `limitKm` (possibly infinity).
    ///
    /// Runs of edges whose box lies farther than the best so far (or than `limitKm`) are skipped: their
    /// bound is below their true distance, so the minimum over the runs measured is the true minimum
    /// whenever that is within the limit. Each edge is `Spherical.distanceToSegmentKm`'s arithmetic, with the
    /// vertex vectors computed once per vertex.
    func boundaryDistanceKm(_ p: GeoPoint, vector pv: Vector3, cosLat: Double, feature: Int, boxes: EdgeBoxes,
                            limitKm: Double) -> Double {
        let firstRun = Int(boxes.runStart[feature]), endRun = Int(boxes.runStart[feature + 1])
        let firstGroup = Int(boxes.groupStart[feature]), endGroup = Int(boxes.groupStart[feature + 1])
        // The group of least bound first: its edges usually hold the answer, and then prune the rest.
        var nearGroup = firstGroup, nearBound = Double.infinity
        for g in firstGroup..<endGroup {
            let bound = boxes.groups[g].lowerBoundKm(lat: p.lat, lon: p.lon, cosLat: cosLat)
            if bound < nearBound { nearBound = bound; nearGroup = g }
        }
        var best = Double.infinity
        if nearBound > limitKm { return best }
        // Step -1 is the nearest group, then the others in order.
        for step in -1..<(endGroup - firstGroup) {
            let g = step < 0 ? nearGroup : firstGroup + step
            if step >= 0 {
                if g == nearGroup { continue }
                let bound = boxes.groups[g].lowerBoundKm(lat: p.lat, lon: p.lon, cosLat: cosLat)
                if bound > best || bound > limitKm { continue }
            }
            let runs = firstRun + (g - firstGroup) * EdgeBoxes.runsPerGroup
            for run in runs..<Swift.min(endRun, runs + EdgeBoxes.runsPerGroup) {
                let bound = boxes.runs[run].lowerBoundKm(lat: p.lat, lon: p.lon, cosLat: cosLat)
                if bound > best || bound > limitKm { continue }
                let first = Int(boxes.runFirstEdge[run]), end = Int(boxes.runEndEdge[run])
                var a = Vector3(GeoPoint(lat: index.vertexLat(first), lon: index.vertexLon(first)))
                for i in first..<end {
                    let b = Vector3(GeoPoint(lat: index.vertexLat(i + 1), lon: index.vertexLon(i + 1)))
                    best = Swift.min(best, Spherical.angleToArc(pv, a, b) * Spherical.earthRadiusKm)
                    a = b
                }
            }
        }
        return best
    }
}
