import Testing
@testable import GeoCore

/// Issue 13: a forward query's work is bounded whatever its length or shape, and the shortcuts that bound
/// it (banded fuzzy walk, merged qualifiers, pruned prefix scan, heap of the best places) give the same
/// answers as the plain computations they replace.
@Suite("Forward search: bounded work for any query, same answers")
struct ForwardBoundsTests {
    /// A 65,535-byte query (the default string cap, less one) of each shape the attack used.
    static let longQueries: [(String, String)] = {
        let cap = 65_535
        var random = TestRandom(seed: 13)
        let letters = Array("abcdefghijklmnopqrstuvwxyz ".utf8)
        let ascii = String(decoding: (0..<cap).map { _ in letters[random.int(0, letters.count - 1)] }, as: UTF8.self)
        return [
            ("random ASCII", ascii),
            ("one letter", String(repeating: "a", count: cap)),
            ("non-Latin", String(repeating: "東京", count: cap / 6)),
            ("1,000 flag emoji", String(repeating: "🇫🇷", count: 1000)),
            ("commas", String(repeating: "a,", count: cap / 2)),
            ("one qualifier repeated", "Paris" + String(repeating: ", Texas", count: (cap - 5) / 7)),
            ("combining marks", "a" + String(repeating: "\u{0301}", count: cap / 2 - 1)),
            ("invisible characters", "Paris" + String(repeating: "\u{FEFF}", count: cap / 3 - 2)),
        ]
    }()

