import Testing
@testable import GeoCSV

/// Splits a whole input into records and fields (raw bytes), as the geocoder sees them.
func splitAll(_ text: String, delimiter: UInt8 = UInt8(ascii: ","), atEnd: Bool = true) -> [[String]] {
    let bytes = Array(text.utf8)
    var scanner = CSVRecordScanner(delimiter: delimiter)
    var records: [[String]] = []
    bytes.withUnsafeBufferPointer { buffer in
        var position = 0
        while position < buffer.count, let end = scanner.scan(buffer, from: position, atEnd: atEnd) {
            records.append((0..<scanner.fieldCount).map {
                String(decoding: UnsafeBufferPointer(rebasing: buffer[scanner.field($0)]), as: UTF8.self)
            })
            position = end
        }
    }
    return records
}

@Suite("RFC 4180 record scanning keeps raw fields")
struct CSVRecordScannerTests {
    @Test("examples", arguments: [
        ("plain", "a,b,c\n1,2,3\n", [["a", "b", "c"], ["1", "2", "3"]]),
        ("CRLF", "a,b\r\n1,2\r\n", [["a", "b"], ["1", "2"]]),
        ("no final newline", "a,b\n1,2", [["a", "b"], ["1", "2"]]),
        ("quoted comma", "\"x,y\",2\n", [["\"x,y\"", "2"]]),
        ("quoted newline", "\"line1\nline2\",2\n", [["\"line1\nline2\"", "2"]]),
        ("quoted CRLF", "\"a\r\nb\",c\r\n", [["\"a\r\nb\"", "c"]]),
        ("escaped quote", "\"say \"\"hi\"\"\",1\n", [["\"say \"\"hi\"\"\"", "1"]]),
        ("empty fields", ",,\n", [["", "", ""]]),
        ("empty line", "\n", [[""]]),
        ("lone CR is data", "a\rb,c\n", [["a\rb", "c"]]),
        ("bytes after closing quote", "\"a\"b,c\n", [["\"a\"b", "c"]]),
        ("unclosed quote runs to the end", "a,\"b\n", [["a", "\"b\n"]]),
    ])
    func examples(name: String, input: String, expected: [[String]]) {
        #expect(splitAll(input) == expected, "\(name)")
    }

    @Test("semicolon and tab delimiters")
    func delimiters() {
        #expect(splitAll("a;b,c\n", delimiter: UInt8(ascii: ";")) == [["a", "b,c"]])
        #expect(splitAll("a\tb\n", delimiter: 0x09) == [["a", "b"]])
    }

    @Test("a record cut by the end of the buffer is incomplete until the end of input")
    func incomplete() {
        #expect(splitAll("a,b\n1,2", atEnd: false) == [["a", "b"]])
        // A quote at the very end may be the first half of "" — wait for the next byte.
        #expect(splitAll("\"a\"", atEnd: false) == [])
        #expect(splitAll("\"a\"", atEnd: true) == [["\"a\""]])
    }

    @Test("line endings are outside the content")
    func contentEnd() {
        let bytes = Array("ab\r\ncd".utf8)
        var scanner = CSVRecordScanner()
        bytes.withUnsafeBufferPointer { buffer in
            let end = scanner.scan(buffer, from: 0, atEnd: false)
            #expect(end == 4)
            #expect(scanner.contentEnd == 2)
        }
    }
}

@Suite("CSV field decoding")
struct CSVFieldTests {
    func number(_ text: String) -> CSVField.Number {
        Array(text.utf8).withUnsafeBufferPointer { CSVField.number($0, 0..<$0.count) }
    }

    @Test("numbers", arguments: [
        ("48.85", CSVField.Number.value(48.85)), (" -3.5 ", .value(-3.5)), ("\"7\"", .value(7)), ("+7", .value(7)),
        ("1e2", .value(100)), ("", .empty), ("  ", .empty), ("\"\"", .empty), ("1,5", .invalid), (".5", .invalid),
        ("5.", .invalid), ("NaN", .invalid), ("+-1", .invalid), ("12abc", .invalid), ("0x10", .invalid),
    ])
    func numbers(text: String, expected: CSVField.Number) {
        #expect(number(text) == expected, "\(text)")
    }

    @Test("text unquotes")
    func text() {
        let raw = Array("\"say \"\"hi\"\", ok\"".utf8)
        let decoded = raw.withUnsafeBufferPointer { CSVField.text($0, 0..<$0.count) }
        #expect(decoded == "say \"hi\", ok")
    }

    @Test("fields are quoted only when needed")
    func quoting() {
        var out: [UInt8] = []
        CSVField.append("France", delimiter: UInt8(ascii: ","), to: &out)
        CSVField.append("Korea, Rep.", delimiter: UInt8(ascii: ","), to: &out)
        CSVField.append("a\"b", delimiter: UInt8(ascii: ";"), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "France\"Korea, Rep.\"\"a\"\"b\"")
    }
}
