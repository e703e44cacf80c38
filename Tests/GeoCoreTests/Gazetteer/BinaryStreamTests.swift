import Testing
@testable import GeoCore

/// The streamed binary index (`CountryGazetteer.writeBinaryIndex`, issue 13's cold-build memory): the same
/// bytes as the in-memory one, handed over in bounded chunks, with the same checksum however they are cut.
@Suite("Streamed binary index: same bytes, bounded chunks, same checksum")
struct BinaryStreamTests {
    final class Collector: BinarySink {
        var bytes: [UInt8] = []
        var chunks: [Int] = []
        func write(_ chunk: UnsafeRawBufferPointer) {
            bytes.append(contentsOf: chunk)
            chunks.append(chunk.count)
        }
    }

    @Test("the incremental checksum equals binaryChecksum for any cut of the bytes")
    func checksumPieces() {
        var random = TestRandom(seed: 13)
        for length in [0, 1, 31, 32, 33, 63, 64, 65, 1000, 4099] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: Int(random.uniform(0, 256))) }
            let whole = bytes.withUnsafeBytes { binaryChecksum($0) }
            for _ in 0..<20 {
                var checksum = BinaryChecksum()
                var start = 0
                bytes.withUnsafeBytes { raw in
                    while start < length {
                        let end = Swift.min(length, start + Int(random.uniform(0, 70)))
                        checksum.update(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                        start = end
                    }
                }
                #expect(checksum.count == length)
                #expect(checksum.finish() == whole)
            }
        }
    }

    @Test("a writer with a sink hands over the same bytes as one without, in chunks near 1 MiB")
    func writerChunks() {
        let big = (0..<(700_000)).map { Double($0) * 0.5 }  // 5.6 MB: several chunks
        func fill(_ out: inout BinaryWriter) {
            out.u8(7)
            out.string("état")
            out.array(big)
            for k in 0..<50_000 { out.optionalString(k % 3 == 0 ? nil : "name \(k)") }
            out.u32(0xDEAD_BEEF)
            out.array([UInt8](repeating: 9, count: 3))
            out.u64(42)
        }
        var plain = BinaryWriter()
        fill(&plain)
        let sink = Collector()
        var streamed = BinaryWriter(sink: sink)
        fill(&streamed)
        #expect(streamed.count == plain.bytes.count)
        streamed.flush()
        #expect(sink.bytes == plain.bytes)
        #expect(sink.chunks.count >= 5)
        #expect(sink.chunks.allSatisfy { $0 <= BinaryWriter.chunkBytes + 64 })
    }

    @Test("writeBinaryIndex gives binaryIndex's bytes, which load back")
    func wholeIndex() throws {
        let key: (UInt64, UInt64) = (13, 2026)
        for gazetteer in [try PlacemarkFixture.gazetteer(), try PlacemarkFixture.countries()] {
            let sink = Collector()
            gazetteer.writeBinaryIndex(sourceKey: key, to: sink)
            #expect(sink.bytes == gazetteer.binaryIndex(sourceKey: key))
            let loaded = try CountryGazetteer(binary: sink.bytes, sourceKey: key)
            #expect(loaded.availableFields == gazetteer.availableFields)
        }
    }
}
