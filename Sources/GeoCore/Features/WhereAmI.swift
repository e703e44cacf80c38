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
    /// Answers `whereAmI`; see ``WhereAmI`` for each member's rule.
    /// - Complexity: a few `nearby` searches of at most ``WhereAmI/searchRadiusM`` and a grid lookup.
    public func whereAmI(_ query: WhereAmIQuery) -> WhereAmI {
        let p = query.point
        let poiLayers = query.poiLayers ?? Array(layers.layers.indices)
        let roadLayers = query.roadLayers ?? Array(layers.layers.indices)

        // One search within 20 m answers most of it: the places containing the point (distance 0, first),
        // the roads within 20 m, and the nearest place when one is that near. Only what it leaves open is
        // searched again, farther.
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
        // The close lists hold every feature within 20 m (unless cut at the candidate limit), nearest first,
        // so a hit in them is the nearest of its kind anywhere.
        let outsidePOI: (NearbyHit) -> Bool = { $0.inside != true && self.isPOI($0) }
        let nearestPOI = poiClose.first(where: outsidePOI) ?? nearest(p, layers: poiLayers, where: outsidePOI)
        let nearestRoad = road == nil ? nearest(p, layers: roadLayers, where: { self.isRoad($0) }) : nil
        let roadName = road.flatMap { feature($0).name }
        let intersection = junction(near: p, heading: query.heading, on: roadName, layers: roadLayers)
        let context: WhereContext = poi != nil ? .insidePOI : (road != nil ? .alongsideRoad : .other)
        return WhereAmI(context: context, poi: poi, road: road, intersection: intersection,
                        nearestRoad: nearestRoad, nearestPOI: nearestPOI)
    }

    /// The feature a hit names.
    public func feature(_ hit: NearbyHit) -> LayerFeature { layers.layers[hit.layer].features[hit.feature] }

    func isRoad(_ hit: NearbyHit) -> Bool { feature(hit).kind?.isRoad == true }
    func isPOI(_ hit: NearbyHit) -> Bool { feature(hit).kind?.isPOI == true }

    /// Whether containing place `a` is inner to `b`: smaller area; equal areas by layer, then file order.
    func smaller(_ a: NearbyHit, than b: NearbyHit) -> Bool {
        let areaA = areasM2[a.layer][a.feature], areaB = areasM2[b.layer][b.feature]
        if areaA != areaB { return areaA < areaB }
        if a.layer != b.layer { return a.layer < b.layer }
        return a.feature < b.feature
    }

    /// The nearest hit within ``WhereAmI/searchRadiusM`` that `accept` takes. `nearby` answers the k
    /// nearest features exactly, so asking for 16, then 64, 256, 1,024 until one is accepted or fewer than
    /// k come back finds the nearest accepted one without a second search structure.
    func nearest(_ p: GeoPoint, layers selection: [Int], where accept: (NearbyHit) -> Bool) -> NearbyHit? {
        var k = 16
        while true {
            let hits = layers.nearby(p, radiusM: WhereAmI.searchRadiusM, limit: k, layers: selection)
            if let found = hits.first(where: accept) { return found }
            if hits.count < k || k >= WhereAmI.candidateLimit { return nil }
            k *= 4
        }
    }

    /// The nearest junction of the selected layers within ``WhereAmI/intersectionRadiusM``: on road `name`
    /// when given, and ahead (bearing within ±45° of `heading`, inclusive; not at distance 0) when a
    /// heading is given. Ties: the lower junction index.
    func junction(near p: GeoPoint, heading: Double?, on name: String?, layers selection: [Int]) -> JunctionHit? {
        let here = Vector3(p)
        var best: JunctionHit?
        for index in junctionCandidates(near: p, radiusM: WhereAmI.intersectionRadiusM) {
            let candidate = junctions[index]
            guard selection.contains(candidate.layer) else { continue }
            if let name, !candidate.names.contains(name) { continue }
            let distance = here.angle(to: Vector3(candidate.point)) * FeatureLayer.earthRadiusM
            guard distance <= WhereAmI.intersectionRadiusM else { continue }
            let bearing = distance > 0 ? Bearing.degrees(from: p, to: candidate.point) : nil
            if let heading {
                guard let bearing, WhereAmI.isAhead(bearing, heading: heading) else { continue }
            }
            if let current = best, current.distanceM <= distance { continue }
            best = JunctionHit(junction: index, distanceM: distance, bearingDeg: bearing)
        }
        return best
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
