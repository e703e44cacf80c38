import GeoCore
import Testing
@testable import GeoCSV

/// Splits `bytes` into records as a stream reader does: bytes arrive `chunk` at a time into a buffer, complete
/// records are taken from its front, the consumed bytes are dropped and the scanner told so.
/// - Returns: the records' raw fields, and the bytes the scanner examined in all.
func splitStreaming(_ bytes: [UInt8], chunk: Int) -> (records: [[String]], scanned: Int) {
    var scanner = CSVRecordScanner()
    var buffer: [UInt8] = []
    var records: [[String]] = []
    var offset = 0
    while true {
        let atEnd = offset >= bytes.count
        if !atEnd {
            buffer += bytes[offset..<min(bytes.count, offset + chunk)]
            offset += chunk
        }
        var position = 0
        buffer.withUnsafeBufferPointer { buffer in
            while position < buffer.count, let end = scanner.scan(buffer, from: position, atEnd: atEnd) {
                records.append((0..<scanner.fieldCount).map {
                    String(decoding: UnsafeBufferPointer(rebasing: buffer[scanner.field($0)]), as: UTF8.self)
                })
                position = end
            }
        }
        buffer.removeSubrange(0..<position)
        scanner.dropFirst(position)
        if atEnd { return (records, scanner.bytesScanned) }
    }
}

@Suite("Incremental scanning: each byte once, however the input is cut")
struct CSVRecordScannerIncrementalTests {
    static let tricky = "id,\"a \"\"q\"\", b\"\r\n\"multi\nline\r\nfield\",x\n\"\",\"\"\"\"\n\n\"a\"b,\"c\"\"\",\r\"d\"\r\nlast,\"open"

    @Test("every cut gives the records of the whole buffer", arguments: [1, 2, 3, 4, 5, 7, 11, 64])
    func cuts(chunk: Int) {
        let bytes = Array(Self.tricky.utf8)
        let whole = splitAll(Self.tricky)
        let (records, scanned) = splitStreaming(bytes, chunk: chunk)
        #expect(records == whole, "chunk \(chunk)")
        #expect(scanned == bytes.count, "chunk \(chunk): each byte is examined once, not rescanned")
    }

    @Test("a quoted field of 1 MiB fed 1 KiB at a time is scanned once, not once per piece")
    func longQuotedField() {
        let field = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        let bytes = Array("id,note\n1,\"".utf8) + field + Array("\"\n2,b\n".utf8)
        let (records, scanned) = splitStreaming(bytes, chunk: 1024)
        #expect(records.count == 3)
        #expect(records[1][1].utf8.count == field.count + 2)
        #expect(records[2] == ["2", "b"])
        // Rescanning from the record's start on every piece would examine about 2^20 · 2^10 / 2 = 512 Mi bytes.
        #expect(scanned == bytes.count)
    }

    @Test("a quote cut from its escaping twin waits for the next byte", arguments: ["\"a\"\"b\"\n", "\"a\"\n"])
    func quotePairAcrossCut(input: String) {
        let bytes = Array(input.utf8)
        for cut in 1..<bytes.count {
            let (records, _) = splitStreaming(bytes, chunk: cut)
            #expect(records == splitAll(input), "cut at \(cut)")
        }
    }

    @Test("lineFeeds counts the line breaks inside quotes and the record's own")
    func lineFeeds() {
        let bytes = Array("\"a\nb\nc\",d\r\nx\n".utf8)
        var scanner = CSVRecordScanner()
        bytes.withUnsafeBufferPointer { buffer in
            let end = scanner.scan(buffer, from: 0, atEnd: false)
            #expect(end == 11 && scanner.lineFeeds == 3)
            _ = scanner.scan(buffer, from: 11, atEnd: false)
            #expect(scanner.lineFeeds == 1)
        }
    }
}

