/// The user layers a server was started with (`--layer NAME=PATH`, repeatable), searched together.
public struct FeatureLayers: Sendable {
    public let layers: [FeatureLayer]

    /// No layers: every `nearby` answer is empty (the wasm module, or a server started without --layer).
    public static let empty = FeatureLayers(layers: [])

    public init(layers: [FeatureLayer]) {
        self.layers = layers
    }

    /// The index of the layer called `name`, nil when none is.
    public func index(named name: String) -> Int? {
        layers.firstIndex { $0.name == name }
    }

    /// The features within `radiusM` of `query`, nearest first (equal distances by layer, then feature
    /// order), at most `limit` of them; one hit per feature, measured to its nearest point.
    /// - Parameters:
    ///   - query: the point; longitude in [-180, 180].
    ///   - radiusM: metres, ≥ 0.
    ///   - limit: the most hits returned.
    ///   - selection: indexes of the layers to search; nil for all.
    ///
    /// The search widens: it looks within 50 m, then 100 m, 200 m, … up to `radiusM`, and stops at the first
    /// radius r within which `limit` features lie. That answer is exact: every feature it did not see is
    /// farther than r, so farther than each of the `limit` it found. In a dense city the k nearest usually
    /// lie within the first radius, so the work follows k, not the area of `radiusM`.
    public func nearby(_ query: GeoPoint, radiusM: Double, limit: Int, layers selection: [Int]? = nil) -> [NearbyHit] {
        let searched = selection ?? Array(layers.indices)
        var radius = min(radiusM, Self.firstRadiusM)
        while true {
            var hits: [NearbyHit] = []
            for index in searched {
                hits.append(contentsOf: layers[index].hits(near: query, radiusM: radius, layer: index))
            }
            if hits.count >= limit || radius >= radiusM { return Self.best(hits, limit: limit) }
            radius = min(radiusM, radius * 2)
        }
    }

    /// The first radius of the widening search, in metres.
    static let firstRadiusM = 50.0

    /// `nearby` by measuring every feature: the brute-force reference for tests and `geocoder-bench --check`.
    public func nearbyByScan(_ query: GeoPoint, radiusM: Double, limit: Int, layers selection: [Int]? = nil) -> [NearbyHit] {
        var hits: [NearbyHit] = []
        for index in selection ?? Array(layers.indices) {
            hits.append(contentsOf: layers[index].hitsByScan(near: query, radiusM: radiusM, layer: index))
        }
        return Self.best(hits, limit: limit)
    }

    private static func best(_ hits: [NearbyHit], limit: Int) -> [NearbyHit] {
        Array(hits.sorted(by: NearbyHit.precedes).prefix(max(0, limit)))
    }
}
