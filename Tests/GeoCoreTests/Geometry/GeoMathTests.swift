import Foundation
import Testing
@testable import GeoCore

/// GeoCore carries its own sin, cos and atan2 (there is no libm under Embedded Swift); every measure rests on them.
@Suite("GeoMath: trigonometry without libm")
struct GeoMathTests {
    static let angles: [Double] = [
        0, 1e-300, 1e-12, 0.1, 1, 29.999, 44.9999, 45, 45.0001, 60, 89.999999, 90, 91, 135, 179.9999999, 180,
        -180, -0.5, -90, -135.25, 225, 270, 359, 360, 721.5, -1000.125, 12345.678, 1e9 + 0.5,
    ]

    @Test("sin and cos of degrees agree with libm to 2e-16", arguments: angles)
    func sinCosDegrees(degrees: Double) {
        let (s, c) = GeoMath.sinCos(degrees: degrees)
        // remainder is exact, so the reference reduces large angles without error too; what remains is the
        // rounding of r itself (half an ulp of up to π) on top of half an ulp from each side.
        let r = remainder(degrees, 360) * .pi / 180
        let tolerance = 2.3e-16 + r.magnitude * 1.2e-16
        #expect(abs(s - sin(r)) <= tolerance)
        #expect(abs(c - cos(r)) <= tolerance)
        #expect(abs(s * s + c * c - 1) <= 4.5e-16)
    }

    @Test("multiples of 90° are exact, so ±180° and the poles land on the axes",
          arguments: [(0.0, 0.0, 1.0), (90, 1, 0), (180, 0, -1), (-180, 0, -1), (270, -1, 0), (-90, -1, 0), (540, 0, -1)])
    func exactQuadrants(degrees: Double, sine: Double, cosine: Double) {
        let (s, c) = GeoMath.sinCos(degrees: degrees)
        #expect(s == sine && c == cosine)
    }

    static let ratios: [(Double, Double)] = [
        (0, 1), (1, 1), (1, 0), (0, -1), (-1, 0), (-1, -1), (1e-300, 1), (1e-9, -1), (-1e-9, -1), (0.3, 0.7),
        (0.41421356237309503, 1), (0.4142135623730951, 1), (0.5, 0.5000001), (3, -4), (-5, 12), (1e10, 1), (7e-17, 1),
        (0.19891236737965800, 1), (0.99999999, 1), (-0.25, 0.9),
    ]

    @Test("atan2 agrees with libm within 2 ulp in every quadrant", arguments: ratios)
    func atan2MatchesLibm(y: Double, x: Double) {
        let ours = GeoMath.atan2(y, x)
        let theirs = Foundation.atan2(y, x)
        #expect(abs(ours - theirs) <= 2 * theirs.magnitude.ulp + Double.leastNonzeroMagnitude)
    }

    @Test("atan2 of small ratios (angles of metres to kilometres) agrees with libm within 1 ulp below 2⁻⁹, 2 above")
    func atan2SmallRatios() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var ratios: [Double] = [0.001953125, 0.001953125.nextDown, 0.001953125.nextUp, 1e-7, 1.5e-4, 3e-3]
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            // 1e-12 … 1e-2, log-uniform.
            ratios.append(Foundation.pow(10, -12 + 10 * Double(state >> 11) / Double(1 << 53)))
        }
        // Worst error in ulp, below 2⁻⁹ (the direct series) and above (the halving path, 2 ulp as above).
        var worst = (series: 0.0, halving: 0.0)
        for t in ratios {
            for (y, x) in [(t, 1.0), (-t, 1.0), (t, -1.0), (1.0, t)] {
                let theirs = Foundation.atan2(y, x)
                let error = abs(GeoMath.atan2(y, x) - theirs) / theirs.magnitude.ulp
                if t < 0.001953125 { worst.series = max(worst.series, error) } else { worst.halving = max(worst.halving, error) }
            }
        }
        #expect(worst.series <= 1 && worst.halving <= 2, "worst \(worst) ulp")
    }

    @Test("sinc is continuous across its series/quotient switch and 1 at 0",
          arguments: [0.0, 1e-8, 0.0999999, 0.1, 0.1000001, 0.5, 2, 3.141592653589793, -1.3])
    func sincMatches(x: Double) {
        let expected = x == 0 ? 1 : sin(x) / x
        #expect(abs(GeoMath.sinc(x) - expected) <= 3e-16)
    }

    @Test("G(k) = ∫u·sin(uk)du over [-1/2, 1/2] matches its closed form on both sides of the switch",
          arguments: [1e-6, 0.01, 0.5, 0.999, 1.0, 1.001, 2, 6.283185307179586, -3])
    func uSinMean(k: Double) {
        let closed = 2 * sin(k / 2) / (k * k) - cos(k / 2) / k
        // The closed form itself cancels for small k; allow for that in the reference.
        let tolerance = 1e-16 * max(1, 1 / (k * k))
        #expect(abs(RingIntegrals.uSinMean(k) - closed) <= tolerance)
    }
}
