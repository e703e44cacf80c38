import Testing
@testable import GeoCore

/// The prefix scan's block skips (`PrefixBlocks`) change how much is scanned, never what is found: every
/// short query gives the same matches, in the same order, with and without them.
@Suite("Prefix blocks: short prefixes skip blocks that cannot rank, with the same answers")
struct PrefixBlocksTests {
    /// 6,000 cities with names from a few letters (so one- and two-letter prefixes hold thousands of
    /// names, many blocks of 64), log-uniform populations, capitals, alternates and country names mixed in.
    static func gazetteer() throws -> CountryGazetteer {
        var random = TestRandom(seed: 16)
        let letters = Array("abcdeklmnors")
        let codes = ["FR", "DE", "US", "AT", "NL", "CH"]
        var cities = NameData.citiesHeader + "\n"
        for id in 1...6_000 {
            func word() -> String {
                String((0..<random.int(2, 11)).map { _ in letters[random.int(0, letters.count - 1)] })
            }
            let name = word().capitalized(first: true)
            let alternates = random.int(0, 3) == 0 ? word() + "|" + word() : ""
            let population = Int(5_000 * pow10(random.uniform(0, 3.5)))
            let capital = random.int(0, 60) == 0 ? "1" : ""
            cities += "\(id)\t\(name)\t\(random.uniform(-60, 60))\t\(random.uniform(-170, 170))\t"
                + "\(codes[random.int(0, codes.count - 1)])\t\t\(population)\t\(alternates)\t\(capital)\n"
        }
        var names = "code\tlang\tkind\tname\n"
        for code in codes {
            for lang in ["en", "de", "fr", "es"] {
                names += "\(code)\t\(lang)\tname\t\(random.int(0, 1) == 0 ? "A" : "S")\(code.lowercased())\(lang)land\n"
            }
        }
        let data = try NameData.parse(countryNames: Array(names.utf8), admin1: Array("country\tcode\tname\talternates\n".utf8),
                                      cities: Array(cities.utf8))
        return ForwardFixture.countriesOnly().withNames(data)
    }

    /// 10^x without a maths library.
    static func pow10(_ x: Double) -> Double {
        var result = 1.0
        var rest = x
        while rest >= 1 { result *= 10; rest -= 1 }
        return result * (1 + rest * (2.302585 + rest * (2.650949 + rest * 2.034679)))  // rough; any spread does
    }

    @Test("every one- and two-letter prefix, limits 1 to 250, with filters: the same matches as the full scan")
    func sameAnswers() throws {
        let gazetteer = try Self.gazetteer()
        #expect(gazetteer.search.prefixBlocks.summaries.count > 50, "many blocks")
        var full = gazetteer
        full.search.prefixBlocks = .empty
        let letters = Array("abcdeklmnorsz")
        var queries = letters.map { String($0) }
        for a in letters { for b in letters { queries.append(String([a, b])) } }
        var compared = 0
        for query in queries {
            for options in [ForwardOptions(limit: 1), ForwardOptions(limit: 5), ForwardOptions(limit: 20),
                            ForwardOptions(limit: 250), ForwardOptions(limit: 10, countryCodes: ["FR", "AT"]),
                            ForwardOptions(limit: 10, countries: false, cities: true, admin1: false)] {
                let skipped = gazetteer.forward(query, options: options)
                let scanned = full.forward(query, options: options)
                #expect(skipped.map(\.cityIndex) == scanned.map(\.cityIndex), "\(query) \(options.limit)")
                #expect(skipped.map(\.countryIndex) == scanned.map(\.countryIndex), "\(query) \(options.limit)")
                #expect(skipped.map(\.score) == scanned.map(\.score), "\(query) \(options.limit)")
                compared += 1
            }
        }
        #expect(compared == queries.count * 6)
    }

    @Test("a block's bound is at least each of its names' own bound")
    func boundsHold() throws {
        let gazetteer = try Self.gazetteer()
        let index = gazetteer.search
        for k in 0..<index.names.count {
            let posting = index.names.posting(k)
            guard let kind = posting.kind, !kind.isCode, kind != .admin1, let length = index.names.keyLength(k) else { continue }
            var population: UInt32 = 0
            if kind.isCity {
                population = ForwardIndex.scoredPopulation(in: index.cities, city: Int(posting.target), byName: false,
                                                           otherName: kind == .cityAlternate)
            }
            for queryLength in [1, 2, 3] where queryLength <= length {
                let coverage = Double(queryLength) / Double(length)
                let own = ForwardScore.prefix(kind, coverage: coverage, population: population)
                #expect(index.prefixBlocks.bound(block: k >> PrefixBlocks.shift, queryLength: queryLength) >= own)
            }
        }
    }
}

private extension String {
    func capitalized(first: Bool) -> String {
        guard first, let head = self.first else { return self }
        return head.uppercased() + dropFirst()
    }
}
