import Testing
@testable import GeoCore

@Suite("The source key recorded in an index header, for readers with no data file (the wasm module)")
struct BinarySourceKeyTests {
    static func key(_ bytes: [UInt8]) -> (UInt64, UInt64)? {
        bytes.withUnsafeBytes { CountryGazetteer.binarySourceKey($0) }
    }

    @Test("the key written is the key read back, and it opens the index")
    func roundTrip() throws {
        let written: (UInt64, UInt64) = (21_842_393, 0xFEDC_BA98_7654_3210)
        let bytes = CountryGazetteerBinaryTests.small().binaryIndex(sourceKey: written)
        let read = try #require(Self.key(bytes))
        #expect(read.0 == written.0 && read.1 == written.1)
        #expect(CountryGazetteerBinaryTests.decode(bytes, key: read).failure == nil)
    }

    @Test("bytes that are not an index header have no key")
    func foreignBytes() {
        let bytes = CountryGazetteerBinaryTests.small().binaryIndex(sourceKey: (1, 2))
        #expect(Self.key([]) == nil)
        #expect(Self.key(Array(bytes[0..<47])) == nil, "shorter than a header")
        var magic = bytes
        magic[0] = UInt8(ascii: "X")
        #expect(Self.key(magic) == nil)
        #expect(Self.key(Array("{\"type\":\"FeatureCollection\",\"features\":[]}\n".utf8)) == nil)
    }

    @Test("the key is read, not checked: a damaged payload is still refused by the initializer")
    func damageStillRefused() throws {
        var bytes = CountryGazetteerBinaryTests.small().binaryIndex(sourceKey: (3, 4))
        bytes[bytes.count - 1] ^= 0x55
        let read = try #require(Self.key(bytes))
        #expect(CountryGazetteerBinaryTests.decode(bytes, key: read).failure == .checksum)
    }
}
