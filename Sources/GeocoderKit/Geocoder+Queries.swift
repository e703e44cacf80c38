import GeoRPC

/// The queries, with the limits the JSON-RPC server applies (`GeoCall`), so a library user and a server
/// client get the same answers for the same arguments, and the same refusals.
extension Geocoder {
    /// The country containing the point, else the one whose border is nearest within `maxDistanceKm`.
    /// - Parameters:
    ///   - lat: in [-90, 90].
    ///   - lon: any finite value; wrapped into [-180, 180).
    ///   - maxDistanceKm: the search radius for points in no country (sea, a pier past the 1:10m coast),
    ///     in [0, 20037.5]; 0 asks for strict containment.
    /// - Returns: nil when no country contains the point and none is that close.
    /// - Throws: `.invalidArgument` for a latitude, longitude or radius out of range.
    /// - Complexity: one table read for most points.
    public func reverse(lat: Double, lon: Double,
                        maxDistanceKm: Double = CountryGazetteer.defaultMaxDistanceKm) throws(GeocoderError) -> ReverseResult? {
        let point = try Self.point(lat: lat, lon: lon)
        try Self.checkRadius(maxDistanceKm)
        return gazetteer.reverse(point, maxDistanceKm: maxDistanceKm).map(result)
    }

    /// `reverse(lat:lon:maxDistanceKm:)` for many points, in order; faster per point than one call each
    /// (the lookups overlap their memory reads).
    /// - Throws: `.invalidArgument` naming the first point out of range (`points[k].lat`).
    public func reverseMany(_ points: [GeoPoint],
                            maxDistanceKm: Double = CountryGazetteer.defaultMaxDistanceKm) throws(GeocoderError) -> [ReverseResult?] {
        for (k, point) in points.enumerated() {
            _ = try Self.point(lat: point.lat, lon: point.lon, label: "points[\(k)].")
        }
        try Self.checkRadius(maxDistanceKm)
        return gazetteer.reverse(points, maxDistanceKm: maxDistanceKm).map { $0.map(result) }
    }

    /// The placemark of a point: its country as `reverse` answers, and the members of `fields` the data
    /// knows (admin-1 division, territory, nearest locality, time zone).
    /// - Returns: nil when nothing at all is known (no country within the radius and no other member).
    public func placemark(lat: Double, lon: Double, maxDistanceKm: Double = CountryGazetteer.defaultMaxDistanceKm,
                          fields: PlacemarkFields = .all) throws(GeocoderError) -> PlacemarkResult? {
        let point = try Self.point(lat: lat, lon: lon)
        try Self.checkRadius(maxDistanceKm)
        guard let found = gazetteer.placemark(at: point, maxDistanceKm: maxDistanceKm, fields: fields) else { return nil }
        return PlacemarkResult(country: found.country.map(result), admin1: found.admin1, territory: found.territory,
                               locality: found.locality, timezone: found.timezone)
    }

