import GeoCore
import GeoRPC
import Testing

@Suite("RPCServer")
struct RPCServerTests {
    static let call = #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":1}"#
    static let notification = #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0]}"#

    @Test("replies to several lines in one buffer are separate lines, with no comma between them")
    func consecutiveLines() throws {
        let server = try Fixture.server()
        var out = JSONWriter()
        for line in [Self.call, "[]", Self.notification, "[\(Self.call),\(Self.call)]", "nonsense"] {
            server.handle(line: Array(line.utf8), into: &out)
        }
        let lines = String(decoding: out.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5, "four replies and the empty tail after the last newline")
        #expect(lines.last == "")
        for line in lines.dropLast() {
            #expect(line.first == "{" || line.first == "[", "a reply starts a fresh value: \(line)")
            #expect((try? JSONReader.parse(Array(line.utf8))) != nil, "each line is one JSON text: \(line)")
        }
    }

    @Test("handle reports whether it wrote a line", arguments: [
        (call, true), (notification, false), ("[\(notification),\(notification)]", false), ("[1]", true), ("}", true),
    ])
    func wroteReply(_ line: String, _ replied: Bool) throws {
        let server = try Fixture.server()
        var out = JSONWriter()
        #expect(server.handle(line: Array(line.utf8), into: &out) == replied)
        #expect(out.bytes.isEmpty == !replied)
    }

    @Test("a batch answers only its requests, in order, leaving out notifications")
    func batchOrder() throws {
        let server = try Fixture.server()
        let reply = try server.reply(#"[{"jsonrpc":"2.0","method":"x","id":"a"},\#(Self.notification),{"id":"b"},"#
            + #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":"c"}]"#)
        let ids = try #require(reply.arrayValue).map { $0["id"] }
        #expect(ids == [.string("a"), .string("b"), .string("c")])
    }

    @Test("ids come back exactly as written", arguments: ["12345678901234567890", "1.0", "-0", "1e2", #""é\u0000""#, "null"])
    func idEcho(_ id: String) throws {
        let server = try Fixture.server()
        let text = server.output(#"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":\#(id)}"#)
        let expected = try JSONReader.parse(Array(id.utf8))
        let reply = try JSONReader.parse(Array(text.utf8))
        #expect(reply["id"] == expected)
        if case .number = expected { #expect(text.contains(#""id":\#(id),"#), "number text unchanged: \(text)") }
    }
}
