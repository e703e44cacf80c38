/// Everything forward search needs, built once at load: the name index over countries and cities, the
/// admin-1 qualifier index, the cities, and the countries' names per language.
///
/// All of it is flat tables (`Table`, `StringPool`), so it is written into the binary index and served
/// from the mapped file like the spatial index; a query allocates only its small result.
struct ForwardIndex: Sendable {
    /// Folded names of countries (every kind) and cities (name and alternates).
    let names: KeyIndex
    /// Folded names, codes and alternates of admin-1 divisions, for qualifiers ("Paris, Texas").
    let admin1Names: KeyIndex
    /// The names results show besides the matched one: city and division names, localized country names.
    let labels: StringPool
    let cities: CityTable
    /// The smaller places a placemark's locality also reads (`localities.tsv`); not searched by name.
    let localities: LocalityTable
    /// The cities and then the localities as one point layer: the nearest place to a point
    /// (`CountryGazetteer.locality`). Place `i` is city `i` below `cities.count`, else a locality.
    let places: PlaceIndex
    let admin1: Admin1Table
    /// The admin-1 divisions forward search returns (from the admin-1 layer; empty without it).
    let divisions: DivisionTable
    let localized: LocalizedNames
    /// The divisions' names per language (`Data/admin1-names.tsv`), numbered by division, for `lang`.
    let divisionLocalized: LocalizedNames
    /// The cities' names per language (`Data/city-names.tsv`), numbered by city, for `lang`; their texts
    /// are numbers in `cityLabels`, not in `labels`.
    let cityLocalized: LocalizedNames
    /// The texts of `cityLocalized`: 146,000 names kept in the names section with the table that reads
    /// them, not in `labels` (the places section), which every first whole placemark reads and keeps.
    let cityLabels: StringPool
    /// Derived at load: how many cities `cityLocalized` names. Counted once here, not per `serverInfo` or
    /// `rpc.discover` (a batch of 10,000 of those counted 146,000 entries each: 40 s of CPU).
    let citiesTranslated: Int

    /// Per 64 names, the best prefix score any could reach, so a short prefix's scan passes the blocks
    /// that cannot rank (`PrefixBlocks`); stored with the names.
    /// `var` only so a test can compare the scan without it.
    var prefixBlocks: PrefixBlocks

    /// Derived at load (not stored): each Natural Earth feature's packed ISO alpha-2, 0 when it has none.
    let countryCodes: [UInt16]
    /// Derived at load: the first feature with each packed alpha-2.
    let countryOfCode: [UInt16: Int]

    /// Alpha-3 codes in common use for a country ISO 3166-1 has not coded, by its alpha-2 code: Kosovo's
    /// "XKX" (user-assigned, as "XK"; the European Commission and Natural Earth's users write it), where
    /// the country data has no alpha-3.
    static let userAssignedAlpha3: [String: String] = ["XK": "XKX"]
    /// Derived at load: for each GeoNames division (`admin1`), the first division of the admin-1 layer
    /// joined to it (`DivisionTable.geonames`), or -1: a city's `admin1` in the caller's language.
    let divisionOfAdmin1: [Int32]

    init(names: KeyIndex, admin1Names: KeyIndex, labels: StringPool, cities: CityTable, localities: LocalityTable = .empty,
         places: PlaceIndex, admin1: Admin1Table, divisions: DivisionTable = .empty, localized: LocalizedNames,
         divisionLocalized: LocalizedNames = .empty, cityLocalized: LocalizedNames = .empty,
         cityLabels: StringPool = .empty, prefixBlocks: PrefixBlocks? = nil, countries: [Country]) {
        self.names = names
        self.divisions = divisions
        self.admin1Names = admin1Names
        self.labels = labels
        self.cities = cities
        self.localities = localities
        self.places = places
        self.admin1 = admin1
        self.localized = localized
        self.divisionLocalized = divisionLocalized
        self.cityLocalized = cityLocalized
        self.cityLabels = cityLabels
        citiesTranslated = cityLocalized.distinctCodes(below: cities.count)
        // Read from the index file, else built: as the prefix scan admits a city name, with no exact-name
        // weight and an alternate name at a hundredth.
        self.prefixBlocks = prefixBlocks ?? PrefixBlocks(names: names, cityScored: { target, kind in
            target < cities.count
                ? Self.scoredPopulation(in: cities, city: target, byName: false, otherName: kind == .cityAlternate)
                : nil
        })
        var divisionOfAdmin1 = [Int32](repeating: -1, count: admin1.count)
        for d in 0..<divisions.count {
            let a = Int(divisions.geonames[d])
            if a >= 0 && a < divisionOfAdmin1.count && divisionOfAdmin1[a] < 0 { divisionOfAdmin1[a] = Int32(d) }
        }
        self.divisionOfAdmin1 = divisionOfAdmin1
        countryCodes = countries.map { $0.iso2.flatMap(CountryCode.pack) ?? 0 }
        countryOfCode = Self.primaryFeatures(countries)
    }

