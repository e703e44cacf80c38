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
    /// Up to ``nearestLimit`` hits, each layer is searched by a k-nearest walk over its grid
    /// (`FeatureLayer.nearest(to:radiusM:limit:layer:)`) and the layers' k best are merged. For more, the
    /// search widens: it looks within 50 m, then 100 m, 200 m, … up to `radiusM`, and stops at the first
    /// radius r within which `limit` features lie. Both answers are exact: every feature not seen is
    /// farther than the last one kept.
    /// - Complexity: about the elements of the cells within the k-th best distance, for `limit` ≤ 64.
    public func nearby(_ query: GeoPoint, radiusM: Double, limit: Int, layers selection: [Int]? = nil) -> [NearbyHit] {
        if limit <= Self.nearestLimit {
            guard limit > 0 else { return [] }
            // One layer searched in place: `layers[k].nearest(…)` copied the layer (a retain per table).
            let only = selection.map { $0.count == 1 ? $0[0] : nil } ?? (layers.count == 1 ? 0 : nil)
            if let only {
                return layers.withUnsafeBufferPointer {
                    $0[only].nearest(to: query, radiusM: radiusM, limit: limit, layer: only)
                }
            }
            var hits: [NearbyHit] = []
            for index in selection ?? Array(layers.indices) {
                hits.append(contentsOf: layers[index].nearest(to: query, radiusM: radiusM, limit: limit, layer: index))
            }
            return Self.best(hits, limit: limit)
        }
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

    /// The most hits the k-nearest walk keeps (its k best are a sorted array, O(k) per update).
    static let nearestLimit = 64

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
