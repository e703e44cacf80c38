/// Why a JSON text was rejected, and where.
///
/// Payloads are byte offsets into the input (plus the offending byte where that helps), so throwing is cheap
/// and allocation-free; the human-readable text is only built when someone asks for `message`.
public enum JSONError: Error, Equatable, Sendable {
    /// The input ended inside a value (or was empty).
    case unexpectedEnd(offset: Int)
    /// A byte that cannot start or continue the current token.
    case unexpectedByte(offset: Int, byte: UInt8)
    /// A string holds bytes that are not well-formed UTF-8 (bad lead byte, truncated or overlong
    /// sequence, UTF-8-encoded surrogate, or a code point above U+10FFFF).
    case invalidUTF8(offset: Int)
    /// A string holds a raw control character (U+0000 to U+001F), which RFC 8259 requires to be escaped.
    case unescapedControlCharacter(offset: Int, byte: UInt8)
    /// A backslash escape that is not one of `\" \\ \/ \b \f \n \r \t \uXXXX`.
    case invalidEscape(offset: Int)
    /// A `\u` escape naming half of a surrogate pair without the other half. Such strings are rejected
    /// rather than repaired with U+FFFD, so every accepted string is valid Unicode and round-trips exactly.
    case loneSurrogate(offset: Int)
    /// A number that breaks the RFC 8259 grammar (leading zero, missing digits, `+`, `.5`, `1.`, ...).
    case invalidNumber(offset: Int)
    /// Arrays and objects nested deeper than the reader's `maxDepth`.
    case depthLimitExceeded(offset: Int)
    /// A string longer than the reader's `maxStringBytes`; the offset is its opening quote.
    case stringTooLong(offset: Int)
    /// A number literal longer than the reader's `maxNumberChars`; the offset is its first character.
    case numberTooLong(offset: Int)
    /// Something other than whitespace follows the single top-level value.
    case trailingData(offset: Int)

    /// The byte offset in the input at which the problem was detected.
    public var offset: Int {
        switch self {
        case .unexpectedEnd(let offset), .unexpectedByte(let offset, _), .invalidUTF8(let offset),
             .unescapedControlCharacter(let offset, _), .invalidEscape(let offset), .loneSurrogate(let offset),
             .invalidNumber(let offset), .depthLimitExceeded(let offset), .trailingData(let offset),
             .stringTooLong(let offset), .numberTooLong(let offset):
            return offset
        }
    }

    /// One ASCII line such as `unexpected byte 0x7D at offset 12`.
    public var message: String {
        switch self {
        case .unexpectedEnd(let offset):
            return "unexpected end of input at offset \(offset)"
        case .unexpectedByte(let offset, let byte):
            return "unexpected byte \(JSONError.hex(byte)) at offset \(offset)"
        case .invalidUTF8(let offset):
            return "invalid UTF-8 in string at offset \(offset)"
        case .unescapedControlCharacter(let offset, let byte):
            return "unescaped control character \(JSONError.hex(byte)) in string at offset \(offset)"
        case .invalidEscape(let offset):
            return "invalid escape sequence at offset \(offset)"
        case .loneSurrogate(let offset):
            return "unpaired UTF-16 surrogate in \\u escape at offset \(offset)"
        case .invalidNumber(let offset):
            return "invalid number at offset \(offset)"
        case .depthLimitExceeded(let offset):
            return "nesting too deep at offset \(offset)"
        case .stringTooLong(let offset):
            return "string too long at offset \(offset)"
        case .numberTooLong(let offset):
            return "number literal too long at offset \(offset)"
        case .trailingData(let offset):
            return "unexpected data after the JSON value at offset \(offset)"
        }
    }

    /// `0x7D` style, without Foundation's `String(format:)`.
    static func hex(_ byte: UInt8) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        var text = "0x"
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
        return text
    }
}
