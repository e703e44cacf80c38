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
/// Other bytes, NUL included, stay in the line for the JSON reader to judge.
public struct LineFramer: Sendable {
    /// Bytes of a line that a chunk boundary cut; empty between lines.
    private var pending: [UInt8] = []

    public init() {}

    /// True while bytes of an unfinished line are waiting for their `\n`.
    public var hasPartialLine: Bool { !pending.isEmpty }

    /// Feeds one chunk and hands out every line it completes, in order.
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
        var lineStart = 0
        var index = 0
        let count = chunk.count
        while index < count {
            if chunk[index] == 0x0A {
                let piece = UnsafeBufferPointer(rebasing: chunk[lineStart..<index])
                if pending.isEmpty {
                    try Self.emit(piece, body)
                } else {
                    pending.append(contentsOf: piece)
                    try emitPending(body)
                }
                lineStart = index + 1
            }
            index += 1
        }
        if lineStart < count {
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[lineStart..<count]))
        }
    }

    /// Ends the stream: hands out the last line when it had no `\n`.
    ///
    /// - Parameter body: called at most once, as in ``append(_:_:)``.
    /// - Throws: whatever `body` throws.
    public mutating func finish<E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        if !pending.isEmpty { try emitPending(body) }
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
