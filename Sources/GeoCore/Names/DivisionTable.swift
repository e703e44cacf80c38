/// The admin-1 divisions forward search returns (issue 15), column by column: one row per feature of the
/// admin-1 layer (Data/admin1-polygons.geojson), in layer order.
///
/// Everything an answer shows is worked out when the index is built and stored here, so a forward answer
/// never reads the layer's polygons: the country, the names (labels), and the centroid and box in units
/// of 1e-5 degree (the box rounded outwards, so it still covers the division).
struct DivisionTable: Sendable {
    /// The Natural Earth country feature the division belongs to (`PlacemarkLayers.divisionCountry`), or -1.
    let country: Table<Int32>
    /// Labels (`ForwardIndex.labels`): the display name (English when the data has one), the ISO 3166-2
    /// code and the type ("State"); `DivisionTable.none` where the data has none.
    let name: Table<UInt32>
    let iso: Table<UInt32>
    let type: Table<UInt32>
    /// Six per division: centroid lat, lon, then south, west, north, east (west > east across ±180°).
    let geometry: Table<Int32>
    /// The GeoNames division (`ForwardIndex.admin1`, the cities' `admin1` numbering) joined to it, or -1:
    /// a city of the same name inside it ranks first (`ForwardIndex.search`).
    let geonames: Table<Int16>

    static let none = UInt32.max
    static let scale = 100_000.0

    var count: Int { country.count }

    static var empty: DivisionTable {
        DivisionTable(country: Table([]), name: Table([]), iso: Table([]), type: Table([]), geometry: Table([]),
                      geonames: Table([]))
    }

    init(country: Table<Int32>, name: Table<UInt32>, iso: Table<UInt32>, type: Table<UInt32>, geometry: Table<Int32>,
         geonames: Table<Int16>) {
        self.geonames = geonames
        self.country = country
        self.name = name
        self.iso = iso
        self.type = type
        self.geometry = geometry
    }

    func centroid(_ k: Int) -> GeoPoint {
        GeoPoint(lat: Double(geometry[6 * k]) / Self.scale, lon: Double(geometry[6 * k + 1]) / Self.scale)
    }

    func box(_ k: Int) -> GeoBox {
        GeoBox(minLat: Double(geometry[6 * k + 2]) / Self.scale, minLon: Double(geometry[6 * k + 3]) / Self.scale,
               maxLat: Double(geometry[6 * k + 4]) / Self.scale, maxLon: Double(geometry[6 * k + 5]) / Self.scale)
    }

    func write(to out: inout BinaryWriter) {
        out.array(country)
        out.array(name)
        out.array(iso)
        out.array(type)
        out.array(geometry)
        out.array(geonames)
    }

    /// Reads what `write(to:)` wrote: equal column lengths, six numbers per division, labels inside the
    /// label pool (or `none` where allowed), countries inside `countryCount`, coordinates on the globe.
    init(reading input: inout BinaryReader, textCount: Int, countryCount: Int, admin1Count: Int) throws(BinaryFormatError) {
        country = try input.table(of: Int32.self)
        name = try input.table(of: UInt32.self)
        iso = try input.table(of: UInt32.self)
        type = try input.table(of: UInt32.self)
        geometry = try input.table(of: Int32.self)
        geonames = try input.table(of: Int16.self)
        let n = country.count
        guard name.count == n, iso.count == n, type.count == n, geometry.count == 6 * n, geonames.count == n,
              n < Posting.maxTargets else {
            throw .invalid("division columns")
        }
        for c in country.buffer where c < -1 || Int(c) >= countryCount { throw .invalid("division country") }
        for a in geonames.buffer where a < -1 || Int(a) >= admin1Count { throw .invalid("division admin-1") }
        for t in name.buffer where Int(t) >= textCount { throw .invalid("division name") }
        for column in [iso, type] {
            for t in column.buffer where t != Self.none && Int(t) >= textCount { throw .invalid("division label") }
        }
        for k in 0..<n {
            for (j, limit) in [9_000_000, 18_000_000, 9_000_000, 18_000_000, 9_000_000, 18_000_000].enumerated() {
                let v = geometry[6 * k + j]
                if v < -Int32(limit) || v > Int32(limit) { throw .invalid("division coordinates") }
            }
        }
    }
}
