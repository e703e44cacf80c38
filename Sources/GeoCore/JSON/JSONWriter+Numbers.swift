extension JSONWriter {
    /// Writes the shortest text that reads back as exactly `value`.
    ///
    /// Integral values are written as integers while `Double.description` would use plain digits (below
    /// 10^16: `10`, `-3`, `-0`, `1000000000000000`), since that is what people and other JSON tools expect.
    /// Everything else uses `Double.description`'s text, which is already the shortest round-trip form and
    /// valid JSON apart from its exponent spelling, tidied from `e+16`/`e-07` to `e16`/`e-7`. JSON has no NaN
    /// or infinity, so those are written as `null`. Natively the text is written by `Double.write(to:)`
    /// into the output (``ByteSink``) instead of through a `String`.
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
        let start = bytes.count
        #if hasFeature(Embedded)
        bytes.append(contentsOf: value.description.utf8)
        #else
        // The same digits `description` gives, without making the String (a heap allocation and release per
        // number, a tenth of a `nearby` reply's cost over stdio): `Double.write(to:)` formats into a stack
        // buffer and hands the ASCII bytes to the stream's `_writeASCII`.
        var sink = ByteSink()
        swap(&sink.bytes, &bytes)
        value.write(to: &sink)
        swap(&sink.bytes, &bytes)
        #endif
        tidyNumber(from: start)
    }

    /// Turns `description`'s text at `bytes[start...]` into JSON: a trailing `.0` dropped (integral values
    /// from 1e15 up), the exponent written `e16`/`e-7` instead of `e+16`/`e-07`.
    private mutating func tidyNumber(from start: Int) {
        var end = bytes.count
        if end - start >= 2 && bytes[end - 2] == UInt8(ascii: ".") && bytes[end - 1] == UInt8(ascii: "0") {
            bytes.removeLast(2)
            end -= 2
        }
        guard let e = bytes[start..<end].firstIndex(of: UInt8(ascii: "e")) else { return }
        var digits = e + 1
        var negative = false
        while digits < end && (bytes[digits] == UInt8(ascii: "+") || bytes[digits] == UInt8(ascii: "-")
                               || bytes[digits] == UInt8(ascii: "0")) {
            if bytes[digits] == UInt8(ascii: "-") { negative = true }
            digits += 1
        }
        if negative {
            bytes.replaceSubrange((e + 1)..<digits, with: CollectionOfOne(UInt8(ascii: "-")))
        } else {
            bytes.removeSubrange((e + 1)..<digits)
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

#if !hasFeature(Embedded)
/// Collects the ASCII text `Double.write(to:)` produces straight into a byte array.
struct ByteSink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    /// What `Double.write(to:)` calls: its digits as bytes, no `String` made.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
#endif
