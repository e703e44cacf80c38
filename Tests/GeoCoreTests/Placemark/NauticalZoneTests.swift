import Testing
@testable import GeoCore

@Suite("Nautical time zones: 15° wide, centred on multiples of 15°, Etc/GMT signs inverted")
struct NauticalZoneTests {
    @Test("boundaries belong to the zone east of them; the 180th meridian halves zone 12", arguments: [
        (0.0, "Etc/GMT"), (7.4999, "Etc/GMT"), (7.5, "Etc/GMT-1"), (-7.5, "Etc/GMT"), (-7.5001, "Etc/GMT+1"),
        (-30.0, "Etc/GMT+2"), (45.0, "Etc/GMT-3"),
        (172.4999, "Etc/GMT-11"), (172.5, "Etc/GMT-12"), (179.9999, "Etc/GMT-12"),
        (-172.5, "Etc/GMT+11"), (-172.5001, "Etc/GMT+12"),
        // Both spellings of the antimeridian wrap to -180: zone −12 (UTC−12, Etc/GMT+12).
        (180.0, "Etc/GMT+12"), (-180.0, "Etc/GMT+12"),
        // Any finite longitude is wrapped first.
        (360.0 + 7.5, "Etc/GMT-1"), (-720.0 - 30, "Etc/GMT+2"),
    ])
    func zone(lon: Double, expected: String) {
        #expect(NauticalZone.tzid(longitude: lon) == expected)
        #expect(NauticalZone.ids[NauticalZone.offsetHours(longitude: lon) + 12] == expected)
    }
}
