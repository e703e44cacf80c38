import GeoCore
import GeoRPC
import Testing

@Suite("GeoCall params")
struct GeoCallTests {
    /// `params` text as a client sends it; nil means the member is omitted.
    static func decode(_ method: String, _ params: String?) throws -> GeoCall {
        try GeoCall.decode(method: method, params: parse(params))
    }

    static func parse(_ params: String?) throws -> RPCParams {
        guard let params else { return .omitted }
        switch try JSONReader.parse(Array(params.utf8)) {
        case .object(let object): return .byName(object)
        case .array(let array): return .byPosition(array)
        default: throw RPCError.internalError("test params must be an object or an array")
        }
    }

    struct Valid: CustomTestStringConvertible, Sendable {
        let name: String
        let method: String
        let params: String
        let expected: GeoCall
        var testDescription: String { name }
    }

    static let badLanguage = ParamProblem.invalidValue("must be a BCP 47 language tag such as \"de\", \"pt-BR\" or \"zh-Hant\"")
    static let badCodes = ParamProblem.invalidValue("must be a non-empty array of ISO 3166-1 alpha-2 codes such as [\"FR\", \"de\"]")
    static let badKinds = ParamProblem.invalidValue("must be a non-empty array of \"country\", \"city\" and \"admin1\"")

    static func point(_ lat: Double, _ lon: Double, _ km: Double = 10) -> GeoCall {
        .reverse(GeoPoint(lat: lat, lon: lon), maxDistanceKm: km)
    }

