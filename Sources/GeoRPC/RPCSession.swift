import GeoCore

/// Turns a stream of request bytes into a stream of reply bytes, one chunk at a time.
///
/// This is the part of a stdio loop that does not touch the OS: ``LineFramer`` cuts the chunks into lines,
/// ``RPCServer`` answers each line into one reply buffer, and the buffer is handed to a `write` closure
/// whenever it passes ``flushThreshold``, between lines or, for a long reply, in the middle of it (the server
/// spills between batch elements and chunks of points), so no reply is ever held whole. The caller owns reading, writing and the decision to flush early
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
    /// Buffered reply bytes past which ``feed(_:write:stop:)`` writes them out without being asked.
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

    /// The reply buffer's capacity in bytes: back to its normal size after an outsized reply.
    public var bufferCapacity: Int { out.bytes.capacity }

    /// True while the bytes of an unfinished line wait for their `\n`.
    public var hasPartialLine: Bool { framer.hasPartialLine }

    /// True once `stop` said so: lines already read are answered within a ``StopAllowance``, and
    /// ``finish(write:)`` answers no unterminated last line.
    public var stopped: Bool { stopping != nil }

    /// Set once `stop` returned a signal: what the lines read before it may still spend.
    public private(set) var stopping: StopAllowance?

    /// Answers every line that the chunk completes.
    ///
    /// Replies go to `write` as they are produced: whenever the buffer passes ``flushThreshold`` between
    /// lines, and in the middle of a long reply (a batch, a long points array) whenever the server spills.
    /// - Parameters:
    ///   - chunk: the next bytes of input, cut anywhere.
    ///   - write: receives buffered replies: whole lines between lines, any piece of a reply when a reply
    ///     is long.
    ///   - stop: asked before each line: the number of the signal that asked the server to stop, else 0.
    ///     Once it is not 0 (the line being answered is finished), the chunk's remaining complete lines,
    ///     which were read before the signal, are answered within one ``StopAllowance`` for the session:
    ///     calls that fit it run, the rest get the shutdown error with their ids (see
    ///     ``RPCServer/handle(line:stopping:into:spill:)``). The caller then feeds nothing more: lines not
    ///     yet read are not answered. The stdio loop stops this way on SIGTERM, SIGINT and SIGHUP.
    /// - Throws: whatever `write` throws; stop feeding the session then.
    /// - Complexity: O(n) in the chunk's length plus the work of answering its lines.
    public mutating func feed<E: Error>(
        _ chunk: UnsafeBufferPointer<UInt8>,
        write: ([UInt8]) throws(E) -> Void,
        stop: () -> Int32 = { 0 }
    ) throws(E) {
        // The closure below needs the framer and the writer at once; moving the writer into a local keeps
        // the two accesses to `self` apart, and moving it back costs nothing (no copy of the bytes).
        var pending = takeOutput()
        defer { out = pending }
        let server = self.server
        let threshold = flushThreshold
        var stopping = self.stopping
        defer { self.stopping = stopping }
        // Set once by a failed write during a spill; a Bool is checked per line, not the generic optional.
        var failed = false
        var failure: E?
        try framer.append(chunk, { (line) throws(E) in
            if stopping == nil, case let signal = stop(), signal != 0 { stopping = StopAllowance(signal: signal) }
            if stopping != nil {
                server.handle(line: line, stopping: &stopping!, into: &pending, spill: { (writer) in
                    Self.spill(&writer, threshold, write, &failed, &failure)
                })
            } else {
                server.handle(line: line, into: &pending, spill: { (writer) in
                    Self.spill(&writer, threshold, write, &failed, &failure)
                })
            }
            if failed, let failure { throw failure }
            try Self.writeIfFull(&pending, threshold, write)
        }, overlongPrefix: { (prefix) throws(E) in
            // Cheap whatever the signal: one error, its id scanned from the kept prefix.
            if stopping == nil, case let signal = stop(), signal != 0 { stopping = StopAllowance(signal: signal) }
            server.handleOverlongLine(prefix: prefix, into: &pending)
            try Self.writeIfFull(&pending, threshold, write)
        })
    }

    /// Hands every buffered reply to `write`, if there is any.
    /// - Throws: whatever `write` throws.
    public mutating func flush<E: Error>(write: ([UInt8]) throws(E) -> Void) throws(E) {
        guard !out.bytes.isEmpty else { return }
        try write(out.bytes)
        Self.release(&out, flushThreshold)
    }

    /// Ends the input: answers a last line that had no `\n` (unless stopped), then flushes.
    /// - Throws: whatever `write` throws.
    public mutating func finish<E: Error>(write: ([UInt8]) throws(E) -> Void) throws(E) {
        var pending = takeOutput()
        let server = self.server
        let threshold = flushThreshold
        if !stopped {
            try framer.finish { (line) throws(E) in try Self.answer(server, line, &pending, threshold, write) }
        }
        out = pending
        try flush(write: write)
    }

    /// Answers one line, letting the server spill long replies to `write`.
    private static func answer<E: Error>(
        _ server: RPCServer, _ line: UnsafeBufferPointer<UInt8>, _ pending: inout JSONWriter, _ threshold: Int,
        _ write: ([UInt8]) throws(E) -> Void
    ) throws(E) {
        var failed = false
        var failure: E?
        server.handle(line: line, into: &pending, spill: { (writer) in spill(&writer, threshold, write, &failed, &failure) })
        if failed, let failure { throw failure }
        try writeIfFull(&pending, threshold, write)
    }

    /// The server's spill: hands the bytes so far to `write` (unless a write already failed) and empties
    /// the writer; a failure is kept for the caller to throw once the server returns.
    private static func spill<E: Error>(
        _ writer: inout JSONWriter, _ threshold: Int, _ write: ([UInt8]) throws(E) -> Void,
        _ failed: inout Bool, _ failure: inout E?
    ) {
        if !failed {
            do throws(E) { try write(writer.bytes) } catch {
                failure = error
                failed = true
            }
        }
        release(&writer, threshold)
    }

    private static func writeIfFull<E: Error>(
        _ pending: inout JSONWriter, _ threshold: Int, _ write: ([UInt8]) throws(E) -> Void
    ) throws(E) {
        guard pending.bytes.count >= threshold else { return }
        try write(pending.bytes)
        release(&pending, threshold)
    }

    /// Empties a writer whose bytes were written, keeping its place in the reply (its comma state). A buffer
    /// that one outsized reply grew past four times the threshold is given back, so the memory of one large
    /// request does not stay with the process.
    private static func release(_ writer: inout JSONWriter, _ threshold: Int) {
        if writer.bytes.capacity > 4 * threshold {
            writer.bytes = []
            writer.bytes.reserveCapacity(2 * threshold)
        } else {
            writer.bytes.removeAll(keepingCapacity: true)
        }
    }

    /// Moves the reply buffer out of `self`, leaving an empty writer that owns no storage.
    private mutating func takeOutput() -> JSONWriter {
        var taken = JSONWriter(capacity: 0)
        swap(&taken, &out)
        return taken
    }
}
