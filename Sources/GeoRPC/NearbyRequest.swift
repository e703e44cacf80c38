import GeoCore

/// A checked `nearby` call: what to search around, how far, and in which layers.
public struct NearbyRequest: Equatable, Sendable {
    public var point: GeoPoint
    /// Metres, within 0...``NearbyRequest/maxRadiusM``.
    public var radiusM: Double
    /// Most features answered, 1...``NearbyRequest/maxLimit``.
    public var limit: Int
    /// Layer names to search, in the order given; nil for every layer loaded.
    public var layers: [String]?

    /// `radiusM` when the client gives none: a few minutes' walk.
    public static let defaultRadiusM = 500.0
    /// The largest `radiusM`: 10 km keeps a query's grid window (and its work) bounded in a dense city.
    public static let maxRadiusM = 10_000.0
    /// `limit` when the client gives none.
    public static let defaultLimit = 10
    /// The most features one answer may hold.
    public static let maxLimit = 1_000

    public init(point: GeoPoint, radiusM: Double = defaultRadiusM, limit: Int = defaultLimit, layers: [String]? = nil) {
        self.point = point
        self.radiusM = radiusM
        self.limit = limit
        self.layers = layers
    }
}
