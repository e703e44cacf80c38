/// The exact planar orientation predicate, with longitude as x and latitude as y.
///
/// Containment and the box test both reduce to "which side of the line a→b is c on?". Rounding can flip that
/// answer for points very close to the line, which would make a point count as inside one polygon and also
/// inside its neighbour, or as on a border it is not on. So the sign is computed exactly: a floating-point
/// estimate decides whenever its error bound allows (almost always), and only near-collinear cases fall back to
/// exact expansion arithmetic (Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
/// Predicates", 1997: the error bound and the two-sum/two-product building blocks are from that paper).
enum Orientation {
    /// The sign of (b - a) × (c - a): +1 when c lies to the left of a→b (counter-clockwise turn), -1 when to the
    /// right, 0 when the three points are collinear (including any two being equal).
    ///
    /// Exact for all finite inputs whose products neither overflow nor underflow (any longitude/latitude does).
    /// - Complexity: O(1), no allocation.
    static func sign(_ a: GeoPoint, _ b: GeoPoint, _ c: GeoPoint) -> Int {
        let acx = a.lon - c.lon
        let bcx = b.lon - c.lon
        let acy = a.lat - c.lat
        let bcy = b.lat - c.lat
        let left = acx * bcy
        let right = acy * bcx
        let det = left - right
        // When the two products differ in sign (or one is zero) the difference has the right sign: rounding a
        // difference or a product never changes its sign.
        if (left > 0 && right <= 0) || (left < 0 && right >= 0) || left == 0 || right == 0 {
            return signum(det)
        }
        let bound = errorBoundA * (left.magnitude + right.magnitude)
        if det > bound { return 1 }
        if -det > bound { return -1 }
        return exactSign(a, b, c)
    }

    /// Shewchuk's ccwerrboundA, (3 + 16ε)ε with ε = 2^-53.
    private static let errorBoundA = 3.3306690738754716e-16

    private static func signum(_ x: Double) -> Int {
        x > 0 ? 1 : (x < 0 ? -1 : 0)
    }

    /// The exact sign, from the sixteen exact partial products of the two differences' exact parts.
    private static func exactSign(_ a: GeoPoint, _ b: GeoPoint, _ c: GeoPoint) -> Int {
        let acx = twoDiff(a.lon, c.lon)
        let bcx = twoDiff(b.lon, c.lon)
        let acy = twoDiff(a.lat, c.lat)
        let bcy = twoDiff(b.lat, c.lat)
        var sum = Expansion()
        // (acx.hi + acx.lo)(bcy.hi + bcy.lo) - (acy.hi + acy.lo)(bcx.hi + bcx.lo), term by term.
        sum.addProduct(acx.hi, bcy.hi)
        sum.addProduct(acx.hi, bcy.lo)
        sum.addProduct(acx.lo, bcy.hi)
        sum.addProduct(acx.lo, bcy.lo)
        sum.addProduct(-acy.hi, bcx.hi)
        sum.addProduct(-acy.hi, bcx.lo)
        sum.addProduct(-acy.lo, bcx.hi)
        sum.addProduct(-acy.lo, bcx.lo)
        return signum(sum.mostSignificant)
    }

    /// a - b as hi + lo exactly (Knuth's two-difference).
    private static func twoDiff(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
        let x = a - b
        let bVirtual = a - x
        let aVirtual = x + bVirtual
        let bRound = bVirtual - b
        let aRound = a - aVirtual
        return (x, aRound + bRound)
    }
}

/// A sum of doubles kept exactly as non-overlapping components of increasing magnitude (Shewchuk's expansions),
/// on the stack: at most sixteen components, as `exactSign` adds sixteen doubles.
private struct Expansion {
    private var components = InlineArray<17, Double>(repeating: 0)
    private var count = 0

    /// The largest component: its sign is the sign of the whole sum.
    var mostSignificant: Double { count == 0 ? 0 : components[count - 1] }

    /// Adds a·b exactly (Dekker's two-product, which needs no fused multiply-add).
    mutating func addProduct(_ a: Double, _ b: Double) {
        let x = a * b
        let (aHi, aLo) = Self.split(a)
        let (bHi, bLo) = Self.split(b)
        let err1 = x - aHi * bHi
        let err2 = err1 - aLo * bHi
        let err3 = err2 - aHi * bLo
        let y = aLo * bLo - err3
        add(y)
        add(x)
    }

    /// Grow-Expansion with zero elimination: the result stays non-overlapping and sorted by magnitude.
    mutating func add(_ b: Double) {
        if b == 0 { return }
        var q = b
        var kept = 0
        for i in 0..<count {
            let e = components[i]
            let s = q + e
            let bVirtual = s - q
            let aVirtual = s - bVirtual
            let err = (q - aVirtual) + (e - bVirtual)
            q = s
            if err != 0 {
                components[kept] = err
                kept += 1
            }
        }
        if q != 0 || kept == 0 {
            components[kept] = q
            kept += 1
        }
        count = kept
    }

    /// Splits a into hi + lo with each half fitting in 26 bits, so their products are exact.
    private static func split(_ a: Double) -> (hi: Double, lo: Double) {
        let c = 134_217_729.0 * a  // 2^27 + 1
        let big = c - a
        let hi = c - big
        return (hi, a - hi)
    }
}
