/// A minimal arbitrary-precision unsigned integer: just enough arithmetic for exact decimal-to-binary
/// conversion (multiply by small numbers, shifts, compare, subtract).
///
/// Little-endian 64-bit limbs with no high zero limbs, so `limbs.isEmpty` means zero. Slow paths only:
/// the numbers here reach a few thousand bits for the most extreme literals.
struct BigUInt: Equatable, Comparable {
    private(set) var limbs: [UInt64]

    init(_ value: UInt64 = 0) {
        limbs = value == 0 ? [] : [value]
    }

    /// The integer spelled by decimal digit values (0...9), most significant first.
    init(decimalDigits digits: [UInt8]) {
        self.init()
        var index = 0
        while index < digits.count {
            let end = Swift.min(index + 19, digits.count)  // 10^19 - 1 fits in a limb
            var chunk: UInt64 = 0
            var scale: UInt64 = 1
            for position in index..<end {
                chunk = chunk * 10 + UInt64(digits[position])
                scale *= 10
            }
            multiply(by: scale, adding: chunk)
            index = end
        }
    }

    var isZero: Bool { limbs.isEmpty }

    /// The number of significant bits (0 for zero).
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 64 - top.leadingZeroBitCount
    }

    /// self = self × factor + addend.
    mutating func multiply(by factor: UInt64, adding addend: UInt64 = 0) {
        var carry = addend
        for index in limbs.indices {
            let product = limbs[index].multipliedFullWidth(by: factor)
            let (low, overflow) = product.low.addingReportingOverflow(carry)
            limbs[index] = low
            carry = product.high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { limbs.append(carry) }
        normalize()
    }

    /// self = self × 5^exponent.
    mutating func multiply(byPowerOfFive exponent: Int) {
        let fiveTo27: UInt64 = 7_450_580_596_923_828_125  // the largest power of five below 2^64
        var remaining = exponent
        while remaining >= 27 {
            multiply(by: fiveTo27)
            remaining -= 27
        }
        var factor: UInt64 = 1
        for _ in 0..<remaining { factor *= 5 }
        if factor != 1 { multiply(by: factor) }
    }

    /// self = self × 2^count.
    mutating func shiftLeft(_ count: Int) {
        guard !isZero, count > 0 else { return }
        let words = count / 64
        let bits = UInt64(count % 64)
        if bits != 0 {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let limb = limbs[index]
                limbs[index] = limb << bits | carry
                carry = limb >> (64 - bits)
            }
            if carry != 0 { limbs.append(carry) }
        }
        if words > 0 { limbs.insert(contentsOf: repeatElement(0, count: words), at: 0) }
    }

    /// self = floor(self / 2^count).
    mutating func shiftRight(_ count: Int) {
        guard count > 0 else { return }
        let words = count / 64
        guard words < limbs.count else {
            limbs.removeAll()
            return
        }
        limbs.removeFirst(words)
        let bits = UInt64(count % 64)
        if bits != 0 {
            for index in limbs.indices {
                let next = index + 1 < limbs.count ? limbs[index + 1] : 0
                limbs[index] = limbs[index] >> bits | next << (64 - bits)
            }
        }
        normalize()
    }

    /// self = self - other; `other` must not exceed `self`.
    mutating func subtract(_ other: BigUInt) {
        var borrow = false
        for index in limbs.indices {
            let subtrahend = index < other.limbs.count ? other.limbs[index] : 0
            if !borrow && index >= other.limbs.count { break }
            let (partial, overflowA) = limbs[index].subtractingReportingOverflow(subtrahend)
            let (result, overflowB) = partial.subtractingReportingOverflow(borrow ? 1 : 0)
            limbs[index] = result
            borrow = overflowA || overflowB
        }
        normalize()
    }

    /// The low 64 bits.
    var low64: UInt64 { limbs.first ?? 0 }

    /// Limb `index` (0 = least significant), or 0 beyond the top.
    func limb(_ index: Int) -> UInt64 { index < limbs.count ? limbs[index] : 0 }

    static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
        if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
        var index = lhs.limbs.count
        while index > 0 {
            index -= 1
            if lhs.limbs[index] != rhs.limbs[index] { return lhs.limbs[index] < rhs.limbs[index] }
        }
        return false
    }

    private mutating func normalize() {
        while limbs.last == 0 { limbs.removeLast() }
    }
}
