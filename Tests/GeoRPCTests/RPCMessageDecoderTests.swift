import GeoCore
import GeoRPC
import Testing

@Suite("RPCMessageDecoder")
struct RPCMessageDecoderTests {
    static func decode(_ line: String) -> RPCMessage {
        Array(line.utf8).withUnsafeBufferPointer { RPCMessageDecoder.decode($0) }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let line: String
        let expected: RPCMessage
        var testDescription: String { name }
    }

    static let point = RPCParams.byPosition([.number("0"), .number("0")])

    static func request(_ id: JSONValue?, method: String = "reverseGeocode", params: RPCParams = point) -> RPCEntry {
        .request(RPCRequest(method: method, params: params, id: id))
    }

    static let cases: [Case] = [
        Case(name: "request with a number id",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":7}"#,
             expected: .single(request(.number("7")))),
        Case(name: "number id keeps its text beyond double precision",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":12345678901234567890}"#,
             expected: .single(request(.number("12345678901234567890")))),
        Case(name: "number id keeps 1.0 as written",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":1.0}"#,
             expected: .single(request(.number("1.0")))),
        Case(name: "string id",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":"a"}"#,
             expected: .single(request(.string("a")))),
        Case(name: "null id is a request, not a notification",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":null}"#,
             expected: .single(request(.null))),
        Case(name: "no id is a notification",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0]}"#,
             expected: .single(request(nil))),
        Case(name: "named params keep document order",
             line: #"{"jsonrpc":"2.0","method":"m","params":{"b":1,"a":2},"id":1}"#,
             expected: .single(request(.number("1"), method: "m", params: .byName(JSONObject(members: [
                 .init(key: "b", value: .number("1")), .init(key: "a", value: .number("2"))]))))),
        Case(name: "omitted params",
             line: #"{"jsonrpc":"2.0","method":"m","id":1}"#,
             expected: .single(request(.number("1"), method: "m", params: .omitted))),
        Case(name: "unknown method is still a valid request",
             line: #"{"jsonrpc":"2.0","method":"nope","params":[0,0],"id":1}"#,
             expected: .single(request(.number("1"), method: "nope"))),
        Case(name: "boolean id is invalid and answered with null",
             line: #"{"jsonrpc":"2.0","method":"m","id":true}"#,
             expected: .single(.invalid(id: .null, problem: .invalidID(found: .boolean)))),
        Case(name: "object id is invalid",
             line: #"{"jsonrpc":"2.0","method":"m","id":{"n":1}}"#,
             expected: .single(.invalid(id: .null, problem: .invalidID(found: .object)))),
        Case(name: "missing jsonrpc keeps the legal id",
             line: #"{"method":"m","id":22}"#,
             expected: .single(.invalid(id: .number("22"), problem: .missingVersion))),
        Case(name: "jsonrpc 1.0",
             line: #"{"jsonrpc":"1.0","method":"m","id":23}"#,
             expected: .single(.invalid(id: .number("23"), problem: .wrongVersion))),
        Case(name: "jsonrpc as the number 2.0",
             line: #"{"jsonrpc":2.0,"method":"m","id":24}"#,
             expected: .single(.invalid(id: .number("24"), problem: .wrongVersion))),
        Case(name: "missing method",
             line: #"{"jsonrpc":"2.0","id":21}"#,
             expected: .single(.invalid(id: .number("21"), problem: .missingMethod))),
        Case(name: "method is a number, no id",
             line: #"{"jsonrpc":"2.0","method":1,"params":"bar"}"#,
             expected: .single(.invalid(id: .null, problem: .methodNotAString(found: .number)))),
        Case(name: "params null",
             line: #"{"jsonrpc":"2.0","method":"m","params":null,"id":25}"#,
             expected: .single(.invalid(id: .number("25"), problem: .paramsNotStructured(found: .null)))),
        Case(name: "params a string",
             line: #"{"jsonrpc":"2.0","method":"m","params":"Berlin","id":26}"#,
             expected: .single(.invalid(id: .number("26"), problem: .paramsNotStructured(found: .string)))),
        Case(name: "top-level number",
             line: "1",
             expected: .single(.invalid(id: .null, problem: .notAnObject(found: .number)))),
        Case(name: "empty batch is one invalid request",
             line: "[ ]",
             expected: .single(.invalid(id: .null, problem: .emptyBatch))),
        Case(name: "batch judges each element",
             line: #"[1,{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0]},[]]"#,
             expected: .batch([.invalid(id: .null, problem: .notAnObject(found: .number)), request(nil),
                               .invalid(id: .null, problem: .notAnObject(found: .array))])),
    ]

    @Test("decodes", arguments: cases)
    func decodes(_ example: Case) {
        #expect(Self.decode(example.line) == example.expected)
    }

    struct ParseCase: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
    }

    static let unparsable: [ParseCase] = [
        ParseCase(name: "truncated object", bytes: Array(#"{"jsonrpc":"2.0""#.utf8)),
        ParseCase(name: "two values on one line", bytes: Array("{} {}".utf8)),
        ParseCase(name: "invalid UTF-8 in a string", bytes: Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)),
        ParseCase(name: "NUL between tokens", bytes: Array("{".utf8) + [0] + Array("}".utf8)),
        ParseCase(name: "deep nesting", bytes: Array(repeating: UInt8(ascii: "["), count: 100_000)),
    ]

    @Test("unparsable lines keep the reader's error", arguments: unparsable)
    func unparsableLines(_ example: ParseCase) {
        let message = example.bytes.withUnsafeBufferPointer { RPCMessageDecoder.decode($0) }
        guard case .unparsable(let error) = message else {
            Issue.record("expected a parse error, got \(message)")
            return
        }
        #expect(error.offset >= 0 && error.offset <= example.bytes.count)
    }

    @Test("only a valid request without id expects no reply")
    func expectsReply() {
        #expect(Self.request(nil).expectsReply == false)
        #expect(Self.request(.null).expectsReply)
        #expect(RPCEntry.invalid(id: .null, problem: .missingMethod).expectsReply)
    }
}
