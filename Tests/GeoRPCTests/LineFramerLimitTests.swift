import GeoRPC
import Testing

@Suite("LineFramer line cap")
struct LineFramerLimitTests {
    /// Feeds `chunks` to a framer capped at `max` bytes; "!" stands for each over-long line reported.
    static func events(_ chunks: [String], max: Int) -> (events: [String], partialAfterEachChunk: [Bool]) {
        var framer = LineFramer(maxLineBytes: max)
        var events: [String] = []
        var partial: [Bool] = []
        for chunk in chunks {
            Array(chunk.utf8).withUnsafeBufferPointer { buffer in
                framer.append(buffer, { events.append(String(decoding: $0, as: UTF8.self)) }, overlong: { events.append("!") })
            }
            partial.append(framer.hasPartialLine)
        }
        framer.finish { events.append(String(decoding: $0, as: UTF8.self)) }
        return (events, partial)
    }

    typealias Case = FramerCase

    static let cases: [Case] = [
        Case(name: "a line of exactly the cap passes", chunks: ["abcd\n"], expected: ["abcd"]),
        Case(name: "a line over the cap in one chunk", chunks: ["a\nabcde\nb\n"], expected: ["a", "!", "b"]),
        Case(name: "over the cap across chunks, reported once", chunks: ["ab", "cde", "fgh", "ijk\nz\n"],
             expected: ["!", "z"]),
        Case(name: "the cap is passed inside the chunk holding the newline", chunks: ["abc", "de\nz\n"],
             expected: ["!", "z"]),
        Case(name: "a split line within the cap", chunks: ["ab", "cd\n"], expected: ["abcd"]),
        Case(name: "an over-long last line without newline", chunks: ["x\nabcdefgh"], expected: ["x", "!"]),
        Case(name: "a long run of newlines only", chunks: ["\n\n\n\n\n\n"], expected: []),
        Case(name: "two over-long lines in a row", chunks: ["abcdef\nghijkl\n", "ok\n"], expected: ["!", "!", "ok"]),
        // Issue 13, item 16: the CR of a CRLF is not part of the line, so it does not count towards the cap.
        Case(name: "exactly the cap, then CRLF", chunks: ["abcd\r\nz\r\n"], expected: ["abcd", "z"]),
        Case(name: "exactly the cap, CR and LF in separate chunks", chunks: ["abcd\r", "\nz\n"], expected: ["abcd", "z"]),
        Case(name: "exactly the cap split before the CR", chunks: ["ab", "cd", "\r", "\n"], expected: ["abcd"]),
        Case(name: "exactly the cap and a CR, last line without LF", chunks: ["x\nabcd\r"], expected: ["x", "abcd"]),
        Case(name: "one over the cap, then CRLF", chunks: ["abcde\r\nz\n"], expected: ["!", "z"]),
        Case(name: "a CR inside counts: cap, CR, CR, LF", chunks: ["abcd\r\r\nz\n"], expected: ["!", "z"]),
        Case(name: "cap and CR, then more bytes in the next chunk", chunks: ["abcd\r", "e\nz\n"], expected: ["!", "z"]),
    ]

    @Test("over-long lines are reported once and skipped; the next line is served", arguments: cases)
    func skipsOverlong(_ example: Case) {
        #expect(Self.events(example.chunks, max: 4).events == example.expected)
    }

    @Test("the rest of an over-long line is never stored: a partial line shows only as being skipped")
    func discardsWithoutBuffering() {
        let chunk = String(repeating: "x", count: 1000)
        let result = Self.events(["abc", chunk, chunk, chunk, "\nq\n"], max: 4)
        #expect(result.events == ["!", "q"])
        #expect(result.partialAfterEachChunk == [true, true, true, true, false])
    }
}