    /// The population city `target`'s score uses: its own, times `ForwardScore.capitalExactWeight` for a
    /// capital matched exactly by its own name (`byName`; at least `capitalNameFloor`), else times 10 for a
    /// capital (at least `capitalFloor`), then a hundredth for a name that is not its own (`otherName`).
    ///
    /// The capital's weight is for the capital's own name, not for another name it also carries
    /// ("Victoria" of Hong Kong: the Seychelles' capital comes first), nor for a spelling of it that is
    /// another place's own name ("Delhi", an alternate of Dili).
    static func scoredPopulation(in cities: CityTable, city target: Int, byName: Bool, otherName: Bool) -> UInt32 {
        var scored = UInt64(cities.places.population[target])
        if target < cities.capital.count && cities.capital[target] != 0 {
            scored = max(scored * (byName ? ForwardScore.capitalExactWeight : 10),
                         byName ? ForwardScore.capitalNameFloor : ForwardScore.capitalFloor)
        }
        if otherName { scored /= 100 }
        return UInt32(min(scored, UInt64(UInt32.max)))
    }

    /// Place `i`'s columns (a city's or a locality's, see `places`): the row of a placemark's locality.
    func place(_ i: Int) -> (geonameid: UInt32, population: UInt32, country: UInt16, admin1: Int16, point: GeoPoint) {
        let n = cities.count
        if i < n { return (cities.places.geonameid[i], cities.places.population[i], cities.places.country[i], cities.places.admin1[i], cities.point(i)) }
        let k = i - n
        return (localities.geonameid[k], localities.population[k], localities.country[k], localities.admin1[k],
                localities.point(k))
    }

    /// Place `i`'s packed country code (see `place`).
    @inline(__always)
    func placeCountry(_ i: Int) -> UInt16 {
        let n = cities.count
        return i < n ? cities.places.country[i] : localities.country[i - n]
    }

    /// Division `d`'s country feature; nil when it has none (or `d` is out of range).
    func divisionCountry(_ d: Int) -> Int? {
        guard d >= 0 && d < divisions.count else { return nil }
        let c = Int(divisions.country[d])
        return c >= 0 ? c : nil
    }

    /// For each ISO alpha-2, the feature that stands for the country: several Natural Earth features can
    /// share a code (France and Clipperton Island are both FR), and the one whose ADM0_A3 is the ISO alpha-3
    /// (FRA) is the country itself; failing that, the most populous, then the first.
    static func primaryFeatures(_ countries: [Country]) -> [UInt16: Int] {
        var byCode: [UInt16: Int] = [:]
        for (k, country) in countries.enumerated() {
            guard let code = country.iso2.flatMap(CountryCode.pack) else { continue }
            guard let current = byCode[code] else {
                byCode[code] = k
                continue
            }
            func rank(_ c: Country) -> (Int, Int) { (c.adm0a3 == c.iso3 ? 1 : 0, c.population ?? 0) }
            if rank(country) > rank(countries[current]) { byCode[code] = k }
        }
        return byCode
    }

