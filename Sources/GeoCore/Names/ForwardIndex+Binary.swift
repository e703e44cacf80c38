/// The forward-search tables in the binary index, in dependency order (a table is checked against the
/// ones before it): labels, admin-1 divisions, cities, the places index over them, localized names, the admin-1 keys, the divisions, the name keys.
extension ForwardIndex {
    func write(to out: inout BinaryWriter) {
        labels.write(to: &out)
        admin1.write(to: &out)
        cities.write(to: &out)
        places.write(to: &out)
        localized.write(to: &out)
        admin1Names.write(to: &out)
        divisions.write(to: &out)
        names.write(to: &out)
    }

    /// Reads what `write(to:)` wrote. Every offset, count and reference is checked, so a damaged file is
    /// refused here and a query can never index outside a table. (Key order is not re-checked: the
    /// checksum covers it, and a wrong order could only give wrong answers, never a bad read.)
    /// - Throws: `BinaryFormatError.invalid` naming the table at fault, or `.truncated`.
    init(reading input: inout BinaryReader, countries: [Country]) throws(BinaryFormatError) {
        let texts = try StringPool(reading: &input, what: "labels")
        let admin1 = try Admin1Table(reading: &input, textCount: texts.count)
        let cities = try CityTable(reading: &input, admin1Count: admin1.count)
        let places = try PlaceIndex(reading: &input, cities: cities)
        let localized = try LocalizedNames(reading: &input, textCount: texts.count)
        let admin1Names = try KeyIndex(reading: &input, targets: { $0 == .admin1 ? admin1.count : 0 })
        let divisions = try DivisionTable(reading: &input, textCount: texts.count, countryCount: countries.count,
                                          admin1Count: admin1.count)
        let names = try KeyIndex(reading: &input, targets: { kind in
            kind == .admin1 ? 0 : (kind.isCity ? cities.count : (kind.isDivision ? divisions.count : countries.count))
        })
        try cities.checkNames(entryCount: names.count)
        self.init(names: names, admin1Names: admin1Names, labels: texts, cities: cities, places: places, admin1: admin1,
                  divisions: divisions, localized: localized, countries: countries)
    }
}

extension ForwardIndex {
    /// No names at all, for a gazetteer whose names section is not loaded yet: every table empty, nothing
    /// built (the placeholder costs nothing at start-up; `CountryGazetteer+Sections.swift`).
    static func placeholder(countries: [Country]) -> ForwardIndex {
        ForwardIndex(names: .empty, admin1Names: .empty, labels: StringPool(bytes: Table([]), starts: Table([0])),
                     cities: .empty, places: .empty, admin1: .empty, localized: .empty, countries: countries)
    }
}
