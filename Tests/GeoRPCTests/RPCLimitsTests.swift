import GeoCore
import GeoRPC
import Testing

@Suite("RPC limits")
struct RPCLimitsTests {
    static let limits = RPCLimits(maxLineBytes: 200, maxDepth: 4, maxBatch: 3, maxStringBytes: 20, maxNumberChars: 10)
    static let call = #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":1}"#

    static func server() throws -> RPCServer {
        RPCServer(gazetteer: try Fixture.gazetteer.get(), limits: limits)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let line: String
        let code: Int
        let limit: String
        let max: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "too deep", line: #"{"jsonrpc":"2.0","method":"x","params":[[[[1]]]],"id":1}"#,
             code: -32700, limit: "maxDepth", max: 4),
        Case(name: "string too long", line: #"{"jsonrpc":"2.0","method":"forwardGeocode","params":["abcdefghijklmnopqrstuvwxyz"],"id":1}"#,
             code: -32700, limit: "maxStringBytes", max: 20),
        Case(name: "number too long", line: #"{"jsonrpc":"2.0","method":"x","id":12345678901}"#,
             code: -32700, limit: "maxNumberChars", max: 10),
        Case(name: "batch too large", line: "[\(call),\(call),\(call),\(call)]", code: -32600, limit: "maxBatch", max: 3),
    ]

    @Test("each limit gets one error with id null and data naming the limit", arguments: cases)
    func limitErrors(_ example: Case) throws {
        let reply = try Self.server().reply(example.line)
        #expect(reply["id"] == .null)
        let error = try #require(reply["error"])
        #expect(error["code"]?.doubleValue == Double(example.code))
        #expect(error["data"]?["limit"] == .string(example.limit))
        #expect(error["data"]?["max"]?.doubleValue == Double(example.max))
        #expect(error["message"]?.stringValue?.contains(example.limit) == true)
    }

    @Test("a batch at the cap is answered in full")
    func batchAtCap() throws {
        let reply = try Self.server().reply("[\(Self.call),\(Self.call),\(Self.call)]")
        #expect(reply.arrayValue?.count == 3)
    }

    @Test("through a session, an over-long line gets one error and the next line is answered")
    func overlongLineInSession() throws {
        var session = RPCSession(server: try Self.server(), flushThreshold: 1 << 20)
        var output: [UInt8] = []
        let input = Array((Self.call + "\n" + String(repeating: "y", count: 1000) + "\n" + Self.call + "\n").utf8)
        // Fed in 7-byte chunks, so the over-long line is cut many times.
        var start = 0
        while start < input.count {
            let end = min(start + 7, input.count)
            input.withUnsafeBufferPointer { session.feed(UnsafeBufferPointer(rebasing: $0[start..<end])) { output += $0 } }
            start = end
        }
        session.finish { output += $0 }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        try #require(lines.count == 3, "three replies: \(lines)")
        let middle = try JSONReader.parse(Array(lines[1].utf8))
        #expect(middle["id"] == .null)
        #expect(middle["error"]?["code"]?.doubleValue == -32700)
        #expect(middle["error"]?["data"]?["limit"] == .string("maxLineBytes"))
        #expect(middle["error"]?["data"]?["max"]?.doubleValue == 200)
        #expect(try JSONReader.parse(Array(lines[2].utf8))["id"]?.doubleValue == 1)
    }

    @Test("the defaults are the documented ones")
    func defaults() {
        let limits = RPCLimits()
        #expect(limits.maxLineBytes == 16 * 1024 * 1024)
        #expect(limits.maxDepth == 64)
        #expect(limits.maxBatch == 10_000)
        #expect(limits.maxStringBytes == 65_536)
        #expect(limits.maxNumberChars == 1_000)
    }
}
