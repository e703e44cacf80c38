import Testing
@testable import GeoCore

/// Counts releases of adopted bytes; a class so the `@Sendable` release closure can share it.
private final class ReleaseCounter: @unchecked Sendable {
    var count = 0
}

@Suite("Index tables as views into adopted bytes: shared without copying, released exactly once")
struct ByteStorageTests {
    @Test("a gazetteer loaded from adopted bytes answers like the original, and releases them once when dropped")
    func adoptedBytesLiveAsLongAsTheGazetteer() throws {
        let original = CountryGazetteerBinaryTests.small()
        let bytes = original.binaryIndex(sourceKey: CountryGazetteerBinaryTests.key)
        let counter = ReleaseCounter()
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        memory.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: bytes.count))
        do {
            let storage = ByteStorage(adopting: UnsafeRawBufferPointer(memory)) { released in
                counter.count += 1
                released.deallocate()
            }
            let loaded = try CountryGazetteer(binary: storage, sourceKey: CountryGazetteerBinaryTests.key)
            #expect(loaded.binaryIndex(sourceKey: CountryGazetteerBinaryTests.key) == bytes)
            for lat in stride(from: 30.0, through: 50.0, by: 0.5) {
                for lon in stride(from: 0.0, through: 20.0, by: 0.5) {
                    let p = GeoPoint(lat: lat, lon: lon)
                    #expect(loaded.reverse(p, maxDistanceKm: 0)?.countryIndex == original.reverse(p, maxDistanceKm: 0)?.countryIndex)
                }
            }
            withExtendedLifetime(loaded) { #expect(counter.count == 0, "still in use by the loaded gazetteer") }
        }
        #expect(counter.count == 1)
    }

    @Test("a table built from values reads them back, and its bytes are what the writer stores for the array")
    func tableFromValues() {
        let values: [UInt32] = [3, 1, 4, 1, 5, 9, 2, 6]
        let table = Table(values)
        #expect(Array(table) == values)
        #expect(Table([Double]()).isEmpty)
        var a = BinaryWriter(), b = BinaryWriter()
        a.array(values)
        b.array(table)
        #expect(a.bytes == b.bytes)
    }
}
