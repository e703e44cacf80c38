extension WhereAmIIndex {
    /// Answers `whereAmI`; see ``WhereAmI`` for each member's rule.
    ///
    /// Each member is its own exact search, with no candidate lists: the places containing the point (the
    /// polygons of the point's cell), a k-nearest walk for roads within 20 m (up to `roadsWithin`, which
    /// is then every one of them: the sticky road is among them), a filtered walk with k = 1 for the
    /// nearest place (less the containing ones) and, without a road, for the nearest road, and a walk over
    /// the junction grid's cells. The same answers as ``whereAmIByNearby(_:)`` (which asks `nearby` for
    /// lists and filters them), which `geocoder-bench --where --check` and the unit tests compare.
    /// - Complexity: four walks over the cells near the point; no allocation but the answers.
    public func whereAmI(_ query: WhereAmIQuery) -> WhereAmI {
        let p = query.point
        let all = layers.layers.indices
        var poi: NearbyHit?
        var nearestPOI: NearbyHit?
        for index in query.poiLayers ?? Array(all) {
            let layer = layers.layers[index]
            let containing = layer.placesContaining(p)
            for feature in containing {
                let hit = NearbyHit(layer: index, feature: Int(feature), distanceM: 0, inside: true,
                                    nearestPoint: p, bearingDeg: nil)
                if let best = poi, !smaller(hit, than: best) { continue }
                poi = hit
            }
            let near = layer.nearest(to: p, radiusM: WhereAmI.searchRadiusM, limit: 1, layer: index,
                                     filter: .places(excluding: containing))
            if let hit = near.first, nearestPOI.map({ NearbyHit.precedes(hit, $0) }) ?? true { nearestPOI = hit }
        }
        let roadLayers = query.roadLayers ?? Array(all)
        var roads: [NearbyHit] = []
        for index in roadLayers {
            let hits = layers.layers[index].nearest(to: p, radiusM: WhereAmI.alongsideM, limit: Self.roadsWithin,
                                                    layer: index, filter: .roads)
            // As many as asked for: there may be more within 20 m; the list search answers then.
            if hits.count == Self.roadsWithin { return whereAmIByNearby(query) }
            roads.append(contentsOf: hits)
        }
        if roadLayers.count > 1 { roads.sort(by: NearbyHit.precedes) }
        var road = roads.first
        if let key = query.previousRoad, let kept = roads.first(where: { matches($0, key) }) {
            road = kept
        }
        var nearestRoad: NearbyHit?
        if road == nil {
            for index in roadLayers {
                let near = layers.layers[index].nearest(to: p, radiusM: WhereAmI.searchRadiusM, limit: 1,
                                                        layer: index, filter: .roads)
                if let hit = near.first, nearestRoad.map({ NearbyHit.precedes(hit, $0) }) ?? true { nearestRoad = hit }
            }
        }
        let roadName = road.flatMap { layers.layers[$0.layer].features.name($0.feature) }
        let intersection = junction(near: p, heading: query.heading, on: roadName, layers: roadLayers)
        let context: WhereContext = poi != nil ? .insidePOI : (road != nil ? .alongsideRoad : .other)
        return WhereAmI(context: context, poi: poi, road: road, intersection: intersection,
                        nearestRoad: nearestRoad, nearestPOI: nearestPOI)
    }

    /// `WhereAmI.matches` on the hit's feature, reading its id only when the name does not match.
    func matches(_ hit: NearbyHit, _ key: String) -> Bool {
        let features = layers.layers[hit.layer].features
        if features.nameEquals(hit.feature, key) { return true }
        switch features.id(hit.feature) {
        case .string(let text): return text == key
        case .number(let number): return number.text == key
        default: return false
        }
    }

    /// The most roads within ``WhereAmI/alongsideM`` the walk collects; at that many the answer comes
    /// from ``whereAmIByNearby(_:)`` instead (a point where 64 roads meet).
    static let roadsWithin = 64

    /// The nearest junction of the selected layers within ``WhereAmI/intersectionRadiusM``: on road `name`
    /// when given, and ahead (bearing within ±45° of `heading`, inclusive; not at distance 0) when a
    /// heading is given. Ties: the lower junction number. Reads the junction grid's cells within the
    /// radius directly.
    ///
    /// A junction whose chord from the point is clearly longer than the radius's or the best one's is
    /// passed over before its angle (an arc tangent) is worked out: in a street grid the window holds
    /// dozens of junctions and the angles were most of the search. "Clearly": by more than 1e-9 relative
    /// and 1e-12 (6 µm on the Earth) beyond the rounding of the chord, so every junction that could win or
    /// tie is still measured exactly, and the answer is the same.
    func junction(near p: GeoPoint, heading: Double?, on name: String?, layers selection: [Int]) -> JunctionHit? {
        let here = Vector3(p)
        let window = FeatureLayer.window(p, radiusM: WhereAmI.intersectionRadiusM)
        var best: JunctionHit?
        /// The squared chord beyond which a junction cannot be within the radius, or as near as `best`.
        func cutoff(_ distanceM: Double) -> Double {
            let chord = 2 * (distanceM / FeatureLayer.earthRadiusM / 2).magnitude * (1 + 1e-9) + 1e-12
            return chord * chord
        }
        var limit = cutoff(WhereAmI.intersectionRadiusM)
        for (k, index) in selection.enumerated() where !selection[..<k].contains(index) {
            let layer = layers.layers[index]
            let table = layer.junctions
            let first = junctionStarts[index]
            table.grid.forEachItem(in: window) { item in
                let j = Int(item)
                let unit = table.units[j], d = here - unit
                guard d.dot(d) <= limit else { return }
                let distance = here.angle(to: unit) * FeatureLayer.earthRadiusM
                guard distance <= WhereAmI.intersectionRadiusM else { return }
                if let current = best, current.distanceM < distance || (current.distanceM == distance
                                                                        && current.junction < first + j) { return }
                if let name, !table.has(j, name: name, features: layer.features) { return }
                let bearing = distance > 0 ? Bearing.degrees(from: p, to: table.points[j]) : nil
                if let heading {
                    guard let bearing, WhereAmI.isAhead(bearing, heading: heading) else { return }
                }
                best = JunctionHit(junction: first + j, distanceM: distance, bearingDeg: bearing)
                limit = cutoff(distance)
            }
        }
        return best
    }
}

extension FeatureLayer {
    /// The place features (`FeatureKind.isPOI`) with a polygon containing `p`, each once, ascending.
    func placesContaining(_ p: GeoPoint) -> [UInt32] {
        var found: [UInt32] = []
        forEachAreaContaining(p) { found.append($0) }
        guard !found.isEmpty else { return found }
        found.sort()
        var unique: [UInt32] = []
        for f in found where unique.last != f && features.kind(Int(f))?.isPOI == true { unique.append(f) }
        return unique
    }
}
