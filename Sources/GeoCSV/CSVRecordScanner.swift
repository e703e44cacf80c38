/// Finds the records and fields of RFC 4180 CSV in a byte buffer, keeping every field's raw bytes.
///
/// The scanner only reports where things are; it never copies or unquotes, so a caller can write a record
/// back byte-for-byte (quotes, spacing and line ending included) and decode just the fields it needs.
/// It is incremental: a record that runs past the end of the buffer is reported as incomplete, and the
/// caller scans it again from its start once more bytes have arrived.
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

    /// Scans the record that starts at `start`.
    ///
    /// - Parameters:
    ///   - bytes: the buffer; `start < bytes.count`.
    ///   - start: the record's first byte.
    ///   - atEnd: true when no more input will follow the buffer, so an unterminated record is complete.
    /// - Returns: the offset just past the record and its line ending, or nil when the record is not complete
    ///   yet (only when `atEnd` is false). On success ``fieldCount``, ``field(_:)`` and ``contentEnd`` describe it.
    /// - Complexity: O(record length); no allocation once the field list has grown to the widest record.
    public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool) -> Int? {
        fieldStarts.removeAll()
        hasUnclosedQuote = false
        let count = bytes.count
        let delimiter = self.delimiter
        var index = start
        fieldStarts.append(index)
        while true {
            if index < count && bytes[index] == Self.quote {
                index += 1
                // Inside quotes: only `"` is special.
                while true {
                    guard index < count else {
                        guard atEnd else { return nil }
                        hasUnclosedQuote = true
                        contentEnd = count
                        return count
                    }
                    if bytes[index] == Self.quote {
                        // `""` is an escaped quote; one `"` closes the field. Deciding needs the next byte.
                        if index + 1 < count {
                            if bytes[index + 1] == Self.quote {
                                index += 2
                                continue
                            }
                            index += 1
                            break
                        }
                        guard atEnd else { return nil }
                        index += 1
                        break
                    }
                    index += 1
                }
            }
            let unquotedStart = index
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
                continue
            }
            // A line feed, maybe preceded by a carriage return that belongs to the line ending.
            contentEnd = index > unquotedStart && bytes[index - 1] == Self.carriageReturn ? index - 1 : index
            return index + 1
        }
    }
}
