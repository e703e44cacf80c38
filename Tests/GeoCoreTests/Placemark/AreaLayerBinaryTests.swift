import Testing
@testable import GeoCore

@Suite("Layers in the binary index: a lossless copy, and damaged layer tables are rejected")
struct AreaLayerBinaryTests {
    static let key: (UInt64, UInt64) = (15, 2026)

    static func decode(_ bytes: [UInt8]) -> Result<CountryGazetteer, BinaryFormatError> {
        do throws(BinaryFormatError) {
            return .success(try CountryGazetteer(binary: bytes, sourceKey: key))
        } catch {
            return .failure(error)
        }
    }

    static func readLayer(_ bytes: [UInt8]) -> Result<AreaLayer, BinaryFormatError> {
        var result: Result<AreaLayer, BinaryFormatError> = .failure(.notAnIndex)
        bytes.withUnsafeBytes { raw in
            var input = BinaryReader(raw)
            do throws(BinaryFormatError) {
                let layer = try AreaLayer(reading: &input)
                result = input.remaining == 0 ? .success(layer) : .failure(.invalid("trailing bytes"))
            } catch {
                result = .failure(error)
            }
        }
        return result
    }

    @Test("the gazetteer with both layers survives the round trip: same bytes, same placemarks")
    func roundTrip() throws {
        let original = try PlacemarkFixture.gazetteer()
        let bytes = original.binaryIndex(sourceKey: Self.key)
        let loaded = try Self.decode(bytes).get()
        #expect(loaded.binaryIndex(sourceKey: Self.key) == bytes)
        #expect(loaded.availableFields == original.availableFields)
        var random = TestRandom(seed: 3)
        for _ in 0..<5_000 {
            let p = GeoPoint(lat: random.uniform(-5, 15), lon: random.uniform(-5, 45))
            #expect(loaded.placemark(at: p) == original.placemark(at: p))
        }
        // Without layers, the index says so and the placemark is the country alone.
        let bare = try PlacemarkFixture.countries()
        let bareLoaded = try Self.decode(bare.binaryIndex(sourceKey: Self.key)).get()
        #expect(bareLoaded.availableFields == .country)
        // One layer alone.
        let zonesOnly = bare.withLayers(admin1: nil, timezones: try PlacemarkFixture.timezones())
        let zonesLoaded = try Self.decode(zonesOnly.binaryIndex(sourceKey: Self.key)).get()
        #expect(zonesLoaded.availableFields == [.country, .timezone])
    }

    @Test("a layer cut short anywhere is refused, never half-read")
    func truncated() throws {
        var out = BinaryWriter()
        try PlacemarkFixture.admin1().write(to: &out)
        let bytes = out.bytes
        #expect((try? Self.readLayer(bytes).get())?.featureCount == 5)
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: BinaryFormatError.self) { try Self.readLayer(Array(bytes[..<cut])).get() }
        }
    }

    @Test("inconsistent layer headers are refused")
    func inconsistent() throws {
        var out = BinaryWriter()
        try PlacemarkFixture.timezones().write(to: &out)
        let bytes = out.bytes
        // Layout: u32 property count, the name ("tzid": u32 length + 4 bytes, aligned as the writer does),
        // u64 feature count.
        func patched(_ offset: Int, _ value: UInt8) -> [UInt8] {
            var b = bytes
            b[offset] = value
            return b
        }
        #expect(throws: BinaryFormatError.invalid("layer property count")) { try Self.readLayer(patched(0, 0)).get() }
        #expect(throws: BinaryFormatError.invalid("layer property count")) { try Self.readLayer(patched(0, 200)).get() }
        let countOffset = try Self.featureCountOffset(bytes)
        #expect(throws: BinaryFormatError.invalid("layer feature count")) { try Self.readLayer(patched(countOffset, 0)).get() }
        // One feature more than the index holds areas for: the index refuses its area table.
        #expect(throws: BinaryFormatError.self) { try Self.readLayer(patched(countOffset, 3)).get() }
        // A value's presence flag other than 0 or 1.
        #expect(throws: BinaryFormatError.self) { try Self.readLayer(patched(countOffset + 8, 2)).get() }
    }

    /// Where the feature count lies: after the property count and the names.
    static func featureCountOffset(_ bytes: [UInt8]) throws -> Int {
        var offset = -1
        bytes.withUnsafeBytes { raw in
            var input = BinaryReader(raw)
            do throws(BinaryFormatError) {
                let n = try input.u32()
                for _ in 0..<n { _ = try input.string() }
                offset = input.offset
            } catch {}
        }
        return try #require(offset >= 0 ? offset : nil)
    }

    @Test("a layer of another schema is refused even with a valid checksum")
    func payloadChecks() throws {
        let g = try PlacemarkFixture.gazetteer()
        let bare = try PlacemarkFixture.countries()
        // (A damaged section directory, where the layers' presence is now recorded: LazySectionsTests.)
        // The time zones written where the admin-1 layer belongs: another schema.
        let swapped = bare.withLayers(admin1: try PlacemarkFixture.timezones(), timezones: nil)
        #expect(throws: BinaryFormatError.invalid("admin-1 layer schema")) {
            try Self.decode(swapped.binaryIndex(sourceKey: Self.key)).get()
        }
        // Damage anywhere in the layers is caught by the checksum.
        var damaged = g.binaryIndex(sourceKey: Self.key)
        damaged[damaged.count - 100] ^= 0x40
        #expect(throws: BinaryFormatError.checksum) { try Self.decode(damaged).get() }
    }
}
