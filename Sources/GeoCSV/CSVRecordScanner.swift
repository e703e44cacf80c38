/// Finds the records and fields of RFC 4180 CSV in a byte buffer, keeping every field's raw bytes.
///
/// The scanner only reports where things are; it never copies or unquotes, so a caller can write a record
/// back byte-for-byte (quotes, spacing and line ending included) and decode just the fields it needs.
/// It is incremental: a record that runs past the end of the buffer is reported as incomplete, the scanner
/// keeps where it stopped (inside a quoted field or not, the fields found so far), and the next call for the
/// same record carries on from there once more bytes have arrived. Each byte is examined once however the
/// input is cut, so a record megabytes long (a stray quote swallows the rest of a file) costs linear time,
/// not one rescan per chunk.
///
/// Grammar (RFC 4180 §2, with the usual leniencies):
/// - a record ends at `\n` or `\r\n` outside quotes; a lone `\r` is data;
/// - a field that starts with `"` is quoted: delimiters and line breaks inside it are data, `""` is one quote;
/// - bytes after a closing quote, and quotes inside an unquoted field, are kept as data (not an error);
/// - a quote still open at the end of the input makes the rest of the input one last record
///   (``hasUnclosedQuote``).
///
/// Copies share the field list (it lives behind a raw pointer so scanning does no reference counting);
/// give each stream its own scanner.
public struct CSVRecordScanner {
    /// The byte between fields: `,` by default, `;` or tab for other dialects.
    public let delimiter: UInt8
    /// Offsets of each field's first raw byte in the last record scanned, in order.
    var fieldStarts = RawBuffer<Int>(capacity: 64)
    /// Offset just past the last record's content, where its line ending (if any) starts.
    public private(set) var contentEnd: Int = 0
    /// True when the last record ended inside a quoted field, at the end of the input.
    public private(set) var hasUnclosedQuote = false
    /// Line feeds in the last record, its line ending included: how many lines it spans.
    public private(set) var lineFeeds = 0
    /// Bytes examined by every call so far; with incremental scanning this is the input length, never more.
    /// (Kept for the tests that prove each byte is visited once.)
    var bytesScanned = 0
    /// Where the scan of an incomplete record stopped, or nil when the next call starts a new record.
    private var resume: Resume?

    /// The scan of a record cut by the end of the buffer: the state to carry on from.
    private struct Resume {
        /// The record's first byte.
        var start: Int
        /// The first byte not yet examined.
        var index: Int
        /// Where the unquoted part of the current field starts (for the CR before a line feed).
        var unquotedStart: Int
        var state: State
    }

    /// Where in the grammar a byte is read.
    private enum State {
        /// At a field's first byte: a quote opens a quoted field.
        case fieldStart
        /// Inside quotes: only `"` is special.
        case quoted
        /// Just after a `"` inside quotes: another `"` is an escaped quote, anything else closes the field.
        case quoteInQuoted
        /// Outside quotes: the delimiter ends the field, a line feed the record.
        case unquoted
    }

    static let quote = UInt8(ascii: "\"")
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    /// - Parameter delimiter: any byte except `"`, `\r` and `\n`.
    public init(delimiter: UInt8 = UInt8(ascii: ",")) {
        self.delimiter = delimiter
    }

    /// The number of fields in the last record scanned.
    @inline(__always)
    public var fieldCount: Int { fieldStarts.count }

    /// The raw byte range of field `index` (quotes included) in the last record scanned.
    @inline(__always)
    public func field(_ index: Int) -> Range<Int> {
        let start = fieldStarts[index]
        let end = index + 1 < fieldStarts.count ? fieldStarts[index + 1] - 1 : contentEnd
        return start..<end
    }

    /// True while a record is cut by the end of the buffer, waiting for more bytes.
    public var isIncomplete: Bool { resume != nil }

