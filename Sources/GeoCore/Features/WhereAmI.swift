/// A `whereAmI` question: a position, optionally the way the user faces and the road they were last on.
public struct WhereAmIQuery: Equatable, Sendable {
    public var point: GeoPoint
    /// Degrees clockwise from true north, in [0, 360); nil when unknown (no "ahead").
    public var heading: Double?
    /// The road of the previous answer, as ``WhereAmI/roadKey(_:)`` gives it: kept while still within
    /// ``WhereAmI/alongsideM``.
    public var previousRoad: String?
    /// The layers whose line features are roads; nil for every layer.
    public var roadLayers: [Int]?
    /// The layers whose point and polygon features are places (POIs); nil for every layer.
    public var poiLayers: [Int]?

    public init(point: GeoPoint, heading: Double? = nil, previousRoad: String? = nil, roadLayers: [Int]? = nil,
                poiLayers: [Int]? = nil) {
        self.point = point
        self.heading = heading
        self.previousRoad = previousRoad
        self.roadLayers = roadLayers
        self.poiLayers = poiLayers
    }
}

/// The classification of a position, Soundscape style: inside a place, alongside a road, or other.
public enum WhereContext: Equatable, Sendable {
    case insidePOI, alongsideRoad, other

    /// The wire name.
    public var name: String {
        switch self {
        case .insidePOI: return "insidePOI"
        case .alongsideRoad: return "alongsideRoad"
        case .other: return "other"
        }
    }
}

/// An intersection found by `whereAmI`, with the way there.
public struct JunctionHit: Equatable, Sendable {
    /// Index into ``WhereAmIIndex/junctions``.
    public var junction: Int
    public var distanceM: Double
    /// Initial great-circle bearing from the query, [0, 360); nil at distance 0.
    public var bearingDeg: Double?

    public var direction: String? { bearingDeg.map { Bearing.wind($0) } }
}

/// The answer to `whereAmI`.
///
/// - `poi`: the innermost place containing the position: of all containing
///   polygon features the one of smallest area (ties: lower layer, then file order). A point in a hole is
///   not inside.
/// - `road`: the road within ``alongsideM``: the previous road (``WhereAmIQuery/previousRoad``) when one
///   within that distance matches it, else the nearest.
/// - `intersection`: the nearest junction within ``intersectionRadiusM``, on `road` when there is one
///   (a junction that has its name), and with a heading only those ahead: bearing within ±45° of it,
///   inclusive.
/// - `nearestRoad`: when `road` is nil, the nearest road within ``searchRadiusM``.
/// - `nearestPOI`: the nearest place within ``searchRadiusM`` that does not contain the position.
/// - `context`: insidePOI when `poi` is set, else alongsideRoad when `road` is, else other.
public struct WhereAmI: Equatable, Sendable {
    public var context: WhereContext
    public var poi: NearbyHit?
    public var road: NearbyHit?
    public var intersection: JunctionHit?
    public var nearestRoad: NearbyHit?
    public var nearestPOI: NearbyHit?

    /// Soundscape's distance for "alongside a road", metres.
    public static let alongsideM = 20.0
    /// How far ahead (or around) intersections are looked for, metres.
    public static let intersectionRadiusM = 200.0
    /// How far `nearestRoad` and `nearestPOI` are looked for, metres (nearby's default radius).
    public static let searchRadiusM = 500.0
    /// Half the cone of "ahead", degrees.
    public static let aheadHalfAngle = 45.0
    /// The most roads within ``alongsideM`` considered for the sticky road.
    static let candidateLimit = 1_000

    /// The string that identifies a road from one answer to the next (`previousRoad`): its name when it
    /// has one (OpenStreetMap splits one street into many ways that share the name, and the user is still
    /// on the same street), else its `id` as text (a string as is, a number as its literal); nil when
    /// neither.
    public static func roadKey(_ feature: LayerFeature) -> String? {
        if let name = feature.name { return name }
        switch feature.id {
        case .string(let text): return text
        case .number(let number): return number.text
        default: return nil
        }
    }

    /// Whether `feature` is the road `key` names: its name equals it, or its id (as text) does.
    static func matches(_ feature: LayerFeature, _ key: String) -> Bool {
        if feature.name == key { return true }
        switch feature.id {
        case .string(let text): return text == key
        case .number(let number): return number.text == key
        default: return false
        }
    }
}

extension WhereAmIIndex {
    /// The feature a hit names.
    public func feature(_ hit: NearbyHit) -> LayerFeature { layers.layers[hit.layer].features[hit.feature] }

    func isRoad(_ hit: NearbyHit) -> Bool { layers.layers[hit.layer].features.kind(hit.feature)?.isRoad == true }
    func isPOI(_ hit: NearbyHit) -> Bool { layers.layers[hit.layer].features.kind(hit.feature)?.isPOI == true }

    /// Whether containing place `a` is inner to `b`: smaller area; equal areas by layer, then file order.
    func smaller(_ a: NearbyHit, than b: NearbyHit) -> Bool {
        let areaA = areaM2(a), areaB = areaM2(b)
        if areaA != areaB { return areaA < areaB }
        if a.layer != b.layer { return a.layer < b.layer }
        return a.feature < b.feature
    }
}

extension WhereAmI {
    /// Whether `bearing` lies within ±``aheadHalfAngle`` of `heading` (degrees), inclusive.
    public static func isAhead(_ bearing: Double, heading: Double) -> Bool {
        var difference = (bearing - heading).truncatingRemainder(dividingBy: 360)
        if difference > 180 { difference -= 360 }
        if difference < -180 { difference += 360 }
        return difference.magnitude <= aheadHalfAngle
    }
}
