import GeoCore
import Testing

@Suite("JSON reader limits")
struct JSONLimitsTests {
    static let limits = JSONLimits(maxDepth: 3, maxStringBytes: 5, maxNumberChars: 4)

    static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try Array(text.utf8).withUnsafeBufferPointer { (buffer) throws(JSONError) in
            try JSONReader.parse(buffer, limits: limits)
        }
    }

    @Test("values at each limit are accepted", arguments: [
        #""abcde""#, #"{"abcde":1}"#, "1234", "-1e5", "[[[]]]", #""a\nbc""#, #"["é€"]"#,
    ])
    func atLimit(_ text: String) throws {
        #expect(try Self.parse(text) == (try JSONReader.parse(Array(text.utf8))))
    }

    struct Over: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let expected: JSONError
        var testDescription: String { name }
    }

    static let over: [Over] = [
        Over(name: "string of 6 bytes", text: #"  "abcdef""#, expected: .stringTooLong(offset: 2)),
        Over(name: "key of 6 bytes", text: #"{"abcdef":1}"#, expected: .stringTooLong(offset: 1)),
        Over(name: "escapes count as written", text: #"["\n\n\n"]"#, expected: .stringTooLong(offset: 1)),
        Over(name: "multibyte characters count in bytes", text: #""éé€""#, expected: .stringTooLong(offset: 0)),
        Over(name: "skipped member key", text: #"[1,{"abcdef":2}]"#, expected: .stringTooLong(offset: 4)),
        Over(name: "number of 5 characters", text: "[12345]", expected: .numberTooLong(offset: 1)),
        Over(name: "sign and exponent count", text: "-1e10", expected: .numberTooLong(offset: 0)),
        Over(name: "nesting of 4", text: "[[[[]]]]", expected: .depthLimitExceeded(offset: 3)),
    ]

    @Test("values over a limit throw that limit's error at the value's start", arguments: over)
    func overLimit(_ example: Over) {
        #expect(throws: example.expected) { try Self.parse(example.text) }
    }

    @Test("the messages name the problem and the offset")
    func messages() {
        #expect(JSONError.stringTooLong(offset: 7).message == "string too long at offset 7")
        #expect(JSONError.numberTooLong(offset: 3).message == "number literal too long at offset 3")
    }

    @Test("without limits, a 1 MB string and a 10,000-digit number still parse")
    func unlimited() throws {
        let string = "\"" + String(repeating: "x", count: 1 << 20) + "\""
        #expect(try JSONReader.parse(Array(string.utf8)).stringValue?.utf8.count == 1 << 20)
        let digits = String(repeating: "9", count: 10_000)
        guard case .number(let number) = try JSONReader.parse(Array(digits.utf8)) else {
            Issue.record("a number expected")
            return
        }
        #expect(number.value == .infinity)
    }
}
