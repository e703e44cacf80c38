/// The smaller populated places (`Data/localities.tsv`: GeoNames places of 1,000+ people that the city table
/// lacks), column by column as `CityTable` is, with only what a placemark's `locality` shows: forward search
/// does not index them, so they carry no name entry, alternates or capital flag (their names live in the
/// places index's own name pool, `PlaceIndex.names`).
///
/// The places index numbers the cities first and these after them: place `i` is city `i` when
/// `i < cities.count`, else locality `i - cities.count` (`ForwardIndex.place`).
struct LocalityTable: Sendable {
    /// Latitude and longitude in units of 1e-5 degree, as in `CityTable`.
    let lat: Table<Int32>
    let lon: Table<Int32>
    let population: Table<UInt32>
    let geonameid: Table<UInt32>
    /// ISO alpha-2 packed as two bytes (`CountryCode`).
    let country: Table<UInt16>
    /// Index into the admin-1 table, or -1 when the division is unknown.
    let admin1: Table<Int16>

    var count: Int { lat.count }

    static var empty: LocalityTable {
        LocalityTable(lat: Table([]), lon: Table([]), population: Table([]), geonameid: Table([]), country: Table([]),
                      admin1: Table([]))
    }

    func point(_ i: Int) -> GeoPoint {
        GeoPoint(lat: Double(lat[i]) / CityTable.coordinateScale, lon: Double(lon[i]) / CityTable.coordinateScale)
    }

    func write(to out: inout BinaryWriter) {
        out.array(lat)
        out.array(lon)
        out.array(population)
        out.array(geonameid)
        out.array(country)
        out.array(admin1)
    }

    /// Reads what `write(to:)` wrote: every column the same length, coordinates on the sphere, every admin-1
    /// reference inside the admin-1 table, and no more places than the places index can number.
    init(reading input: inout BinaryReader, admin1Count: Int) throws(BinaryFormatError) {
        lat = try input.table(of: Int32.self)
        lon = try input.table(of: Int32.self)
        population = try input.table(of: UInt32.self)
        geonameid = try input.table(of: UInt32.self)
        country = try input.table(of: UInt16.self)
        admin1 = try input.table(of: Int16.self)
        let n = lat.count
        guard lon.count == n, population.count == n, geonameid.count == n, country.count == n, admin1.count == n,
              n <= PlaceIndex.maxPlaces else { throw .invalid("locality columns") }
        for a in admin1.buffer where a < -1 || Int(a) >= admin1Count { throw .invalid("locality admin-1") }
        for v in lat.buffer where v < -9_000_000 || v > 9_000_000 { throw .invalid("locality latitude") }
        for v in lon.buffer where v < -18_000_000 || v > 18_000_000 { throw .invalid("locality longitude") }
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
}
