extension JSONScanner {
    /// Reads a string value, decoding escapes.
    ///
    /// Raw bytes must be well-formed UTF-8 (Unicode Table 3-7: no overlong forms, no encoded surrogates, nothing
    /// above U+10FFFF). `\uXXXX` surrogate pairs are combined; a lone surrogate escape is rejected
    /// (`loneSurrogate`) instead of being replaced with U+FFFD, so every accepted string is valid Unicode.
    /// - Complexity: O(length). Strings without escapes are copied once, straight into the `String`.
    public mutating func readString() throws(JSONError) -> String {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected() }
        let text = try readStringToken()
        position = .afterValue
        return text
    }

    /// Validates and steps over a string value without building it.
    public mutating func skipString() throws(JSONError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected() }
        var index = offset + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if index - offset - 1 > maxStringBytes { throw JSONError.stringTooLong(offset: offset) }
                offset = index + 1
                position = .afterValue
                return
            }
            if byte == UInt8(ascii: "\\") {
                index = try JSONScanner.decodeEscape(bytes, at: index).next
            } else if byte < 0x20 {
                throw JSONError.unescapedControlCharacter(offset: index, byte: byte)
            } else if byte < 0x80 {
                index += 1
            } else {
                index = try JSONScanner.endOfMultibyteSequence(bytes, at: index)
            }
        }
        throw JSONError.unexpectedEnd(offset: index)
    }

    /// Reads the string token whose opening quote is at the cursor (keys and values alike).
    mutating func readStringToken() throws(JSONError) -> String {
        let start = offset + 1
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if index - start > maxStringBytes { throw JSONError.stringTooLong(offset: start - 1) }
                offset = index + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(start: start, firstEscape: index) }
            if byte < 0x20 { throw JSONError.unescapedControlCharacter(offset: index, byte: byte) }
            index = byte < 0x80 ? index + 1 : try JSONScanner.endOfMultibyteSequence(bytes, at: index)
        }
        throw JSONError.unexpectedEnd(offset: index)
    }

    /// The slow path once an escape has been seen: decoded bytes go into the reused scratch buffer.
    private mutating func readEscapedString(start: Int, firstEscape: Int) throws(JSONError) -> String {
        var buffer: [UInt8] = []
        swap(&buffer, &scratch)  // borrow the capacity; avoids overlapping access to `self`
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
        var index = firstEscape
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if index - start > maxStringBytes {
                    swap(&buffer, &scratch)
                    throw JSONError.stringTooLong(offset: start - 1)
                }
                offset = index + 1
                let text = String(decoding: buffer, as: UTF8.self)
                swap(&buffer, &scratch)
                return text
            }
            if byte == UInt8(ascii: "\\") {
                let escape = try JSONScanner.decodeEscape(bytes, at: index)
                JSONScanner.appendUTF8(escape.scalar, to: &buffer)
                index = escape.next
            } else if byte < 0x20 {
                throw JSONError.unescapedControlCharacter(offset: index, byte: byte)
            } else if byte < 0x80 {
                buffer.append(byte)
                index += 1
            } else {
                let end = try JSONScanner.endOfMultibyteSequence(bytes, at: index)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
        }
        throw JSONError.unexpectedEnd(offset: index)
    }

    /// Decodes the escape whose backslash is at `index`.
    /// - Returns: the Unicode scalar it stands for and the index just after it (after both halves of a pair).
    static func decodeEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int)
        throws(JSONError) -> (scalar: UInt32, next: Int) {
        guard index + 1 < bytes.count else { throw JSONError.unexpectedEnd(offset: index + 1) }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): return (0x22, index + 2)
        case UInt8(ascii: "\\"): return (0x5C, index + 2)
        case UInt8(ascii: "/"): return (0x2F, index + 2)
        case UInt8(ascii: "b"): return (0x08, index + 2)
        case UInt8(ascii: "f"): return (0x0C, index + 2)
        case UInt8(ascii: "n"): return (0x0A, index + 2)
        case UInt8(ascii: "r"): return (0x0D, index + 2)
        case UInt8(ascii: "t"): return (0x09, index + 2)
        case UInt8(ascii: "u"):
            let unit = try hex4(bytes, at: index + 2, escape: index)
            if unit >= 0xDC00 && unit <= 0xDFFF { throw JSONError.loneSurrogate(offset: index) }
            guard unit >= 0xD800 && unit <= 0xDBFF else { return (unit, index + 6) }
            let low = index + 6
            guard low + 1 < bytes.count, bytes[low] == UInt8(ascii: "\\"), bytes[low + 1] == UInt8(ascii: "u") else {
                throw JSONError.loneSurrogate(offset: index)
            }
            let second = try hex4(bytes, at: low + 2, escape: low)
            guard second >= 0xDC00 && second <= 0xDFFF else { throw JSONError.loneSurrogate(offset: index) }
            return (0x10000 + ((unit - 0xD800) << 10) + (second - 0xDC00), low + 6)
        default:
            throw JSONError.invalidEscape(offset: index)
        }
    }

    /// The four hex digits of a `\u` escape.
    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, escape: Int)
        throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for at in index..<(index + 4) {
            guard at < bytes.count else { throw JSONError.unexpectedEnd(offset: at) }
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONError.invalidEscape(offset: escape)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Checks the multi-byte UTF-8 sequence whose lead byte is at `index` against Unicode Table 3-7.
    /// - Returns: the index just after the sequence.
    /// - Throws: `invalidUTF8` at the lead byte.
    @inline(__always)
    static func endOfMultibyteSequence(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws(JSONError) -> Int {
        let count = bytes.count
        func continuation(_ at: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            at < count && bytes[at] >= low && bytes[at] <= high
        }
        let valid: Bool
        let length: Int
        switch bytes[index] {
        case 0xC2...0xDF:
            length = 2
            valid = continuation(index + 1)
        case 0xE0:
            length = 3
            valid = continuation(index + 1, 0xA0) && continuation(index + 2)
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
            valid = continuation(index + 1) && continuation(index + 2)
        case 0xED:  // excludes U+D800...U+DFFF encoded directly
            length = 3
            valid = continuation(index + 1, 0x80, 0x9F) && continuation(index + 2)
        case 0xF0:
            length = 4
            valid = continuation(index + 1, 0x90) && continuation(index + 2) && continuation(index + 3)
        case 0xF1...0xF3:
            length = 4
            valid = continuation(index + 1) && continuation(index + 2) && continuation(index + 3)
        case 0xF4:  // nothing above U+10FFFF
            length = 4
            valid = continuation(index + 1, 0x80, 0x8F) && continuation(index + 2) && continuation(index + 3)
        default:  // ASCII is handled by callers; 0x80...0xC1 and 0xF5...0xFF never lead
            length = 0
            valid = false
        }
        guard valid else { throw JSONError.invalidUTF8(offset: index) }
        return index + length
    }

    /// Appends the UTF-8 encoding of a scalar value (never a surrogate: `decodeEscape` rules those out).
    static func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
            buffer.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
