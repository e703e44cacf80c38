import Testing
@testable import GeoCore

@Suite("JSON scanner")
struct JSONScannerTests {
    /// Runs `body` with a scanner over `text`.
    static func scan<T>(_ text: String, maxDepth: Int = JSONReader.defaultMaxDepth,
                        _ body: (inout JSONScanner) throws(JSONError) -> T) throws(JSONError) -> T {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> T in
            var scanner = JSONScanner(buffer, maxDepth: maxDepth)
            return try body(&scanner)
        }
    }

    /// Sums the numbers of every array member named "xs", skipping everything else: the pull-parser pattern.
    static func sumOfXs(_ text: String) throws(JSONError) -> Double {
        try scan(text) { (scanner) throws(JSONError) -> Double in
            var sum = 0.0
            try scanner.beginObject()
            while let key = try scanner.nextKey() {
                if key == "xs" {
                    try scanner.beginArray()
                    while try scanner.hasNext() { sum += try scanner.readDouble() }
                } else {
                    try scanner.skipValue()
                }
            }
            try scanner.expectEnd()
            return sum
        }
    }

    @Test("pull parsing reads wanted members and skips the rest",
          arguments: [(#"{"xs":[1,2.5,-0.5]}"#, 3.0),
                      (#"{"skip":{"a":[{"b":null},[true,false]],"c":"\"}"},"xs":[],"xs":[10]}"#, 10),
                      (" { } ", 0)])
    func pullParsing(_ text: String, _ sum: Double) throws {
        #expect(try Self.sumOfXs(text) == sum)
    }

    @Test("pull parsing still rejects invalid JSON, also inside skipped values",
          arguments: [(#"{"xs":[1 2]}"#, JSONError.unexpectedByte(offset: 9, byte: 0x32)),
                      (#"{"skip":[1,],"xs":[]}"#, .unexpectedByte(offset: 11, byte: 0x5D)),
                      (#"{"skip":{"a" 1},"xs":[]}"#, .unexpectedByte(offset: 13, byte: 0x31)),
                      (#"{"skip":"\q"}"#, .invalidEscape(offset: 9)),
                      (#"{"xs":[]} x"#, .trailingData(offset: 10)),
                      (#"{"xs":[],}"#, .unexpectedByte(offset: 9, byte: 0x7D))])
    func pullParsingRejects(_ text: String, _ error: JSONError) {
        #expect(throws: error) { try Self.sumOfXs(text) }
    }

    @Test("skipValue handles nesting deeper than its 64-level bit stack")
    func skipDeepValue() throws {
        let deep = String(repeating: #"{"k":["#, count: 100) + "1" + String(repeating: "]}", count: 100)
        let after = try Self.scan("[" + deep + ",7]") { (scanner) throws(JSONError) -> Double in
            try scanner.beginArray()
            _ = try scanner.hasNext()
            try scanner.skipValue()
            _ = try scanner.hasNext()
            return try scanner.readDouble()
        }
        #expect(after == 7)
    }

    @Test("peekKind names the next value without consuming it",
          arguments: [("{", JSONScanner.ValueKind.object), ("[", .array), ("\"", .string), ("-1", .number),
                      ("7", .number), ("true", .bool), ("false", .bool), ("null", .null)])
    func peekKind(_ text: String, _ kind: JSONScanner.ValueKind) throws {
        let result = try Self.scan("  " + text) { (scanner) throws(JSONError) -> (JSONScanner.ValueKind?, Int) in
            (scanner.peekKind(), scanner.offset)
        }
        #expect(result.0 == kind)
        #expect(result.1 == 2)
    }

    @Test("a checkpoint lets a skipped value be read later")
    func checkpointRestore() throws {
        let values = try Self.scan(#"{"later":[1,2],"now":"x"}"#) { (scanner) throws(JSONError) -> (String, JSONValue) in
            try scanner.beginObject()
            _ = try scanner.nextKey()
            let saved = scanner.checkpoint
            try scanner.skipValue()
            _ = try scanner.nextKey()
            let now = try scanner.readString()
            #expect(try scanner.nextKey() == nil)
            let end = scanner.checkpoint
            scanner.restore(saved)
            let later = try scanner.readValue()
            scanner.restore(end)
            try scanner.expectEnd()
            return (now, later)
        }
        #expect(values.0 == "x")
        #expect(values.1 == .array([.number(JSONNumber(text: "1", value: 1)), .number(JSONNumber(text: "2", value: 2))]))
    }

    @Test("consumeNull only consumes null")
    func consumeNull() throws {
        let flags = try Self.scan("[null,1]") { (scanner) throws(JSONError) -> (Bool, Bool) in
            try scanner.beginArray()
            _ = try scanner.hasNext()
            let first = try scanner.consumeNull()
            _ = try scanner.hasNext()
            let second = try scanner.consumeNull()
            return (first, second)
        }
        #expect(flags == (true, false))
    }

    @Test("the depth cap applies to beginArray/beginObject too")
    func scannerDepth() {
        #expect(throws: JSONError.depthLimitExceeded(offset: 2)) {
            try Self.scan("[[[]]]", maxDepth: 2) { (scanner) throws(JSONError) in
                try scanner.beginArray()
                _ = try scanner.hasNext()
                try scanner.beginArray()
                _ = try scanner.hasNext()
                try scanner.beginArray()
            }
        }
    }
}
