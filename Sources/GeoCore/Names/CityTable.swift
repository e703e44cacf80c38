/// The cities, column by column (one flat table per field), so they load as views into the index file.
struct CityTable: Sendable {
    /// Latitude and longitude in units of 1e-5 degree (about 1 m), GeoNames' precision: `Int(lat × 1e5)`
    /// turns back into the same double the 5-decimal text parses to, in half the bytes of a `Double`.
    let lat: Table<Int32>
    let lon: Table<Int32>
    let population: Table<UInt32>
    let geonameid: Table<UInt32>
    /// ISO alpha-2 packed as two bytes (`CountryCode`).
    let country: Table<UInt16>
    /// Index into the admin-1 table, or -1 when the division is unknown.
    let admin1: Table<Int16>
    /// The entry of the city's GeoNames name in the name index (its text is the name).
    let name: Table<UInt32>
    /// 1 for a national capital, else 0 (`CityRow.capital`).
    let capital: Table<UInt8>

    static let coordinateScale = 100_000.0
    /// The most admin-1 divisions an `Int16` can number.
    static let maxAdmin1 = Int(Int16.max)

    func point(_ i: Int) -> GeoPoint {
        GeoPoint(lat: Double(lat[i]) / Self.coordinateScale, lon: Double(lon[i]) / Self.coordinateScale)
    }

    var count: Int { lat.count }

    static var empty: CityTable {
        CityTable(lat: Table([]), lon: Table([]), population: Table([]), geonameid: Table([]), country: Table([]),
                  admin1: Table([]), name: Table([]), capital: Table([]))
    }

    func write(to out: inout BinaryWriter) {
        out.array(lat)
        out.array(lon)
        out.array(population)
        out.array(geonameid)
        out.array(country)
        out.array(admin1)
        out.array(name)
        out.array(capital)
    }
}

extension CityTable {
    /// Reads what `write(to:)` wrote; every column must have the same length and every reference must
    /// point inside its table.
    init(reading input: inout BinaryReader, admin1Count: Int) throws(BinaryFormatError) {
        lat = try input.table(of: Int32.self)
        lon = try input.table(of: Int32.self)
        population = try input.table(of: UInt32.self)
        geonameid = try input.table(of: UInt32.self)
        country = try input.table(of: UInt16.self)
        admin1 = try input.table(of: Int16.self)
        name = try input.table(of: UInt32.self)
        capital = try input.table(of: UInt8.self)
        let n = lat.count
        guard lon.count == n, population.count == n, geonameid.count == n, country.count == n, admin1.count == n,
              name.count == n, capital.count == n, n < Posting.maxTargets else { throw .invalid("city columns") }
        for a in admin1.buffer where a < -1 || Int(a) >= admin1Count { throw .invalid("city admin-1") }
        for v in lat.buffer where v < -9_000_000 || v > 9_000_000 { throw .invalid("city latitude") }
        for v in lon.buffer where v < -18_000_000 || v > 18_000_000 { throw .invalid("city longitude") }
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