/// Feeds `input` to a batch `chunk` bytes at a time and returns what was written and how it ended.
func geocodeCapped(_ input: [UInt8], maxRecordBytes: Int, chunk: Int)
    -> (output: String, error: CSVError?, feeds: Int, scanned: Int)
{
    var options = CSVOptions()
    options.maxRecordBytes = maxRecordBytes
    var batch = CSVGeocoder(gazetteer: squareGazetteer(), options: options, flushThreshold: 7)
    var output: [UInt8] = []
    var feeds = 0
    do throws(CSVStreamError<Never>) {
        var start = 0
        while start < input.count {
            let end = min(input.count, start + chunk)
            feeds += 1
            try input.withUnsafeBufferPointer { (buffer) throws(CSVStreamError<Never>) in
                try batch.feed(UnsafeBufferPointer(rebasing: buffer[start..<end])) { output += $0 }
            }
            start = end
        }
        try batch.finish { output += $0 }
    } catch {
        guard case .input(let problem) = error else { return (String(decoding: output, as: UTF8.self), nil, feeds, 0) }
        return (String(decoding: output, as: UTF8.self), problem, feeds, batch.scanner.bytesScanned)
    }
    return (String(decoding: output, as: UTF8.self), nil, feeds, batch.scanner.bytesScanned)
}

@Suite("--max-record-bytes: a record's size is capped and its line reported")
struct CSVRecordCapTests {
    @Test("a stray quote stops the run at the cap, naming the record's line; the rows before it are written",
          arguments: [1, 3, 16, 4096])
    func strayQuote(chunk: Int) {
        var input = Array("lat,lon\n5,5\n\"multi\nline\",5\n25,\"25\n".utf8)
        for row in 0..<200 { input += Array("\(row % 10),5\n".utf8) }
        let result = geocodeCapped(input, maxRecordBytes: 100, chunk: chunk)
        #expect(result.error == .recordTooLong(line: 5, limit: 100), "chunk \(chunk)")
        #expect(result.output == "lat,lon,iso2,iso3,name,match,distanceKm\n5,5,SQ,SQR,Squareland,inside,0\n"
                + "\"multi\nline\",5,,,,,\n", "chunk \(chunk)")
    }

    @Test("bytes without a line feed fail once the cap is passed, not at the end of the input")
    func noLineFeed() {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let result = geocodeCapped(zeros, maxRecordBytes: 10_000, chunk: 1000)
        #expect(result.error == .recordTooLong(line: 1, limit: 10_000))
        #expect(result.feeds == 11, "the 11th kilobyte passes the cap (with one byte of CRLF slack)")
        #expect(result.scanned <= 11_000, "each byte examined once")
    }

    @Test("a record of exactly the cap passes, with LF or CRLF, cut anywhere; one byte more does not",
          arguments: [1, 2, 8, 64])
    func exactCap(chunk: Int) {
        let record = "1,5,5" + String(repeating: " ", count: 15)  // 20 bytes
        for ending in ["\n", "\r\n", ""] {
            let input = Array("id,lat,lon\n\(record)\(ending)".utf8)
            let fits = geocodeCapped(input, maxRecordBytes: 20, chunk: chunk)
            #expect(fits.error == nil, "ending \(Array(ending.utf8)) chunk \(chunk)")
            #expect(fits.output.contains("Squareland"))
            let over = geocodeCapped(input, maxRecordBytes: 19, chunk: chunk)
            #expect(over.error == .recordTooLong(line: 2, limit: 19), "ending \(Array(ending.utf8)) chunk \(chunk)")
        }
    }

    @Test("the stray-quote record is scanned once however long it grows before the cap")
    func linearWork() {
        var input = Array("lat,lon\n5,\"5\n".utf8)
        input += [UInt8](repeating: UInt8(ascii: "7"), count: 1 << 20)
        let result = geocodeCapped(input, maxRecordBytes: 1 << 22, chunk: 1024)
        #expect(result.error == nil)
        #expect(result.output.hasSuffix("7777"), "an unclosed quote under the cap is written back unchanged")
        #expect(result.scanned == input.count)
    }

    @Test("the message names the line and the option")
    func message() {
        let text = CSVError.recordTooLong(line: 1002, limit: 16 << 20).message
        #expect(text.contains("line 1002") && text.contains("16777216") && text.contains("--max-record-bytes"))
    }
}
