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
    /// Every text a result can show: matched names, city and division names, localized country names.
    let texts: StringPool
    let cities: CityTable
    let admin1: Admin1Table
    let localized: LocalizedNames

    /// Derived at load (not stored): each Natural Earth feature's packed ISO alpha-2, 0 when it has none.
    let countryCodes: [UInt16]
    /// Derived at load: the first feature with each packed alpha-2.
    let countryOfCode: [UInt16: Int]

    init(names: KeyIndex, admin1Names: KeyIndex, texts: StringPool, cities: CityTable, admin1: Admin1Table,
         localized: LocalizedNames, countries: [Country]) {
        self.names = names
        self.admin1Names = admin1Names
        self.texts = texts
        self.cities = cities
        self.admin1 = admin1
        self.localized = localized
        var codes: [UInt16] = []
        var byCode: [UInt16: Int] = [:]
        for (k, country) in countries.enumerated() {
            let code = country.iso2.flatMap(CountryCode.pack) ?? 0
            codes.append(code)
            if code != 0 && byCode[code] == nil { byCode[code] = k }
        }
        countryCodes = codes
        countryOfCode = byCode
    }

    /// Builds the index over the Natural Earth names of `countries` and, when given, the CLDR names,
    /// admin-1 divisions and cities of `data`.
    ///
    /// CLDR names attach to the first feature with the same ISO alpha-2 (codes without one are kept only for
    /// showing city countries in `lang`). Names with German umlauts are also indexed spelled out
    /// (`NameFolding.umlautKey`). A city whose admin-1 code is not in the admin-1 table has no division.
    /// - Complexity: O(n log n) in the number of names.
    init(countries: [Country], data: NameData?) {
        var texts = StringPoolBuilder()
        var names = KeyIndexBuilder()
        // Byte keys, not String keys: hashing a String would link Unicode tables into the wasm build.
        var textOf: [[UInt8]: UInt32] = [:]
        func text(_ value: String) -> UInt32 {
            let bytes = Array(value.utf8)
            if let known = textOf[bytes] { return known }
            let number = texts.append(value)
            textOf[bytes] = number
            return number
        }
        func add(_ value: String?, _ kind: NameKind, _ target: Int, to builder: inout KeyIndexBuilder) {
            guard let value else { return }
            let key = NameFolding.key(value)
            if key.isEmpty { return }
            let posting = Posting(kind: kind, target: target, text: text(value))
            builder.add(key, posting)
            if let spelled = NameFolding.umlautKey(value), spelled != key { builder.add(spelled, posting) }
        }
        var countryOfCode: [UInt16: Int] = [:]
        for (k, c) in countries.enumerated() {
            add(c.name, .countryName, k, to: &names)
            add(c.nameLong, .countryLongName, k, to: &names)
            add(c.formalName, .countryLongName, k, to: &names)
            for local in c.localNames { add(local.name, .countryLocalName, k, to: &names) }
            for alternate in c.alternateNames { add(alternate, .countryAlternate, k, to: &names) }
            for code in [c.iso2, c.iso3, c.isoNumeric, c.adm0a3] { add(code, .countryCode, k, to: &names) }
            if let code = c.iso2.flatMap(CountryCode.pack), countryOfCode[code] == nil { countryOfCode[code] = k }
        }
        var localized: [(language: [UInt8], code: UInt16, text: UInt32)] = []
        var admin1Names = KeyIndexBuilder()
        var admin1Country: [UInt16] = [], admin1Name: [UInt32] = []
        var cities = CityColumns()
        if let data {
            for row in data.countryNames {
                guard let code = CountryCode.pack(row.code) else { continue }
                if row.kind == .name {
                    localized.append((asciiLowercased(row.lang), code, text(row.name)))
                }
                guard let k = countryOfCode[code] else { continue }
                add(row.name, row.kind == .name ? .countryLocalName : .countryAlias, k, to: &names)
            }
            var admin1Of: [[UInt8]: Int] = [:]
            for row in data.admin1 where admin1Country.count < Posting.maxTargets - 1 {
                guard let code = CountryCode.pack(row.country) else { continue }
                let k = admin1Country.count
                admin1Country.append(code)
                admin1Name.append(text(row.name))
                admin1Of[Array((row.country + "." + row.code).utf8)] = k
                add(row.name, .admin1, k, to: &admin1Names)
                // Numeric codes ("08" for Ontario) are GeoNames internals, not what people type.
                if row.code.utf8.contains(where: { $0 >= 0x41 }) { add(row.code, .admin1, k, to: &admin1Names) }
                for alternate in row.alternates { add(alternate, .admin1, k, to: &admin1Names) }
            }
            for row in data.cities where cities.count < Posting.maxTargets - 1 {
                guard let code = CountryCode.pack(row.country) else { continue }
                let k = cities.count
                let nameText = texts.append(row.name)
                cities.append(row, code: code, admin1: admin1Of[Array((row.country + "." + row.admin1).utf8)] ?? -1, name: nameText)
                // One posting per distinct key: alternates that fold like an earlier name add nothing.
                var seen: [[UInt8]] = []
                func addCity(_ value: String, _ kind: NameKind, _ number: UInt32?) {
                    let key = NameFolding.key(value)
                    if key.isEmpty || seen.contains(key) { return }
                    seen.append(key)
                    let posting = Posting(kind: kind, target: k, text: number ?? texts.append(value))
                    names.add(key, posting)
                    if let spelled = NameFolding.umlautKey(value), !seen.contains(spelled) {
                        seen.append(spelled)
                        names.add(spelled, posting)
                    }
                }
                addCity(row.name, .cityName, nameText)
                for alternate in row.alternates { addCity(alternate, .cityAlternate, nil) }
            }
        }
        self.init(names: names.build(), admin1Names: admin1Names.build(), texts: texts.build(),
                  cities: cities.build(), admin1: Admin1Table(country: Table(admin1Country), name: Table(admin1Name)),
                  localized: LocalizedNames(localized), countries: countries)
    }
}

/// The cities' columns while they are collected.
private struct CityColumns {
    var lat: [Double] = [], lon: [Double] = [], population: [UInt32] = [], geonameid: [UInt32] = []
    var country: [UInt16] = [], admin1: [Int32] = [], name: [UInt32] = []

    var count: Int { lat.count }

    mutating func append(_ row: CityRow, code: UInt16, admin1 division: Int, name text: UInt32) {
        lat.append(row.lat)
        lon.append(row.lon)
        population.append(row.population)
        geonameid.append(row.geonameid)
        country.append(code)
        admin1.append(Int32(division))
        name.append(text)
    }

    func build() -> CityTable {
        CityTable(lat: Table(lat), lon: Table(lon), population: Table(population), geonameid: Table(geonameid),
                  country: Table(country), admin1: Table(admin1), name: Table(name))
    }
}

/// `text`'s bytes with A–Z lowered (language tags are ASCII).
func asciiLowercased(_ text: String) -> [UInt8] {
    text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
}
