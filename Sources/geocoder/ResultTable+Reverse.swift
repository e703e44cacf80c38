import GeoCore

extension ResultTable {
    /// The columns of a `reverse` table for `fields`, fixed before any answer is seen: a placemark's members
    /// vary from point to point (a point at sea has no country members, an unknown division is `null`
    /// rather than an object), so a header taken from the first answer would drop the columns a later one
    /// has. The names are the flattened member names ``flatten(_:prefix:)`` gives, in the order answers
    /// write them.
    static func reverseColumns(for fields: PlacemarkFields) -> [String] {
        var columns: [String] = []
        if fields.contains(.country) {
            columns += ["iso2", "iso3", "isoNumeric", "name", "nameLong", "formalName", "adm0a3", "sovereign",
                        "sovereignA3", "type", "continent", "regionUN", "subregion", "wikidataId", "match",
                        "distanceKm"]
        }
        if fields.contains(.admin1) {
            columns += ["admin1_name", "admin1_iso3166_2", "admin1_type", "admin1_geonamesCode"]
        }
        if fields.contains(.territory) { columns += ["territory_iso2", "territory_iso3", "territory_name"] }
        if fields.contains(.locality) {
            columns += ["locality_name", "locality_geonameid", "locality_population", "locality_admin1",
                        "locality_distanceKm", "locality_bearing", "locality_direction"]
        }
        if fields.contains(.timezone) { columns.append("timezone") }
        return columns
    }
}
