/// How a reverse lookup found its country.
public enum MatchKind: Equatable, Sendable {
    /// The point lies inside the country or on its border.
    case inside
    /// The point lies in no country; this one's border is the nearest within the search radius.
    case nearest
}

/// The answer to a reverse lookup.
public struct ReverseMatch: Equatable, Sendable {
    /// Index into `CountryGazetteer.countries`.
    public var countryIndex: Int
    public var kind: MatchKind
    /// 0 when inside; otherwise the great-circle distance in km to the country's border.
    public var distanceKm: Double

    public init(countryIndex: Int, kind: MatchKind, distanceKm: Double) {
        self.countryIndex = countryIndex
        self.kind = kind
        self.distanceKm = distanceKm
    }
}

/// One answer to a name search: a country or a city.
public struct ForwardMatch: Equatable, Sendable {
    /// What the query matched; the tiers rank in this order (see `ForwardScore`).
    public enum MatchType: Equatable, Sendable {
        /// A name in any language, a city's name or alternate name, or a whole ISO/NE code (or flag).
        case exact
        /// A short, variant or curated alternative name of a country ("UK", "Burma", "Holland").
        case alias
        /// The query is the start of a name ("Switz").
        case prefix
        /// A name within a small edit distance of the query ("Germny").
        case fuzzy

        public var name: String {
            switch self {
            case .exact: return "exact"
            case .alias: return "alias"
            case .prefix: return "prefix"
            case .fuzzy: return "fuzzy"
            }
        }
    }

    /// Index into `CountryGazetteer.countries`: the country matched, or the country a city belongs to
    /// (nil when no Natural Earth feature has the city's country code).
    public var countryIndex: Int?
    /// Index of the city (`CountryGazetteer.city(_:)`); nil for a country or a division.
    public var cityIndex: Int?
    /// Index of the admin-1 division (`CountryGazetteer.division(_:)`); nil for a country or a city.
    public var divisionIndex: Int?
    /// In (0, 1]; see `ForwardScore` for the formula.
    public var score: Double
    /// The name or code, as the data spells it, that the query matched.
    public var matched: String
    public var matchType: MatchType

    public init(countryIndex: Int?, cityIndex: Int? = nil, divisionIndex: Int? = nil, score: Double, matched: String,
                matchType: MatchType = .exact) {
        self.countryIndex = countryIndex
        self.cityIndex = cityIndex
        self.divisionIndex = divisionIndex
        self.score = score
        self.matched = matched
        self.matchType = matchType
    }

    public var isCity: Bool { cityIndex != nil }
    public var isDivision: Bool { divisionIndex != nil }
}

/// An admin-1 division as forward search returns it (issue 15), decoded for showing.
public struct Division: Equatable, Sendable {
    /// The English name when the data has one, else the local name.
    public var name: String
    /// The ISO 3166-2 code ("US-TX"); nil where the data has none.
    public var iso3166_2: String?
    /// The kind of division as the data calls it ("State", "Province").
    public var type: String?
    /// Inside the division: its spherical centroid, or a point inside it when the centroid is not
    /// (`DivisionTable.placement`), to 1e-5 degree.
    public var centroid: GeoPoint
    /// The box covering it, rounded outwards to 1e-5 degree; minLon > maxLon across ±180°.
    public var bounds: GeoBox
}

/// What a forward search returns and how it shows names.
public struct ForwardOptions: Equatable, Sendable {
    /// The most results.
    public var limit: Int
    /// A BCP 47 tag, lower case (`de`, `pt-br`, `zh-hant`): country names are shown in this language when
    /// CLDR has them; nil for the Natural Earth English names.
    public var language: String?
    /// Upper-case ISO alpha-2 codes: only these countries, and cities in them; nil for all.
    public var countryCodes: [String]?
    /// Whether countries, cities and admin-1 divisions may be returned.
    public var countries: Bool
    public var cities: Bool
    public var admin1: Bool
    /// Which names may match: ISO codes only, names only, or both.
    public var match: ForwardMatchMode

    public init(limit: Int = 5, language: String? = nil, countryCodes: [String]? = nil, countries: Bool = true,
                cities: Bool = true, admin1: Bool = true, match: ForwardMatchMode = .any) {
        self.limit = limit
        self.language = language
        self.countryCodes = countryCodes
        self.countries = countries
        self.cities = cities
        self.admin1 = admin1
        self.match = match
    }
}

/// Which names a forward query may match. `code` is for columns of codes: a code that names nothing gives
/// nothing, never a country whose name happens to start with those letters.
public enum ForwardMatchMode: String, Equatable, Sendable, CaseIterable {
    /// ISO alpha-2, alpha-3 and numeric codes only, matched whole.
    case code
    /// Every name except codes.
    case name
    /// Codes and names (the default).
    case any
}

/// A city from GeoNames, decoded for showing.
public struct City: Equatable, Sendable {
    public var geonameid: Int
    public var name: String
    public var point: GeoPoint
    /// ISO alpha-2.
    public var iso2: String
    /// The admin-1 division's name, when known.
    public var admin1: String?
    public var population: Int
}
