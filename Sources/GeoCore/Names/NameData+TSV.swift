/// Parsers for the three name tables: UTF-8, LF (or CRLF) line ends, TAB-separated, a fixed header line.
///
/// Bytes in, rows out; the first bad line stops parsing with a `NameDataError` naming the file and line,
/// so a hand-edited file is fixed at the right place instead of half-loaded.
extension NameData {
    public static let countryNamesHeader = "code\tlang\tkind\tname"
    public static let admin1Header = "country\tcode\tname\talternates"
    public static let admin1NamesHeader = "code\tlang\tname"
    public static let cityNamesHeader = "geonameid\tlang\tname"
    public static let citiesHeader = "geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\talternatenames\tcapital"
    /// The header of `cities.tsv` before the `capital` column: such a file still loads, with no capitals.
    public static let citiesHeaderWithoutCapital = "geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\talternatenames"

    /// The header of `localities.tsv`: the columns of `cities.tsv` a locality shows.
    public static let localitiesHeader = "geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation"

    /// Parses all three files.
    /// - Throws: the first `NameDataError` in any of them.
    public static func parse(countryNames: [UInt8], admin1: [UInt8], cities: [UInt8]) throws(NameDataError) -> NameData {
        NameData(countryNames: try parseCountryNames(countryNames), admin1: try parseAdmin1(admin1),
                 cities: try parseCities(cities))
    }

    /// `country-names.tsv` (CLDR) or `iso-country-names.tsv` (iso-codes), both `code lang kind name`; `file`
    /// names the table in errors.
    /// - Throws: `NameDataError` for a wrong header, field count, code, kind, empty name or bad UTF-8.
    public static func parseCountryNames(_ bytes: [UInt8],
                                         file: NameDataError.File = .countryNames) throws(NameDataError) -> [CountryNameRow] {
        var rows: [CountryNameRow] = []
        try forEachRow(bytes, file: file, header: countryNamesHeader) { (fields, line) throws(NameDataError) in
            let fail = { (problem: NameDataError.Problem) in NameDataError(file: file, line: line, problem: problem) }
            let code = fields[0]
            guard isCountryCode(code) else { throw fail(.countryCode(column: "code")) }
            guard !fields[1].isEmpty else { throw fail(.emptyField(column: "lang")) }
            guard !fields[3].isEmpty else { throw fail(.emptyField(column: "name")) }
            let kind: CountryNameRow.Kind
            switch fields[2] {
            case "name": kind = .name
            case "short": kind = .short
            case "variant": kind = .variant
            case "alias": kind = .alias
            case "iso": kind = .iso
            case "official": kind = .official
            default: throw fail(.kind)
            }
            rows.append(CountryNameRow(code: code, lang: fields[1], kind: kind, name: fields[3]))
        }
        return rows
    }

    /// `admin1.tsv`: `country code name alternates` (alternates `|`-separated, may be empty).
    /// - Throws: `NameDataError` for a wrong header, field count, country code, empty code or name, bad UTF-8.
    public static func parseAdmin1(_ bytes: [UInt8]) throws(NameDataError) -> [Admin1Row] {
        var rows: [Admin1Row] = []
        try forEachRow(bytes, file: .admin1, header: admin1Header) { (fields, line) throws(NameDataError) in
            let fail = { (problem: NameDataError.Problem) in NameDataError(file: .admin1, line: line, problem: problem) }
            guard isCountryCode(fields[0]) else { throw fail(.countryCode(column: "country")) }
            guard !fields[1].isEmpty else { throw fail(.emptyField(column: "code")) }
            guard !fields[2].isEmpty else { throw fail(.emptyField(column: "name")) }
            rows.append(Admin1Row(country: fields[0], code: fields[1], name: fields[2], alternates: splitBars(fields[3])))
        }
        return rows
    }

