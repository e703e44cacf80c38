import Foundation
import GeoCore
import GeoRPC
import Testing

/// Replays /work/shared/conformance/jsonrpc-2.0-cases.jsonl (copied to Fixtures/) through the framer
/// and the server in process, with the matching rules of jsonrpc-2.0-cases.md.
@Suite("JSON-RPC 2.0 conformance")
struct ConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let expect: JSONValue
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let url = Fixture.directory.appendingPathComponent("Fixtures/jsonrpc-2.0-cases.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var cases: [Case] = []
        for line in text.split(separator: "\n") {
            guard let value = try? JSONReader.parse(Array(line.utf8)),
                  let name = value["name"]?.stringValue,
                  let request = value["request"]?.stringValue,
                  let expect = value["expect"] else { continue }
            var bytes = value["request_hex"]?.stringValue.flatMap(hexBytes) ?? Array(request.utf8)
            if value["newline"] != .bool(false) { bytes.append(0x0A) }
            cases.append(Case(name: name, bytes: bytes, expect: expect))
        }
        return cases
    }()

    static func hexBytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for k in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[k...k + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    @Test("the whole suite is here")
    func suiteLoaded() {
        #expect(Self.cases.count == 96)
    }

    @Test("replays", arguments: cases)
    func replay(_ example: Case) throws {
        let server = try Fixture.server()
        var framer = LineFramer()
        var out = JSONWriter()
        example.bytes.withUnsafeBufferPointer { chunk in
            framer.append(chunk) { server.handle(line: $0, into: &out) }
        }
        framer.finish { server.handle(line: $0, into: &out) }
        let text = String(decoding: out.bytes, as: UTF8.self)

        if example.expect == .null {
            #expect(text.isEmpty, "no reply expected, got \(text)")
            return
        }
        try #require(text.hasSuffix("\n"), "the reply ends in a newline: \(text)")
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 1, "exactly one reply line: \(text)")
        let reply = try JSONReader.parse(Array(lines[0].utf8))
        switch example.expect {
        case .array(let expected):
            let replies = try #require(reply.arrayValue, "a batch reply is an array: \(text)")
            var unmatched = replies
            for want in expected {
                let index = try #require(unmatched.firstIndex { Self.matches($0, want) },
                                         "no reply matches \(want) in \(text)")
                unmatched.remove(at: index)
            }
            #expect(unmatched.isEmpty, "extra replies: \(unmatched)")
        default:
            #expect(Self.matches(reply, example.expect), "\(text) does not match \(example.expect)")
        }
    }

    /// The rules of jsonrpc-2.0-cases.md: `"result": "*"` is any result with no error; an error matches
    /// on its code and needs a string message; the id must be equal in type and value (and here in
    /// text too, since ids are echoed as written).
    static func matches(_ reply: JSONValue, _ expected: JSONValue) -> Bool {
        guard reply["jsonrpc"] == .string("2.0"),
              let id = reply["id"], id == expected["id"],
              Set(reply.keys).isSubset(of: ["jsonrpc", "id", "result", "error"]) else { return false }
        if expected["result"] != nil {
            return reply["result"] != nil && reply["error"] == nil
        }
        guard reply["result"] == nil, let error = reply["error"],
              let code = error["code"], let wanted = expected["error"]?["code"] else { return false }
        return code.doubleValue == wanted.doubleValue && error["message"]?.stringValue != nil
    }
}
