import Testing
@testable import GeoCore

@Suite("Binary index: a lossless copy of the gazetteer, and damage is rejected, never trusted")
struct CountryGazetteerBinaryTests {
    static let key: (UInt64, UInt64) = (21_000_000, 1_700_000_000_123_456_789)

    /// Three small areas (a square with a hole, an enclave, a jagged star) on a coarse grid: a small file,
    /// so every byte of it can be damaged in turn.
    static func small() -> CountryGazetteer {
        let countries = CountryIndexTests.sampleAreas().enumerated().map { k, area in
            Country(adm0a3: "A\(k)", iso2: k == 1 ? nil : "X\(k)", name: "Area \(k)", nameLong: "Long area \(k)",
                    labelPoint: k == 0 ? GeoPoint(lat: 41, lon: 10.5) : nil,
                    localNames: [.init(language: "de", name: "Gebiet \(k)")], alternateNames: ["Alt \(k)"],
                    geometry: area)
        }
        return CountryGazetteer(countries: countries, cellSize: 4)
    }

    static func decode(_ bytes: [UInt8], key: (UInt64, UInt64) = key) -> Result<CountryGazetteer, BinaryFormatError> {
        do throws(BinaryFormatError) {
            return .success(try CountryGazetteer(binary: bytes, sourceKey: key))
        } catch {
            return .failure(error)
        }
    }