    /// `admin1-names.tsv`: `code lang name` (an ISO 3166-2 code, a language tag, the name in it).
    /// - Throws: `NameDataError` for a wrong header or field count, a code that is not ISO 3166-2 (two letters
    ///   A–Z, `-`, one to three letters A–Z or digits), an empty language or name, or bad UTF-8.
    public static func parseAdmin1Names(_ bytes: [UInt8]) throws(NameDataError) -> [Admin1NameRow] {
        var rows: [Admin1NameRow] = []
        try forEachRow(bytes, file: .admin1Names, header: admin1NamesHeader) { (fields, line) throws(NameDataError) in
            let fail = { (problem: NameDataError.Problem) in NameDataError(file: .admin1Names, line: line, problem: problem) }
            guard isSubdivisionCode(fields[0]) else { throw fail(.subdivisionCode(column: "code")) }
            guard !fields[1].isEmpty else { throw fail(.emptyField(column: "lang")) }
            guard !fields[2].isEmpty else { throw fail(.emptyField(column: "name")) }
            rows.append(Admin1NameRow(code: fields[0], lang: fields[1], name: fields[2]))
        }
        return rows
    }

    /// `city-names.tsv`: `geonameid lang name`.
    /// - Throws: `NameDataError` for a wrong header or field count, a geonameid that is not a whole number
    ///   below 2^32, an empty language or name, or bad UTF-8.
    public static func parseCityNames(_ bytes: [UInt8]) throws(NameDataError) -> [CityNameRow] {
        var rows: [CityNameRow] = []
        try forEachRow(bytes, file: .cityNames, header: cityNamesHeader) { (fields, line) throws(NameDataError) in
            let fail = { (problem: NameDataError.Problem) in NameDataError(file: .cityNames, line: line, problem: problem) }
            guard let id = wholeNumber(fields[0]) else { throw fail(.number(column: "geonameid")) }
            guard !fields[1].isEmpty else { throw fail(.emptyField(column: "lang")) }
            guard !fields[2].isEmpty else { throw fail(.emptyField(column: "name")) }
            rows.append(CityNameRow(geonameid: id, lang: fields[1], name: fields[2]))
        }
        return rows
    }

    /// `cities.tsv`: `geonameid name lat lon country admin1 population alternatenames capital` (`capital`
    /// is "1" for a national capital, else empty; a file without the column has no capitals).
    /// - Throws: `NameDataError` for a wrong header or field count, a bad number (latitude outside ±90,
    ///   longitude outside ±180, a population or id that is not a whole number below 2^32), a bad country
    ///   code, an empty name, or bad UTF-8.
    public static func parseCities(_ bytes: [UInt8]) throws(NameDataError) -> [CityRow] {
        var rows: [CityRow] = []
        let old = Array(citiesHeaderWithoutCapital.utf8)
        let hasCapital = !(bytes.starts(with: old) && (bytes.count == old.count || bytes[old.count] == 0x0A || bytes[old.count] == 0x0D))
        try forEachRow(bytes, file: .cities, header: hasCapital ? citiesHeader : citiesHeaderWithoutCapital) {
            (fields, line) throws(NameDataError) in
            var row = try placeRow(fields, file: .cities, line: line)
            let capital = hasCapital ? fields[8] : ""
            guard capital.isEmpty || capital == "1" else {
                throw NameDataError(file: .cities, line: line, problem: .number(column: "capital"))
            }
            row.alternates = splitBars(fields[7])
            row.capital = capital == "1"
            rows.append(row)
        }
        return rows
    }

