import GeoCore

/// A checked `whereAmI` call: layers still by name (the server resolves them against what it loaded).
public struct WhereAmIRequest: Equatable, Sendable {
    public var point: TracePoint
    /// The road of the previous answer (its `id`, or its `name` when it has no id).
    public var previousRoad: String?
    /// The layer whose line features are roads; nil for every layer's.
    public var roadLayer: String?
    /// The layer whose point and polygon features are places; nil for every layer's.
    public var poiLayer: String?

    public init(point: TracePoint, previousRoad: String? = nil, roadLayer: String? = nil, poiLayer: String? = nil) {
        self.point = point
        self.previousRoad = previousRoad
        self.roadLayer = roadLayer
        self.poiLayer = poiLayer
    }
}

/// One point of a trace: where, and (when known) which way the user faces.
public struct TracePoint: Equatable, Sendable {
    public var point: GeoPoint
    /// Degrees clockwise from true north, 0...360.
    public var heading: Double?

    public init(point: GeoPoint, heading: Double? = nil) {
        self.point = point
        self.heading = heading
    }
}

/// A checked `whereAmIMany` call.
///
/// `previousRoad` applies to the first point; each later point gets the road of the answer before it
/// (its `id` as text, else its name), or none when that answer had no road within 20 m, exactly as a
/// client calling `whereAmI` point by point and passing the road back would.
public struct WhereAmIManyRequest: Equatable, Sendable {
    public var points: [TracePoint]
    public var previousRoad: String?
    public var roadLayer: String?
    public var poiLayer: String?

    public init(points: [TracePoint], previousRoad: String? = nil, roadLayer: String? = nil, poiLayer: String? = nil) {
        self.points = points
        self.previousRoad = previousRoad
        self.roadLayer = roadLayer
        self.poiLayer = poiLayer
    }
}

/// A checked `nearbyMany` call: `nearby`'s radius, limit and layers for every point.
public struct NearbyManyRequest: Equatable, Sendable {
    public var points: [GeoPoint]
    public var radiusM: Double
    public var limit: Int
    public var layers: [String]?
    public var geometry: [GeometryFilter]?

    public init(points: [GeoPoint], radiusM: Double = NearbyRequest.defaultRadiusM,
                limit: Int = NearbyRequest.defaultLimit, layers: [String]? = nil, geometry: [GeometryFilter]? = nil) {
        self.points = points
        self.radiusM = radiusM
        self.limit = limit
        self.layers = layers
        self.geometry = geometry
    }
}
