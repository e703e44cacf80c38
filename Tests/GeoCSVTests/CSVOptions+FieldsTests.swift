import GeoCore
import Testing
@testable import GeoCSV

@Suite("CSV reverse columns follow the placemark fields")
struct CSVOptionsFieldsTests {
    @Test("without --fields: every member the data answers, in the documented order")
    func defaultColumns() {
        let options = CSVOptions()
        #expect(options.resolvedFields(available: .all) == .all)
        #expect(options.addedColumns(available: .all) == [
            "iso2", "iso3", "name", "match", "distanceKm",
            "admin1_name", "admin1_code", "admin1_type", "admin1_geonames",
            "territory_iso2", "territory_iso3", "territory_name",
            "locality_name", "locality_geonameid", "locality_population", "locality_distance_km",
            "locality_bearing", "locality_direction", "timezone",
        ])
        // Data without layers or places: the country's five, the columns of before.
        #expect(options.addedColumns(available: .country) == CSVOptions.reverseColumns)
        #expect(options.resolvedFields(available: [.country, .timezone]) == [.country, .timezone])
    }

    @Test("--fields keeps the columns it names, even where the data lacks them")
    func explicitColumns() {
        var options = CSVOptions()
        options.fields = [.timezone, .country]
        #expect(options.addedColumns(available: .country) == CSVOptions.reverseColumns + ["timezone"])
        options.fields = .country
        options.prefix = "geo_"
        #expect(options.addedColumns(available: .all) == CSVOptions.reverseColumns.map { "geo_" + $0 })
    }

    @Test("a batch over a gazetteer without layers writes the five country columns by default")
    func bareGazetteer() throws {
        let (out, _) = try geocode("lat,lon\n5,5\n")
        #expect(out == "lat,lon,iso2,iso3,name,match,distanceKm\n5,5,SQ,SQR,Squareland,inside,0\n")
    }
}
