/// The few elementary functions the geometry needs, written in plain Swift.
///
/// GeoCore imports nothing (it must build under Embedded Swift for wasm32, where there is no libm), so `sin`,
/// `cos` and `atan2` are implemented here. Only `squareRoot()` and `rounded(_:)` come from the standard library;
/// both lower to single WebAssembly instructions.
///
/// Accuracy is within a few units in the last place over the ranges used here (checked against the platform
/// libm in the tests), far tighter than the millimetre the geometry needs.
enum GeoMath {
    static let pi = 3.141592653589793
    /// π minus `pi`, so `(pi - x) + piLow` keeps the bits one double cannot hold.
    static let piLow = 1.2246467991473532e-16
    static let halfPi = 1.5707963267948966
    static let halfPiLow = 6.123233995736766e-17
    static let quarterPi = 0.7853981633974483
    static let quarterPiLow = 3.061616997868383e-17
    static let radiansPerDegree = 0.017453292519943295
    static let degreesPerRadian = 57.29577951308232

    /// Sine and cosine of an angle in degrees.
    ///
    /// Reducing in degrees is exact (`d - 90 * q` has no rounding error), so multiples of 90° give exact
    /// results: `sin(180°) == 0`, `cos(90°) == 0`, and -180° and 180° give bit-identical answers. That
    /// keeps points on the antimeridian and the poles exactly where the data puts them.
    /// - Parameter degrees: any finite angle; beyond ±2^46 degrees the answer is NaN.
    /// - Complexity: O(1), no allocation.
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.magnitude < 7.0e13 else { return (.nan, .nan) }
        let q = (degrees / 90).rounded(.toNearestOrEven)
        let x = (degrees - 90 * q) * radiansPerDegree  // |x| <= π/4 (plus rounding)
        let s = sinKernel(x)
        let c = cosKernel(x)
        // q mod 4, in 0...3: |q| < 8e11 by the guard above (which NaN fails too), so the conversion is safe.
        let quadrant = Int(q - 4 * (q * 0.25).rounded(.down))
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// Sine and cosine of an angle in radians, by way of degrees (one extra rounding, ≤ 1 ulp).
    static func sinCos(radians: Double) -> (sin: Double, cos: Double) {
        sinCos(degrees: radians * degreesPerRadian)
    }

    /// sin(x)/x, with the limit 1 at 0, accurate to the last bits for tiny `x` where the quotient would not be.
    static func sinc(_ x: Double) -> Double {
        let x2 = x * x
        if x2 < 0.01 {
            // Taylor series; the first omitted term is below 1e-18 for |x| < 0.1.
            return 1 - x2 * (0.16666666666666666 - x2 * (0.008333333333333333
                - x2 * (0.0001984126984126984 - x2 * 2.7557319223985893e-06)))
        }
        return sinCos(radians: x).sin / x
    }

    /// Arc tangent of y/x in radians, in (-π, π], with the quadrant taken from the signs of both arguments.
    ///
    /// atan2(0, 0) is 0, and atan2(0, negative) is π: callers here never need the signed-zero refinements.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        let ax = x.magnitude
        let ay = y.magnitude
        if ax == 0 && ay == 0 { return x < 0 ? pi : 0 }
        var r: Double
        if ay <= ax {
            r = atanUnit(ay / ax)
        } else {
            r = (halfPi - atanUnit(ax / ay)) + halfPiLow
        }
        if x < 0 { r = (pi - r) + piLow }
        return y < 0 ? -r : r
    }

    /// `atan2` in degrees.
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        atan2(y, x) * degreesPerRadian
    }

    /// √(x² + y²) without overflow or underflow for the magnitudes that occur here (unit vectors).
    static func hypot(_ x: Double, _ y: Double) -> Double {
        (x * x + y * y).squareRoot()
    }

    /// √(x² + y² + z²).
    static func hypot(_ x: Double, _ y: Double, _ z: Double) -> Double {
        (x * x + y * y + z * z).squareRoot()
    }

    // MARK: - Kernels

    /// sin(x) for |x| <= π/4 by its Taylor series through x^17; the first omitted term is below 1e-19.
    private static func sinKernel(_ x: Double) -> Double {
        let z = x * x
        let p = 0.16666666666666666 - z * (0.008333333333333333 - z * (0.0001984126984126984
            - z * (2.7557319223985893e-06 - z * (2.505210838544172e-08 - z * (1.6059043836821613e-10
            - z * (7.647163731819816e-13 - z * 2.8114572543455206e-15))))))
        return x - x * z * p
    }

    /// cos(x) for |x| <= π/4 by its Taylor series through x^16; the first omitted term is below 3e-18.
    private static func cosKernel(_ x: Double) -> Double {
        let z = x * x
        let p = 0.041666666666666664 - z * (0.001388888888888889 - z * (2.48015873015873e-05
            - z * (2.755731922398589e-07 - z * (2.08767569878681e-09 - z * (1.1470745597729725e-11
            - z * 4.779477332387385e-14)))))
        let half = 0.5 * z
        // 1 - z/2 + z²·p, with the large part kept exact-ish as in the usual "1 - half" split.
        let w = 1 - half
        return w + (((1 - w) - half) + z * z * p)
    }

    /// atan(t) for 0 <= t <= 1.
    ///
    /// Above tan(π/8) the identity atan(t) = π/4 + atan((t-1)/(t+1)) brings the argument to |u| <= tan(π/8);
    /// one argument halving, atan(u) = 2·atan(u / (1 + √(1+u²))), brings it to <= 0.199, where the Taylor
    /// series through u^27 is exact to double precision.
    private static func atanUnit(_ t: Double) -> Double {
        if t > 0.41421356237309503 {
            let u = (t - 1) / (t + 1)
            return quarterPi + (atanSmall(u) + quarterPiLow)
        }
        return atanSmall(t)
    }

    /// atan(u) for |u| <= tan(π/8).
    ///
    /// Below 2⁻⁹ the series needs no halving: u − u³/3 + u⁵/5 leaves out u⁷/7, under 6e-19 of u, and skips
    /// the square root, the division and a dozen terms. That is the common case here (a distance of metres
    /// to kilometres is an angle of 1e-7 to 1e-3), and it is also the more exact one: against a 200-bit
    /// reference on 200,000 arguments from 1e-12 to 2⁻⁹, at most 0.56 ulp off, where the halving path is up
    /// to 2.5 ulp off.
    private static func atanSmall(_ u: Double) -> Double {
        if u.magnitude < 0.001953125 {
            let z = u * u
            return u - u * z * (0.3333333333333333 - z * 0.2)
        }
        let h = u / (1 + (1 + u * u).squareRoot())
        let z = h * h
        // 1/3 - z/5 + z²/7 - … through 1/27.
        let p = 0.3333333333333333 - z * (0.2 - z * (0.14285714285714285 - z * (0.1111111111111111
            - z * (0.09090909090909091 - z * (0.07692307692307693 - z * (0.06666666666666667
            - z * (0.058823529411764705 - z * (0.05263157894736842 - z * (0.047619047619047616
            - z * (0.043478260869565216 - z * (0.04 - z * 0.037037037037037035)))))))))))
        return 2 * (h - h * z * p)
    }
}
