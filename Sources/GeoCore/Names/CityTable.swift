/// The cities: the columns every place has (`PlaceColumns`), and what forward search adds to them.
struct CityTable: Sendable {
    let places: PlaceColumns
    /// The entry of the city's GeoNames name in the name index (its text is the name).
    let name: Table<UInt32>
    /// 1 for a national capital, else 0 (`CityRow.capital`).
    let capital: Table<UInt8>

    static let coordinateScale = PlaceColumns.coordinateScale
    /// The most admin-1 divisions an `Int16` can number.
    static let maxAdmin1 = Int(Int16.max)

    func point(_ i: Int) -> GeoPoint { places.point(i) }

    var count: Int { places.count }

    static var empty: CityTable { CityTable(places: .empty, name: Table([]), capital: Table([])) }

    func write(to out: inout BinaryWriter) {
        places.write(to: &out)
        out.array(name)
        out.array(capital)
    }
}

extension CityTable {
    /// Reads what `write(to:)` wrote; every column must have the same length and every reference must
    /// point inside its table.
    init(reading input: inout BinaryReader, admin1Count: Int) throws(BinaryFormatError) {
        places = try PlaceColumns(reading: &input, admin1Count: admin1Count, maxCount: Posting.maxTargets - 1, what: "city")
        name = try input.table(of: UInt32.self)
        capital = try input.table(of: UInt8.self)
        guard name.count == places.count, capital.count == places.count else { throw .invalid("city columns") }
    }

    /// Checks the name column against the name index (read after the cities).
    func checkNames(entryCount: Int) throws(BinaryFormatError) {
        for t in name.buffer where Int(t) >= entryCount { throw .invalid("city name") }
    }
}

/// Admin-1 divisions: their country and display name (the qualifier keys live in a `KeyIndex`).
struct Admin1Table: Sendable {
    let country: Table<UInt16>
    let name: Table<UInt32>

    var count: Int { country.count }

    static var empty: Admin1Table { Admin1Table(country: Table([]), name: Table([])) }

    func write(to out: inout BinaryWriter) {
        out.array(country)
        out.array(name)
    }

    init(country: Table<UInt16>, name: Table<UInt32>) {
        self.country = country
        self.name = name
    }

    init(reading input: inout BinaryReader, textCount: Int) throws(BinaryFormatError) {
        country = try input.table(of: UInt16.self)
        name = try input.table(of: UInt32.self)
        guard name.count == country.count, country.count < Posting.maxTargets else { throw .invalid("admin-1 columns") }
        for t in name.buffer where Int(t) >= textCount { throw .invalid("admin-1 name") }
    }
}

/// An ISO alpha-2 code as two ASCII bytes in one `UInt16` (first letter high), for compact tables.
enum CountryCode {
    /// The packed code of a two-letter ASCII string, any case; nil otherwise.
    static func pack(_ text: String) -> UInt16? {
        // No copy of the bytes: this runs once per placemark query.
        let utf8 = text.utf8
        guard utf8.count == 2 else { return nil }
        var packed: UInt16 = 0
        for byte in utf8 {
            let upper = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
            guard upper >= 0x41 && upper <= 0x5A else { return nil }
            packed = packed << 8 | UInt16(upper)
        }
        return packed
    }

    static func unpack(_ code: UInt16) -> String {
        // Two bytes in place, not in a temporary array: this runs once per placemark answer.
        withUnsafeBytes(of: code.byteSwapped.littleEndian) { String(decoding: $0, as: UTF8.self) }
    }
}
