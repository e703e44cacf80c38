import Testing
@testable import GeoCore

@Suite("Bearing: initial great-circle bearing and the 8 winds")
struct BearingTests {
    struct Case: CustomStringConvertible, Sendable {
        let description: String
        let from: GeoPoint, to: GeoPoint
        let degrees: Double, tolerance: Double, wind: String
    }

    static let cases: [Case] = [
        Case(description: "Paris to Berlin", from: GeoPoint(lat: 48.8566, lon: 2.3522), to: GeoPoint(lat: 52.52, lon: 13.405),
             degrees: 57.9, tolerance: 0.3, wind: "NE"),
        Case(description: "due north", from: GeoPoint(lat: 10, lon: 20), to: GeoPoint(lat: 11, lon: 20), degrees: 0, tolerance: 1e-9, wind: "N"),
        Case(description: "due south", from: GeoPoint(lat: 10, lon: 20), to: GeoPoint(lat: 9, lon: 20), degrees: 180, tolerance: 1e-9, wind: "S"),
        Case(description: "due east on the equator", from: GeoPoint(lat: 0, lon: 20), to: GeoPoint(lat: 0, lon: 21), degrees: 90, tolerance: 1e-9, wind: "E"),
        Case(description: "due west on the equator", from: GeoPoint(lat: 0, lon: 20), to: GeoPoint(lat: 0, lon: 19), degrees: 270, tolerance: 1e-9, wind: "W"),
        Case(description: "east across the antimeridian", from: GeoPoint(lat: 0, lon: 179.5), to: GeoPoint(lat: 0, lon: -179.5), degrees: 90, tolerance: 1e-9, wind: "E"),
        Case(description: "west across the antimeridian", from: GeoPoint(lat: -17, lon: -179.9), to: GeoPoint(lat: -17, lon: 179.9), degrees: 270, tolerance: 0.1, wind: "W"),
        Case(description: "from the north pole on meridian 0 to meridian 90 E", from: GeoPoint(lat: 90, lon: 0), to: GeoPoint(lat: 80, lon: 90),
             degrees: 90, tolerance: 1e-9, wind: "E"),
        Case(description: "from the south pole on meridian 0 to meridian 0", from: GeoPoint(lat: -90, lon: 0), to: GeoPoint(lat: -80, lon: 0),
             degrees: 0, tolerance: 1e-9, wind: "N"),
        Case(description: "a metre north-west near the pole (a degree of longitude is 19 m there)", from: GeoPoint(lat: 89.99, lon: 45), to: GeoPoint(lat: 89.990_006_4, lon: 45 - 0.036_6),
             degrees: 315, tolerance: 5, wind: "NW"),
        Case(description: "one centimetre south-east", from: GeoPoint(lat: 45, lon: 7), to: GeoPoint(lat: 45 - 0.000_000_064, lon: 7 + 0.000_000_09),
             degrees: 135, tolerance: 1, wind: "SE"),
    ]

    @Test("known bearings", arguments: cases)
    func known(_ c: Case) {
        let b = Bearing.degrees(from: c.from, to: c.to)
        let error = min(abs(b - c.degrees), 360 - abs(b - c.degrees))
        #expect(error <= c.tolerance, "\(c.description): \(b)°")
        #expect(Bearing.wind(b) == c.wind, "\(c.description): \(b)°")
        #expect(b >= 0 && b < 360)
    }

    @Test("agrees with the textbook azimuth formula on random pairs (libm-free reference in GeoMath)")
    func formula() {
        var r = TestRandom(seed: 5)
        for _ in 0..<20_000 {
            let a = GeoPoint(lat: r.uniform(-89, 89), lon: r.uniform(-180, 180))
            let b = GeoPoint(lat: r.uniform(-89, 89), lon: r.uniform(-180, 180))
            let (s1, c1) = GeoMath.sinCos(degrees: a.lat), (s2, c2) = GeoMath.sinCos(degrees: b.lat)
            let (sl, cl) = GeoMath.sinCos(degrees: b.lon - a.lon)
            var expected = GeoMath.atan2Degrees(sl * c2, c1 * s2 - s1 * c2 * cl)
            if expected < 0 { expected += 360 }
            let got = Bearing.degrees(from: a, to: b)
            #expect(min(abs(got - expected), 360 - abs(got - expected)) < 1e-6, "\(a) → \(b)")
        }
    }

    @Test("the winds' sector boundaries", arguments: [
        (0.0, "N"), (22.499_999_999_999, "N"), (22.5, "NE"), (67.5, "E"), (112.5, "SE"), (157.5, "S"), (202.5, "SW"),
        (247.5, "W"), (292.5, "NW"), (337.499_999_999, "NW"), (337.5, "N"), (359.999_999, "N"),
    ])
    func winds(_ bearing: Double, _ wind: String) {
        #expect(Bearing.wind(bearing) == wind)
    }
}