    /// Builds the index over the Natural Earth names of `countries` and, when given, the CLDR names,
    /// admin-1 divisions and cities of `data`.
    ///
    /// CLDR names attach to the first feature with the same ISO alpha-2 (codes without one are kept only for
    /// showing city countries in `lang`). Names with German umlauts or apostrophes are also indexed
    /// under their spelled key (`NameFolding.spelledKey`: "oesterreich", "ozbekiston"). A city whose admin-1 code is not in the admin-1 table has no division.
    /// The admin-1 layer of `layers`, when present, adds its divisions as results (`DivisionTable.build`).
    /// - Complexity: O(n log n) in the number of names.
    /// - Parameter data: consumed: the rows of the cities, localities and city names are let go once read,
    ///   before the name index is built, which keeps a first start's peak memory down (when the caller
    ///   holds no other copy, as `GazetteerLoader` does not).
    init(countries: [Country], data: consuming NameData?, layers: PlacemarkLayers = PlacemarkLayers()) {
        var data = data
        var labels = StringPoolBuilder()
        var names = KeyIndexBuilder()
        // Byte keys, not String keys: hashing a String would link Unicode tables into the wasm build.
        var labelOf: [[UInt8]: UInt32] = [:]
        func label(_ value: String) -> UInt32 {
            let bytes = Array(value.utf8)
            if let known = labelOf[bytes] { return known }
            let number = labels.append(value)
            labelOf[bytes] = number
            return number
        }
        func newLabel(_ value: String) -> UInt32 { labels.append(value) }
        let countryOfCode = Self.primaryFeatures(countries)
        for (k, c) in countries.enumerated() {
            names.add(c.name, .countryName, k)
            for long in [c.nameLong, c.formalName] { if let long { names.add(long, .countryLongName, k) } }
            for local in c.localNames { names.add(local.name, .countryLocalName, k) }
            for alternate in c.alternateNames { names.add(alternate, .countryAlternate, k) }
            for code in [c.iso2, c.iso3, c.isoNumeric, c.adm0a3] { if let code { names.add(code, .countryCode, k) } }
            if c.iso3 == nil, let iso2 = c.iso2, let code = Self.userAssignedAlpha3[iso2] { names.add(code, .countryCode, k) }
        }
        var localized: [(language: [UInt8], code: UInt32, text: UInt32)] = []
        var admin1Names = KeyIndexBuilder()
        var admin1Country: [UInt16] = [], admin1Name: [UInt32] = []
        var cities = CityColumns()
        var localities = CityColumns()
        var cityNumber: [UInt32: UInt32] = [:]
        var cityLocalized: [(language: [UInt8], code: UInt32, text: UInt32)] = []
        var cityLabels = StringPoolBuilder()
        var localityNames: [String] = []
        var admin1Of: [[UInt8]: Int] = [:]
        if let rows = data {
            for row in rows.countryNames {
                guard let code = CountryCode.pack(row.code) else { continue }
                if row.kind == .name { localized.append((asciiLowercased(row.lang), UInt32(code), label(row.name))) }
                guard let k = countryOfCode[code] else { continue }
                // CLDR names and ISO names and official names are the country's own names: exact matches.
                let exact = row.kind == .name || row.kind == .iso || row.kind == .official
                names.add(row.name, exact ? .countryLocalName : .countryAlias, k)
            }
            for row in rows.admin1 where admin1Country.count < CityTable.maxAdmin1 {
                guard let code = CountryCode.pack(row.country) else { continue }
                let k = admin1Country.count
                admin1Country.append(code)
                admin1Name.append(label(row.name))
                admin1Of[Array((row.country + "." + row.code).utf8)] = k
                admin1Names.add(row.name, .admin1, k)
                // Numeric codes ("08" for Ontario) are GeoNames internals, not what people type.
                if row.code.utf8.contains(where: { $0 >= 0x41 }) { admin1Names.add(row.code, .admin1, k) }
                for alternate in row.alternates { admin1Names.add(alternate, .admin1, k) }
            }
            for row in rows.cities where cities.count < Posting.maxTargets - 1 {
                guard let code = CountryCode.pack(row.country) else { continue }
                let k = cities.count
                cityNumber[row.geonameid] = UInt32(k)
                cities.append(row, code: code, admin1: admin1Of[Array((row.country + "." + row.admin1).utf8)] ?? -1)
                names.add(row.name, .cityName, k)
                for alternate in row.alternates { names.add(alternate, .cityAlternate, k) }
            }
            // One array per language tag, shared by its rows (not one allocation per row).
            var languages: [[UInt8]: [UInt8]] = [:]
            for row in rows.cityNames {
                guard let k = cityNumber[row.geonameid] else { continue }
                let tag = asciiLowercased(row.lang)
                let language = languages[tag] ?? tag
                if languages[tag] == nil { languages[tag] = tag }
                // In their own pool, without looking for an equal text: 146,000 names, and a look-up table
                // over them would raise a first start's peak memory (as the divisions' translations did).
                cityLocalized.append((language, k, cityLabels.append(row.name)))
            }
            for row in rows.localities where cities.count + localities.count < PlaceIndex.maxPlaces {
                guard let code = CountryCode.pack(row.country) else { continue }
                localities.append(row, code: code, admin1: admin1Of[Array((row.country + "." + row.admin1).utf8)] ?? -1)
                localityNames.append(row.name)
            }
        }
        // Read: let the largest row tables go before the name index is built (the peak of a first start).
        data?.cities = []
        data?.localities = []
        data?.cityNames = []
        let admin1Number = admin1Of
        var divisionLocalized: [(language: [UInt8], code: UInt32, text: UInt32)] = []
        let divisions = DivisionTable.build(layers, countries: countries, geonames: data?.admin1 ?? [],
                                            number: admin1Number, translations: data?.admin1Names ?? [], label: label,
                                            newLabel: newLabel, names: &names, localized: &divisionLocalized)
        let nameIndex = names.build()
        // Each city's name is the text of its own cityName entry (added first, so never dropped as a repeat).
        var nameEntry = [UInt32](repeating: 0, count: cities.count)
        for i in 0..<nameIndex.count {
            let posting = nameIndex.posting(i)
            if posting.kind == .cityName && !posting.spelled { nameEntry[posting.target] = UInt32(i) }
        }
        let cityTable = cities.build(names: nameEntry)
        let localityTable = localities.placeColumns()
        // One places index over both tables, cities first: built once, whatever the tables' sizes.
        let placeNames = nameEntry.map { nameIndex.text(Int($0)) } + localityNames
        let places = PlaceIndex(points: (0..<cityTable.count).map(cityTable.point) + (0..<localityTable.count).map(localityTable.point),
                                population: Array(cityTable.places.population) + Array(localityTable.population), names: placeNames)
        self.init(names: nameIndex, admin1Names: admin1Names.build(), labels: labels.build(),
                  cities: cityTable, localities: localityTable, places: places,
                  admin1: Admin1Table(country: Table(admin1Country), name: Table(admin1Name)), divisions: divisions,
                  localized: LocalizedNames(localized), divisionLocalized: LocalizedNames(divisionLocalized),
                  cityLocalized: LocalizedNames(cityLocalized), cityLabels: cityLabels.build(),
                  countries: countries)
    }
}

/// The cities' columns while they are collected.
private struct CityColumns {
    var lat: [Int32] = [], lon: [Int32] = [], population: [UInt32] = [], geonameid: [UInt32] = []
    var country: [UInt16] = [], admin1: [Int16] = [], capital: [UInt8] = []

    var count: Int { lat.count }

    mutating func append(_ row: CityRow, code: UInt16, admin1 division: Int) {
        lat.append(Int32((row.lat * CityTable.coordinateScale).rounded()))
        lon.append(Int32((row.lon * CityTable.coordinateScale).rounded()))
        population.append(row.population)
        geonameid.append(row.geonameid)
        country.append(code)
        admin1.append(Int16(division))
        capital.append(row.capital ? 1 : 0)
    }

    func placeColumns() -> PlaceColumns {
        PlaceColumns(lat: Table(lat), lon: Table(lon), population: Table(population), geonameid: Table(geonameid),
                     country: Table(country), admin1: Table(admin1))
    }

    func build(names: [UInt32]) -> CityTable {
        CityTable(places: placeColumns(), name: Table(names), capital: Table(capital))
    }
}

/// `text`'s bytes with A–Z lowered (language tags are ASCII).
func asciiLowercased(_ text: String) -> [UInt8] {
    text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
}
