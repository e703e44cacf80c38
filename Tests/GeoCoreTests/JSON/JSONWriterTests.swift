import Foundation
import Testing
@testable import GeoCore

@Suite("JSON writer")
struct JSONWriterTests {
    static func text(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("commas go between values and members, never after keys or at container starts")
    func commas() {
        let text = Self.text { writer in
            writer.beginObject()
            writer.key("a"); writer.number(1)
            writer.key("b"); writer.beginArray()
            writer.null(); writer.bool(true); writer.beginObject(); writer.endObject(); writer.beginArray(); writer.endArray()
            writer.raw(Array("{\"pre\":1}".utf8)); writer.string("s")
            writer.endArray()
            writer.key("c"); writer.beginObject(); writer.key("d"); writer.bool(false); writer.endObject()
            writer.endObject()
        }
        #expect(text == #"{"a":1,"b":[null,true,{},[],{"pre":1},"s"],"c":{"d":false}}"#)
    }

    @Test("reset clears the output and the comma state")
    func reset() {
        var writer = JSONWriter(capacity: 64)
        writer.beginArray(); writer.number(1); writer.endArray()
        writer.reset()
        #expect(writer.bytes.isEmpty)
        writer.number(2)
        #expect(writer.bytes == Array("2".utf8))
    }

    @Test("endLine separates top-level values by line breaks instead of commas")
    func lines() {
        let text = Self.text { writer in
            writer.beginObject(); writer.key("id"); writer.number(1); writer.endObject(); writer.endLine()
            writer.number(2); writer.endLine()
        }
        #expect(text == "{\"id\":1}\n2\n")
    }

    @Test("strings escape quote, backslash and control characters only",
          arguments: [("plain", #""plain""#), ("q\"b\\s/", #""q\"b\\s/""#),
                      ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#), ("\u{0}\u{1F}\u{7F}", "\"\\u0000\\u001f\u{7F}\""),
                      ("é中😀", "\"é中😀\""), ("", #""""#)])
    func stringEscapes(_ value: String, _ expected: String) {
        #expect(Self.text { $0.string(value) } == expected)
        #expect(Self.text { $0.beginObject(); $0.key(value); $0.null(); $0.endObject() } == "{\(expected):null}")
    }

    @Test("the eight-bytes-a-word escape check finds every byte that needs an escape, at every place and length")
    func escapeCheckMatchesBytewise() {
        func bytewise(_ bytes: [UInt8]) -> Bool {
            bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        // Every byte value at every place of buffers of 1 to 19 bytes, among neighbours that never need one
        // (0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xFF: the values a borrow or a bit could be confused with).
        let quiet: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xFF]
        var checked = 0
        for length in 1...19 {
            for place in 0..<length {
                for value in 0...255 {
                    var bytes = (0..<length).map { quiet[($0 &* 7 &+ length) % quiet.count] }
                    bytes[place] = UInt8(value)
                    let fast = bytes.withUnsafeBufferPointer { JSONWriter.needsEscape($0) }
                    #expect(fast == bytewise(bytes), "\(bytes)")
                    checked += 1
                }
            }
        }
        // Random bytes, biased toward the values either side of the three classes.
        var rng = SystemRandomNumberGenerator()
        let near: [UInt8] = [0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x00, 0x80, 0x9F, 0xA2, 0xDC]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                Bool.random(using: &rng) ? near.randomElement(using: &rng)! : UInt8.random(in: 0x20...0xFF, using: &rng)
            }
            let fast = bytes.withUnsafeBufferPointer { JSONWriter.needsEscape($0) }
            #expect(fast == bytewise(bytes), "\(bytes)")
        }
        #expect(checked == 190 * 256)
        #expect(Self.text { $0.string("a long name with a \"quote\" past the eighth byte") }
                == #""a long name with a \"quote\" past the eighth byte""#)
    }

    @Test("doubles use the shortest round-trip form, integers without '.0', non-finite as null",
          arguments: [(10.0, "10"), (-3.0, "-3"), (0.0, "0"), (-0.0, "-0"), (0.1, "0.1"), (-2.5, "-2.5"),
                      (1e15, "1000000000000000"), (999_999_999_999_999.0, "999999999999999"), (1e16, "1e16"),
                      (1.5e-7, "1.5e-7"), (-1.25e100, "-1.25e100"), (123.456, "123.456"), (Double.leastNonzeroMagnitude, "5e-324"),
                      (1.7976931348623157e308, "1.7976931348623157e308"), (Double.nan, "null"),
                      (Double.infinity, "null"), (-Double.infinity, "null"), (28.980845581000068, "28.980845581000068")])
    func doubles(_ value: Double, _ expected: String) {
        #expect(Self.text { $0.number(value) } == expected)
    }

    /// `number(_:)` as it was written before it formatted into a stack buffer: `description`, `.0` dropped,
    /// the exponent tidied. The writer must give these bytes exactly (replies are compared byte for byte).
    static func describedNumber(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        guard let e = text.firstIndex(of: "e") else { return text }
        var exponent = text[text.index(after: e)...]
        let negative = exponent.first == "-"
        exponent = exponent.drop { $0 == "+" || $0 == "-" }.drop { $0 == "0" }
        return text[..<e] + "e" + (negative ? "-" : "") + exponent
    }

    @Test("doubles are written as description's shortest text (tidied), for random bits, coordinates and distances")
    func doublesMatchDescription() {
        var generator = SystemRandomNumberGenerator()
        var writer = JSONWriter()
        var checked = 0
        for index in 0..<300_000 {
            let bits = Double(bitPattern: generator.next())
            let coordinate = Double.random(in: -180...180, using: &generator)
            let distance = Double.random(in: 0...10_000, using: &generator) * (index % 2 == 0 ? 1 : 1e-9)
            for value in [bits, coordinate, distance, Double(index) + 0.5, 1e15 + Double(index) * 2]
            where value.isFinite && !(value.rounded(.towardZero) == value && value.magnitude < 1e15) {
                writer.reset()
                writer.number(value)
                let written = String(decoding: writer.bytes, as: UTF8.self)
                if written != Self.describedNumber(value) {
                    Issue.record("\(value.bitPattern): wrote \(written), description gives \(Self.describedNumber(value))")
                    return
                }
                checked += 1
            }
        }
        #expect(checked > 1_000_000)
    }

    @Test("integers, including the extremes", arguments: [0, 7, -42, Int.max, Int.min])
    func integers(_ value: Int) {
        #expect(Self.text { $0.number(value) } == "\(value)")
    }

    @Test("a JSONNumber is written as its original text")
    func numberText() {
        #expect(Self.text { $0.number(JSONNumber(text: "1.50e+002", value: 150)) } == "1.50e+002")
    }

    @Test("random doubles round-trip bit-exactly through writer and reader")
    func doubleRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        var writer = JSONWriter()
        for index in 0..<20_000 {
            var value = Double(bitPattern: generator.next())
            if !value.isFinite { value = Double(index) * 1.25 }
            writer.reset()
            writer.number(value)
            let parsed = try JSONReader.parse(writer.bytes)
            #expect(parsed.doubleValue?.bitPattern == value.bitPattern,
                    "\(String(decoding: writer.bytes, as: UTF8.self))")
        }
    }

    @Test("every y_ file of JSONTestSuite survives parse, write, parse unchanged")
    func treeRoundTrip() throws {
        let files = try #require(JSONTestSuiteTests.corpus(), "JSONTestSuite not found")
        for url in files where url.lastPathComponent.hasPrefix("y_") {
            let bytes = try #require(JSONTestFiles.bytes(url))
            let value = try JSONReader.parse(bytes)
            let written = value.encoded()
            #expect(try JSONReader.parse(written) == value, "\(url.lastPathComponent)")
        }
    }

    @Test("all strings of code points 0 to 0x2FF and some astral ones round-trip")
    func stringRoundTrip() throws {
        var scalars = String.UnicodeScalarView()
        for code in UInt32(0)...0x2FF { scalars.append(Unicode.Scalar(code)!) }
        for code: UInt32 in [0xFFFD, 0xFEFF, 0x10000, 0x1F600, 0x10FFFF] { scalars.append(Unicode.Scalar(code)!) }
        let original = String(scalars)
        let written = JSONValue.string(original).encoded()
        #expect(try JSONReader.parse(written) == .string(original))
    }
}
