/// The methods the server offers, with their parameter lists.
///
/// Names are matched exactly and case-sensitively, so `ReverseGeocode` is -32601, not an alias.
public enum GeoMethod: CaseIterable, Equatable, Sendable {
    case reverseGeocode
    case forwardGeocode
    case countriesInBBox
    /// `reverseGeocode` for many points in one request: `{points: [[lat, lon], …], maxDistanceKm?}`.
    case reverseGeocodeMany
    /// The user layers' features near a point: `{lat, lon, radiusM?, limit?, layers?}`.
    case nearby
    /// Soundscape-style "where am I": `{lat, lon, heading?, previousRoad?, roadLayer?, poiLayer?}`.
    case whereAmI
    /// `nearby` for many points: `{points: [[lat, lon], …], radiusM?, limit?, layers?}`.
    case nearbyMany
    /// `whereAmI` along a trace: `{points: [{lat, lon, heading?}, …], previousRoad?, roadLayer?, poiLayer?}`.
    case whereAmIMany

    /// Looks a method up by its wire name; nil for anything else, `rpc.*` included.
    public init?(name: String) {
        switch name {
        case "reverseGeocode": self = .reverseGeocode
        case "forwardGeocode": self = .forwardGeocode
        case "countriesInBBox": self = .countriesInBBox
        case "reverseGeocodeMany": self = .reverseGeocodeMany
        case "nearby": self = .nearby
        case "whereAmI": self = .whereAmI
        case "nearbyMany": self = .nearbyMany
        case "whereAmIMany": self = .whereAmIMany
        default: return nil
        }
    }

    /// The name on the wire.
    public var name: String {
        switch self {
        case .reverseGeocode: return "reverseGeocode"
        case .forwardGeocode: return "forwardGeocode"
        case .countriesInBBox: return "countriesInBBox"
        case .reverseGeocodeMany: return "reverseGeocodeMany"
        case .nearby: return "nearby"
        case .whereAmI: return "whereAmI"
        case .nearbyMany: return "nearbyMany"
        case .whereAmIMany: return "whereAmIMany"
        }
    }

    /// Parameter names in positional order.
    public var parameterNames: [String] {
        switch self {
        case .reverseGeocode: return ["lat", "lon", "maxDistanceKm", "fields"]
        case .forwardGeocode: return ["query", "limit", "lang", "countryCodes", "kinds", "match"]
        case .countriesInBBox: return ["minLat", "minLon", "maxLat", "maxLon"]
        case .reverseGeocodeMany: return ["points", "maxDistanceKm", "fields"]
        case .nearby: return ["lat", "lon", "radiusM", "limit", "layers", "geometry"]
        case .whereAmI: return ["lat", "lon", "heading", "previousRoad", "roadLayer", "poiLayer"]
        case .nearbyMany: return ["points", "radiusM", "limit", "layers", "geometry"]
        case .whereAmIMany: return ["points", "previousRoad", "roadLayer", "poiLayer"]
        }
    }

    /// How many leading parameters may be given by position; the rest only by name.
    ///
    /// `reverseGeocode` takes `[lat, lon]` only: the shared conformance suite
    /// (`invalid_params.positional_too_many`) requires `[lat, lon, 100]` to be -32602, so
    /// `maxDistanceKm` is by name only.
    public var positionalCount: Int {
        switch self {
        case .reverseGeocode: return 2
        case .forwardGeocode: return 2
        case .countriesInBBox: return 4
        case .reverseGeocodeMany: return 1
        case .nearby, .whereAmI: return 2
        case .nearbyMany, .whereAmIMany: return 1
        }
    }

    /// How many leading parameters are required; the rest have defaults.
    public var requiredCount: Int {
        switch self {
        case .reverseGeocode: return 2
        case .forwardGeocode: return 1
        case .countriesInBBox: return 4
        case .reverseGeocodeMany: return 1
        case .nearby, .whereAmI: return 2
        case .nearbyMany, .whereAmIMany: return 1
        }
    }

    /// Every method name, for error messages.
    public static let allNames: [String] = allCases.map { $0.name }
}
