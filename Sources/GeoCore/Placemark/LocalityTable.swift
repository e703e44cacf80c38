/// The smaller populated places (`Data/localities.tsv`: GeoNames places of 1,000+ people that the city table
/// lacks): only the columns every place has, which is what a placemark's `locality` shows. Forward search
/// does not index them, so they carry no name entry, alternates or capital flag (their names live in the
/// places index's own name pool, `PlaceIndex.names`).
///
/// The places index numbers the cities first and these after them: place `i` is city `i` when
/// `i < cities.count`, else locality `i - cities.count` (`ForwardIndex.place`).
typealias LocalityTable = PlaceColumns

extension PlaceColumns {
    /// Reads the localities that `write(to:)` wrote, no more than the places index can number.
    init(readingLocalities input: inout BinaryReader, admin1Count: Int) throws(BinaryFormatError) {
        try self.init(reading: &input, admin1Count: admin1Count, maxCount: PlaceIndex.maxPlaces, what: "locality")
    }
}
