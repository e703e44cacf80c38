/// The forward-search tables in the binary index, in two sections and in dependency order (a table is
/// checked against the ones before it).
///
/// The places section (labels, admin-1 divisions, cities, localities, the places index over both) is all a placemark's
/// `locality` reads; the names section (localized names, the admin-1 keys, the divisions, the divisions' and
/// cities' localized names, the latter with their own texts, the name keys and their prefix blocks) is
/// what forward search adds. Kept apart so a server answering the default placemark reads, sums and keeps
/// 7 MB instead of 17.6 MB (issue 15: memory and time to the first whole placemark).
extension ForwardIndex {
    /// The places section's tables.
    func writePlaces(to out: inout BinaryWriter) {
        labels.write(to: &out)
        admin1.write(to: &out)
        cities.write(to: &out)
        localities.write(to: &out)
        places.write(to: &out)
    }

    /// The names section's tables.
    func writeNames(to out: inout BinaryWriter) {
        localized.write(to: &out)
        admin1Names.write(to: &out)
        divisions.write(to: &out)
        divisionLocalized.write(to: &out)
        cityLabels.write(to: &out)
        cityLocalized.write(to: &out)
        names.write(to: &out)
        prefixBlocks.write(to: &out)
    }

    /// Reads what `writePlaces(to:)` wrote: an index whose name tables are empty until `withNames(reading:)`
    /// adds them. Every offset, count and reference is checked, so a damaged file is refused here and a
    /// query can never index outside a table.
    /// - Throws: `BinaryFormatError.invalid` naming the table at fault, or `.truncated`.
    init(placesReading input: inout BinaryReader, countries: [Country]) throws(BinaryFormatError) {
        let texts = try StringPool(reading: &input, what: "labels")
        let admin1 = try Admin1Table(reading: &input, textCount: texts.count)
        let cities = try CityTable(reading: &input, admin1Count: admin1.count)
        let localities = try LocalityTable(readingLocalities: &input, admin1Count: admin1.count)
        let places = try PlaceIndex(reading: &input, cities: cities, localities: localities)
        self.init(names: .empty, admin1Names: .empty, labels: texts, cities: cities, localities: localities, places: places,
                  admin1: admin1, localized: .empty, countries: countries)
    }

    /// This index (read by `init(placesReading:countries:)`) with the names section's tables, which
    /// `writeNames(to:)` wrote, checked against the places tables. (Key order is not re-checked: the
    /// checksum covers it, and a wrong order could only give wrong answers, never a bad read.)
    /// - Throws: `BinaryFormatError.invalid` naming the table at fault, or `.truncated`.
    func withNames(reading input: inout BinaryReader, countries: [Country]) throws(BinaryFormatError) -> ForwardIndex {
        let localized = try LocalizedNames(reading: &input, textCount: labels.count)
        let admin1Names = try KeyIndex(reading: &input, targets: { [admin1] in $0 == .admin1 ? admin1.count : 0 })
        let divisions = try DivisionTable(reading: &input, textCount: labels.count, countryCount: countries.count,
                                          admin1Count: admin1.count)
        let divisionLocalized = try LocalizedNames(reading: &input, textCount: labels.count)
        for e in divisionLocalized.entries.buffer where Int(e >> 32) >= divisions.count {
            throw .invalid("division localized name")
        }
        let cityLabels = try StringPool(reading: &input, what: "city labels")
        let cityLocalized = try LocalizedNames(reading: &input, textCount: cityLabels.count)
        let cityCount = cities.count
        for e in cityLocalized.entries.buffer where Int(e >> 32) >= cityCount { throw .invalid("city localized name") }
        let names = try KeyIndex(reading: &input, targets: { kind in
            kind == .admin1 ? 0 : (kind.isCity ? cityCount : (kind.isDivision ? divisions.count : countries.count))
        })
        try cities.checkNames(entryCount: names.count)
        let prefixBlocks = try PrefixBlocks(reading: &input, nameCount: names.count)
        return ForwardIndex(names: names, admin1Names: admin1Names, labels: labels, cities: cities, localities: localities,
                            places: places, admin1: admin1, divisions: divisions, localized: localized,
                            divisionLocalized: divisionLocalized, cityLocalized: cityLocalized, cityLabels: cityLabels,
                            prefixBlocks: prefixBlocks, countries: countries)
    }
}

extension ForwardIndex {
    /// No names at all, for a gazetteer whose places and names sections are not loaded yet: every table
    /// empty, nothing built (the placeholder costs nothing at start-up; `CountryGazetteer+Sections.swift`).
    static func placeholder(countries: [Country]) -> ForwardIndex {
        ForwardIndex(names: .empty, admin1Names: .empty, labels: .empty,
                     cities: .empty, places: .empty, admin1: .empty, localized: .empty, countries: countries)
    }
}
