import Testing
@testable import GeoCore

@Suite("JSON reader")
struct JSONReaderTests {
    static func number(_ text: String, _ value: Double) -> JSONValue {
        .number(JSONNumber(text: text, value: value))
    }

    static func parse(_ text: String, maxDepth: Int = JSONReader.defaultMaxDepth) throws(JSONError) -> JSONValue {
        try JSONReader.parse(Array(text.utf8), maxDepth: maxDepth)
    }

    struct Valid: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let value: JSONValue
        var testDescription: String { name }
    }

    static let valid: [Valid] = [
        Valid(name: "scalars in an array", json: #"[null,true,false,"",0,-1.5e3]"#,
              value: .array([.null, .bool(true), .bool(false), .string(""), number("0", 0), number("-1.5e3", -1500)])),
        Valid(name: "object members keep document order", json: #"{"b":1,"a":{"c":[]},"d":{}}"#,
              value: .object(JSONObject(members: [
                  .init(key: "b", value: number("1", 1)),
                  .init(key: "a", value: .object(JSONObject(members: [.init(key: "c", value: .array([]))]))),
                  .init(key: "d", value: .object(JSONObject())),
              ]))),
        Valid(name: "number text is kept verbatim", json: "12345678901234567890",
              value: number("12345678901234567890", 12_345_678_901_234_567_168)),
        Valid(name: "whitespace around and inside", json: " \t\r\n[ 1 , { \"k\" : \"v\" } ]\n ",
              value: .array([number("1", 1), .object(JSONObject(members: [.init(key: "k", value: .string("v"))]))])),
        Valid(name: "short escapes", json: #""\"\\\/\b\f\n\r\t""#, value: .string("\"\\/\u{8}\u{C}\n\r\t")),
        Valid(name: "unicode escapes, including a surrogate pair", json: #""\u00e9\u4E2D\ud83d\ude00\u0000""#,
              value: .string("é中😀\u{0}")),
        Valid(name: "raw multi-byte UTF-8 up to U+10FFFF", json: "\"é中😀\u{10FFFF}\"", value: .string("é中😀\u{10FFFF}")),
        Valid(name: "escape in a key", json: #"{"a\"b":1}"#,
              value: .object(JSONObject(members: [.init(key: "a\"b", value: number("1", 1))]))),
    ]

    @Test("valid texts give the expected tree", arguments: valid)
    func parsesValid(_ testCase: Valid) throws {
        #expect(try Self.parse(testCase.json) == testCase.value)
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let error: JSONError
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ error: JSONError) {
            self.init(name, Array(text.utf8), error)
        }

        init(_ name: String, _ bytes: [UInt8], _ error: JSONError) {
            self.name = name
            self.bytes = bytes
            self.error = error
        }
    }

    static let invalid: [Invalid] = [
        Invalid("empty input", "", .unexpectedEnd(offset: 0)),
        Invalid("only whitespace", "  ", .unexpectedEnd(offset: 2)),
        Invalid("trailing comma in array", "[1,]", .unexpectedByte(offset: 3, byte: 0x5D)),
        Invalid("trailing comma in object", #"{"a":1,}"#, .unexpectedByte(offset: 7, byte: 0x7D)),
        Invalid("missing comma", "[1 2]", .unexpectedByte(offset: 3, byte: 0x32)),
        Invalid("missing colon", #"{"a" 1}"#, .unexpectedByte(offset: 5, byte: 0x31)),
        Invalid("mismatched bracket", "[1}", .unexpectedByte(offset: 2, byte: 0x7D)),
        Invalid("unterminated array", "[1", .unexpectedEnd(offset: 2)),
        Invalid("second top-level value", "1 2", .trailingData(offset: 2)),
        Invalid("unquoted key", "{a:1}", .unexpectedByte(offset: 1, byte: 0x61)),
        Invalid("misspelled literal", "[tru]", .unexpectedByte(offset: 4, byte: 0x5D)),
        Invalid("leading zero", "01", .invalidNumber(offset: 0)),
        Invalid("plus sign", "+1", .unexpectedByte(offset: 0, byte: 0x2B)),
        Invalid("bare minus", "-", .invalidNumber(offset: 0)),
        Invalid("fraction without digits", "1.", .invalidNumber(offset: 0)),
        Invalid("exponent without digits", "[1e+]", .invalidNumber(offset: 1)),
        Invalid("leading dot", ".5", .unexpectedByte(offset: 0, byte: 0x2E)),
        Invalid("NaN", "NaN", .unexpectedByte(offset: 0, byte: 0x4E)),
        Invalid("raw control character in a string", "\"a\tb\"", .unescapedControlCharacter(offset: 2, byte: 0x09)),
        Invalid("unknown escape", #""\x""#, .invalidEscape(offset: 1)),
        Invalid("bad hex in \\u", #""\u12G4""#, .invalidEscape(offset: 1)),
        Invalid("lone high surrogate escape", #""\ud800""#, .loneSurrogate(offset: 1)),
        Invalid("lone low surrogate escape", #""\udc00""#, .loneSurrogate(offset: 1)),
        Invalid("high surrogate followed by a non-surrogate", #""\ud800\u0041""#, .loneSurrogate(offset: 1)),
        Invalid("unterminated string", #""abc"#, .unexpectedEnd(offset: 4)),
        Invalid("overlong 2-byte form of '/'", [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8(offset: 1)),
        Invalid("overlong 3-byte form", [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8(offset: 1)),
        Invalid("UTF-8 encoded surrogate U+D800", [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8(offset: 1)),
        Invalid("code point above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8(offset: 1)),
        Invalid("lone continuation byte", [0x22, 0x61, 0x80, 0x22], .invalidUTF8(offset: 2)),
        Invalid("truncated sequence", [0x22, 0xE4, 0xB8, 0x22], .invalidUTF8(offset: 1)),
        Invalid("invalid lead byte 0xFF", [0x22, 0xFF, 0x22], .invalidUTF8(offset: 1)),
        Invalid("byte order mark", [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], .unexpectedByte(offset: 0, byte: 0xEF)),
    ]

    @Test("invalid texts fail with the right error and offset", arguments: invalid)
    func rejectsInvalid(_ testCase: Invalid) {
        #expect(throws: testCase.error) { try JSONReader.parse(testCase.bytes) }
    }

    @Test("nesting up to maxDepth parses; one level more is an error at the extra bracket",
          arguments: [1, 2, 64, 512])
    func depthLimit(_ limit: Int) throws {
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(try Self.parse(deepest, maxDepth: limit) != .null)
        let tooDeep = "[" + deepest + "]"
        #expect(throws: JSONError.depthLimitExceeded(offset: limit)) { try Self.parse(tooDeep, maxDepth: limit) }
    }

    @Test("a million nested containers give an error, not a stack overflow")
    func veryDeepInput() {
        let text = String(repeating: "[{\"a\":", count: 500_000)
        #expect(throws: JSONError.depthLimitExceeded(offset: 6 * 256)) { try Self.parse(text) }
    }

    @Test("duplicate keys are kept in order; lookup returns the last")
    func duplicateKeys() throws {
        let value = try Self.parse(#"{"k":1,"k":2}"#)
        #expect(value.objectValue?.members.count == 2)
        #expect(value["k"]?.doubleValue == 2)
    }

    @Test("error messages are one ASCII line with the offset",
          arguments: [(JSONError.unexpectedByte(offset: 12, byte: 0x7D), "unexpected byte 0x7D at offset 12"),
                      (.unexpectedEnd(offset: 3), "unexpected end of input at offset 3"),
                      (.loneSurrogate(offset: 1), "unpaired UTF-16 surrogate in \\u escape at offset 1"),
                      (.depthLimitExceeded(offset: 9), "nesting too deep at offset 9")])
    func messages(_ error: JSONError, _ text: String) {
        #expect(error.message == text)
        #expect(error.message.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
    }
}
