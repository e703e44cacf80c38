/// The `geometry` filter of `nearby`: which kinds of feature to answer.
public enum GeometryFilter: Equatable, Sendable, CaseIterable {
    /// Point and MultiPoint.
    case point
    /// LineString and MultiLineString.
    case line
    /// Polygon and MultiPolygon.
    case polygon

    /// The wire names, "point", "line", "polygon"; nil for anything else.
    public init?(name: String) {
        switch name {
        case "point": self = .point
        case "line": self = .line
        case "polygon": self = .polygon
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .point: return "point"
        case .line: return "line"
        case .polygon: return "polygon"
        }
    }

    /// Whether a feature of `kind` passes. A GeometryCollection passes no filter.
    public func accepts(_ kind: FeatureKind) -> Bool {
        switch self {
        case .point: return kind == .point || kind == .multiPoint
        case .line: return kind.isRoad
        case .polygon: return kind.hasArea
        }
    }
}

extension FeatureLayers {
    /// `nearby(_:radiusM:limit:layers:)` answering only features whose kind one of `geometry` accepts (all
    /// when nil).
    ///
    /// The unfiltered search answers the k nearest features exactly, so asking it for k = `limit`, then 4k,
    /// 16k, … until `limit` of them pass or fewer than k come back gives exactly the `limit` nearest that
    /// pass, whatever the search inside does. k never passes the number of features searched plus one, at
    /// which the search must come back short.
    ///
    /// Up to ``nearestLimit`` hits the k-nearest walk itself takes only the kinds asked for
    /// (`FeatureFilter`), so a rare kind (300 streets among 120,000 features) costs one walk instead of
    /// searches for 40, 160, 640, … features (0.8 ms measured, `scripts/work-calibrate --layer`).
    public func nearby(_ query: GeoPoint, radiusM: Double, limit: Int, layers selection: [Int]? = nil,
                       geometry: [GeometryFilter]?) -> [NearbyHit] {
        guard let geometry else { return nearby(query, radiusM: radiusM, limit: limit, layers: selection) }
        if limit <= Self.nearestLimit {
            guard limit > 0 else { return [] }
            let filter = FeatureFilter(kinds: FeatureFilter.mask { kind in geometry.contains { $0.accepts(kind) } })
            var hits: [NearbyHit] = []
            for index in selection ?? Array(layers.indices) {
                hits.append(contentsOf: layers[index].nearest(to: query, radiusM: radiusM, limit: limit, layer: index,
                                                              filter: filter))
            }
            return Array(hits.sorted(by: NearbyHit.precedes).prefix(limit))
        }
        var total = 1
        for index in selection ?? Array(layers.indices) { total += layers[index].features.count }
        var k = max(1, min(limit, total))
        while true {
            let hits = nearby(query, radiusM: radiusM, limit: k, layers: selection)
            let passed = hits.filter { hit in
                guard let kind = self.layers[hit.layer].features[hit.feature].kind else { return false }
                return geometry.contains { $0.accepts(kind) }
            }
            if passed.count >= limit || hits.count < k { return Array(passed.prefix(limit)) }
            k = k > total / 4 ? total : k * 4
        }
    }
}
