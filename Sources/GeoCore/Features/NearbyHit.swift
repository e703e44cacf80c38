/// One feature found by `nearby`: where its nearest point is and how to get there.
public struct NearbyHit: Equatable, Sendable {
    /// Index into `FeatureLayers.layers`.
    public var layer: Int
    /// Index into that layer's `features`.
    public var feature: Int
    /// Great-circle metres from the query to the feature's nearest point; 0 inside a polygon.
    public var distanceM: Double
    /// Whether the query lies inside (or on the boundary of) the feature's polygons; nil for features
    /// without area.
    public var inside: Bool?
    /// The feature's point nearest the query (the query itself when inside).
    public var nearestPoint: GeoPoint
    /// Initial great-circle bearing from the query to `nearestPoint`, degrees clockwise from true north in
    /// [0, 360); nil when the distance is 0 (no direction).
    public var bearingDeg: Double?

    public init(layer: Int, feature: Int, distanceM: Double, inside: Bool?, nearestPoint: GeoPoint,
                bearingDeg: Double?) {
        self.layer = layer
        self.feature = feature
        self.distanceM = distanceM
        self.inside = inside
        self.nearestPoint = nearestPoint
        self.bearingDeg = bearingDeg
    }

    /// The 8-wind name of `bearingDeg` ("N", "NE", … "NW"), nil when there is no bearing.
    public var direction: String? { bearingDeg.map { Bearing.wind($0) } }

    /// The order of `nearby` answers: nearest first; equal distances by layer, then by feature order.
    @inline(__always)
    static func precedes(_ a: NearbyHit, _ b: NearbyHit) -> Bool {
        if a.distanceM != b.distanceM { return a.distanceM < b.distanceM }
        if a.layer != b.layer { return a.layer < b.layer }
        return a.feature < b.feature
    }
}
