/// The columns every populated place has, one flat table per field, so they load as views into the index
/// file: the cities (`CityTable`, which adds what forward search needs) and the smaller localities share
/// this one block, its encoding and its load-time checks.
struct PlaceColumns: Sendable {
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

    static let coordinateScale = 100_000.0

    var count: Int { lat.count }

    static var empty: PlaceColumns {
        PlaceColumns(lat: Table([]), lon: Table([]), population: Table([]), geonameid: Table([]), country: Table([]),
                     admin1: Table([]))
    }

    func point(_ i: Int) -> GeoPoint {
        GeoPoint(lat: Double(lat[i]) / Self.coordinateScale, lon: Double(lon[i]) / Self.coordinateScale)
    }

    func write(to out: inout BinaryWriter) {
        out.array(lat)
        out.array(lon)
        out.array(population)
        out.array(geonameid)
        out.array(country)
        out.array(admin1)
    }

    init(lat: Table<Int32>, lon: Table<Int32>, population: Table<UInt32>, geonameid: Table<UInt32>,
         country: Table<UInt16>, admin1: Table<Int16>) {
        self.lat = lat
        self.lon = lon
        self.population = population
        self.geonameid = geonameid
        self.country = country
        self.admin1 = admin1
    }

    /// Reads what `write(to:)` wrote: every column the same length and at most `maxCount` rows, coordinates
    /// on the sphere and every admin-1 reference inside the admin-1 table, so no query reads outside a table.
    /// - Throws: `BinaryFormatError.invalid` naming `what` ("city", "locality") and the fault.
    init(reading input: inout BinaryReader, admin1Count: Int, maxCount: Int, what: String) throws(BinaryFormatError) {
        lat = try input.table(of: Int32.self)
        lon = try input.table(of: Int32.self)
        population = try input.table(of: UInt32.self)
        geonameid = try input.table(of: UInt32.self)
        country = try input.table(of: UInt16.self)
        admin1 = try input.table(of: Int16.self)
        let n = lat.count
        guard lon.count == n, population.count == n, geonameid.count == n, country.count == n, admin1.count == n,
              n <= maxCount else { throw .invalid("\(what) columns") }
        for a in admin1.buffer where a < -1 || Int(a) >= admin1Count { throw .invalid("\(what) admin-1") }
        for v in lat.buffer where v < -9_000_000 || v > 9_000_000 { throw .invalid("\(what) latitude") }
        for v in lon.buffer where v < -18_000_000 || v > 18_000_000 { throw .invalid("\(what) longitude") }
    }
}
