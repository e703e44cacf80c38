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

    static func feed(_ input: String, server: RPCServer, stop: @escaping () -> Int32 = { 0 })
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
        // One reply as the server writes it (the document plus its info.x-serverInfo), and a comma.
        let element = Self.whole(#"{"jsonrpc":"2.0","id":99,"method":"rpc.discover"}"#, server: server).count + 1
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

    @Test("after a stop, the lines already read are answered within the allowance, the rest get -32000 with their ids")
    func stopBetweenLines() throws {
        let server = try Fixture.server()
        let call = { (id: Int) in #"{"jsonrpc":"2.0","id":\#(id),"method":"reverseGeocode","params":[48.85,2.35]}"# }
        // More far-sea points at the largest radius than the allowance pays for, in a batch after a cheap call.
        let points = StopAllowance.defaultWork / WorkCost.reversePoint(radiusKm: GeoCall.maxDistanceKmLimit) + 1
        let far = Array(repeating: "[-42,-125]", count: points).joined(separator: ",")
        let batch = #"[{"jsonrpc":"2.0","id":"b1","method":"countriesInBBox","params":[40,0,50,10]},"#
            + #"{"jsonrpc":"2.0","id":"b2","method":"reverseGeocodeMany","params":{"points":[\#(far)],"maxDistanceKm":20037.5}},"#
            + #"{"jsonrpc":"2.0","id":"b3","method":"forwardGeocode","params":["paris"]}]"#
        let input = [call(1), call(2), call(3), batch, call(5), #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0]}"#,
                     "{nope", call(6)].joined(separator: "\n") + "\n" + call(7)
        var asked = 0
        let (capture, session) = Self.feed(input, server: server, stop: { asked += 1; return asked > 2 ? 15 : 0 })
        let lines = try String(decoding: capture.bytes, as: UTF8.self).split(separator: "\n").map { try JSONReader.parse(Array($0.utf8)) }
        #expect(session.stopped)
        #expect(session.stopping?.signal == 15)
        // 1, 2: before the stop. 3 and the bbox fit the allowance; the far points do not, so they and every
        // later call get the shutdown error; the notification nothing; "{nope" its parse error; 7 (no newline:
        // not fully read) nothing.
        #expect(lines.count == 7)
        let flat = lines.flatMap { line -> [JSONValue] in if case .array(let items) = line { return items } else { return [line] } }
        let answered = flat.compactMap { reply -> String? in
            guard let id = reply["id"] else { return nil }
            let tag: String
            switch id {
            case .string(let text): tag = text
            case .number(let number): tag = number.text
            default: tag = "null"
            }
            if reply["result"] != nil { return tag + ":result" }
            return tag + ":\(reply["error"]?["code"]?.doubleValue ?? 0)"
        }
        #expect(answered == ["1:result", "2:result", "3:result", "b1:result", "b2:-32000.0", "b3:-32000.0", "5:-32000.0",
                             "null:-32700.0", "6:-32000.0"])
        let refused = try #require(flat.first { $0["id"] == .string("b2") })
        #expect(refused["error"]?["data"]?["signal"]?.doubleValue == 15)
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
