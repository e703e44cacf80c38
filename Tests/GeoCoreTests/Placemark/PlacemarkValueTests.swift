import Testing
@testable import GeoCore

/// `Placemark` keeps its members other than the country in a shared immutable box: these are the value
/// semantics a caller relies on (a copy never changes when the original is changed, equality and
/// `isEmpty` by member).
@Suite("Placemark: a value whose members read back as set")
struct PlacemarkValueTests {
    static let country = ReverseMatch(countryIndex: 3, kind: .inside, distanceKm: 0)
    static let admin1 = Placemark.Admin1(name: "Texas", iso3166_2: "US-TX", type: "State", geonamesCode: "TX",
                                         feature: 7, distanceKm: 0)
    static let territory = Placemark.Territory(iso2: "GF", iso3: "GUF", name: "French Guiana")
    static let locality = Locality(name: "Austin", geonameid: 4671654, population: 931830, countryISO2: "US",
                                   admin1: "Texas", distanceKm: 2.5, bearing: 45, direction: "NE")

    @Test("members set one at a time equal the placemark built at once")
    func setOneByOne() {
        var built = Placemark()
        #expect(built.isEmpty, "a placemark of nothing is empty")
        built.admin1 = Self.admin1
        built.timezone = "America/Chicago"
        built.locality = Self.locality
        built.territory = Self.territory
        built.country = Self.country
        let whole = Placemark(country: Self.country, admin1: Self.admin1, territory: Self.territory,
                              locality: Self.locality, timezone: "America/Chicago")
        #expect(built == whole)
        #expect(built.admin1 == Self.admin1 && built.territory == Self.territory && built.locality == Self.locality)
        #expect(built.timezone == "America/Chicago" && built.country == Self.country)
    }

    @Test("a copy keeps its members when the original changes")
    func copyIsIndependent() {
        var original = Placemark(admin1: Self.admin1, timezone: "America/Chicago")
        let copy = original
        original.timezone = "Etc/GMT+2"
        original.admin1 = nil
        #expect(copy.timezone == "America/Chicago", "the copy's time zone")
        #expect(copy.admin1 == Self.admin1, "the copy's division")
        #expect(original.timezone == "Etc/GMT+2" && original.admin1 == nil)
        #expect(copy != original)
    }

    @Test("clearing every member leaves an empty placemark equal to a new one")
    func clearing() {
        var p = Placemark(admin1: Self.admin1, locality: Self.locality)
        #expect(!p.isEmpty)
        p.admin1 = nil
        #expect(!p.isEmpty, "the locality is still there")
        p.locality = nil
        #expect(p.isEmpty)
        #expect(p == Placemark())
        #expect(Placemark(timezone: "Etc/GMT") != Placemark(), "a time zone alone is a member")
    }
}
