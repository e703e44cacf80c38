import Testing
@testable import GeoCore

@Suite("User layers: the binary form the cache keeps")
struct FeatureLayerBinaryTests {
    static let layer = try! FeatureLayer(name: "streets", geoJSON: RandomLayerFixture.geoJSON(seed: 18, count: 120))
    static let key: (UInt64, UInt64) = (0x1234, 0x5678)

    /// A loaded layer answers every query exactly as the one built from GeoJSON, and keeps every feature's
    /// id, name, properties and kind.
    @Test func roundTripAnswersTheSame() throws {
        let bytes = Self.layer.binary(sourceKey: Self.key)
        let loaded = try FeatureLayer(name: "streets", binary: bytes, sourceKey: Self.key)
        #expect(loaded.features.count == Self.layer.features.count)
        #expect(Array(loaded.features) == Array(Self.layer.features))
        #expect(Self.layer.features.contains { $0.name != nil } && Self.layer.features.contains { $0.id != nil })
        let built = FeatureLayers(layers: [Self.layer]), read = FeatureLayers(layers: [loaded])
        var random = TestRandom(seed: 3)
        var found = 0
        for area in RandomLayerFixture.areas {
            for _ in 0..<300 {
                let q = RandomLayerFixture.point(area, random.uniform(0, area.size), random.uniform(0, area.size))
                let hits = read.nearby(q, radiusM: 500, limit: 10)
                #expect(hits == built.nearby(q, radiusM: 500, limit: 10))
                #expect(read.nearby(q, radiusM: 2_000, limit: 200) == built.nearby(q, radiusM: 2_000, limit: 200))
                found += hits.count
            }
        }
        #expect(found > 1_000)
        // Written again, the same bytes.
        #expect(loaded.binary(sourceKey: Self.key) == bytes)
    }

    /// Another source key, version or magic is refused before anything else is read.
    @Test func staleOrForeignIsRefused() {
        let bytes = Self.layer.binary(sourceKey: Self.key)
        #expect(throws: BinaryFormatError.staleSource) { try FeatureLayer(name: "x", binary: bytes, sourceKey: (1, 2)) }
        var version = bytes
        version[8] &+= 1
        #expect(throws: BinaryFormatError.version(FeatureLayer.binaryFormatVersion + 1)) {
            try FeatureLayer(name: "x", binary: version, sourceKey: Self.key)
        }
        var magic = bytes
        magic[0] = 0
        #expect(throws: BinaryFormatError.notAnIndex) { try FeatureLayer(name: "x", binary: magic, sourceKey: Self.key) }
    }

    /// Every truncation is refused, and every flipped byte is refused by the checksum.
    @Test func truncatedOrFlippedIsRefused() {
        let bytes = Self.layer.binary(sourceKey: Self.key)
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 2_000)) {
            #expect(throws: BinaryFormatError.self) {
                try FeatureLayer(name: "x", binary: Array(bytes[0..<length]), sourceKey: Self.key)
            }
        }
        for offset in stride(from: FeatureLayer.binaryHeaderSize, to: bytes.count, by: max(1, bytes.count / 2_000)) {
            var damaged = bytes
            damaged[offset] ^= 0x10
            #expect(throws: BinaryFormatError.checksum) { try FeatureLayer(name: "x", binary: damaged, sourceKey: Self.key) }
        }
    }

    /// With the checksum made to match (damage it cannot see), every byte of a small layer set to 0xFF,
    /// flipped or zeroed either fails a table check or loads a layer that answers queries without trapping:
    /// the table checks, not the checksum, are what keep a query in bounds.
    @Test func everyDamagedByteIsCheckedOrHarmless() throws {
        let small = try FeatureLayer(name: "small", geoJSON: RandomLayerFixture.geoJSON(seed: 5, count: 4))
        let bytes = small.binary(sourceKey: Self.key)
        var refused = 0, loaded = 0
        for offset in FeatureLayer.binaryHeaderSize..<bytes.count {
            for change in [{ (b: UInt8) in b ^ 0xFF }, { _ in 0 }, { (b: UInt8) in b ^ 0x01 }] {
                var damaged = bytes
                damaged[offset] = change(damaged[offset])
                Self.repairChecksum(&damaged)
                do throws(BinaryFormatError) {
                    let layer = try FeatureLayer(name: "x", binary: damaged, sourceKey: Self.key)
                    loaded += 1
                    let layers = FeatureLayers(layers: [layer])
                    for area in RandomLayerFixture.areas {
                        let q = RandomLayerFixture.point(area, 0.03, 0.03)
                        for hit in layers.nearby(q, radiusM: 5_000, limit: 5) { _ = layer.features[hit.feature] }
                        _ = layers.nearby(q, radiusM: 5_000, limit: 100)
                    }
                } catch {
                    refused += 1
                }
            }
        }
        #expect(refused > 0 && loaded > 0, "\(refused) refused, \(loaded) loaded")
    }

    static func repairChecksum(_ bytes: inout [UInt8]) {
        let header = FeatureLayer.binaryHeaderSize
        let checksum = bytes.withUnsafeBytes { binaryChecksum(UnsafeRawBufferPointer(rebasing: $0[header...])) }
        for k in 0..<8 { bytes[40 + k] = UInt8(truncatingIfNeeded: checksum >> UInt64(8 * k)) }
    }
}