    /// `localities.tsv`: `geonameid name lat lon country admin1 population`, checked as `cities.tsv` is.
    /// - Throws: `NameDataError` (file `.localities`) for the same faults as `parseCities`.
    public static func parseLocalities(_ bytes: [UInt8]) throws(NameDataError) -> [CityRow] {
        var rows: [CityRow] = []
        // Exactly one row a line: 100,000 rows grown by doubling would hold up to twice their bytes while a
        // first start builds the index, and its peak memory is bounded (scripts/attack check 7).
        rows.reserveCapacity(bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 })
        try forEachRow(bytes, file: .localities, header: localitiesHeader) { (fields, line) throws(NameDataError) in
            rows.append(try placeRow(fields, file: .localities, line: line))
        }
        return rows
    }

    /// The seven columns `cities.tsv` and `localities.tsv` share (`geonameid name lat lon country admin1
    /// population`), checked once for both files so a rule for a place (a latitude's range, a country
    /// code's form) cannot drift between them.
    /// - Throws: `NameDataError` naming `file`, `line` and the first column at fault.
    static func placeRow(_ fields: [String], file: NameDataError.File, line: Int) throws(NameDataError) -> CityRow {
        let fail = { (problem: NameDataError.Problem) in NameDataError(file: file, line: line, problem: problem) }
        guard let id = wholeNumber(fields[0]) else { throw fail(.number(column: "geonameid")) }
        guard !fields[1].isEmpty else { throw fail(.emptyField(column: "name")) }
        guard let lat = decimal(fields[2]), lat >= -90, lat <= 90 else { throw fail(.number(column: "lat")) }
        guard let lon = decimal(fields[3]), lon >= -180, lon <= 180 else { throw fail(.number(column: "lon")) }
        guard isCountryCode(fields[4]) else { throw fail(.countryCode(column: "country")) }
        guard let population = wholeNumber(fields[6]) else { throw fail(.number(column: "population")) }
        return CityRow(geonameid: id, name: fields[1], lat: lat, lon: lon, country: fields[4], admin1: fields[5],
                       population: population)
    }

    /// Calls `body` with each data line's fields (the header's count of them) and its 1-based number.
    static func forEachRow(_ bytes: [UInt8], file: NameDataError.File, header: String,
                           _ body: ([String], Int) throws(NameDataError) -> Void) throws(NameDataError) {
        let expected = header.utf8.reduce(1) { $1 == 0x09 ? $0 + 1 : $0 }
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            let next = end + 1
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            lineNumber += 1
            let line = bytes[start..<end]
            start = next
            guard isValidUTF8(line) else { throw NameDataError(file: file, line: lineNumber, problem: .invalidUTF8) }
            if lineNumber == 1 {
                guard line.elementsEqual(header.utf8) else {
                    throw NameDataError(file: file, line: 1, problem: .header(expected: header))
                }
                continue
            }
            if line.isEmpty { continue }
            var fields: [String] = []
            fields.reserveCapacity(expected)
            var fieldStart = line.startIndex
            for k in line.indices where line[k] == 0x09 {
                fields.append(String(decoding: line[fieldStart..<k], as: UTF8.self))
                fieldStart = k + 1
            }
            fields.append(String(decoding: line[fieldStart...], as: UTF8.self))
            guard fields.count == expected else {
                throw NameDataError(file: file, line: lineNumber, problem: .fieldCount(expected: expected, found: fields.count))
            }
            try body(fields, lineNumber)
        }
        if lineNumber == 0 { throw NameDataError(file: file, line: 1, problem: .header(expected: header)) }
    }

    static func isCountryCode(_ text: String) -> Bool {
        let utf8 = text.utf8
        return utf8.count == 2 && utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
    }

    /// An ISO 3166-2 code: the country's alpha-2, `-`, one to three letters A–Z or digits ("US-TX", "FR-971").
    static func isSubdivisionCode(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 4, utf8.count <= 6, utf8[2] == 0x2D else { return false }
        let upper = { (b: UInt8) in b >= 0x41 && b <= 0x5A }
        return upper(utf8[0]) && upper(utf8[1]) && utf8[3...].allSatisfy { upper($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    static func splitBars(_ text: String) -> [String] {
        if text.isEmpty { return [] }
        return text.utf8.split(separator: 0x7C).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A whole number of 1 to 10 digits below 2^32.
    static func wholeNumber(_ text: String) -> UInt32? {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count <= 10 else { return nil }
        var value: UInt64 = 0
        for byte in utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + UInt64(byte - 0x30)
        }
        return value <= UInt64(UInt32.max) ? UInt32(value) : nil
    }

    /// A decimal number in JSON's syntax ("48.85341", "-0.5"), correctly rounded by the JSON reader.
    static func decimal(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.count <= 40 else { return nil }
        let parsed: JSONValue
        do throws(JSONError) {
            parsed = try JSONReader.parse(Array(text.utf8))
        } catch {
            return nil
        }
        guard case .number(let number) = parsed, number.value.isFinite else { return nil }
        return number.value
    }

    /// Well-formed UTF-8 (no overlong forms, surrogates or values above U+10FFFF).
    static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let count: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: count = 1
            case 0xE0: count = 2; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: count = 2
            case 0xED: count = 2; high = 0x9F
            case 0xF0: count = 3; low = 0x90
            case 0xF1...0xF3: count = 3
            case 0xF4: count = 3; high = 0x8F
            default: return false
            }
            guard end - i > count else { return false }
            let second = bytes[i + 1]
            guard second >= low, second <= high else { return false }
            for k in 2..<(count + 1) where bytes[i + k] < 0x80 || bytes[i + k] > 0xBF { return false }
            i += count + 1
        }
        return true
    }
}
