import GeoCore
import GeoRPC
import Testing

/// The WebAssembly loop flushes an RPCSession after every chunk `read` returns. These check the edges of
/// that use: silent input, a line cut by a chunk, and that flushing early never changes the bytes.
@Suite("RPCSession edges")
struct RPCSessionEdgeTests {
    static let call = #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8566,2.3522],"id":1}"#
    static let notification = #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0]}"#

    /// Feeds `input` in chunks of `size` bytes and flushes after each, as geocoder-wasm does.
    static func writesFlushingEveryChunk(_ input: String, chunk size: Int) throws -> [[UInt8]] {
        var session = RPCSession(server: try Fixture.server())
        var writes: [[UInt8]] = []
        let bytes = Array(input.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            bytes[start..<end].withUnsafeBufferPointer { chunk in session.feed(chunk) { writes.append($0) } }
            session.flush { writes.append($0) }
            start = end
        }
        session.finish { writes.append($0) }
        return writes
    }

    @Test("flushing after every chunk gives the bytes RPCServer gives line by line", arguments: [1, 5, 1 << 16])
    func sameAsServer(_ size: Int) throws {
        let lines = [Self.call, Self.notification, "[\(Self.call),\(Self.notification)]", "nonsense", "[]"]
        var direct = JSONWriter()
        for line in lines { try Fixture.server().handle(line: Array(line.utf8), into: &direct) }
        let writes = try Self.writesFlushingEveryChunk(lines.joined(separator: "\n"), chunk: size)
        #expect(writes.flatMap { $0 } == direct.bytes)
    }

    @Test("notifications and blank lines alone cause no write, not even an empty one")
    func silentInput() throws {
        let writes = try Self.writesFlushingEveryChunk("\(Self.notification)\n\n  \r\n\(Self.notification)", chunk: 5)
        #expect(writes.isEmpty)
    }

    @Test("a line cut by a chunk is answered only once its newline arrives")
    func partialLine() throws {
        var session = RPCSession(server: try Fixture.server())
        var output: [UInt8] = []
        let bytes = Array((Self.call + "\n").utf8)
        bytes[0..<10].withUnsafeBufferPointer { chunk in session.feed(chunk) { output += $0 } }
        session.flush { output += $0 }
        #expect(output.isEmpty)
        #expect(session.hasPartialLine)
        bytes[10...].withUnsafeBufferPointer { chunk in session.feed(chunk) { output += $0 } }
        #expect(session.hasPendingOutput && !session.hasPartialLine)
        session.flush { output += $0 }
        #expect(String(decoding: output, as: UTF8.self).hasPrefix(#"{"jsonrpc":"2.0","id":1,"result":{"iso2":"FR""#))
        #expect(output.last == 0x0A)
    }
}
