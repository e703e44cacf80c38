import GeoRPC
import Testing

@Suite("LineFramer")
struct LineFramerTests {
    /// Feeds `chunks` in order, then ends the stream, and returns the lines handed out.
    static func lines(_ chunks: [[UInt8]]) -> [String] {
        var framer = LineFramer()
        var lines: [String] = []
        let collect = { (line: UnsafeBufferPointer<UInt8>) in lines.append(String(decoding: line, as: UTF8.self)) }
        for chunk in chunks { chunk.withUnsafeBufferPointer { framer.append($0, collect) } }
        framer.finish(collect)
        return lines
    }

    static func lines(_ chunks: [String]) -> [String] { lines(chunks.map { Array($0.utf8) }) }

    typealias Case = FramerCase

    static let cases: [Case] = [
        Case(name: "one line in one chunk", chunks: ["a\n"], expected: ["a"]),
        Case(name: "two lines in one chunk", chunks: ["a\nbc\n"], expected: ["a", "bc"]),
        Case(name: "line split across chunks", chunks: ["{\"a\"", ":1}", "\n"], expected: ["{\"a\":1}"]),
        Case(name: "newline alone in a chunk", chunks: ["abc", "\n", "def", "\n"], expected: ["abc", "def"]),
        Case(name: "CRLF endings lose the CR", chunks: ["a\r\nb\r\n"], expected: ["a", "b"]),
        Case(name: "CR and LF in different chunks", chunks: ["a\r", "\nb\n"], expected: ["a", "b"]),
        Case(name: "empty lines are skipped", chunks: ["\n\na\n\n"], expected: ["a"]),
        Case(name: "spaces, tabs and CR only are skipped", chunks: [" \t \n\r\n \r\na\n"], expected: ["a"]),
        Case(name: "inner whitespace is kept", chunks: ["  a b \t\n"], expected: ["  a b \t"]),
        Case(name: "last line without newline", chunks: ["a\nb"], expected: ["a", "b"]),
        Case(name: "last line without newline, split", chunks: ["a\nb", "c"], expected: ["a", "bc"]),
        Case(name: "last line is blank without newline", chunks: ["a\n  "], expected: ["a"]),
        Case(name: "only a CR before EOF", chunks: ["a\n\r"], expected: ["a"]),
        Case(name: "empty input", chunks: [], expected: []),
        Case(name: "empty chunks change nothing", chunks: ["", "a", "", "\n", ""], expected: ["a"]),
        Case(name: "NUL stays in the line", chunks: ["a\u{0}b\n"], expected: ["a\u{0}b"]),
        Case(name: "a lone CR inside a line is kept", chunks: ["a\rb\n"], expected: ["a\rb"]),
    ]

    @Test("splits lines", arguments: cases)
    func splits(_ example: Case) {
        #expect(Self.lines(example.chunks) == example.expected)
    }

    /// Every way of cutting the stream in two, and byte by byte, gives the same lines.
    @Test("chunk boundaries do not matter")
    func anyBoundary() {
        let stream = Array("{\"id\":1}\r\n\n  \n[1,2]\nlast".utf8)
        let expected = ["{\"id\":1}", "[1,2]", "last"]
        for cut in 0...stream.count {
            let lines = Self.lines([Array(stream[..<cut]), Array(stream[cut...])])
            #expect(lines == expected, "cut at byte \(cut)")
        }
        #expect(Self.lines(stream.map { [$0] }) == expected, "one byte per chunk")
    }

    @Test("a 300 KB line split into 64 KiB chunks arrives whole")
    func longLine() {
        let line = Array(repeating: UInt8(ascii: "x"), count: 300_000)
        let stream = line + [0x0A] + Array("tail\n".utf8)
        var chunks: [[UInt8]] = []
        var start = 0
        while start < stream.count {
            chunks.append(Array(stream[start..<min(start + 65536, stream.count)]))
            start += 65536
        }
        let lines = Self.lines(chunks)
        #expect(lines.count == 2)
        #expect(lines.first?.utf8.count == 300_000)
        #expect(lines.last == "tail")
    }

    @Test("reports a partial line until its newline arrives")
    func partialLine() {
        var framer = LineFramer()
        Array("ab".utf8).withUnsafeBufferPointer { framer.append($0) { _ in } }
        #expect(framer.hasPartialLine)
        var seen: [String] = []
        Array("c\n".utf8).withUnsafeBufferPointer {
            framer.append($0) { seen.append(String(decoding: $0, as: UTF8.self)) }
        }
        #expect(seen == ["abc"])
        #expect(!framer.hasPartialLine)
    }

    struct Stop: Error {}

    @Test("an error thrown by the handler stops the chunk")
    func handlerThrows() {
        var framer = LineFramer()
        var seen: [String] = []
        #expect(throws: Stop.self) {
            try Array("a\nb\nc\n".utf8).withUnsafeBufferPointer { (buffer) throws(Stop) in
                try framer.append(buffer) { (line) throws(Stop) in
                    seen.append(String(decoding: line, as: UTF8.self))
                    if seen.count == 2 { throw Stop() }
                }
            }
        }
        #expect(seen == ["a", "b"])
    }
}
