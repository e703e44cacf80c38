import Testing
@testable import GeoCore

/// An index whose sections are read when first used (`CountryGazetteer+Sections.swift`): a country answer
/// reads only the core, each field reads only its own section, the answers equal the eagerly loaded
/// gazetteer's, and a damaged section fails only the loads that need it.
@Suite("Index sections loaded when first used")
struct LazySectionsTests {
    static let key: (UInt64, UInt64) = (22, 7)

    /// Records which sections were fetched, in order.
    final class FetchLog: @unchecked Sendable {
        var fetched: [BinarySection] = []
    }

    /// A lazily loaded gazetteer over `bytes`, with every fetch recorded in `log`.
    static func lazy(_ bytes: [UInt8], log: FetchLog) throws -> CountryGazetteer {
        let storage = bytes.withUnsafeBytes { ByteStorage(copying: $0) }
        let directory = try CountryGazetteer.binaryDirectory(storage.bytes, fileSize: UInt64(bytes.count), sourceKey: key)
        let part = { @Sendable (entry: BinarySection.Entry) in
            ByteStorage(viewing: storage, offset: Int(entry.offset), count: Int(entry.length))
        }
        return try CountryGazetteer(directory: directory, core: part(directory[.core]), fetch: { entry in
            if let section = BinarySection.allCases.first(where: { directory[$0] == entry }) { log.fetched.append(section) }
            return .success(part(entry))
        }, lock: .none)
    }

    /// The directory of `bytes` (a whole file), or why not.
    static func directory(_ bytes: [UInt8], sourceKey: (UInt64, UInt64) = key) -> Result<BinarySection.Directory, BinaryFormatError> {
        let storage = bytes.withUnsafeBytes { ByteStorage(copying: $0) }
        do throws(BinaryFormatError) {
            return .success(try CountryGazetteer.binaryDirectory(storage.bytes, fileSize: UInt64(bytes.count), sourceKey: sourceKey))
        } catch {
            return .failure(error)
        }
    }

    static func points() -> [GeoPoint] {
        var random = TestRandom(seed: 22)
        return (0..<2_000).map { _ in GeoPoint(lat: random.uniform(-5, 15), lon: random.uniform(-5, 45)) }
    }

    @Test("a country answer reads no section beyond the core; each field reads its own section, once")
    func onlyWhatIsNeeded() throws {
        let original = try PlacemarkFixture.gazetteer()
        let log = FetchLog()
        let base = try Self.lazy(original.binaryIndex(sourceKey: Self.key), log: log)
        #expect(base.deferredSections == .all)
        #expect(base.availableFields == original.availableFields.union(.locality))
        for p in Self.points() { #expect(base.reverse(p) == original.reverse(p)) }
        #expect(try base.loading(PlacemarkFields.country.sections) == nil)
        #expect(log.fetched.isEmpty)

        let zones = try #require(try base.loading(PlacemarkFields.timezone.sections))
        #expect(log.fetched == [.timezones])
        for p in Self.points() {
            #expect(zones.gazetteer.placemark(at: p, fields: [.country, .timezone])
                    == original.placemark(at: p, fields: [.country, .timezone]))
        }
        // The same set again is the same snapshot; a wider one reads only what it adds.
        #expect(try base.loading([.timezones]) === zones)
        let whole = try #require(try base.loading(.all))
        #expect(log.fetched == [.timezones, .places, .names, .admin1])
        for p in Self.points() { #expect(whole.gazetteer.placemark(at: p) == original.placemark(at: p)) }
        #expect(whole.gazetteer.forward("Betaland", limit: 3) == original.forward("Betaland", limit: 3))
        #expect(whole.gazetteer.contents == original.contents)
    }

    /// The placemark fixture with a few places in each country (for the places and names sections).
    static func withPlaces() throws -> CountryGazetteer {
        let cities = """
            geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\talternatenames\tcapital
            1\tAlphaville\t3\t3\tAA\t01\t50000\tAlpha City\t1
            2\tEastham\t7\t8\tAA\t02\t8000\t\t
            3\tBetaburg\t6\t15\tBB\t01\t90000\tBeta\t1
            4\tSouthport\t2\t18\tBB\t02\t6000\t\t

            """
        let admin1 = "country\tcode\tname\talternates\nAA\t01\tWest\t\nAA\t02\tEast\t\nBB\t01\tNord\t\nBB\t02\tSud\t\n"
        let names = try NameData.parse(countryNames: Array("code\tlang\tkind\tname\nAA\tde\tname\tAlphaland\n".utf8),
                                       admin1: Array(admin1.utf8), cities: Array(cities.utf8))
        return try PlacemarkFixture.gazetteer().withNames(names)
    }

    @Test("a locality reads the places section only; forward search then adds the names section alone")
    func localityWithoutNames() throws {
        let original = try Self.withPlaces()
        #expect(original.hasLocalities, "the fixture has places")
        let log = FetchLog()
        let base = try Self.lazy(original.binaryIndex(sourceKey: Self.key), log: log)
        #expect(PlacemarkFields.locality.sections == .places)
        let places = try #require(try base.loading(PlacemarkFields.locality.sections))
        #expect(log.fetched == [.places], "the forward-search names are not read for a locality")
        for p in Self.points() {
            #expect(places.gazetteer.placemark(at: p, fields: [.country, .locality])
                    == original.placemark(at: p, fields: [.country, .locality]))
        }
        let names = try #require(try base.loading([.names]))
        #expect(log.fetched == [.places, .names], "the places are read once, for both")
        #expect(names.gazetteer.forward("Betaburg", limit: 3) == original.forward("Betaburg", limit: 3))
        #expect(!original.forward("Betaburg", limit: 3).isEmpty)
        #expect(try base.loading([.names, .places]) === names)
    }

