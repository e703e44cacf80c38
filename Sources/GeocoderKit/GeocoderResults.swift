/// The answer to a reverse lookup: the country containing the point, or the nearest within the radius.
public struct ReverseResult: Sendable, Equatable {
    /// The Natural Earth feature: codes (`iso2`, `iso3`, `adm0a3`), names, sovereign, continent, region,
    /// population, label point, CLDR local names. (Its `geometry` is empty: the index holds the polygons.)
    public var country: Country
    /// `.inside` (on land or on the border) or `.nearest` (at sea, within the radius).
    public var match: MatchKind
    /// 0 when inside; otherwise the great-circle distance to the country's border in km (not rounded).
    public var distanceKm: Double
}

/// Everything the loaded layers know about a point (`Geocoder.placemark`). A member is nil when it was
/// not asked for, its data file was not found (`Geocoder.notes` says so), or the data has no answer.
public struct PlacemarkResult: Sendable, Equatable {
    /// The country, as `Geocoder.reverse` answers.
    public var country: ReverseResult?
    /// The state, province or region containing the point, always of `country`.
    public var admin1: Placemark.Admin1?
    /// The ISO 3166-1 territory (French Guiana, Svalbard, …) that the country feature folds into its sovereign.
    public var territory: Placemark.Territory?
    /// The nearest populated place (GeoNames), preferring the country's own.
    public var locality: Locality?
    /// The IANA time zone ("Europe/Paris"), or a nautical `Etc/GMT±N` zone at sea.
    public var timezone: String?
}

/// One answer to a name search (`Geocoder.forward`): a country, a city or an admin-1 division, with the members
/// the `forwardGeocode` reply has for that kind.
public struct ForwardResult: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case country, city, admin1 }

    public var kind: Kind
    /// The place's name: a country's in the language asked for when the data has it, a city's as GeoNames spells it.
    public var name: String
    /// The name or code, as the data spells it, that the query matched.
    public var matched: String
    public var matchType: ForwardMatch.MatchType
    /// In (0, 1]; higher is better.
    public var score: Double
    public var iso2: String?
    public var iso3: String?
    public var adm0a3: String?
    /// The country's name (for a city, its country's), in the language asked for when known.
    public var country: String?
    /// A city's first-level division, when known; a division's own name.
    public var admin1: String?
    public var population: Int?
    /// A city's position, or a country's area-weighted centroid, or a point inside a division (its centroid when
    /// that is inside: `Division.centroid`).
    public var point: GeoPoint
    /// A city's GeoNames id.
    public var geonameid: Int?
    /// A country's label point (where a map writes its name), and a country's or division's bounding box
    /// (`minLon > maxLon` when it crosses the antimeridian, as Fiji's does).
    public var labelPoint: GeoPoint?
    public var bounds: GeoBox?
    /// A division's ISO 3166-2 code ("US-TX"), when the data has one.
    public var iso3166_2: String? = nil
    /// A division's kind as the data calls it ("State", "Province"), when known.
    public var type: String? = nil
}

/// What `Geocoder.forward` may return.
public struct ForwardKinds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let countries = ForwardKinds(rawValue: 1)
    public static let cities = ForwardKinds(rawValue: 2)
    /// First-level divisions (states, provinces, regions), from the admin-1 layer (none without it).
    public static let admin1 = ForwardKinds(rawValue: 4)
    /// Every kind, as `forwardGeocode`'s default `kinds`.
    public static let all: ForwardKinds = [.countries, .cities, .admin1]
}
