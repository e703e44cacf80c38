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
    public func nearby(_ query: GeoPoint, radiusM: Double, limit: Int, layers selection: [Int]? = nil) -> [NearbyHit] {
        var hits: [NearbyHit] = []
        for index in selection ?? Array(layers.indices) {
            hits.append(contentsOf: layers[index].hits(near: query, radiusM: radiusM, layer: index))
        }
        return Self.best(hits, limit: limit)
    }

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
