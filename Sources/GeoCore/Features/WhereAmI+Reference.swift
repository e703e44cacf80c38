extension WhereAmIIndex {
    /// `whereAmI` from `nearby`'s lists, as it was first written: one `nearby` within 20 m for the places
    /// containing the point and the roads, `nearby` with growing k for the nearest place and road, and a
    /// scan of every junction. The reference ``whereAmI(_:)`` is checked against (`geocoder-bench --where
    /// --check`, unit tests), and its answer where more than `roadsWithin` roads lie within 20 m.
    public func whereAmIByNearby(_ query: WhereAmIQuery) -> WhereAmI {
        let p = query.point
        let poiLayers = query.poiLayers ?? Array(layers.layers.indices)
        let roadLayers = query.roadLayers ?? Array(layers.layers.indices)
        let poiClose = layers.nearby(p, radiusM: WhereAmI.alongsideM, limit: WhereAmI.candidateLimit, layers: poiLayers)
        let roadClose = roadLayers == poiLayers
            ? poiClose : layers.nearby(p, radiusM: WhereAmI.alongsideM, limit: WhereAmI.candidateLimit, layers: roadLayers)
        var poi: NearbyHit?
        for hit in poiClose where hit.inside == true && isPOI(hit) {
            if let best = poi, !smaller(hit, than: best) { continue }
            poi = hit
        }
        let roads = roadClose.filter { isRoad($0) }
        var road = roads.first
        if let key = query.previousRoad, let kept = roads.first(where: { WhereAmI.matches(feature($0), key) }) {
            road = kept
        }
        let outsidePOI: (NearbyHit) -> Bool = { $0.inside != true && self.isPOI($0) }
        let nearestPOI = poiClose.first(where: outsidePOI) ?? nearest(p, layers: poiLayers, where: outsidePOI)
        let nearestRoad = road == nil ? nearest(p, layers: roadLayers, where: { self.isRoad($0) }) : nil
        let roadName = road.flatMap { feature($0).name }
        let intersection = junctionByScan(near: p, heading: query.heading, on: roadName, layers: roadLayers)
        let context: WhereContext = poi != nil ? .insidePOI : (road != nil ? .alongsideRoad : .other)
        return WhereAmI(context: context, poi: poi, road: road, intersection: intersection,
                        nearestRoad: nearestRoad, nearestPOI: nearestPOI)
    }

    /// The nearest hit within ``WhereAmI/searchRadiusM`` that `accept` takes. `nearby` answers the k
    /// nearest features exactly, so asking for 16, then 64, 256, … until one is accepted or fewer than k
    /// come back finds the nearest accepted one.
    func nearest(_ p: GeoPoint, layers selection: [Int], where accept: (NearbyHit) -> Bool) -> NearbyHit? {
        var k = 16
        while true {
            let hits = layers.nearby(p, radiusM: WhereAmI.searchRadiusM, limit: k, layers: selection)
            if let found = hits.first(where: accept) { return found }
            if hits.count < k { return nil }
            k *= 4
        }
    }

    /// `junction(near:heading:on:layers:)` by testing every junction of the selected layers, in number
    /// order, keeping a strictly nearer one.
    func junctionByScan(near p: GeoPoint, heading: Double?, on name: String?, layers selection: [Int]) -> JunctionHit? {
        let here = Vector3(p)
        var best: JunctionHit?
        for (index, layer) in layers.layers.enumerated() where selection.contains(index) {
            let table = layer.junctions
            for j in 0..<table.count {
                let point = table.points[j]
                let distance = here.angle(to: Vector3(point)) * FeatureLayer.earthRadiusM
                guard distance <= WhereAmI.intersectionRadiusM else { continue }
                if let name, !table.names(j, features: layer.features).contains(name) { continue }
                let bearing = distance > 0 ? Bearing.degrees(from: p, to: point) : nil
                if let heading {
                    guard let bearing, WhereAmI.isAhead(bearing, heading: heading) else { continue }
                }
                if let current = best, current.distanceM <= distance { continue }
                best = JunctionHit(junction: junctionStarts[index] + j, distanceM: distance, bearingDeg: bearing)
            }
        }
        return best
    }
}