    /// Countries, admin-1 divisions and cities whose names match `query`, best first, as `forwardGeocode`
    /// ranks them: names in any language, ISO codes (ISO 3166-2 for divisions: "US-TX"), flag emoji, prefixes,
    /// and (when nothing else matches) small misspellings; "Paris, Texas" narrows by the text after the comma.
    /// - Parameters:
    ///   - limit: the most results, 1 to 250.
    ///   - lang: a BCP 47 tag ("de", "pt-BR") for country names; nil for English.
    ///   - countries: ISO alpha-2 codes (any case): only these countries and cities in them; nil for all.
    ///   - kinds: which of countries, cities and admin-1 divisions; all three by default.
    /// - Returns: empty when nothing matches or the query is blank.
    /// - Throws: `.invalidArgument` for a limit out of range, an empty country list or a code that is not
    ///   two letters.
    public func forward(_ query: String, limit: Int = GeoCall.defaultLimit, lang: String? = nil,
                        countries: [String]? = nil, kinds: ForwardKinds = .all) throws(GeocoderError) -> [ForwardResult] {
        guard limit >= 1 && limit <= GeoCall.maxLimit else {
            throw .invalidArgument(name: "limit", reason: "must be from 1 to \(GeoCall.maxLimit), got \(limit)")
        }
        var codes: [String]?
        if let countries {
            guard !countries.isEmpty else { throw .invalidArgument(name: "countries", reason: "must not be empty") }
            codes = []
            for code in countries {
                let bytes = Array(code.utf8)
                guard bytes.count == 2, bytes.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else {
                    throw .invalidArgument(name: "countries", reason: "must hold ISO alpha-2 codes such as \"FR\", got \"\(code)\"")
                }
                codes?.append(String(decoding: bytes.map { $0 & ~0x20 }, as: UTF8.self))
            }
        }
        let language = lang.map { String(decoding: $0.utf8.map { $0 == 0x5F ? 0x2D : ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) },
                                          as: UTF8.self) }
        if query.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return [] }
        let options = ForwardOptions(limit: limit, language: language, countryCodes: codes,
                                     countries: kinds.contains(.countries), cities: kinds.contains(.cities),
                                     admin1: kinds.contains(.admin1))
        return gazetteer.forward(query, options: options).compactMap { forwardResult($0, language: language) }
    }

    /// The countries whose land meets the box (polygon intersection, not bounding-box overlap), sorted by
    /// English name.
    /// - Parameter box: `minLat <= maxLat` in [-90, 90], longitudes in [-180, 180]; `minLon > maxLon`
    ///   crosses the antimeridian.
    /// - Throws: `.invalidArgument` for a box out of range.
    public func countries(inBBox box: GeoBox) throws(GeocoderError) -> [Country] {
        for (name, value, bound) in [("minLat", box.minLat, 90.0), ("maxLat", box.maxLat, 90),
                                     ("minLon", box.minLon, 180), ("maxLon", box.maxLon, 180)]
        where !(value >= -bound && value <= bound) {
            throw .invalidArgument(name: name, reason: "must be within [-\(Int(bound)), \(Int(bound))], got \(value)")
        }
        guard box.minLat <= box.maxLat else {
            throw .invalidArgument(name: "minLat", reason: "must not be above maxLat")
        }
        return gazetteer.countries(in: box).map { gazetteer.countries[$0] }
    }

    // MARK: - Checks and conversions

    static func point(lat: Double, lon: Double, label: String = "") throws(GeocoderError) -> GeoPoint {
        guard lat >= -90 && lat <= 90 else {
            throw .invalidArgument(name: label + "lat", reason: "must be within [-90, 90], got \(lat)")
        }
        guard lon.isFinite else { throw .invalidArgument(name: label + "lon", reason: "must be finite, got \(lon)") }
        return GeoPoint(lat: lat, lon: lon)
    }

    static func checkRadius(_ km: Double) throws(GeocoderError) {
        guard km >= 0 && km <= GeoCall.maxDistanceKmLimit else {
            throw .invalidArgument(name: "maxDistanceKm", reason: "must be within [0, \(GeoCall.maxDistanceKmLimit)], got \(km)")
        }
    }

    func result(_ match: ReverseMatch) -> ReverseResult {
        ReverseResult(country: gazetteer.countries[match.countryIndex], match: match.kind,
                      distanceKm: match.distanceKm)
    }

    /// The result for one match, with the members the `forwardGeocode` reply has.
    func forwardResult(_ match: ForwardMatch, language: String?) -> ForwardResult? {
        let country = match.countryIndex.map { gazetteer.countries[$0] }
        if let cityIndex = match.cityIndex {
            let city = gazetteer.city(cityIndex, language: language)
            return ForwardResult(kind: .city, name: city.name, matched: match.matched, matchType: match.matchType,
                                 score: match.score, iso2: city.iso2, iso3: country?.iso3, adm0a3: country?.adm0a3,
                                 country: gazetteer.countryName(iso2: city.iso2, language: language), admin1: city.admin1,
                                 population: city.population, point: city.point, geonameid: city.geonameid)
        }
        if let divisionIndex = match.divisionIndex {
            // As `forwardGeocode` writes a division: the admin-1 layer's country (nil when it has none).
            let division = gazetteer.division(divisionIndex, language: language)
            return ForwardResult(kind: .admin1, name: division.name, matched: match.matched, matchType: match.matchType,
                                 score: match.score, iso2: country?.iso2, iso3: country?.iso3, adm0a3: country?.adm0a3,
                                 country: match.countryIndex.map { gazetteer.countryName($0, language: language) },
                                 admin1: division.name, population: nil, point: division.centroid, bounds: division.bounds,
                                 iso3166_2: division.iso3166_2, type: division.type)
        }
        guard let index = match.countryIndex, let country else { return nil }
        let name = gazetteer.countryName(index, language: language)
        let centroid = gazetteer.centroid(of: index)
        return ForwardResult(kind: .country, name: name, matched: match.matched, matchType: match.matchType,
                             score: match.score, iso2: country.iso2, iso3: country.iso3, adm0a3: country.adm0a3,
                             country: name, population: country.population, point: centroid,
                             labelPoint: country.labelPoint ?? centroid, bounds: gazetteer.bounds(of: index))
    }
}
