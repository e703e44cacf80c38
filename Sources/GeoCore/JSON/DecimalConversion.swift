/// Decimal-to-`Double` conversion for JSON number literals, correctly rounded (IEEE 754 round-half-to-even)
/// for any number of digits and any exponent.
///
/// Three tiers, each exact where it answers and each handing over when it cannot be sure:
/// 1. Clinger's fast path: at most 2^53 and |power of ten| <= 22, so one exactly rounded IEEE multiply or divide.
/// 2. Eisel-Lemire (`DecimalConversion+EiselLemire.swift`): 19-digit mantissa times a 128-bit power of five;
///    answers almost every remaining literal, and says so when its error bound leaves the result in doubt.
/// 3. The exact big-integer path (`DecimalConversion+Exact.swift`), always right, used for the leftovers
///    (exact halfway cases beyond 15 digits, subnormal results, very long mantissas near a tie).
enum DecimalConversion {
    /// Decimal exponents are saturated at this magnitude while scanning: far beyond any finite nonzero
    /// result, and small enough that the arithmetic stays within a 32-bit `Int` (wasm32).
    static let exponentLimit = 100_000_000

    /// The value of a scanned literal.
    /// - Parameters:
    ///   - literal: the digits and exponent collected by `JSONScanner.scanNumber`.
    ///   - bytes: the input, re-read only by the exact fallback.
    @inline(__always)
    static func value(of literal: DecimalLiteral, in bytes: UnsafeBufferPointer<UInt8>) -> Double {
        let magnitude = positiveValue(of: literal, in: bytes)
        return literal.negative ? -magnitude : magnitude
    }

    @inline(__always)
    static func positiveValue(of literal: DecimalLiteral, in bytes: UnsafeBufferPointer<UInt8>) -> Double {
        let mantissa = literal.mantissa
        if mantissa == 0 { return 0 }  // only zero digits; dropped digits are never nonzero here
        if !literal.truncated {
            if let fast = clinger(mantissa, literal.exponent) { return fast }
            if let bits = eiselLemire(mantissa, literal.exponent) { return Double(bitPattern: bits) }
        } else if let low = eiselLemire(mantissa, literal.exponent),
                  let high = eiselLemire(mantissa + 1, literal.exponent), low == high {
            // The true value lies strictly between the two bounds, which round to the same double.
            return Double(bitPattern: low)
        }
        return exactValue(literal: UnsafeBufferPointer(rebasing: bytes[literal.start..<literal.end]))
    }

    /// 10^0 ... 10^22: every one is exactly representable, which is what makes Clinger's path exact.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Clinger's fast path: both operands are exact doubles, so the single IEEE operation rounds correctly.
    /// Also covers `w × 10^q` for 22 < q <= 37 when `w × 10^(q-22)` is still an exact integer <= 2^53.
    /// - Returns: nil when the operands would not be exact.
    @inline(__always)
    static func clinger(_ mantissa: UInt64, _ exponent: Int) -> Double? {
        guard mantissa <= 1 << 53 else { return nil }
        if exponent >= 0 {
            if exponent <= 22 { return Double(mantissa) * powersOfTen[exponent] }
            guard exponent <= 22 + 15 else { return nil }
            var scaled = mantissa
            for _ in 0..<(exponent - 22) {
                scaled *= 10
                if scaled > 1 << 53 { return nil }
            }
            return Double(scaled) * 1e22
        }
        guard exponent >= -22 else { return nil }
        return Double(mantissa) / powersOfTen[-exponent]
    }

    /// Rounds `quotient × 2^binaryExponent` (plus a fraction below one unit, nonzero when `sticky`) to the
    /// nearest double, ties to even, including subnormal results, underflow to zero and overflow to infinity.
    /// - Parameter quotient: at least 55 significant bits, so a round bit and at least one more are present.
    static func roundToDouble(_ quotient: UInt64, sticky: Bool, binaryExponent: Int) -> Double {
        let width = 64 - quotient.leadingZeroBitCount
        let topExponent = width - 1 + binaryExponent  // the value lies in [2^top, 2^(top+1))
        if topExponent > 1023 { return .infinity }
        let normal = topExponent >= -1022
        // Bits of `quotient` that fall below the last mantissa bit (for subnormals the unit is 2^-1074).
        let dropped = normal ? width - 53 : -1074 - binaryExponent
        if dropped > 64 { return 0 }  // below 2^-1075: closer to zero than to the smallest subnormal
        var mantissa = dropped == 64 ? 0 : quotient >> UInt64(dropped)
        let remainder = dropped == 64 ? quotient : quotient & ((1 << UInt64(dropped)) - 1)
        let half: UInt64 = 1 << UInt64(dropped - 1)
        if remainder > half || (remainder == half && (sticky || mantissa & 1 == 1)) { mantissa += 1 }
        if !normal { return Double(bitPattern: mantissa) }  // a carry into bit 52 gives the smallest normal
        // A carry to 2^53 bumps the exponent field by one, which is exactly right (and gives infinity at the top).
        let bits = UInt64(topExponent + 1023) << 52 &+ mantissa &- (1 << 52)
        return Double(bitPattern: bits)
    }
}
