extension DecimalConversion {
    /// Significant digits kept by the exact path. Every double and every halfway point between two doubles
    /// has at most 767 significant decimal digits, so digits beyond 800 can only matter through whether any
    /// of them is nonzero; that is kept as one extra trailing `1` digit, which preserves every comparison.
    static let maxExactDigits = 800

    /// The correctly rounded magnitude of a grammar-valid literal, by exact integer arithmetic.
    ///
    /// value = D × 10^e = (D × 5^e) / 1 × 2^e for e >= 0, or D / 5^-e × 2^e for e < 0. The numerator and
    /// denominator are scaled by a power of two so their quotient has 56 or 57 bits, that quotient is taken
    /// by schoolbook binary long division, and the remainder becomes the sticky bit for rounding.
    /// - Parameter literal: the bytes of one number literal (sign allowed; it is ignored here).
    /// - Complexity: O(d²) word operations for d digits (d capped at about 800), a few microseconds at worst.
    static func exactValue(literal: UnsafeBufferPointer<UInt8>) -> Double {
        var digits: [UInt8] = []
        var exponent = 0
        var sticky = false
        var afterPoint = false
        var index = 0
        if index < literal.count && literal[index] == UInt8(ascii: "-") { index += 1 }
        while index < literal.count {
            let byte = literal[index]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
                index += 1
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            if digit > 9 { break }
            if digits.isEmpty && digit == 0 {
                if afterPoint { exponent -= 1 }  // a leading zero: shifts the point, adds no digit
            } else if digits.count < maxExactDigits {
                digits.append(digit)
                if afterPoint { exponent -= 1 }
            } else {
                if digit != 0 { sticky = true }
                if !afterPoint { exponent += 1 }
            }
            index += 1
        }
        if index < literal.count {  // 'e' or 'E'
            index += 1
            var negative = false
            if index < literal.count && (literal[index] == UInt8(ascii: "+") || literal[index] == UInt8(ascii: "-")) {
                negative = literal[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            while index < literal.count {
                let digit = literal[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                if written < exponentLimit { written = written * 10 + Int(digit) }
                index += 1
            }
            exponent += negative ? -written : written
        }
        if sticky {
            digits.append(1)
            exponent -= 1
        }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        return exactValue(digits: digits, exponent: exponent)
    }

    /// The correctly rounded value of `digits × 10^exponent`.
    /// - Parameters:
    ///   - digits: decimal digit values, most significant first, without leading zeros (empty means zero).
    ///   - exponent: the power of ten applied to the integer the digits spell.
    static func exactValue(digits: [UInt8], exponent: Int) -> Double {
        guard !digits.isEmpty else { return 0 }
        let magnitude = digits.count + exponent  // the value lies in [10^(magnitude-1), 10^magnitude)
        if magnitude > 310 { return .infinity }  // >= 10^309
        if magnitude < -323 { return 0 }  // < 10^-324, below half the smallest subnormal (~2.47e-324)

        var numerator = BigUInt(decimalDigits: digits)
        var denominator = BigUInt(1)
        if exponent >= 0 {
            numerator.multiply(byPowerOfFive: exponent)
        } else {
            denominator.multiply(byPowerOfFive: -exponent)
        }
        // value = numerator / denominator × 2^exponent. Align so the quotient lies in (2^55, 2^57).
        let shift = denominator.bitWidth - numerator.bitWidth + 56
        if shift > 0 {
            numerator.shiftLeft(shift)
        } else if shift < 0 {
            denominator.shiftLeft(-shift)
        }
        denominator.shiftLeft(56)
        var quotient: UInt64 = 0
        var bit = 56
        while bit >= 0 {  // restoring division, one quotient bit per step
            if numerator >= denominator {
                numerator.subtract(denominator)
                quotient |= 1 << UInt64(bit)
            }
            denominator.shiftRight(1)
            bit -= 1
        }
        return roundToDouble(quotient, sticky: !numerator.isZero, binaryExponent: exponent - shift)
    }
}
