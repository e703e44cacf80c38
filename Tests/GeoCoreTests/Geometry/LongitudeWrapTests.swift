import Testing
@testable import GeoCore

/// `CountryIndex.wrapLongitude` must give the exact `lon mod 360` in [-180, 180) for every finite double
/// (issue 13, item 1): `[10, 1e37]` used to wrap to a value far outside the range and trap in the grid.
@Suite("Longitude wrapping is exact for every finite double")
struct LongitudeWrapTests {
    /// The exact remainder by the slow schoolbook route: subtract 360 · 2^k for k from the largest that
    /// fits down to 0; each subtraction is exact by Sterbenz's lemma (d ≤ r < 2d). Independent of the
    /// integer method the code uses for large values.
    static func reference(_ lon: Double) -> Double {
        var r = lon.magnitude
        var d = 360.0
        while d <= r / 2 { d *= 2 }
        while d >= 360 {
            if r >= d { r -= d }
            d /= 2
        }
        var wrapped = lon < 0 ? -r : r
        if wrapped >= 180 { wrapped -= 360 } else if wrapped < -180 { wrapped += 360 }
        return wrapped
    }

    @Test("named values", arguments: [
        (0.0, 0.0), (180.0, -180.0), (-180.0, -180.0), (181.0, -179.0), (360.0, 0.0), (-361.0, -1.0),
        (725.5, 5.5), (540.0, -180.0), (-540.0, -180.0), (179.99999999999997, 179.99999999999997),
        (180.00000000000003, -179.99999999999997), (-180.00000000000003, 179.99999999999997),
        // Expected values checked with Python's fractions.Fraction: Fraction(x) % 360, moved into [-180, 180).
        (1e37, 112.0), (-1e37, -112.0), (1e308, -64.0), (-1e308, 64.0), (.greatestFiniteMagnitude, 128.0),
        (6.6e300, -88.0), (72057594037927938.5, -104.0), (0x1p53, 32.0), (0x1p53 + 2, 34.0),
        (7e16 + 0.5, 160.0)  /* 7e16 + 0.5 rounds to 7e16 */, (.leastNonzeroMagnitude, .leastNonzeroMagnitude), (-.leastNonzeroMagnitude, -.leastNonzeroMagnitude), (720 + 0x1p-43, 0x1p-43),
    ] as [(Double, Double)])
    func named(input: Double, expected: Double) {
        #expect(CountryIndex.wrapLongitude(input) == expected, "\(input)")
        #expect(Self.reference(input) == expected, "the test's own reference for \(input)")
    }

    @Test("every binade, both signs, with fractions: equal to the long-division reference and in range")
    func everyBinade() {
        var random = TestRandom(seed: 13)
        for exponent in -1074...1023 {
            for _ in 0..<8 {
                let significand = 1 + random.uniform(0, 1)
                let magnitude = Double(sign: .plus, exponent: exponent, significand: significand)
                guard magnitude.isFinite else { continue }
                for value in [magnitude, -magnitude] {
                    let wrapped = CountryIndex.wrapLongitude(value)
                    #expect(wrapped >= -180 && wrapped < 180, "\(value) → \(wrapped)")
                    #expect(wrapped == Self.reference(value), "\(value)")
                }
            }
        }
    }

    @Test("adding whole turns never changes the answer where the sum is exact")
    func wholeTurns() {
        var random = TestRandom(seed: 14)
        for _ in 0..<2_000 {
            let lon = random.uniform(-180, 180).rounded(.down) + 0.25  // few bits: turns add exactly
            for turns in [1.0, -1.0, 7.0, 1e6, -1e9, 0x1p40] {
                #expect(CountryIndex.wrapLongitude(lon + 360 * turns) == lon, "\(lon) + \(turns) turns")
            }
        }
    }

    @Test("NaN and the infinities give NaN; nothing traps")
    func nonFinite() {
        #expect(CountryIndex.wrapLongitude(.nan).isNaN)
        #expect(CountryIndex.wrapLongitude(.infinity).isNaN)
        #expect(CountryIndex.wrapLongitude(-.infinity).isNaN)
    }

    /// The gap the shorter way round between two longitude intervals (`GeoMath.longitudeGap`, the one
    /// antimeridian rule of the nearest-border search and the near lists' builder), against the least gap
    /// over the copies of the second interval shifted by -360, 0 and 360.
    @Test("the gap between longitude intervals is the shorter way round the antimeridian")
    func intervalGap() {
        #expect(GeoMath.longitudeGap(west: 170, east: 179, otherWest: -179, otherEast: -170) == 2)
        #expect(GeoMath.longitudeGap(west: -180, east: -179, otherWest: 179, otherEast: 179.5) == 0.5)
        #expect(GeoMath.longitudeGap(west: -180, east: -179, otherWest: 179.5, otherEast: 180) == 0, "±180 meet")
        #expect(GeoMath.longitudeGap(west: 0, east: 0, otherWest: 180, otherEast: 180) == 180)
        #expect(GeoMath.longitudeGap(west: -10, east: 10, otherWest: 5, otherEast: 20) == 0)
        var random = TestRandom(seed: 14)
        for _ in 0..<20_000 {
            let w = random.uniform(-180, 180), e = min(180, w + random.uniform(0, 1) * random.uniform(0, 200))
            let ow = random.uniform(-180, 180), oe = random.int(0, 3) == 0 ? ow : min(180, ow + random.uniform(0, 90))
            var expected = Double.infinity
            for shift in [-360.0, 0, 360] {
                expected = min(expected, max(0, max(ow + shift - e, w - (oe + shift))))
            }
            let gap = GeoMath.longitudeGap(west: w, east: e, otherWest: ow, otherEast: oe)
            #expect(abs(gap - min(180, expected)) <= 1e-9, "\(w)...\(e) to \(ow)...\(oe): \(gap) vs \(expected)")
            #expect(gap == GeoMath.longitudeGap(west: ow, east: oe, otherWest: w, otherEast: e), "symmetric")
        }
    }
}
