import Testing
@testable import GeoCore

/// The exact orientation predicate is what makes borders consistent: a point is never inside two neighbours.
@Suite("Orientation: exact sign of the planar cross product")
struct OrientationTests {
    /// Kettner et al.'s classroom example: a = (12, 12), b = (24, 24) and c a few ulps around (0.5, 0.5).
    /// The exact sign is sign(c.lat - c.lon); plain floating point gets a visible share of these wrong.
    @Test("near-collinear points get the exact sign, where naive arithmetic fails")
    func kettnerGrid() {
        let a = GeoPoint(lat: 12, lon: 12), b = GeoPoint(lat: 24, lon: 24)
        let ulp = 0.5.ulp
        var naiveWrong = 0
        for i in 0..<32 {
            for j in 0..<32 {
                let c = GeoPoint(lat: 0.5 + Double(j) * ulp, lon: 0.5 + Double(i) * ulp)
                let expected = j > i ? 1 : (j < i ? -1 : 0)
                #expect(Orientation.sign(a, b, c) == expected, "i=\(i) j=\(j)")
                let naive = (b.lon - a.lon) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lon - a.lon)
                if (naive > 0 ? 1 : (naive < 0 ? -1 : 0)) != expected { naiveWrong += 1 }
            }
        }
        // Guard against the test going soft: the grid must include cases only exact arithmetic gets right.
        #expect(naiveWrong > 0)
    }

    @Test("plain cases: left, right, collinear, repeated points",
          arguments: [
            ((0.0, 0.0), (1.0, 0.0), (0.5, 1.0), 1), ((0, 0), (1, 0), (0.5, -1), -1), ((0, 0), (2, 1), (1, 0.5), 0),
            ((0, 0), (2, 1), (4, 2), 0), ((3, 3), (3, 3), (1, 7), 0), ((-180, -90), (180, 90), (0, 1e-300), 1),
          ])
    func plain(a: (Double, Double), b: (Double, Double), c: (Double, Double), expected: Int) {
        let p = { (t: (Double, Double)) in GeoPoint(lat: t.1, lon: t.0) }
        #expect(Orientation.sign(p(a), p(b), p(c)) == expected)
        // Swapping the segment's ends flips the side.
        #expect(Orientation.sign(p(b), p(a), p(c)) == -expected)
    }
}
