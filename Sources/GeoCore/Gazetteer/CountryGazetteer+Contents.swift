/// How much of each table a gazetteer holds, counted from the loaded tables (never typed in), for the
/// server's `serverInfo` method: a user can see at once that the cities or a layer are missing.
public struct GazetteerContents: Equatable, Sendable {
    /// Natural Earth admin-0 features.
    public var countries: Int
    /// GeoNames cities and towns (0 without `cities.tsv` or with `--no-places`).
    public var cities: Int
    /// GeoNames places of 1,000+ people the cities lack, for the placemark's locality (0 without
    /// `localities.tsv` or with `--no-places`).
    public var localities: Int = 0
    /// GeoNames admin-1 divisions forward search qualifies by (0 without `admin1.tsv`).
    public var admin1Divisions: Int
    /// Localized country names (CLDR), every language (0 without `country-names.tsv`).
    public var countryNames: Int
    /// The admin-1 layer divisions' names in other languages (`admin1-names.tsv`), and in how many
    /// languages (0 without the table or the admin-1 layer).
    public var admin1Translations: Int = 0
    public var admin1Languages: Int = 0
    /// The cities' names in other languages (`city-names.tsv`), in how many languages, for how many cities
    /// (0 without the table or the cities).
    public var cityTranslations: Int = 0
    public var cityLanguages: Int = 0
    public var citiesTranslated: Int = 0
    /// Areas of the admin-1 polygon layer; nil when the layer is not there.
    public var admin1Areas: Int?
    /// Areas of the time-zone layer; nil when the layer is not there.
    public var timezoneAreas: Int?
}

extension CountryGazetteer {
    /// Counted from every table: a lazily loaded gazetteer reads its other sections for this (once), or,
    /// when one is damaged, counts what it has.
    public var contents: GazetteerContents {
        if let whole = try? loading(.all) { return whole.gazetteer.contents }
        return GazetteerContents(countries: countries.count, cities: cityCount, localities: search.localities.count,
                          admin1Divisions: search.admin1.count,
                          countryNames: search.localized.entries.count,
                          admin1Translations: search.divisionLocalized.entries.count,
                          admin1Languages: search.divisionLocalized.languages.count,
                          cityTranslations: search.cityLocalized.entries.count,
                          cityLanguages: search.cityLocalized.languages.count,
                          citiesTranslated: search.citiesTranslated, admin1Areas: admin1Layer?.featureCount,
                          timezoneAreas: timezoneLayer?.featureCount)
    }
}