    @Test("a damaged names section fails forward search only; localities still answer")
    func damagedNames() throws {
        let original = try Self.withPlaces()
        let bytes = original.binaryIndex(sourceKey: Self.key)
        let names = try Self.directory(bytes).get()[.names]
        var damaged = bytes
        damaged[Int(names.offset + names.length / 2)] ^= 0x04
        let base = try Self.lazy(damaged, log: FetchLog())
        #expect(throws: BinaryFormatError.checksum) { try base.loading([.names]) }
        let places = try #require(try base.loading([.places]))
        let p = GeoPoint(lat: 2, lon: 15)
        #expect(places.gazetteer.placemark(at: p, fields: [.country, .locality])
                == original.placemark(at: p, fields: [.country, .locality]))
    }

    @Test("a damaged section fails the loads that need it, with its error each time; the rest still answer")
    func damagedSection() throws {
        let original = try PlacemarkFixture.gazetteer()
        let bytes = original.binaryIndex(sourceKey: Self.key)
        let directory = try Self.directory(bytes).get()
        let admin1 = directory[.admin1]
        var damaged = bytes
        damaged[Int(admin1.offset + admin1.length / 2)] ^= 0x20
        let log = FetchLog()
        let base = try Self.lazy(damaged, log: log)
        #expect(throws: BinaryFormatError.checksum) { try base.loading([.admin1]) }
        #expect(throws: BinaryFormatError.checksum) { try base.loading(.all) }
        #expect(log.fetched == [.admin1, .places, .names], "a failed section is not read again")
        let zones = try #require(try base.loading([.timezones, .names]))
        let p = GeoPoint(lat: 2, lon: 15)
        #expect(zones.gazetteer.placemark(at: p, fields: [.country, .timezone])
                == original.placemark(at: p, fields: [.country, .timezone]))
        #expect(base.reverse(p) == original.reverse(p))
        // Loaded whole, the same file is refused at once.
        #expect(throws: BinaryFormatError.checksum) { try CountryGazetteer(binary: damaged, sourceKey: Self.key) }
        // Damage behind a repaired checksum reaches the section's table checks, again only for that section.
        var torn = bytes
        for k in 0..<16 { torn[Int(admin1.offset) + k] = 0xFF }
        let resealed = try Self.lazy(CountryGazetteer.resealed(torn), log: FetchLog())
        #expect(throws: BinaryFormatError.self) { try resealed.loading([.admin1]) }
        #expect(try resealed.loading([.timezones]) != nil)
    }

    @Test("a directory that places sections out of order, overlapping or outside the file is refused")
    func directoryChecked() throws {
        let bytes = try PlacemarkFixture.gazetteer().binaryIndex(sourceKey: Self.key)
        /// `bytes` with entry `k`'s word `field` (0 offset, 1 length) set to `value`, checksums repaired.
        func edited(_ k: Int, _ field: Int, _ value: UInt64) -> [UInt8] {
            var copy = bytes
            let at = CountryGazetteer.binaryHeaderSize + 8 + 24 * k + 8 * field
            for j in 0..<8 { copy[at + j] = UInt8(truncatingIfNeeded: value >> UInt64(8 * j)) }
            return CountryGazetteer.resealed(copy)
        }
        let prefix = UInt64(CountryGazetteer.binaryPrefixSize), size = UInt64(bytes.count)
        #expect(throws: Never.self) { try Self.directory(bytes).get() }
        for damaged in [edited(1, 0, prefix), edited(0, 0, prefix - 8), edited(3, 1, size), edited(2, 0, prefix + 4),
                        edited(0, 1, 0), edited(1, 1, UInt64.max)] {
            #expect(throws: BinaryFormatError.self) { try Self.directory(damaged).get() }
            #expect(throws: BinaryFormatError.self) { try CountryGazetteer(binary: damaged, sourceKey: Self.key) }
        }
        // Damage in the directory without repair fails its checksum.
        var flipped = bytes
        flipped[CountryGazetteer.binaryHeaderSize + 9] ^= 1
        #expect(throws: BinaryFormatError.checksum) { try CountryGazetteer(binary: flipped, sourceKey: Self.key) }
    }

    @Test("an index without layers has no layer sections to load")
    func noLayers() throws {
        let bare = try PlacemarkFixture.countries()
        let log = FetchLog()
        let base = try Self.lazy(bare.binaryIndex(sourceKey: Self.key), log: log)
        #expect(base.deferredSections == [.places, .names])
        #expect(try base.loading([.admin1, .timezones]) == nil)
        #expect(log.fetched.isEmpty)
    }
}