    @Test("a 64 KiB query is answered as its short equivalent, and the fuzzy walk refuses it without work")
    func longQueries() throws {
        let gazetteer = try ForwardFixture.gazetteer()
        func answer(_ query: String) -> [String] {
            gazetteer.forward(query, limit: 5).map { "\($0.countryIndex ?? -1)/\($0.cityIndex ?? -1)/\($0.score)/\($0.matched)" }
        }
        let equivalents = ["one qualifier repeated": "Paris, Texas", "combining marks": "a", "invisible characters": "Paris"]
        let names = gazetteer.search.names
        for (label, query) in Self.longQueries {
            let expected = equivalents[label].map(answer) ?? []
            #expect(answer(query) == expected, "\(label)")
            if let short = equivalents[label] { #expect(!expected.isEmpty, "\(short) finds something") }
            // The walk the search runs when nothing else matches: a key longer than every name by more than
            // the bound is refused at once, with no row computed.
            let key = NameFolding.key(query)
            guard key.count > names.maxKeyLength + 2 else { continue }
            var matches = 0
            let work = names.forEachFuzzy(key, bound: KeyIndex.editBound(forKey: key)) { _, _ in matches += 1 }
            #expect(matches == 0 && work == KeyIndex.FuzzyWork(), "\(label): \(work)")
        }
    }

    @Test("a long query just within reach of the longest key costs a band per trie node, not its length")
    func bandedWork() {
        var builder = KeyIndexBuilder()
        let long = String(repeating: "abcdefghij", count: 30)  // 300 bytes
        for (k, word) in (KeyIndexTests.words(count: 500, seed: 21) + [long]).enumerated() {
            builder.add(word, .cityName, k)
        }
        let index = builder.build()
        #expect(index.maxKeyLength == 300)
        let totalBytes = (0..<index.count).reduce(0) { $0 + index.text($1).utf8.count }
        // Two edits away from the long key (one swap, one insertion), and one byte longer than any key.
        var query = Array(long.utf8)
        query.swapAt(100, 101)
        query.insert(0x7A, at: 200)
        var found: [Int: Int] = [:]
        let work = index.forEachFuzzy(query, bound: 2) { entry, distance in found[entry] = distance }
        #expect(found.count == 1 && found.values.first == 2, "the long key, 2 edits away")
        #expect(work.cells == 5 * work.rows, "a band of 2·2 + 1 cells per row")
        #expect(work.rows <= 2 * totalBytes, "at most two rows per stored byte: \(work.rows) for \(totalBytes)")
        // Three bytes longer than the longest key: no key can be within 2 edits.
        let tooLong = query + Array("zz".utf8)
        #expect(index.forEachFuzzy(tooLong, bound: 2) { _, _ in Issue.record("no match expected") } == KeyIndex.FuzzyWork())
    }

    @Test("the banded walk with sibling jumps finds exactly what the full table finds: wide alphabet, long keys",
          arguments: [1, 2])
    func bandedAgreesWithBruteForce(bound: Int) {
        var random = TestRandom(seed: UInt64(60 + bound))
        let letters = Array("abcdefghijklmnopqrstuvwxyzéжß ")
        func word(_ length: Int) -> String { String((0..<length).map { _ in letters[random.int(0, letters.count - 1)] }) }
        var words: [String] = []
        for _ in 0..<1500 { words.append(word(random.int(1, random.int(0, 9) == 0 ? 70 : 10))) }
        var builder = KeyIndexBuilder()
        for (k, w) in words.enumerated() { builder.add(w, .cityName, k) }
        let index = builder.build()
        let keys = (0..<index.count).map { i in
            var key: [UInt8] = []
            var text = index.text(i)
            text.withUTF8 { NameFolding.fold($0, spelled: index.posting(i).spelled, into: &key) }
            return key
        }
        for n in 0..<60 {
            // Half the queries are stored keys with up to three random byte edits, half random words.
            var q = n % 2 == 0 ? keys[random.int(0, keys.count - 1)] : NameFolding.key(word(random.int(1, 30)))
            for _ in 0..<random.int(0, 3) where q.count > 1 {
                let at = random.int(0, q.count - 1)
                switch random.int(0, 3) {
                case 0: q.remove(at: at)
                case 1: q.insert(UInt8(random.int(0x61, 0x7A)), at: at)
                case 2: q[at] = UInt8(random.int(0x61, 0x7A))
                default: if at + 1 < q.count { q.swapAt(at, at + 1) }
                }
            }
            guard !q.isEmpty else { continue }
            var found: [Int: Int] = [:]
            index.forEachFuzzy(q, bound: bound) { entry, distance in found[entry] = distance }
            var expected: [Int: Int] = [:]
            for (i, key) in keys.enumerated() {
                let d = KeyIndexTests.osa(key, q)
                if d <= bound { expected[i] = d }
            }
            #expect(found == expected, "query \(String(decoding: q, as: UTF8.self))")
        }
    }

    /// Random cities over a small alphabet, so that a one- or two-letter prefix covers hundreds of names,
    /// with alternates and populations spread over the whole range the score uses.
    static func randomCities(count: Int, seed: UInt64) throws -> ForwardIndex {
        var random = TestRandom(seed: seed)
        let letters = Array("abcdeé ")
        func word() -> String {
            var text = String(letters[random.int(0, 4)])
            for _ in 0..<random.int(0, 9) { text.append(letters[random.int(0, letters.count - 1)]) }
            return text
        }
        var admin1 = "country\tcode\tname\talternates\n"
        let countries = ["US", "FR", "DE"]
        for (n, country) in countries.enumerated() {
            for d in 0..<4 { admin1 += "\(country)\tD\(d)\tRegion \(n * 4 + d)\tR\(d)|Shared\n" }
        }
        var cities = "geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\talternatenames\n"
        for k in 0..<count {
            let alternates = (0..<random.int(0, 3)).map { _ in word() }.joined(separator: "|")
            let population = [5_000, 5_001, 65_535, 65_536, 1_000_000][random.int(0, 4)] + random.int(0, 3) * random.int(0, 2_000_000)
            cities += "\(k + 1)\t\(word())\t1\t1\t\(countries[random.int(0, 2)])\tD\(random.int(0, 3))\t\(population)\t\(alternates)\n"
        }
        let data = try NameData.parse(countryNames: Array("code\tlang\tkind\tname\n".utf8), admin1: Array(admin1.utf8),
                                      cities: Array(cities.utf8))
        return ForwardIndex(countries: ForwardFixture.countriesOnly().countries, data: data)
    }

    /// What `search` must return for an unqualified query, computed the plain way: every entry's key
    /// folded, exact keys first, names under the prefix only while fewer than `limit` places matched, each
    /// place with its best candidate (the lowest entry among equals), the best `limit` places.
    static func reference(_ index: ForwardIndex, _ query: String, limit: Int) -> [String] {
        let q = NameFolding.key(query)
        var exact: [Int: ForwardCandidate] = [:], all: [Int: ForwardCandidate] = [:]
        for i in 0..<index.names.count {
            let posting = index.names.posting(i)
            guard let kind = posting.kind, kind.isCity else { continue }
            var key: [UInt8] = []
            var text = index.names.text(i)
            text.withUTF8 { NameFolding.fold($0, spelled: posting.spelled, into: &key) }
            guard key.starts(with: q) else { continue }
            let population = index.cities.places.population[posting.target]
            let isExact = key == q
            // As search scores them (issue 16): capitals as 100× on an exact match of their own name (at
            // least `capitalNameFloor`), else 10× (at least `capitalFloor`), alternates as a hundredth
            // unless an exact match spells the city's own name.
            var scored = UInt64(population)
            let own = NameFolding.key(index.names.text(Int(index.cities.name[posting.target])))
            let otherName = kind == .cityAlternate && !(isExact && ForwardQuery.isSpelling(key, of: own))
            if index.cities.capital[posting.target] != 0 {
                let byName = isExact && kind == .cityName
                scored = max(scored * (byName ? ForwardScore.capitalExactWeight : 10),
                             byName ? ForwardScore.capitalNameFloor : ForwardScore.capitalFloor)
            }
            if otherName { scored /= 100 }
            let weight = UInt32(min(scored, UInt64(UInt32.max)))
            let score = isExact ? ForwardScore.exact(kind, population: weight)
                : ForwardScore.prefix(kind, coverage: Double(q.count) / Double(key.count), population: weight)
            let candidate = ForwardCandidate(isCity: true, target: posting.target, score: score, text: i,
                                             type: isExact ? .exact : .prefix, population: Int(population))
            for isExactTable in [true, false] where isExact || !isExactTable {
                let kept = isExactTable ? exact[posting.target] : all[posting.target]
                if kept == nil || candidate.score > kept!.score {
                    if isExactTable { exact[posting.target] = candidate } else { all[posting.target] = candidate }
                }
            }
        }
        let pool = exact.count >= limit ? exact : all
        return pool.values.sorted { $0.beats($1) }.prefix(limit).map(describe)
    }

    static func describe(_ c: ForwardCandidate) -> String { "\(c.target):\(c.score):\(c.text)" }

    @Test("one- and two-letter prefixes with large limits: the pruned scan keeps the same places, scores and names",
          arguments: [1, 5, 17, 250])
    func prefixScan(limit: Int) throws {
        let index = try Self.randomCities(count: 3000, seed: 31)
        for query in ["a", "b", "e", "ab", "ba", "a e", "é", "abc", "dd"] {
            let found = index.search(query, options: ForwardOptions(limit: limit, countries: false), countries: [])
                .sorted { $0.beats($1) }.map(Self.describe)
            #expect(found == Self.reference(index, query, limit: limit), "\(query) limit \(limit)")
            if query.count == 1 { #expect(found.count == limit, "\(query): enough names for the limit") }
        }
    }

    @Test("qualifiers merged as they come allow exactly the cities every qualifier allows")
    func mergedQualifiers() throws {
        let index = try Self.randomCities(count: 400, seed: 41)
        let names = ["US", "FR", "DE", "Shared", "R1", "R2", "Region 1", "Region 5", "Region 9", "D0"]
        var random = TestRandom(seed: 42)
        var checked = 0, withCountry = 0
        for _ in 0..<300 {
            let parts = (0..<random.int(1, 4)).map { _ in names[random.int(0, names.count - 1)] }
            let single = parts.compactMap { index.qualifier(NameFolding.key($0)) }
            guard single.count == parts.count else { continue }
            checked += 1
            if single.count > 1 && single.contains(where: { !$0.countries.isEmpty }) { withCountry += 1 }
            var merged = single[0]
            for q in single.dropFirst() { merged = merged.intersection(q, countryOf: index.admin1Country) }
            for city in 0..<index.cities.count {
                let code = index.cities.places.country[city], division = Int(index.cities.places.admin1[city])
                let each = single.allSatisfy { $0.countries.contains(code) || $0.admin1.contains(division) }
                let once = merged.countries.contains(code) || merged.admin1.contains(division)
                #expect(each == once, "\(parts): city \(city)")
            }
        }
        #expect(checked > 200 && withCountry > 50, "the cases mix division and country qualifiers")
    }

    @Test("qualified queries: repeated, redundant and contradicting qualifiers")
    func qualifiedQueries() throws {
        let gazetteer = try ForwardFixture.gazetteer()
        func cities(_ query: String) -> [String] {
            gazetteer.forward(query, limit: 5).compactMap { $0.cityIndex.map { gazetteer.city($0).iso2 + "/" + (gazetteer.city($0).admin1 ?? "") } }
        }
        #expect(cities("Paris, Texas") == ["US/Texas"])
        #expect(cities("Paris, Texas, US, TX, United States, Texas") == ["US/Texas"])
        #expect(cities("Springfield, MA, Massachusetts") == ["US/Massachusetts"])
        #expect(cities("Springfield, US") == ["US/Massachusetts", "US/Illinois"])
        #expect(cities("Paris, Texas, France").isEmpty, "no city is in both")
        #expect(cities("Springfield, IL, MA").isEmpty, "no city is in both")
        #expect(cities("Paris, Texas, Nowhere").isEmpty, "a qualifier that names nothing")
        #expect(cities("Paris, , Texas,") == ["US/Texas"], "empty parts are ignored")
    }

    @Test("the best places are kept the same way whatever the limit: heap and dictionary against a plain table",
          arguments: [1, 3, 16, 17, 100])
    func topCandidates(limit: Int) {
        var random = TestRandom(seed: UInt64(50 + limit))
        var top = TopCandidates(limit: limit)
        var best: [Int: ForwardCandidate] = [:]
        for text in 0..<5000 {
            let candidate = ForwardCandidate(isCity: random.int(0, 1) == 1, target: random.int(0, 300),
                                             score: Double(random.int(0, 40)) / 40, text: text, type: .prefix,
                                             population: 0)
            top.offer(candidate)
            if let kept = best[candidate.place], !candidate.beats(kept) { continue }
            best[candidate.place] = candidate
        }
        let expected = best.values.sorted { $0.beats($1) }.prefix(limit).map { "\($0.place):\($0.score):\($0.text)" }
        let found = top.items.sorted { $0.beats($1) }.map { "\($0.place):\($0.score):\($0.text)" }
        #expect(found == Array(expected))
    }
}
