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
        /// The id the error must carry: the request's when it could be read, else null.
        let id: JSONValue
        var testDescription: String { name }
    }

    static let one = JSONValue.number(JSONNumber(text: "1", value: 1))

    static let cases: [Case] = [
        Case(name: "too deep", line: #"{"jsonrpc":"2.0","method":"x","params":[[[[1]]]],"id":1}"#,
             code: -32700, limit: "maxDepth", max: 4, id: one),
        Case(name: "too deep, id after params", line: #"{"jsonrpc":"2.0","method":"x","params":[[[[1]]]],"id":"a\u00e9"}"#,
             code: -32700, limit: "maxDepth", max: 4, id: .string("aé")),
        Case(name: "too deep and never closed: not JSON, id null",
             line: #"{"jsonrpc":"2.0","method":"x","id":1,"params":[[[[[[[["#,
             code: -32700, limit: "maxDepth", max: 4, id: .null),
        Case(name: "string too long", line: #"{"jsonrpc":"2.0","method":"forwardGeocode","params":["abcdefghijklmnopqrstuvwxyz"],"id":1}"#,
             code: -32700, limit: "maxStringBytes", max: 20, id: one),
        Case(name: "number too long in params", line: #"{"jsonrpc":"2.0","method":"x","params":[12345678901],"id":1}"#,
             code: -32700, limit: "maxNumberChars", max: 10, id: one),
        Case(name: "number too long in the id itself: id null", line: #"{"jsonrpc":"2.0","method":"x","id":12345678901}"#,
             code: -32700, limit: "maxNumberChars", max: 10, id: .null),
        Case(name: "an id that is not a legal id: null", line: #"{"jsonrpc":"2.0","method":"x","id":[1],"params":["abcdefghijklmnopqrstuvwxyz"]}"#,
             code: -32700, limit: "maxStringBytes", max: 20, id: .null),
    ]

    @Test("each limit gets one error naming the limit, with the request's id when it could be read", arguments: cases)
    func limitErrors(_ example: Case) throws {
        let reply = try Self.server().reply(example.line)
        #expect(reply["id"] == example.id)
        let error = try #require(reply["error"])
        #expect(error["code"]?.doubleValue == Double(example.code))
        #expect(error["data"]?["limit"] == .string(example.limit))
        #expect(error["data"]?["max"]?.doubleValue == Double(example.max))
        #expect(error["message"]?.stringValue?.contains(example.limit) == true)
    }

    @Test("a batch over the cap: every request gets the maxBatch error with its own id, invalid elements their own")
    func batchOverCap() throws {
        let call = { (id: Int) in #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":\#(id)}"# }
        let line = "[\(call(1)),\(call(2)),{\"jsonrpc\":\"2.0\",\"method\":\"x\"},7,\(call(3)),{\"method\":\"forwardGeocode\",\"params\":[\"a\"],\"id\":\"s\",\"jsonrpc\":\"2.0\"}]"
        let reply = try Self.server().reply(line)
        let replies = try #require(reply.arrayValue, "a batch is answered with an array: \(reply)")
        #expect(replies.map { $0["id"] } == [.number(JSONNumber(text: "1", value: 1)), .number(JSONNumber(text: "2", value: 2)),
                                             .null, .number(JSONNumber(text: "3", value: 3)), .string("s")])
        for (k, element) in replies.enumerated() where k != 2 {
            #expect(element["error"]?["code"]?.doubleValue == -32600)
            #expect(element["error"]?["data"]?["limit"] == .string("maxBatch"))
            #expect(element["error"]?["data"]?["found"]?.doubleValue == 6)
            #expect(element["result"] == nil)
        }
        #expect(replies[2]["error"]?["data"]?["limit"] == nil, "the non-object keeps its own error: \(replies[2])")
    }

    @Test("an invalid batch is still one error with id null")
    func brokenBatch() throws {
        let reply = try Self.server().reply("[\(Self.call),\(Self.call)")
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"]?.doubleValue == -32700)
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
        #expect(limits.maxWork == 10_000_000)
    }

    @Test("an over-long line is answered with its id when the id came before the cap, else null")
    func overlongLineID() throws {
        let padding = String(repeating: "9,", count: 150)
        let lines = [
            #"{"id":"early","jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[\#(padding)0]}}"#,
            #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[\#(padding)0]},"id":"late"}"#,
            #"{"jsonrpc":"2.0","id":123\#(String(repeating: "4", count: 300))}"#,
        ]
        for chunkSize in [7, 64, 1 << 16] {
            var session = RPCSession(server: try Self.server(), flushThreshold: 1 << 20)
            var output: [UInt8] = []
            let input = Array(lines.joined(separator: "\n").utf8 + [0x0A])
            var start = 0
            while start < input.count {
                let end = min(start + chunkSize, input.count)
                input.withUnsafeBufferPointer { session.feed(UnsafeBufferPointer(rebasing: $0[start..<end])) { output += $0 } }
                start = end
            }
            session.finish { output += $0 }
            let replies = try String(decoding: output, as: UTF8.self).split(separator: "\n").map {
                try JSONReader.parse(Array($0.utf8))
            }
            try #require(replies.count == 3, "one reply per line: \(replies)")
            #expect(replies.map { $0["error"]?["data"]?["limit"] } == Array(repeating: .string("maxLineBytes"), count: 3))
            // The third id is a number cut by the cap: its end was not seen, so it is not echoed.
            #expect(replies.map { $0["id"] } == [.string("early"), .null, .null], "chunks of \(chunkSize)")
        }
    }
}