    /// Tells the scanner that the caller dropped the first `count` bytes of its buffer, all before the
    /// incomplete record, so the record and what was found in it moved down by `count`.
    public mutating func dropFirst(_ count: Int) {
        guard count > 0, var saved = resume else { return }
        precondition(saved.start >= count, "dropped bytes of the incomplete record")
        saved.start -= count
        saved.index -= count
        saved.unquotedStart -= count
        resume = saved
        for index in 0..<fieldStarts.count { fieldStarts.base[index] -= count }
    }

    /// Scans the record that starts at `start`, or carries on with it where the last call stopped.
    ///
    /// - Parameters:
    ///   - bytes: the buffer; `start < bytes.count`. After a nil return it must hold the same bytes from
    ///     `start` on (more may follow), moved only by ``dropFirst(_:)``.
    ///   - start: the record's first byte.
    ///   - atEnd: true when no more input will follow the buffer, so an unterminated record is complete.
    /// - Returns: the offset just past the record and its line ending, or nil when the record is not complete
    ///   yet (only when `atEnd` is false). On success ``fieldCount``, ``field(_:)``, ``contentEnd`` and
    ///   ``lineFeeds`` describe it.
    /// - Complexity: O(new bytes): a record scanned in pieces is still examined once in all.
    ///   No allocation once the field list has grown to the widest record.
    public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool) -> Int? {
        var index = start
        var unquotedStart = start
        var state = State.fieldStart
        if let saved = resume, saved.start == start {
            index = saved.index
            unquotedStart = saved.unquotedStart
            state = saved.state
        } else {
            fieldStarts.removeAll()
            fieldStarts.append(start)
            lineFeeds = 0
        }
        resume = nil
        hasUnclosedQuote = false
        let resumedAt = index
        let end = scanRecord(bytes, index: &index, unquotedStart: &unquotedStart, state: &state, atEnd: atEnd)
        if end == nil { resume = Resume(start: start, index: index, unquotedStart: unquotedStart, state: state) }
        bytesScanned += (end ?? index) - resumedAt
        return end
    }

    /// The grammar as a state machine over `index`; on a nil return `index` and `state` say where to go on.
    @inline(__always)
    private mutating func scanRecord(
        _ bytes: UnsafeBufferPointer<UInt8>, index: inout Int, unquotedStart: inout Int,
        state: inout State, atEnd: Bool
    ) -> Int? {
        let count = bytes.count
        let delimiter = self.delimiter
        while true {
            switch state {
            case .fieldStart:
                if index < count && bytes[index] == Self.quote {
                    index += 1
                    state = .quoted
                } else if index < count || atEnd {
                    unquotedStart = index
                    state = .unquoted
                } else {
                    return nil
                }
            case .quoted:
                var feeds = 0
                while index < count {
                    let byte = bytes[index]
                    if byte == Self.quote { break }
                    if byte == Self.lineFeed { feeds += 1 }
                    index += 1
                }
                lineFeeds += feeds
                guard index < count else {
                    guard atEnd else { return nil }
                    hasUnclosedQuote = true
                    contentEnd = count
                    return count
                }
                index += 1
                state = .quoteInQuoted
            case .quoteInQuoted:
                // `""` is an escaped quote; one `"` closes the field. Deciding needs the next byte.
                if index < count && bytes[index] == Self.quote {
                    index += 1
                    state = .quoted
                } else if index < count || atEnd {
                    unquotedStart = index
                    state = .unquoted
                } else {
                    return nil
                }
            case .unquoted:
                while index < count {
                    let byte = bytes[index]
                    if byte == delimiter || byte == Self.lineFeed { break }
                    index += 1
                }
                guard index < count else {
                    guard atEnd else { return nil }
                    contentEnd = count
                    return count
                }
                if bytes[index] == delimiter {
                    index += 1
                    fieldStarts.append(index)
                    state = .fieldStart
                    continue
                }
                // A line feed, maybe preceded by a carriage return that belongs to the line ending.
                contentEnd = index > unquotedStart && bytes[index - 1] == Self.carriageReturn ? index - 1 : index
                lineFeeds += 1
                return index + 1
            }
        }
    }
}
