import GeoCore

/// Decoding single CSV fields: numbers for coordinates, text for names.
public enum CSVField {
    /// What a coordinate field holds.
    public enum Number: Equatable, Sendable {
        case value(Double)
        /// Nothing but spaces (or `""`).
        case empty
        /// Anything that is not one number.
        case invalid
    }

    /// Reads a field as a number, without allocating.
    ///
    /// The text must be one JSON number (RFC 8259 grammar, read by GeoCore's correctly rounded parser), with
    /// an optional leading `+`; spaces and tabs around it, and quotes around the whole field, are ignored.
    /// So `48.85`, `"-3.5"`, ` 1e2 ` and `+7` are numbers; `1,5`, `.5`, `5.`, `NaN` and `0x10` are not.
    /// - Parameters:
    ///   - bytes: the buffer holding the record.
    ///   - range: the field's raw bytes, as ``CSVRecordScanner/field(_:)`` gives them.
    public static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Number {
        var start = range.lowerBound
        var end = range.upperBound
        trimSpaces(bytes, &start, &end)
        if end - start >= 2 && bytes[start] == CSVRecordScanner.quote && bytes[end - 1] == CSVRecordScanner.quote {
            start += 1
            end -= 1
            trimSpaces(bytes, &start, &end)
        }
        guard start < end else { return .empty }
        if bytes[start] == UInt8(ascii: "+") {
            start += 1
            guard start < end, bytes[start] != UInt8(ascii: "-") else { return .invalid }
        }
        var scanner = JSONScanner(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        guard let value = try? scanner.readDouble(), scanner.offset == end - start else { return .invalid }
        return .value(value)
    }

    /// Reads a field as text: quotes removed and `""` turned into `"`, spaces kept; invalid UTF-8 repaired.
    public static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard let first = raw.first, first == CSVRecordScanner.quote else {
            return String(decoding: raw, as: UTF8.self)
        }
        var content: [UInt8] = []
        content.reserveCapacity(raw.count)
        var index = 1
        while index < raw.count {
            let byte = raw[index]
            if byte == CSVRecordScanner.quote {
                if index + 1 < raw.count && raw[index + 1] == CSVRecordScanner.quote {
                    content.append(byte)
                    index += 2
                    continue
                }
                // The closing quote; whatever follows it is kept as data.
                content.append(contentsOf: raw[(index + 1)...])
                break
            }
            content.append(byte)
            index += 1
        }
        return String(decoding: content, as: UTF8.self)
    }

    /// Appends `text` as one field, quoted only when it holds the delimiter, a quote or a line break.
    public static func append(_ text: String, delimiter: UInt8, to out: inout [UInt8]) {
        var needsQuotes = false
        for byte in text.utf8 where byte == delimiter || byte == CSVRecordScanner.quote
            || byte == CSVRecordScanner.lineFeed || byte == CSVRecordScanner.carriageReturn {
            needsQuotes = true
            break
        }
        guard needsQuotes else {
            out.append(contentsOf: text.utf8)
            return
        }
        out.append(CSVRecordScanner.quote)
        for byte in text.utf8 {
            if byte == CSVRecordScanner.quote { out.append(byte) }
            out.append(byte)
        }
        out.append(CSVRecordScanner.quote)
    }

    @inline(__always)
    static func trimSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ start: inout Int, _ end: inout Int) {
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
    }
}
