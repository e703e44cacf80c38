/// A number literal reduced to what the conversion needs: the first 19 significant digits and a power of ten.
///
/// The value is `mantissa × 10^exponent`, exactly when `truncated` is false; otherwise the dropped digits
/// put it strictly between that and `(mantissa + 1) × 10^exponent`.
struct DecimalLiteral {
    var mantissa: UInt64
    var exponent: Int
    var negative: Bool
    /// Nonzero digits were dropped after the 19th significant digit.
    var truncated: Bool
    /// Where the literal starts (at '-' or the first digit) and ends, for the exact fallback and for `text`.
    var start: Int
    var end: Int
}

extension JSONScanner {
    /// Reads a number as the nearest `Double` (round-half-to-even); ±infinity when beyond the `Double` range,
    /// which is still a valid JSON number.
    /// - Throws: `invalidNumber` when the literal breaks the RFC 8259 grammar.
    /// - Complexity: O(digits); no allocation unless the literal needs the exact big-integer fallback.
    @inline(__always)
    public mutating func readDouble() throws(JSONError) -> Double {
        let literal = try scanNumber()
        return DecimalConversion.value(of: literal, in: bytes)
    }

    /// Reads a number keeping its literal text, so it can be echoed exactly (e.g. a JSON-RPC `id`).
    public mutating func readNumber() throws(JSONError) -> JSONNumber {
        let literal = try scanNumber()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[literal.start..<literal.end]), as: UTF8.self)
        return JSONNumber(text: text, value: DecimalConversion.value(of: literal, in: bytes))
    }

    /// Checks the grammar `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` and collects the digits.
    @inline(__always)
    mutating func scanNumber() throws(JSONError) -> DecimalLiteral {
        skipWhitespace()
        let count = bytes.count
        let start = offset
        var index = offset
        var negative = false
        if index < count && bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < count else { throw JSONError.invalidNumber(offset: start) }
        var mantissa: UInt64 = 0
        var significant = 0  // digits in `mantissa`, counted from the first nonzero one
        var exponent = 0
        var truncated = false

        let first = bytes[index] &- UInt8(ascii: "0")
        if first == 0 {
            index += 1
            if index < count && bytes[index] &- UInt8(ascii: "0") <= 9 { throw JSONError.invalidNumber(offset: start) }
        } else if first <= 9 {
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significant += 1
                } else {
                    exponent += 1
                    if digit != 0 { truncated = true }
                }
                index += 1
            }
        } else {
            throw JSONError.invalidNumber(offset: start)
        }

        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    exponent -= 1
                    if mantissa != 0 { significant += 1 }  // zeros before the first nonzero digit are free
                } else if digit != 0 {
                    truncated = true
                }
                index += 1
            }
            if index == fractionStart { throw JSONError.invalidNumber(offset: start) }
        }

        if index < count && bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let digitsStart = index
            var written = 0
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                // Saturate: anything this large is ±infinity or zero whatever the digits say.
                if written < DecimalConversion.exponentLimit { written = written * 10 + Int(digit) }
                index += 1
            }
            if index == digitsStart { throw JSONError.invalidNumber(offset: start) }
            exponent += exponentNegative ? -written : written
        }

        if index - start > maxNumberChars { throw JSONError.numberTooLong(offset: start) }
        offset = index
        position = .afterValue
        return DecimalLiteral(mantissa: mantissa, exponent: exponent, negative: negative, truncated: truncated,
                              start: start, end: index)
    }
}

extension JSONNumber {
    /// Parses a JSON number literal (the whole of `text`, no whitespace), e.g. for command-line arguments.
    /// - Returns: nil when `text` is not exactly one RFC 8259 number.
    public init?(parsing text: String) {
        let utf8 = Array(text.utf8)
        let parsed: JSONNumber? = utf8.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            guard buffer.first != 0x20, buffer.first != 0x0A, buffer.first != 0x0D, buffer.first != 0x09,
                  let number = try? scanner.readNumber(), scanner.offset == buffer.count else { return nil }
            return number
        }
        guard let parsed else { return nil }
        self = parsed
    }
}
