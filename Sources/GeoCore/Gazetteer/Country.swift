/// One Natural Earth admin-0 feature: a country, dependency, or disputed or lease area.
public struct Country: Sendable, Equatable {
    /// ADM0_A3: the only key that is unique across the dataset.
    public var adm0a3: String
    /// ISO 3166-1 alpha-2 (from ISO_A2_EH); nil where the area has no ISO code (e.g. Akrotiri, Bir Tawil).
    public var iso2: String?
    /// ISO 3166-1 alpha-3 (from ISO_A3_EH); nil where the area has none.
    public var iso3: String?
    /// ISO 3166-1 numeric, as the three-digit string (from ISO_N3_EH); nil where none.
    public var isoNumeric: String?
    /// English short name (NAME).
    public var name: String
    public var nameLong: String?
    public var formalName: String?
    public var sovereign: String?
    public var sovereignA3: String?
    /// Natural Earth TYPE: "Sovereign country", "Country", "Dependency", "Disputed", "Lease", "Indeterminate".
    public var type: String?
    public var continent: String?
    public var regionUN: String?
    public var subregion: String?
    public var wikidataID: String?
    /// Natural Earth's hand-placed label point (LABEL_Y, LABEL_X), when given.
    public var labelPoint: GeoPoint?
    /// Natural Earth POP_EST, when given: shown by forward search and used to break its ties.
    public var population: Int?
    /// Localised names from the NAME_xx fields: (language code in lower case, name).
    public var localNames: [LocalName]
    /// Other English names the data gives (NAME_ALT, ADMIN where it differs from NAME).
    public var alternateNames: [String]
    /// The country's area.
    public var geometry: MultiPolygon

    public struct LocalName: Sendable, Equatable {
        public var language: String
        public var name: String
        public init(language: String, name: String) {
            self.language = language
            self.name = name
        }
    }

    public init(adm0a3: String, iso2: String? = nil, iso3: String? = nil, isoNumeric: String? = nil,
                name: String, nameLong: String? = nil, formalName: String? = nil,
                sovereign: String? = nil, sovereignA3: String? = nil, type: String? = nil,
                continent: String? = nil, regionUN: String? = nil, subregion: String? = nil,
                wikidataID: String? = nil, labelPoint: GeoPoint? = nil, population: Int? = nil,
                localNames: [LocalName] = [], alternateNames: [String] = [], geometry: MultiPolygon) {
        self.adm0a3 = adm0a3
        self.iso2 = iso2
        self.iso3 = iso3
        self.isoNumeric = isoNumeric
        self.name = name
        self.nameLong = nameLong
        self.formalName = formalName
        self.sovereign = sovereign
        self.sovereignA3 = sovereignA3
        self.type = type
        self.continent = continent
        self.regionUN = regionUN
        self.subregion = subregion
        self.wikidataID = wikidataID
        self.labelPoint = labelPoint
        self.population = population
        self.localNames = localNames
        self.alternateNames = alternateNames
        self.geometry = geometry
    }
}
