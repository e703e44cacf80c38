import GeoCore

/// Turns a stream of request bytes into a stream of reply bytes, one chunk at a time.
///
/// This is the part of a stdio loop that does not touch the OS: ``LineFramer`` cuts the chunks into lines,
/// ``RPCServer`` answers each line into one reply buffer, and the buffer is handed to a `write` closure
/// whenever it passes ``flushThreshold``. The caller owns reading, writing and the decision to flush early
/// (the native loop flushes when stdin has nothing more ready; the WebAssembly loop, which has no reliable
/// `poll` in every WASI host, flushes after every chunk). Keeping this here means the native binary and
/// `geocoder.wasm` frame, batch and answer input the same way, so their output bytes are the same.
///
/// ```swift
/// var session = RPCSession(server: server)
/// try session.feed(chunk, write: send)   // answers every line the chunk completes
/// try session.flush(write: send)         // when the reader should see the answers now
/// try session.finish(write: send)        // at end of input
/// ```
public struct RPCSession {
    public let server: RPCServer
    /// Buffered reply bytes past which ``feed(_:write:)`` writes them out without being asked.
    public let flushThreshold: Int
    private var framer: LineFramer
    private var out: JSONWriter

    /// - Parameters:
    ///   - server: answers each line.
    ///   - flushThreshold: a large value means fewer, larger writes for piped input; 64 KiB matches a pipe buffer.
    public init(server: RPCServer, flushThreshold: Int = 64 * 1024) {
        self.server = server
        self.flushThreshold = flushThreshold
        self.framer = LineFramer(maxLineBytes: server.limits.maxLineBytes)
        self.out = JSONWriter(capacity: flushThreshold * 2)
    }

    /// True while answered replies wait in the buffer.
    public var hasPendingOutput: Bool { !out.bytes.isEmpty }

    /// True while the bytes of an unfinished line wait for their `\n`.
    public var hasPartialLine: Bool { framer.hasPartialLine }

    /// Answers every line that the chunk completes.
    ///
    /// - Parameters:
    ///   - chunk: the next bytes of input, cut anywhere.
    ///   - write: receives buffered replies, whole lines only, each time they pass ``flushThreshold``.
    /// - Throws: whatever `write` throws; stop feeding the session then.
    /// - Complexity: O(n) in the chunk's length plus the work of answering its lines.
    public mutating func feed<E: Error>(
        _ chunk: UnsafeBufferPointer<UInt8>,
        write: ([UInt8]) throws(E) -> Void
    ) throws(E) {
        // The closure below needs the framer and the writer at once; moving the writer into a local keeps
        // the two accesses to `self` apart, and moving it back costs nothing (no copy of the bytes).
        var pending = takeOutput()
        defer { out = pending }
        let server = self.server
        let threshold = flushThreshold
        try framer.append(chunk, { (line) throws(E) in
            server.handle(line: line, into: &pending)
            if pending.bytes.count >= threshold {
                try write(pending.bytes)
                pending.reset()
            }
        }, overlong: { () throws(E) in
            server.handleOverlongLine(into: &pending)
            if pending.bytes.count >= threshold {
                try write(pending.bytes)
                pending.reset()
            }
        })
    }

    /// Hands every buffered reply to `write`, if there is any.
    /// - Throws: whatever `write` throws.
    public mutating func flush<E: Error>(write: ([UInt8]) throws(E) -> Void) throws(E) {
        guard !out.bytes.isEmpty else { return }
        try write(out.bytes)
        out.reset()
    }

    /// Ends the input: answers a last line that had no `\n`, then flushes.
    /// - Throws: whatever `write` throws.
    public mutating func finish<E: Error>(write: ([UInt8]) throws(E) -> Void) throws(E) {
        var pending = takeOutput()
        let server = self.server
        framer.finish { (line) in server.handle(line: line, into: &pending) }
        out = pending
        try flush(write: write)
    }

    /// Moves the reply buffer out of `self`, leaving an empty writer that owns no storage.
    private mutating func takeOutput() -> JSONWriter {
        var taken = JSONWriter(capacity: 0)
        swap(&taken, &out)
        return taken
    }
}
