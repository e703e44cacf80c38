import Testing
@testable import GeoCore

@Suite("PlacemarkFields: names in, a bit set out; unknown names refused with the allowed ones")
struct PlacemarkFieldsTests {
    @Test("names", arguments: [
        (["country"], PlacemarkFields.country),
        (["timezone", "country", "timezone"], PlacemarkFields([.country, .timezone])),
        (["admin1", "territory", "locality", "timezone", "country"], PlacemarkFields.all),
    ] as [([String], PlacemarkFields)])
    func names(list: [String], expected: PlacemarkFields) throws {
        #expect(try PlacemarkFields(names: list) == expected)
    }

    @Test("a comma-separated list, blanks around names ignored")
    func list() throws {
        #expect(try PlacemarkFields(list: "country, timezone") == [.country, .timezone])
        #expect(try PlacemarkFields(list: "admin1") == .admin1)
        #expect(throws: PlacemarkFieldsError.unknown("")) { try PlacemarkFields(list: "country,") }
    }

    @Test("refusals name the allowed values", arguments: [
        (["Country"], PlacemarkFieldsError.unknown("Country")),
        (["country", "tz"], PlacemarkFieldsError.unknown("tz")),
        ([], PlacemarkFieldsError.empty),
    ] as [([String], PlacemarkFieldsError)])
    func refused(list: [String], expected: PlacemarkFieldsError) {
        #expect(throws: expected) { try PlacemarkFields(names: list) }
        let message = expected.message
        for name in PlacemarkFields.allNames { #expect(message.contains("\"\(name)\"")) }
    }

    @Test("only the country is the country-only path")
    func countryOnly() {
        #expect(PlacemarkFields.country.isCountryOnly)
        #expect(!PlacemarkFields.all.isCountryOnly)
        #expect(!PlacemarkFields([.country, .timezone]).isCountryOnly)
        #expect(!PlacemarkFields.timezone.isCountryOnly)
    }
}
