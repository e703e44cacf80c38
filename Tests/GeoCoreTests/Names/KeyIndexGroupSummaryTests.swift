import Testing
@testable import GeoCore

/// The group summaries (`KeyIndex.groupClasses`, `groupLongest`) let the fuzzy walk skip a group without
/// decoding it. A group skipped must never hold a key within the bound: the walk with summaries must report
/// exactly what the walk without them reports, entry for entry and distance for distance, on many random
/// queries, and both exactly what a brute-force comparison finds.
@Suite("The fuzzy walk's group summaries skip only groups with no match")
struct KeyIndexGroupSummaryTests {
    /// Names of few letters (so that the summaries' classes are few and the skips happen), of many, in
    /// several scripts, with long shared starts and swaps across the groups' 4th and 5th scalars.
    static let names: [String] = {
        var random = TestRandom(seed: 351)
        let alphabets = [Array("abdegilnorstu"), Array("aeklmnoprstz "), Array("абвгдежзиклмнопрст"),
                         Array("ابتثجحخدذرزسش"), Array("東京大阪名古屋札幌"), Array("kmnqxz")]
        var names: [String] = []
        for _ in 0..<3000 {
            let letters = alphabets[random.int(0, alphabets.count - 1)]
            var name = ""
            for _ in 0..<random.int(1, random.int(0, 5) == 0 ? 24 : 11) { name.append(letters[random.int(0, letters.count - 1)]) }
            names.append(name)
        }
        return names
    }()

    static func index() -> (KeyIndex, [[UInt8]]) {
        var builder = KeyIndexBuilder()
        for (k, name) in names.enumerated() { builder.add(name, .cityName, k) }
        let index = builder.build()
        return (index, FuzzyBruteForce.keys(index))
    }

    /// Stored keys with one or two random edits (of any scalar of any of the alphabets), and random strings.
    static func queries(_ keys: [[UInt8]], count: Int) -> [[UInt8]] {
        var random = TestRandom(seed: 352)
        let pool = Array("abdegilnorstuxyz kmпрстжзابت東京名")
        var queries: [[UInt8]] = []
        for n in 0..<count {
            var q = Array(String(decoding: keys[random.int(0, keys.count - 1)], as: UTF8.self))
            if n % 7 == 6 { q = (0..<random.int(1, 16)).map { _ in pool[random.int(0, pool.count - 1)] } }
            for _ in 0..<random.int(1, 2) where !q.isEmpty {
                let i = random.int(0, q.count - 1), c = pool[random.int(0, pool.count - 1)]
                switch random.int(0, 3) {
                case 0: q.remove(at: i)
                case 1: q.insert(c, at: i)
                case 2: q[i] = c
                default: if i + 1 < q.count { q.swapAt(i, i + 1) }
                }
            }
            var key: [UInt8] = []
            var text = String(q)
            text.withUTF8 { NameFolding.fold($0, spelled: false, into: &key) }
            if !key.isEmpty { queries.append(key) }
        }
        return queries
    }

    @Test("the builder summarizes every group; the index file keeps the summaries")
    func summariesBuiltAndStored() throws {
        let (index, keys) = Self.index()
        #expect(index.groupClasses.count == index.groups.count)
        #expect(index.groupLongest.count == index.groups.count)
        // The longest key of each group, in scalars, as the keys say.
        let starts = Array(index.groupStarts) + [UInt32(keys.count)]
        for g in 0..<index.groups.count {
            let longest = keys[Int(starts[g])..<Int(starts[g + 1])].map { KeyIndex.scalarCount($0) }.max() ?? 0
            #expect(Int(index.groupLongest[g]) == min(longest, 255))
        }
        var out = BinaryWriter()
        index.write(to: &out)
        let same = out.bytes.withUnsafeBytes { raw -> Bool in
            var input = BinaryReader(raw)
            guard let loaded = try? KeyIndex(reading: &input, targets: { _ in 1 << 20 }) else { return false }
            return Array(loaded.groupClasses) == Array(index.groupClasses)
                && Array(loaded.groupLongest) == Array(index.groupLongest)
                && Array(loaded.blockLongest) == Array(index.blockLongest)
        }
        #expect(same)
    }

    @Test("with and without summaries the walk finds the same entries at the same distances",
          arguments: [1, 2], [KeyIndex.FirstByte.any, .same, .other])
    func sameMatchesWithoutSummaries(bound: Int, firstByte: KeyIndex.FirstByte) {
        let (index, keys) = Self.index()
        var skips = 0, matched = 0
        for q in Self.queries(keys, count: 400) {
            var with: [(Int, Int)] = [], without: [(Int, Int)] = []
            let work = index.forEachFuzzy(q, bound: bound, firstByte: firstByte) { with.append(($0, $1)) }
            index.forEachFuzzy(q, bound: bound, firstByte: firstByte, summaries: false) { without.append(($0, $1)) }
            #expect(with.map(\.0) == without.map(\.0) && with.map(\.1) == without.map(\.1),
                    "query \(String(decoding: q, as: UTF8.self))")
            skips += work.summarySkips
            matched += with.count
        }
        #expect(skips > 100, "the summaries do skip groups: \(skips)")
        #expect(matched > 100, "the queries do reach keys: \(matched) matches")
    }

    @Test("with summaries the walk finds exactly the brute-force matches")
    func agreesWithBruteForce() {
        let (index, keys) = Self.index()
        for q in Self.queries(keys, count: 120) {
            for bound in [1, 2] { FuzzyBruteForce.check(index, keys: keys, query: q, bound: bound, firstByte: .any) }
        }
    }

    @Test("a summary of other letters skips a group within the bound at its depth")
    func classesSkip() {
        var builder = KeyIndexBuilder()
        // One group, "abcd", whose keys go on in letters the query lacks: within 2 edits at depth 4 (the
        // query starts "abcd"), beyond by the rest ("efghij" against "wwwwww").
        for (k, name) in ["abcdwwwwww", "abcdwwwwwx", "abcdwxwwww"].enumerated() { builder.add(name, .cityName, k) }
        let index = builder.build()
        var found = 0
        let work = index.forEachFuzzy(Array("abcdefghij".utf8), bound: 2) { _, _ in found += 1 }
        #expect(found == 0)
        #expect(work.summarySkips == 1 && work.keys == 0)
        // A swap across the group's end still matches: "abcdwwwwww" against "abcwdwwwww" is one edit.
        var swapped: [Int] = []
        index.forEachFuzzy(Array("abcwdwwwww".utf8), bound: 2) { entry, distance in swapped.append(distance) }
        #expect(swapped.sorted() == [1, 2, 2])
    }
}
