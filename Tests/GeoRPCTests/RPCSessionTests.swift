import GeoCore
import GeoRPC
import Testing

@Suite("RPCSession")
struct RPCSessionTests {
    static let stream = Array((
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.85,2.35],"id":1}"# + "\r\n\n"
        + #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0]}"# + "\n"
        + #"[{"jsonrpc":"2.0","method":"forwardGeocode","params":["Oslo"],"id":2},{"id":3}]"# + "\n"
        + "oops\n"
        + #"{"jsonrpc":"2.0","method":"countriesInBBox","params":[45.8,5.9,47.8,10.5],"id":4}"#
    ).utf8)

    /// Feeds `stream` in chunks of `size` bytes and returns each write.
    static func writes(chunkSize size: Int, flushThreshold: Int) throws -> [[UInt8]] {
        var session = RPCSession(server: try Fixture.server(), flushThreshold: flushThreshold)
        var writes: [[UInt8]] = []
        var start = 0
        while start < stream.count {
            let end = min(start + size, stream.count)
            Array(stream[start..<end]).withUnsafeBufferPointer { chunk in
                session.feed(chunk) { writes.append($0) }
            }
            start = end
        }
        session.finish { writes.append($0) }
        return writes
    }

    @Test("the output does not depend on how input and output are cut", arguments: [
        (1, 1), (7, 64), (64, 1 << 16), (1 << 16, 1), (1 << 16, 1 << 16),
    ])
    func sameBytes(_ chunkSize: Int, _ flushThreshold: Int) throws {
        let reference = try Self.writes(chunkSize: 1 << 16, flushThreshold: 1 << 16).flatMap { $0 }
        let writes = try Self.writes(chunkSize: chunkSize, flushThreshold: flushThreshold)
        #expect(writes.flatMap { $0 } == reference)
        #expect(writes.allSatisfy { $0.last == 0x0A }, "every write ends on a whole line")
        let lines = String(decoding: reference, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 4, "a reply each for id 1, the batch, the parse error and the unterminated last line")
        #expect(lines.last?.contains(#""id":4"#) == true)
    }
}
