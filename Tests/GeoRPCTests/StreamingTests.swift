import GeoCore
@testable import GeoRPC
import Testing

/// Long replies leave the server as they are produced (issue 13, item 10): a batch element by element, a
/// long points array chunk by chunk, with the same bytes as a reply built whole.
@Suite("Streaming replies")
struct StreamingTests {
    /// What a session wrote: every `write` call's size, and all the bytes.
    struct Capture {
        var sizes: [Int] = []
        var bytes: [UInt8] = []
    }

    static func feed(_ input: String, server: RPCServer, stop: @escaping () -> Bool = { false })
        -> (Capture, RPCSession)
    {
        var session = RPCSession(server: server)
        var capture = Capture()
        let bytes = Array(input.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            session.feed(buffer, write: { capture.sizes.append($0.count); capture.bytes += $0 }, stop: stop)
        }
        session.finish { capture.sizes.append($0.count); capture.bytes += $0 }
        return (capture, session)
    }

    static func whole(_ line: String, server: RPCServer) -> [UInt8] {
        var out = JSONWriter()
        server.handle(line: Array(line.utf8), into: &out)
        return out.bytes
    }

    @Test("a batch of 100 rpc.discover goes out element by element, never more than a spill and one element at once")
    func batchStreams() throws {
        let server = try Fixture.server()
        let batch = "[" + (0..<100).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"rpc.discover"}"# }
            .joined(separator: ",") + "]\n"
        let (capture, session) = Self.feed(batch, server: server)
        let element = OpenRPCDocument.json.utf8.count + 64
        #expect(capture.sizes.count >= 100 * element / (RPCServer.spillBytes + element))
        #expect(capture.sizes.max() ?? 0 <= RPCServer.spillBytes + element, "writes: \(capture.sizes)")
        #expect(capture.bytes == Self.whole(String(batch.dropLast()), server: server))
        #expect(session.bufferCapacity <= 4 * session.flushThreshold)
    }

    @Test("50,000 points go out a chunk at a time, with the bytes of the reply built whole")
    func pointsStream() throws {
        let server = try Fixture.server()
        let points = (0..<50_000).map { "[\(Double($0 % 170) - 85),\(Double($0 % 359) - 179.5)]" }
        for radius in ["", #","maxDistanceKm":50"#] {
            // The fast path, and the general path (an escaped id sends the line there).
            for id in ["1", #""\u0031""#] {
                let line = #"{"jsonrpc":"2.0","id":\#(id),"method":"reverseGeocodeMany","params":{"points":[\#(points.joined(separator: ","))]\#(radius)}}"#
                let (capture, session) = Self.feed(line + "\n", server: server)
                #expect(capture.sizes.count > 20, "one write per spill, not one for the whole reply")
                // A chunk of 1,024 results of at most ~400 bytes each on top of a spill's worth.
                #expect(capture.sizes.max() ?? 0 <= RPCServer.spillBytes + 1024 * 400)
                #expect(capture.bytes == Self.whole(line, server: server))
                #expect(session.bufferCapacity <= 4 * session.flushThreshold, "the buffer was given back")
            }
        }
    }

    @Test("a session told to stop finishes the line in progress and starts no other")
    func stopBetweenLines() throws {
        let server = try Fixture.server()
        let call = { (id: Int) in #"{"jsonrpc":"2.0","id":\#(id),"method":"reverseGeocode","params":[48.85,2.35]}"# }
        var asked = 0
        let (capture, session) = Self.feed((1...5).map(call).joined(separator: "\n") + "\n" + call(6), server: server,
                                           stop: { asked += 1; return asked > 2 })
        let lines = String(decoding: capture.bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(session.stopped)
        #expect(try lines.map { try JSONReader.parse(Array($0.utf8))["id"]?.doubleValue } == [1, 2])
    }

    struct Closed: Error {}

    @Test("a write that fails in the middle of a long reply stops the session: no write after it")
    func failedSpill() throws {
        let server = try Fixture.server()
        var session = RPCSession(server: server)
        let batch = "[" + (0..<50).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"rpc.discover"}"# }
            .joined(separator: ",") + "]\n" + #"{"jsonrpc":"2.0","id":"next","method":"rpc.discover"}"# + "\n"
        var writes = 0
        var failed = false
        Array(batch.utf8).withUnsafeBufferPointer { buffer in
            do throws(Closed) {
                try session.feed(buffer, write: { (_) throws(Closed) in
                    writes += 1
                    if writes == 2 { throw Closed() }
                })
            } catch {
                failed = true
            }
        }
        #expect(failed, "the write's error reaches the caller")
        #expect(writes == 2, "nothing is written after the failed write")
    }
}