    @Test("the Natural Earth gazetteer survives the round trip: re-encoding gives the same bytes, queries the same answers")
    func naturalEarthRoundTrip() throws {
        let original = try NaturalEarthFixture.gazetteer.get()
        let bytes = original.binaryIndex(sourceKey: Self.key)
        let loaded = try Self.decode(bytes).get()
        #expect(loaded.binaryIndex(sourceKey: Self.key) == bytes, "every table, string and number is kept")
        var random = TestRandom(seed: 11)
        var differ = 0
        for _ in 0..<20_000 {
            let p = GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180))
            let a = original.reverse(p), b = loaded.reverse(p)
            if a?.countryIndex != b?.countryIndex || a?.distanceKm != b?.distanceKm { differ += 1 }
        }
        #expect(differ == 0, "reverse answers differ for \(differ) of 20,000 points")
        for query in ["Germany", "ger", "Côte d'Ivoire", "FR", "Österreich", "united"] {
            #expect(original.forward(query, limit: 10).map { $0.countryIndex } == loaded.forward(query, limit: 10).map { $0.countryIndex },
                    "forward \(query)")
        }
        let box = GeoBox(minLat: 35, minLon: -10, maxLat: 44, maxLon: 4)
        #expect(original.countries(in: box) == loaded.countries(in: box))
    }

    @Test("another source key, another version, or foreign bytes are refused by name")
    func refusesForeignFiles() {
        let bytes = Self.small().binaryIndex(sourceKey: Self.key)
        #expect(Self.decode(bytes, key: (Self.key.0, Self.key.1 + 1)).failure == .staleSource)
        var version = bytes
        version[8] = 99
        #expect(Self.decode(version).failure == .version(99))
        #expect(Self.decode(Array("{\"type\":\"FeatureCollection\"}".utf8)).failure == .notAnIndex)
        #expect(Self.decode([]).failure == .notAnIndex)
    }

    @Test("every truncation and every flipped byte is rejected")
    func truncationAndBitFlips() {
        let bytes = Self.small().binaryIndex(sourceKey: Self.key)
        var accepted = 0
        for length in 0..<bytes.count where (try? Self.decode(Array(bytes[0..<length])).get()) != nil { accepted += 1 }
        #expect(accepted == 0, "\(accepted) truncated files were accepted")
        for position in stride(from: 48, to: bytes.count, by: 7) {
            var damaged = bytes
            damaged[position] ^= 0x5A
            #expect(Self.decode(damaged).failure == .checksum, "flipped byte \(position)")
        }
    }

    @Test("damage behind a valid checksum is caught by the structural checks or harmless; it never crashes")
    func damageWithValidChecksum() {
        let gazetteer = Self.small()
        let bytes = gazetteer.binaryIndex(sourceKey: Self.key)
        var rejected = 0, loaded = 0
        // Every 3rd position (so every 4-byte field is hit at several alignments), two patterns.
        DamagedIndex.forEach(of: bytes, step: 3, width: 4, patterns: [0xFF, 0x00]) { damaged in
            switch Self.decode(damaged) {
            case .failure: rejected += 1
            case .success(let g):
                loaded += 1
                // Whatever survived the checks must still answer without trapping.
                _ = g.reverse(GeoPoint(lat: 42, lon: 12))
                _ = g.reverse(GeoPoint(lat: 41.2, lon: 11.2), maxDistanceKm: 500)
                _ = g.countries(in: GeoBox(minLat: 38, minLon: 8, maxLat: 46, maxLon: 24))
                _ = g.forward("area", limit: 5)
            }
        }
        #expect(rejected > 0, "structural checks rejected nothing")
        #expect(rejected + loaded > 1000)
    }

    @Test("the small gazetteer's answers survive the round trip")
    func smallRoundTrip() throws {
        let original = Self.small()
        let loaded = try Self.decode(original.binaryIndex(sourceKey: Self.key)).get()
        #expect(loaded.countries.map { $0.name } == ["Area 0", "Area 1", "Area 2"])
        #expect(loaded.countries[0].labelPoint == GeoPoint(lat: 41, lon: 10.5))
        #expect(loaded.countries[1].iso2 == nil)
        #expect(loaded.countries[2].localNames == [.init(language: "de", name: "Gebiet 2")])
        #expect(loaded.reverse(GeoPoint(lat: 42, lon: 12))?.countryIndex == 1)
        #expect(loaded.forward("gebiet 0", limit: 1).first?.countryIndex == 0)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

@Suite("The latitude-banded reference equals the unfiltered whole-polygon test")
struct CountryIndexReferenceTests {
    @Test("random points and vertices: Reference == exactArea == area(containing:)")
    func referenceMatchesExact() {
        let index = CountryIndex(areas: CountryIndexTests.sampleAreas(), cellSize: 0.5)
        let reference = CountryIndex.Reference(index, bandHeight: 0.3)
        var random = TestRandom(seed: 5)
        var points: [GeoPoint] = []
        for _ in 0..<5_000 { points.append(GeoPoint(lat: random.uniform(37, 46), lon: random.uniform(8, 24))) }
        index.forEachEdge { a, _ in points.append(a) }
        var differ = 0
        for p in points where reference.area(containing: p) != index.exactArea(containing: p)
            || index.area(containing: p) != index.exactArea(containing: p) { differ += 1 }
        #expect(differ == 0, "\(differ) of \(points.count) points differ")
    }
}

@Suite("The batch lookup answers as the single lookup")
struct CountryIndexBatchTests {
    @Test("random points, vertices and points far away, in groups that do not divide evenly")
    func batchMatchesSingle() throws {
        let index = try NaturalEarthFixture.gazetteer.get().spatialIndex
        var random = TestRandom(seed: 21)
        var points: [GeoPoint] = []
        for _ in 0..<30_001 { points.append(GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-540, 540))) }
        var k = 0
        index.forEachEdge { a, b in
            k += 1
            if k % 40 == 0 { points.append(a) }
            if k % 40 == 1 { points.append(GeoPoint(lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2)) }
        }
        var results = [Int32](repeating: 7, count: points.count)
        points.withUnsafeBufferPointer { p in results.withUnsafeMutableBufferPointer { index.areas(containing: p, into: $0) } }
        var differ = 0
        for (p, r) in zip(points, results) where Int(r) != (index.area(containing: p) ?? -1) { differ += 1 }
        #expect(differ == 0, "\(differ) of \(points.count) batch answers differ")
    }
}
