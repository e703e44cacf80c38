extension DecimalConversion {
    /// The Eisel-Lemire algorithm: `w × 10^q` as the bits of the nearest double, or nil when unsure.
    ///
    /// `10^q = 5^q × 2^q`, and `PowersOfFive` holds 5^q as a 128-bit number T scaled into [2^127, 2^128),
    /// within one unit of the truth (truncated for q >= 0, rounded up for q < 0). Normalising w to 64 bits
    /// and taking the 192-bit product w·T gives the value's leading bits with an error of less than one unit
    /// of its low 64-bit word, i.e. the true product lies in (U - 1, U + 2) where U is the top 128 bits.
    /// We keep 54 bits (53 plus the round bit) and accept the answer only when the discarded bits are far
    /// enough from all-zeros and all-ones that the error cannot change the rounding. When T is exact
    /// (0 <= q <= 55) the product is exact and ties are decided directly. Anything else returns nil and
    /// the exact path takes over; so do subnormal results, which are rare enough not to deserve a fast path.
    ///
    /// - Parameters:
    ///   - mantissa: the decimal significand w, nonzero, at most 19 digits.
    ///   - exponent: the power of ten q.
    /// - Returns: the IEEE 754 bit pattern of the correctly rounded result, or nil.
    @inline(__always)
    static func eiselLemire(_ mantissa: UInt64, _ exponent: Int) -> UInt64? {
        if exponent < PowersOfFive.minExponent { return 0 }  // w × 10^q < 10^-324: rounds to +0
        if exponent > PowersOfFive.maxExponent { return 0x7FF0_0000_0000_0000 }  // >= 10^309: +infinity
        let leadingZeros = mantissa.leadingZeroBitCount
        let normalized = mantissa << UInt64(leadingZeros)
        let index = (exponent - PowersOfFive.minExponent) * 2
        let powerHigh = PowersOfFive.table[index]
        let powerLow = PowersOfFive.table[index + 1]

        // 192-bit product [high : middle : lowest]; we need high:middle and, for exact powers, `lowest`.
        let first = normalized.multipliedFullWidth(by: powerHigh)
        let second = normalized.multipliedFullWidth(by: powerLow)
        let (middle, carry) = first.low.addingReportingOverflow(second.high)
        let high = first.high &+ (carry ? 1 : 0)  // cannot overflow: the product is below 2^192
        let lowest = second.low

        let upperBit = Int(high >> 63)  // the product's top bit is bit 190 or 191
        let shift = UInt64(9 + upperBit)  // keeps 54 bits of `high`
        let kept = high >> shift
        let discardMask: UInt64 = (1 << shift) - 1
        let discardedHigh = high & discardMask
        let exact = exponent >= 0 && exponent <= 55  // 5^q < 2^128, so T is exactly 5^q << k

        var roundUp = false
        if kept & 1 == 1 {
            if exact {
                let restIsZero = discardedHigh == 0 && middle == 0 && lowest == 0
                roundUp = !restIsZero || kept & 2 != 0  // a tie goes to the even neighbour
            } else {
                roundUp = true
            }
        }
        if !exact {
            // Discarded part D = discardedHigh:middle; the truth lies within (D - 1, D + 2). Too close to
            // zero (it could be a tie or belong below) or to the top (it could carry) means we cannot tell.
            if discardedHigh == 0 && middle <= 2 { return nil }
            if discardedHigh == discardMask && middle >= UInt64.max - 2 { return nil }
        }

        var significand = kept >> 1 + (roundUp ? 1 : 0)
        // floor(q × log2 5) = (q × 152170) >> 16 for every q in the table (checked in PowersOfFiveTests).
        var binaryExponent = 63 + upperBit + exponent + ((exponent &* 152_170) >> 16) - leadingZeros
        if significand == 1 << 53 {
            significand >>= 1
            binaryExponent += 1
        }
        if binaryExponent > 1023 { return 0x7FF0_0000_0000_0000 }
        if binaryExponent < -1022 { return nil }  // subnormal or zero: leave it to the exact path
        return UInt64(binaryExponent + 1023) << 52 | (significand & ((1 << 52) - 1))
    }
}
