extension JSONWriter {
    /// Writes the shortest text that reads back as exactly `value`.
    ///
    /// Integral values are written as integers while `Double.description` would use plain digits (below
    /// 10^16: `10`, `-3`, `-0`, `1000000000000000`), since that is what people and other JSON tools expect.
    /// Everything else uses `Double.description`, which is already the shortest round-trip form and valid
    /// JSON apart from its exponent spelling, tidied from `e+16`/`e-07` to `e16`/`e-7`. JSON has no NaN or
    /// infinity, so those are written as `null`.
    public mutating func number(_ value: Double) {
        startValue()
        defer { needsComma = true }
        guard value.isFinite else {
            appendLiteral("null")
            return
        }
        if value.rounded(.towardZero) == value && value.magnitude < 1e15 {
            if value == 0 && value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
            appendInteger(Int64(value))
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }  // integral values from 1e15 up to 2^53-ish
        var exponentSeen = false
        var skippingExponentPrefix = false  // after 'e': drop '+' and leading zeros
        for byte in text.utf8 {
            if byte == UInt8(ascii: "e") {
                exponentSeen = true
                skippingExponentPrefix = true
                bytes.append(byte)
                continue
            }
            if exponentSeen && skippingExponentPrefix {
                if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "0") { continue }
                if byte == UInt8(ascii: "-") {
                    bytes.append(byte)
                    continue
                }
                skippingExponentPrefix = false
            }
            bytes.append(byte)
        }
    }

    /// Writes an integer in decimal.
    public mutating func number(_ value: Int) {
        startValue()
        appendInteger(Int64(value))
        needsComma = true
    }

    /// Decimal digits of `value`, including `Int64.min`, without going through `String`.
    mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]))
        }
    }
}
