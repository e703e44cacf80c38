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

    /// Looks a method up by its wire name; nil for anything else, `rpc.*` included.
    public init?(name: String) {
        switch name {
        case "reverseGeocode": self = .reverseGeocode
        case "forwardGeocode": self = .forwardGeocode
        case "countriesInBBox": self = .countriesInBBox
        case "reverseGeocodeMany": self = .reverseGeocodeMany
        case "nearby": self = .nearby
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
        }
    }

    /// Parameter names in positional order.
    public var parameterNames: [String] {
        switch self {
        case .reverseGeocode: return ["lat", "lon", "maxDistanceKm", "fields"]
        case .forwardGeocode: return ["query", "limit", "lang", "countryCodes", "kinds", "match"]
        case .countriesInBBox: return ["minLat", "minLon", "maxLat", "maxLon"]
        case .reverseGeocodeMany: return ["points", "maxDistanceKm", "fields"]
        case .nearby: return ["lat", "lon", "radiusM", "limit", "layers"]
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
        case .nearby: return 2
        }
    }

    /// How many leading parameters are required; the rest have defaults.
    public var requiredCount: Int {
        switch self {
        case .reverseGeocode: return 2
        case .forwardGeocode: return 1
        case .countriesInBBox: return 4
        case .reverseGeocodeMany: return 1
        case .nearby: return 2
        }
    }

    /// Every method name, for error messages.
    public static let allNames: [String] = allCases.map { $0.name }
}
