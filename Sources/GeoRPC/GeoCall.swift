import GeoCore

/// A method call whose params have been checked: what the gazetteer will be asked.
///
/// Decoding is separate from running so the command line can reuse the same checks and messages:
/// `geocoder reverse 91 0` fails with the text an RPC client would get.
public enum GeoCall: Equatable, Sendable {
    /// `reverseGeocode`: the country at or nearest to a point, within `maxDistanceKm`, and the placemark
    /// members of `fields` (the country alone by default).
    case reverse(GeoPoint, maxDistanceKm: Double, fields: PlacemarkFields = .requestDefault)
    /// `reverseGeocodeMany`: `reverse` for each point, answered in one reply.
    case reverseMany([GeoPoint], maxDistanceKm: Double, fields: PlacemarkFields = .requestDefault)
    /// `forwardGeocode`: countries and cities whose names match, best first.
    case forward(query: String, options: ForwardOptions)
    /// `countriesInBBox`: countries whose areas meet a box; `minLon > maxLon` crosses the antimeridian.
    case countriesInBBox(GeoBox)
    /// `nearby`: the user layers' features within a radius of a point, nearest first.
    case nearby(NearbyRequest)
    /// `whereAmI`: inside a place, alongside a road, or other, with the spoken phrase.
    case whereAmI(WhereAmIRequest)
    /// `nearbyMany`: `nearby` for each point of a trace, one answer array per point.
    case nearbyMany(NearbyManyRequest)
    /// `whereAmIMany`: `whereAmI` for each point of a trace, the road carried from point to point.
    case whereAmIMany(WhereAmIManyRequest)

    /// Half the Earth's circumference: no point is farther than this from any other, so larger
    /// radii are refused rather than silently meaning "anywhere".
    public static let maxDistanceKmLimit = 20037.5
    /// `limit` when the client gives none.
    public static let defaultLimit = 5
    /// The dataset has 250 features, so no query can usefully ask for more.
    public static let maxLimit = 250

    /// Checks a method name and its params.
    ///
    /// - Parameters:
    ///   - method: the wire name, matched exactly.
    ///   - params: by name or by position, in the order of ``GeoMethod/parameterNames``.
    /// - Returns: the call, with defaults filled in.
    /// - Throws: `.methodNotFound` for an unknown name; `.invalidParams` naming the first bad parameter.
    public static func decode(method: String, params: RPCParams) throws(RPCError) -> GeoCall {
        guard let known = GeoMethod(name: method) else { throw .methodNotFound(method) }
        let bound = try BoundParams(params, names: known.parameterNames, required: known.requiredCount,
                                    positional: known.positionalCount)
        switch known {
        case .reverseGeocode:
            let lat = try bound.number(0, within: -90, 90)
            // Any finite longitude: the gazetteer wraps it into [-180, 180).
            let lon = try bound.number(1, within: -.infinity, .infinity)
            let radius = try bound.number(2, within: 0, maxDistanceKmLimit, default: CountryGazetteer.defaultMaxDistanceKm)
            return .reverse(GeoPoint(lat: lat, lon: lon), maxDistanceKm: radius, fields: try bound.fields(3))
        case .reverseGeocodeMany:
            let points = try bound.points(0)
            let radius = try bound.number(1, within: 0, maxDistanceKmLimit, default: CountryGazetteer.defaultMaxDistanceKm)
            return .reverseMany(points, maxDistanceKm: radius, fields: try bound.fields(2))
        case .forwardGeocode:
            let query = try bound.string(0)
            let limit = try bound.integer(1, within: 1, maxLimit, default: defaultLimit)
            let kinds = try bound.kinds(4)
            return .forward(query: query, options: ForwardOptions(
                limit: limit, language: try bound.language(2), countryCodes: try bound.countryCodes(3),
                countries: kinds.countries, cities: kinds.cities, admin1: kinds.admin1, match: try bound.match(5)))
        case .countriesInBBox:
            let minLat = try bound.number(0, within: -90, 90)
            let minLon = try bound.number(1, within: -180, 180)
            let maxLat = try bound.number(2, within: -90, 90)
            let maxLon = try bound.number(3, within: -180, 180)
            guard minLat <= maxLat else {
                throw .invalidParams(InvalidParams(param: "minLat", problem: .aboveMaximum(of: "maxLat")))
            }
            return .countriesInBBox(GeoBox(minLat: minLat, minLon: minLon, maxLat: maxLat, maxLon: maxLon))
        case .nearby:
            let lat = try bound.number(0, within: -90, 90)
            let lon = try bound.number(1, within: -180, 180)
            let radius = try bound.number(2, within: 0, NearbyRequest.maxRadiusM, default: NearbyRequest.defaultRadiusM)
            let limit = try bound.integer(3, within: 1, NearbyRequest.maxLimit, default: NearbyRequest.defaultLimit)
            return .nearby(NearbyRequest(point: GeoPoint(lat: lat, lon: lon), radiusM: radius, limit: limit,
                                         layers: try bound.layerNames(4), geometry: try bound.geometry(5)))
        case .whereAmI, .nearbyMany, .whereAmIMany:
            return try decodeAroundMe(known, bound)
        }
    }
}
