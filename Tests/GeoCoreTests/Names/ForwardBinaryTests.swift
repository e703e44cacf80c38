import Testing
@testable import GeoCore

@Suite("Binary index with the name tables: forward search loads from it alone, damage is rejected")
struct ForwardBinaryTests {
    static let key: (UInt64, UInt64) = (7, 11)
    static let queries = ["Paris", "Paris, Texas", "Cambridge, MA", "Munich", "Muenchen", "Holland", "Germny", "Switz",
                          "🇩🇪", "276", "Oesterreich", "Roma", "U.S.A.", "Springfield, Illinois"]

    static func decode(_ bytes: [UInt8]) -> Result<CountryGazetteer, BinaryFormatError> {
        do throws(BinaryFormatError) {
            return .success(try CountryGazetteer(binary: bytes, sourceKey: key))
        } catch {
            return .failure(error)
        }
    }

    static func answers(_ g: CountryGazetteer, language: String? = "de") -> [String] {
        queries.flatMap { q in
            g.forward(q, options: ForwardOptions(limit: 5, language: language)).map { m in
                var text = "\(q)|\(m.matched)|\(m.matchType.name)|\(m.score)|\(m.countryIndex ?? -1)"
                if let c = m.cityIndex {
                    let city = g.city(c, language: language)
                    text += "|\(city.name)|\(city.geonameid)|\(city.point.lat),\(city.point.lon)|\(city.admin1 ?? "-")|\(city.population)"
                }
                if let k = m.countryIndex { text += "|" + g.countryName(k, language: language) }
                return text
            }
        }
    }

    @Test("the round trip keeps every table: same bytes again, same answers")
    func roundTrip() throws {
        let original = try ForwardFixture.gazetteer()
        let bytes = original.binaryIndex(sourceKey: Self.key)
        let loaded = try Self.decode(bytes).get()
        #expect(loaded.binaryIndex(sourceKey: Self.key) == bytes)
        #expect(Self.answers(loaded) == Self.answers(original))
        #expect(Self.answers(loaded).count > 12)
        #expect(loaded.cityCount == 12)
        #expect(loaded.countries[0].population == 83_132_799)
        #expect(Self.answers(loaded).contains { $0.hasPrefix("Munich|Munich|exact|") && $0.contains("|München|7|") })
    }

    @Test("every flipped byte is rejected by the checksum")
    func flips() throws {
        let bytes = try ForwardFixture.gazetteer().binaryIndex(sourceKey: Self.key)
        var accepted = 0
        // Every 3rd byte: each 4-byte field is hit at least once (the test is O(size²)).
        for position in stride(from: 48, to: bytes.count, by: 3) {
            var damaged = bytes
            damaged[position] ^= 0x5A
            if case .success = Self.decode(damaged) { accepted += 1 }
        }
        #expect(accepted == 0)
    }

    @Test("damage behind a repaired checksum is refused or harmless: queries never trap")
    func damageWithValidChecksum() throws {
        let bytes = try ForwardFixture.gazetteer().binaryIndex(sourceKey: Self.key)
        var rejected = 0, loaded = 0
        DamagedIndex.forEach(of: bytes, step: 13, width: 3, patterns: [0xFF, 0x00, 0x0F]) { damaged in
            switch Self.decode(damaged) {
            case .failure: rejected += 1
            case .success(let g):
                loaded += 1
                _ = Self.answers(g)
                _ = Self.answers(g, language: "zh-Hant")
            }
        }
        #expect(rejected > 0)
        #expect(loaded > 0)
    }
}