    static let valid: [Valid] = [
        Valid(name: "reverse by name", method: "reverseGeocode", params: #"{"lat":48.8,"lon":2.3}"#, expected: point(48.8, 2.3)),
        Valid(name: "reverse by position", method: "reverseGeocode", params: "[48.8,2.3]", expected: point(48.8, 2.3)),
        Valid(name: "many by name", method: "reverseGeocodeMany", params: #"{"points":[[48.8,2.3],[-9,540]]}"#,
              expected: .reverseMany([GeoPoint(lat: 48.8, lon: 2.3), GeoPoint(lat: -9, lon: 540)], maxDistanceKm: 10)),
        Valid(name: "many by position, empty, radius", method: "reverseGeocodeMany", params: #"{"points":[],"maxDistanceKm":0}"#,
              expected: .reverseMany([], maxDistanceKm: 0)),
        Valid(name: "many: points by position", method: "reverseGeocodeMany", params: "[[[1,2]]]",
              expected: .reverseMany([GeoPoint(lat: 1, lon: 2)], maxDistanceKm: 10)),
        Valid(name: "reverse with radius by name", method: "reverseGeocode",
              params: #"{"maxDistanceKm":0,"lon":2,"lat":1}"#, expected: point(1, 2, 0)),
        Valid(name: "reverse: largest radius", method: "reverseGeocode", params: #"{"lat":0,"lon":0,"maxDistanceKm":20037.5}"#,
              expected: point(0, 0, 20037.5)),
        Valid(name: "reverse: latitude bounds", method: "reverseGeocode", params: "[-90,0]", expected: point(-90, 0)),
        Valid(name: "reverse: longitude is not limited", method: "reverseGeocode", params: "[0,540]", expected: point(0, 540)),
        Valid(name: "reverse: exponent numbers", method: "reverseGeocode", params: "[-3.37e1,1.51E2]", expected: point(-33.7, 151)),
        Valid(name: "forward by name", method: "forwardGeocode", params: #"{"query":"Oslo"}"#,
              expected: .forward(query: "Oslo", options: ForwardOptions(limit: 5))),
        Valid(name: "forward by position with limit", method: "forwardGeocode", params: #"["Oslo",250]"#,
              expected: .forward(query: "Oslo", options: ForwardOptions(limit: 250))),
        Valid(name: "forward: limit 2.0 is a whole number", method: "forwardGeocode", params: #"{"query":"x","limit":2.0}"#,
              expected: .forward(query: "x", options: ForwardOptions(limit: 2))),
        Valid(name: "forward: blank query is allowed", method: "forwardGeocode", params: #"[" "]"#,
              expected: .forward(query: " ", options: ForwardOptions(limit: 5))),
        Valid(name: "forward: lang lower-cased, _ read as -", method: "forwardGeocode", params: #"{"query":"x","lang":"pt_BR"}"#,
              expected: .forward(query: "x", options: ForwardOptions(language: "pt-br"))),
        Valid(name: "forward: countryCodes upper-cased", method: "forwardGeocode",
              params: #"{"query":"x","countryCodes":["fr","US"]}"#,
              expected: .forward(query: "x", options: ForwardOptions(countryCodes: ["FR", "US"]))),
        Valid(name: "forward: kinds city only", method: "forwardGeocode", params: #"{"query":"x","kinds":["city"]}"#,
              expected: .forward(query: "x", options: ForwardOptions(countries: false, cities: true, admin1: false))),
        Valid(name: "forward: kinds both, repeated", method: "forwardGeocode",
              params: #"{"query":"x","kinds":["country","city","country"]}"#,
              expected: .forward(query: "x", options: ForwardOptions(admin1: false))),
        Valid(name: "forward: kinds admin1 only", method: "forwardGeocode", params: #"{"query":"x","kinds":["admin1"]}"#,
              expected: .forward(query: "x", options: ForwardOptions(countries: false, cities: false, admin1: true))),
        Valid(name: "forward: kinds all three", method: "forwardGeocode",
              params: #"{"query":"x","kinds":["admin1","city","country"]}"#,
              expected: .forward(query: "x", options: ForwardOptions())),
        Valid(name: "bbox by name", method: "countriesInBBox", params: #"{"minLat":1,"minLon":2,"maxLat":3,"maxLon":4}"#,
              expected: .countriesInBBox(GeoBox(minLat: 1, minLon: 2, maxLat: 3, maxLon: 4))),
        Valid(name: "bbox across the antimeridian", method: "countriesInBBox", params: "[-20,170,-10,-170]",
              expected: .countriesInBBox(GeoBox(minLat: -20, minLon: 170, maxLat: -10, maxLon: -170))),
        Valid(name: "bbox: a point box", method: "countriesInBBox", params: "[5,5,5,5]",
              expected: .countriesInBBox(GeoBox(minLat: 5, minLon: 5, maxLat: 5, maxLon: 5))),
    ]

    @Test("accepts", arguments: valid)
    func accepts(_ example: Valid) throws {
        #expect(try Self.decode(example.method, example.params) == example.expected)
    }

    struct Invalid: CustomTestStringConvertible, Sendable {
        let name: String
        let method: String
        let params: String?
        let param: String
        let problem: ParamProblem
        var testDescription: String { name }
    }

    static func n(_ text: String) -> JSONNumber { JSONNumber(text: text, value: Double(text) ?? .nan) }

    static let invalid: [Invalid] = [
        Invalid(name: "params omitted", method: "reverseGeocode", params: nil, param: "lat", problem: .missing),
        Invalid(name: "empty object", method: "reverseGeocode", params: "{}", param: "lat", problem: .missing),
        Invalid(name: "lon missing", method: "reverseGeocode", params: #"{"lat":1}"#, param: "lon", problem: .missing),
        Invalid(name: "unknown named param", method: "reverseGeocode", params: #"{"lat":1,"lon":2,"radius":3}"#,
                param: "radius", problem: .unknown(accepted: ["lat", "lon", "maxDistanceKm", "fields"])),
        Invalid(name: "too few positional", method: "reverseGeocode", params: "[1]", param: "params",
                problem: .wrongCount(found: 1, required: 2, positional: ["lat", "lon"], byNameOnly: ["maxDistanceKm", "fields"])),
        Invalid(name: "radius is by name only", method: "reverseGeocode", params: "[1,2,3]", param: "params",
                problem: .wrongCount(found: 3, required: 2, positional: ["lat", "lon"], byNameOnly: ["maxDistanceKm", "fields"])),
        Invalid(name: "number as a string", method: "reverseGeocode", params: #"{"lat":"48.8","lon":2}"#,
                param: "lat", problem: .wrongType(expected: "number", found: .string)),
        Invalid(name: "boolean", method: "reverseGeocode", params: "[1,true]",
                param: "lon", problem: .wrongType(expected: "number", found: .boolean)),
        Invalid(name: "null", method: "reverseGeocode", params: #"{"lat":null,"lon":2}"#,
                param: "lat", problem: .wrongType(expected: "number", found: .null)),
        Invalid(name: "null optional is not the default", method: "reverseGeocode",
                params: #"{"lat":1,"lon":2,"maxDistanceKm":null}"#,
                param: "maxDistanceKm", problem: .wrongType(expected: "number", found: .null)),
        Invalid(name: "many: points missing", method: "reverseGeocodeMany", params: "{}", param: "points", problem: .missing),
        Invalid(name: "many: points not an array", method: "reverseGeocodeMany", params: #"{"points":{"lat":1}}"#,
                param: "points", problem: .wrongType(expected: "array", found: .object)),
        Invalid(name: "many: a point is not a pair", method: "reverseGeocodeMany", params: #"{"points":[[1,2],[1,2,3]]}"#,
                param: "points[1]", problem: .notAPair(found: .array, count: 3)),
        Invalid(name: "many: a point is a number", method: "reverseGeocodeMany", params: #"{"points":[5]}"#,
                param: "points[0]", problem: .notAPair(found: .number, count: 0)),
        Invalid(name: "many: a latitude out of range", method: "reverseGeocodeMany", params: #"{"points":[[1,2],[91,2]]}"#,
                param: "points[1][0]", problem: .outOfRange(n("91"), lower: -90, upper: 90)),
        Invalid(name: "many: an infinite longitude", method: "reverseGeocodeMany", params: #"{"points":[[1,1e400]]}"#,
                param: "points[0][1]", problem: .notFinite),
        Invalid(name: "many: a string coordinate", method: "reverseGeocodeMany", params: #"{"points":[["1",2]]}"#,
                param: "points[0][0]", problem: .wrongType(expected: "number", found: .string)),
        Invalid(name: "latitude above 90", method: "reverseGeocode", params: "[91,0]",
                param: "lat", problem: .outOfRange(n("91"), lower: -90, upper: 90)),
        Invalid(name: "latitude just below -90", method: "reverseGeocode", params: "[-90.000001,0]",
                param: "lat", problem: .outOfRange(n("-90.000001"), lower: -90, upper: 90)),
        Invalid(name: "infinite latitude", method: "reverseGeocode", params: "[1e400,0]", param: "lat", problem: .notFinite),
        Invalid(name: "infinite longitude", method: "reverseGeocode", params: "[0,-1e400]", param: "lon", problem: .notFinite),
        Invalid(name: "negative radius", method: "reverseGeocode", params: #"{"lat":0,"lon":0,"maxDistanceKm":-1}"#,
                param: "maxDistanceKm", problem: .outOfRange(n("-1"), lower: 0, upper: 20037.5)),
        Invalid(name: "radius beyond half the Earth", method: "reverseGeocode",
                params: #"{"lat":0,"lon":0,"maxDistanceKm":20037.6}"#,
                param: "maxDistanceKm", problem: .outOfRange(n("20037.6"), lower: 0, upper: 20037.5)),
        Invalid(name: "query not a string", method: "forwardGeocode", params: #"{"query":12345}"#,
                param: "query", problem: .wrongType(expected: "string", found: .number)),
        Invalid(name: "query misspelt", method: "forwardGeocode", params: #"{"q":"Berlin"}"#,
                param: "q", problem: .unknown(accepted: ["query", "limit", "lang", "countryCodes", "kinds", "match"])),
        Invalid(name: "forward without params", method: "forwardGeocode", params: "[]", param: "params",
                problem: .wrongCount(found: 0, required: 1, positional: ["query", "limit"],
                                     byNameOnly: ["lang", "countryCodes", "kinds", "match"])),
        Invalid(name: "lang not a string", method: "forwardGeocode", params: #"{"query":"x","lang":7}"#,
                param: "lang", problem: .wrongType(expected: "string", found: .number)),
        Invalid(name: "lang empty", method: "forwardGeocode", params: #"{"query":"x","lang":""}"#,
                param: "lang", problem: Self.badLanguage),
        Invalid(name: "lang with an empty subtag", method: "forwardGeocode", params: #"{"query":"x","lang":"en--US"}"#,
                param: "lang", problem: Self.badLanguage),
        Invalid(name: "lang a number", method: "forwardGeocode", params: #"{"query":"x","lang":"123"}"#,
                param: "lang", problem: Self.badLanguage),
        Invalid(name: "countryCodes a string", method: "forwardGeocode", params: #"{"query":"x","countryCodes":"FR"}"#,
                param: "countryCodes", problem: Self.badCodes),
        Invalid(name: "countryCodes empty", method: "forwardGeocode", params: #"{"query":"x","countryCodes":[]}"#,
                param: "countryCodes", problem: Self.badCodes),
        Invalid(name: "countryCodes alpha-3", method: "forwardGeocode", params: #"{"query":"x","countryCodes":["FRA"]}"#,
                param: "countryCodes", problem: Self.badCodes),
        Invalid(name: "kinds empty", method: "forwardGeocode", params: #"{"query":"x","kinds":[]}"#,
                param: "kinds", problem: Self.badKinds),
        Invalid(name: "kinds unknown", method: "forwardGeocode", params: #"{"query":"x","kinds":["town"]}"#,
                param: "kinds", problem: Self.badKinds),
        Invalid(name: "lang by position", method: "forwardGeocode", params: #"["x",5,"de"]"#, param: "params",
                problem: .wrongCount(found: 3, required: 1, positional: ["query", "limit"],
                                     byNameOnly: ["lang", "countryCodes", "kinds", "match"])),
        Invalid(name: "limit zero", method: "forwardGeocode", params: #"["x",0]"#,
                param: "limit", problem: .outOfRange(n("0"), lower: 1, upper: 250)),
        Invalid(name: "limit 251", method: "forwardGeocode", params: #"["x",251]"#,
                param: "limit", problem: .outOfRange(n("251"), lower: 1, upper: 250)),
        Invalid(name: "limit fractional", method: "forwardGeocode", params: #"["x",2.5]"#,
                param: "limit", problem: .notAnInteger(n("2.5"))),
        Invalid(name: "limit as a string", method: "forwardGeocode", params: #"["x","5"]"#,
                param: "limit", problem: .wrongType(expected: "integer", found: .string)),
        Invalid(name: "limit huge", method: "forwardGeocode", params: #"["x",1e400]"#,
                param: "limit", problem: .outOfRange(n("1e400"), lower: 1, upper: 250)),
        Invalid(name: "bbox missing maxLon", method: "countriesInBBox", params: #"{"minLat":1,"minLon":2,"maxLat":3}"#,
                param: "maxLon", problem: .missing),
        Invalid(name: "bbox three positional", method: "countriesInBBox", params: "[1,2,3]", param: "params",
                problem: .wrongCount(found: 3, required: 4, positional: ["minLat", "minLon", "maxLat", "maxLon"], byNameOnly: [])),
        Invalid(name: "bbox minLat above maxLat", method: "countriesInBBox", params: "[10,0,-10,5]",
                param: "minLat", problem: .aboveMaximum(of: "maxLat")),
        Invalid(name: "bbox longitude beyond 180", method: "countriesInBBox", params: "[0,0,1,180.5]",
                param: "maxLon", problem: .outOfRange(n("180.5"), lower: -180, upper: 180)),
        Invalid(name: "bbox latitude below -90", method: "countriesInBBox", params: "[-91,0,1,1]",
                param: "minLat", problem: .outOfRange(n("-91"), lower: -90, upper: 90)),
    ]

    @Test("refuses", arguments: invalid)
    func refuses(_ example: Invalid) throws {
        let params = try Self.parse(example.params)
        let expected = RPCError.invalidParams(InvalidParams(param: example.param, problem: example.problem))
        #expect(throws: expected) { try GeoCall.decode(method: example.method, params: params) }
    }

    @Test("unknown methods are named exactly", arguments: ["ReverseGeocode", "reverseGeocode ", "", "rpc.discover", "noSuchMethod"])
    func unknownMethod(_ name: String) {
        #expect(throws: RPCError.methodNotFound(name)) { try GeoCall.decode(method: name, params: .omitted) }
    }
}
