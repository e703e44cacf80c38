import Testing
@testable import GeoCore

/// The fuzzy walk runs over the table of distinct key starts (4 scalars, at most 8 bytes) before it decodes any key
/// (`KeyIndex.groups`, `forEachFuzzy`). It must find exactly the keys a brute-force comparison finds, with
/// the same distances, above all for the queries that reach the `.other` walk: a wrong, swapped, missing
/// or extra first letter.
@Suite("The fuzzy walk over key groups: exactly the brute-force matches")
struct KeyIndexFuzzyGroupsTests {
    /// Names built to fill the group table's corners: many keys under few key starts (long shared
    /// prefixes), keys of 1 to 3 bytes (groups of whole keys), capitals, umlauts (two keys), separators,
    /// other scripts, and a few long names.
    static let names: [String] = {
        var random = TestRandom(seed: 131)
        let stems = ["bang", "bangl", "bangla", "bange", "angl", "ngla", "gladesh", "ubang", "uang", "bagn", "abng"]
        let letters = Array("abdeghlnsuw")
        let others = ["ä", "ö", "ü", "é", "ж", "д", "東", "京", " ", "-", "Ä"]
        func letter() -> String { String(letters[random.int(0, letters.count - 1)]) }
        var names: [String] = []
        for _ in 0..<2500 {
            var name = random.int(0, 2) == 0 ? "" : stems[random.int(0, stems.count - 1)]
            for _ in 0..<random.int(0, random.int(0, 9) == 0 ? 30 : 7) {
                name += random.int(0, 7) == 0 ? others[random.int(0, others.count - 1)] : letter()
            }
            if random.int(0, 4) == 0 { name = name.prefix(1).uppercased() + name.dropFirst() }
            if !name.isEmpty { names.append(name) }
        }
        for short in ["b", "ba", "ban", "u", "ua", "uan", "a", "an", "ж", "жд", "東"] { names.append(short) }
        return names
    }()

    static func index() -> (KeyIndex, [[UInt8]]) {
        var builder = KeyIndexBuilder()
        for (k, name) in names.enumerated() { builder.add(name, .cityName, k) }
        let index = builder.build()
        return (index, FuzzyBruteForce.keys(index))
    }

    /// Queries that stress the first byte, derived from stored keys, plus random, non-Latin, 1-byte and
    /// long ones.
    static func queries(_ keys: [[UInt8]]) -> [[UInt8]] {
        var random = TestRandom(seed: 132)
        var queries: [[UInt8]] = [Array("uangladwsh".utf8), Array("bangladesh".utf8), Array("abngladesh".utf8),
                                  Array("angladesh".utf8), Array("xbangladesh".utf8), Array("жд".utf8),
                                  Array("東京".utf8), Array("b".utf8), Array("z".utf8), Array("ban".utf8)]
        func letter() -> UInt8 { UInt8(random.int(0x61, 0x7A)) }
        for n in 0..<160 {
            var q = keys[random.int(0, keys.count - 1)]
            guard q.count >= 2 else { continue }
            switch n % 5 {
            case 0: q[0] = letter()                       // wrong first letter
            case 1: q.swapAt(0, 1)                        // first two swapped
            case 2: q.removeFirst()                       // first letter missing
            case 3: q.insert(letter(), at: 0)             // a letter in front
            default: q[0] = letter(); q[q.count / 2] = letter()  // two edits, one of them the first letter
            }
            if random.int(0, 2) == 0 && q.count > 3 { q[random.int(1, q.count - 1)] = letter() }
            queries.append(q)
        }
        for _ in 0..<20 { queries.append((0..<random.int(1, 12)).map { _ in letter() }) }
        let longest = keys.map(\.count).max() ?? 0
        var long = keys.first { $0.count == longest } ?? []
        long.append(letter())
        queries.append(long)                              // one byte longer than any key
        queries.append(long + [letter(), letter()])       // three bytes longer: nothing within 2 edits
        return queries
    }

    @Test("every key within the bound, with its distance, for each part of the trie",
          arguments: [1, 2], [KeyIndex.FirstByte.any, .same, .other])
    func agreesWithBruteForce(bound: Int, firstByte: KeyIndex.FirstByte) {
        let (index, keys) = Self.index()
        var matched = 0, shortKeys = 0
        for q in Self.queries(keys) {
            let (expected, work) = FuzzyBruteForce.check(index, keys: keys, query: q, bound: bound, firstByte: firstByte)
            matched += expected.count
            shortKeys += work.shortKeys
        }
        // Keys of surviving groups too short to match are passed over unfolded: the walk must still find
        // every match after them (the path's rows stay those of the last key folded).
        #expect(shortKeys > 0, "some keys are passed over by their length")
        #expect(matched > 100, "the queries do reach keys: \(matched) matches")
    }

    @Test("an empty query finds nothing")
    func emptyQuery() {
        let (index, _) = Self.index()
        #expect(index.forEachFuzzy([], bound: 2) { _, _ in Issue.record("no match expected") } == KeyIndex.FuzzyWork())
    }

    @Test("the group table lists every distinct key start of 4 scalars (at most 8 bytes) and its first entry")
    func groupTable() {
        let (index, keys) = Self.index()
        var values: [UInt64] = [], starts: [UInt32] = []
        for (i, key) in keys.enumerated() {
            // The first 4 scalars, cut to 8 bytes.
            let scalars = Array(String(decoding: key, as: UTF8.self).unicodeScalars.prefix(4))
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let packed = KeyIndex.HeadPrefix.pack(Array(text.utf8).prefix(8))
            if values.last != packed {
                values.append(packed)
                starts.append(UInt32(i))
            }
        }
        #expect(Array(index.groups) == values)
        #expect(Array(index.groupStarts) == starts)
        #expect(values == values.sorted())
    }

    @Test("the group table is stored in the index file; one whose starts are out of order is refused")
    func groupsInTheFile() {
        let (index, _) = Self.index()
        var out = BinaryWriter()
        index.write(to: &out)
        /// Whether `bytes` load, and then whether the loaded tables equal the built ones.
        func load(_ bytes: [UInt8]) -> (loaded: Bool, same: Bool) {
            bytes.withUnsafeBytes { raw in
                var input = BinaryReader(raw)
                guard let loaded = try? KeyIndex(reading: &input, targets: { _ in 1 << 20 }) else { return (false, false) }
                return (true, Array(loaded.groups) == Array(index.groups) && Array(loaded.groupStarts) == Array(index.groupStarts))
            }
        }
        let intact = load(out.bytes)
        #expect(intact.loaded && intact.same)
        // The starts (4 bytes each, padded to 8) come before the group summaries (a count and 8 bytes per
        // group; a count and a byte per group, padded to 8): the second start set to 0.
        let n = index.groupStarts.count
        #expect(n > 2)
        var damaged = out.bytes
        let summaries = 8 + 8 * n + 8 + (n + 7) / 8 * 8
        let second = damaged.count - summaries - (4 * n + 7) / 8 * 8 + 4
        for k in 0..<4 { damaged[second + k] = 0 }
        #expect(load(damaged).loaded == false)
    }

    @Test("a query whose every group is pruned within the groups' bytes decodes no key")
    func prunedGroupsDecodeNothing() {
        let (index, _) = Self.index()
        var found = 0
        // No stored key has a q, x or z: every group is more than one edit away by its 4th scalar, or by
        // the lead byte of a third letter of another script.
        let work = index.forEachFuzzy(Array("qxzqxzqx".utf8), bound: 1) { _, _ in found += 1 }
        #expect(found == 0)
        #expect(work.keys == 0 && work.rows > 0, "\(work)")
    }
}
