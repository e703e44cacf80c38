/// Splits a byte stream into lines, one JSON-RPC message per line.
///
/// Framing is kept apart from decoding, as swift-tools-protocols keeps `MessageSplitting` apart from
/// `MessageCoding`: the stdio loop feeds whatever `read` returned, however the chunks fall, and gets back
/// whole lines. A line that lies wholly inside one chunk is handed out in place, without a copy; only a line
/// split across chunks is gathered in a buffer.
///
/// What counts as a line:
/// - it ends at `\n`; one `\r` before the `\n` is dropped, so CRLF input works;
/// - at end of input, bytes after the last `\n` are a line too (call ``finish(_:)``);
/// - lines that are empty or hold only spaces, tabs or `\r` are skipped: they carry no message
///   (a project decision recorded in the conformance notes).
///
/// - a line longer than ``maxLineBytes`` (not counting the `\r` of a CRLF) is reported once through
///   `overlong` and skipped to its `\n`.
///
/// Other bytes, NUL included, stay in the line for the JSON reader to judge.
public struct LineFramer: Sendable {
    /// Bytes of a line that a chunk boundary cut; empty between lines.
    private var pending: [UInt8] = []
    /// The longest line handed out, in bytes before its `\n`; see ``append(_:_:overlong:)``.
    public let maxLineBytes: Int
    /// True while the rest of an over-long line is being skipped up to its `\n`.
    private var discarding = false

    /// - Parameter maxLineBytes: lines longer than this are reported and skipped, never stored whole.
    public init(maxLineBytes: Int = .max) {
        self.maxLineBytes = maxLineBytes
    }

    /// True while bytes of an unfinished line are waiting for their `\n` (or being skipped).
    public var hasPartialLine: Bool { !pending.isEmpty || discarding }

    /// Feeds one chunk and hands out every line it completes, in order; lines over the cap are skipped.
    ///
    /// - Parameters:
    ///   - chunk: the next bytes of the stream; any size, cut anywhere.
    ///   - body: called once per complete, non-blank line, without its line terminator. The buffer is
    ///     valid only during the call.
    /// - Throws: whatever `body` throws; the framer then holds the bytes after that line's `\n` unread,
    ///   so stop feeding it.
    /// - Complexity: O(n) in the chunk's length; a split line is copied once.
    public mutating func append<E: Error>(
        _ chunk: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
    ) throws(E) {
        try append(chunk, body, overlong: { () throws(E) in })
    }

    /// Feeds one chunk, as ``append(_:_:)``, and reports each line longer than ``maxLineBytes``.
    ///
    /// A line is over-long as soon as more than ``maxLineBytes`` of its bytes have arrived without a `\n`:
    /// `overlong` is called then, once, in order with the other lines, and the line's bytes up to its
    /// `\n` are dropped as they arrive, so an endless line costs no memory. Serving resumes after the `\n`.
    /// - Parameters:
    ///   - chunk: the next bytes of the stream.
    ///   - body: called once per complete, non-blank line within the cap.
    ///   - overlong: called once per line over the cap.
    /// - Throws: whatever `body` or `overlong` throws.
    public mutating func append<E: Error>(
        _ chunk: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void,
        overlong: () throws(E) -> Void
    ) throws(E) {
        try append(chunk, body, overlongPrefix: { (_) throws(E) in try overlong() })
    }

    /// As ``append(_:_:overlong:)``, handing `overlongPrefix` the line's first ``maxLineBytes`` bytes (or
    /// what is left of them), so the reply can carry the request's id when it came early in the line.
    /// The prefix is valid only during the call and is released afterwards.
    public mutating func append<E: Error>(
        _ chunk: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void,
        overlongPrefix: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
    ) throws(E) {
        var lineStart = 0
        var index = 0
        let count = chunk.count
        while index < count {
            if chunk[index] == 0x0A {
                if discarding {
                    discarding = false
                } else {
                    let piece = UnsafeBufferPointer(rebasing: chunk[lineStart..<index])
                    if isOverlong(pending.count + piece.count, lastByte: piece.last ?? pending.last) {
                        try reportOverlong(piece, overlongPrefix)
                    } else if pending.isEmpty {
                        try Self.emit(piece, body)
                    } else {
                        pending.append(contentsOf: piece)
                        try emitPending(body)
                    }
                }
                lineStart = index + 1
            }
            index += 1
        }
        guard lineStart < count, !discarding else { return }
        let rest = UnsafeBufferPointer(rebasing: chunk[lineStart..<count])
        if isOverlong(pending.count + rest.count, lastByte: rest.last) {
            discarding = true
            try reportOverlong(rest, overlongPrefix)
        } else {
            pending.append(contentsOf: rest)
        }
    }

    /// Ends the stream: hands out the last line when it had no `\n` (a line being skipped stays skipped).
    ///
    /// - Parameter body: called at most once, as in ``append(_:_:)``.
    /// - Throws: whatever `body` throws.
    public mutating func finish<E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        discarding = false
        if !pending.isEmpty { try emitPending(body) }
    }

    /// Whether a line of `count` bytes so far (before any `\n`) is over the cap. A final `\r` is not
    /// counted: it is the CR of a CRLF (or may still turn out to be one when its `\n` is in the next
    /// chunk), which the line loses when it is handed out, so a line of exactly ``maxLineBytes`` passes
    /// with CRLF as with LF. A `\r` that is not last counts like any byte, so a gathered line still
    /// holds at most ``maxLineBytes`` + 1 bytes.
    @inline(__always)
    private func isOverlong(_ count: Int, lastByte: UInt8?) -> Bool {
        count - (lastByte == 0x0D ? 1 : 0) > maxLineBytes
    }

    /// Hands the first ``maxLineBytes`` bytes of an over-long line (the gathered part and what fits of
    /// `piece`) to `report`, then forgets them.
    private mutating func reportOverlong<E: Error>(
        _ piece: UnsafeBufferPointer<UInt8>,
        _ report: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
    ) throws(E) {
        defer { dropPending() }
        let room = Swift.max(0, maxLineBytes - pending.count)
        let fitting = UnsafeBufferPointer(rebasing: piece[0..<Swift.min(room, piece.count)])
        if pending.isEmpty {
            try report(fitting)
            return
        }
        pending.append(contentsOf: fitting)
        try pending.withUnsafeBufferPointer { (prefix) throws(E) in try report(prefix) }
    }

    /// Forgets a partial line, releasing a large buffer.
    private mutating func dropPending() {
        pending.removeAll(keepingCapacity: pending.capacity <= Self.keptCapacity)
    }

    private mutating func emitPending<E: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
    ) throws(E) {
        defer { pending.removeAll(keepingCapacity: pending.capacity <= Self.keptCapacity) }
        try pending.withUnsafeBufferPointer { (buffer) throws(E) in try Self.emit(buffer, body) }
    }

    /// A gather buffer larger than this is released after use, so one huge line does not pin its memory.
    private static let keptCapacity = 1 << 20

    private static func emit<E: Error>(
        _ line: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
    ) throws(E) {
        var end = line.count
        if end > 0 && line[end - 1] == 0x0D { end -= 1 }
        var blank = true
        for byte in line[0..<end] where byte != 0x20 && byte != 0x09 && byte != 0x0D {
            blank = false
            break
        }
        if blank { return }
        try body(UnsafeBufferPointer(rebasing: line[0..<end]))
    }
}
