import Testing
@testable import GeoCore

@Suite("The front-coded name index: lookups, prefixes and the fuzzy walk")
struct KeyIndexTests {
    /// Random words over a small alphabet (so many share prefixes and lie few edits apart), some long
    /// enough that shared prefixes and suffixes pass 15 bytes (the header's escape).
    static func words(count: Int, seed: UInt64) -> [String] {
        var random = TestRandom(seed: seed)
        let letters = Array("abcde")
        var words: [String] = []
        for _ in 0..<count {
            let length = random.int(1, 9) == 9 ? random.int(16, 40) : random.int(1, 9)
            var word = ""
            for _ in 0..<length { word.append(letters[random.int(0, letters.count - 1)]) }
            words.append(word)
        }
        return words
    }

    static func index(_ words: [String]) -> KeyIndex {
        var builder = KeyIndexBuilder()
        for (k, word) in words.enumerated() { builder.add(word, .cityName, k) }
        return builder.build()
    }

    /// The Unicode scalars of UTF-8 `bytes`, decoded as the fuzzy walk decodes a query (a malformed
    /// sequence is U+FFFD, one byte at a time).
    static func scalars(_ bytes: [UInt8]) -> [UInt32] {
        bytes.withUnsafeBufferPointer { buffer in
            var out: [UInt32] = [], i = 0
            while i < buffer.count {
                if buffer[i] < 0x80 {
                    out.append(UInt32(buffer[i]))
                    i += 1
                } else {
                    let (value, next) = NameFolding.decodeScalar(buffer, at: i)
                    out.append(value)
                    i = next
                }
            }
            return out
        }
    }

    /// Optimal string alignment distance between two UTF-8 keys, counted in Unicode scalars (what the
    /// fuzzy walk counts), by the textbook table.
    static func osa(_ a: [UInt8], _ b: [UInt8]) -> Int {
        osa(scalars(a), scalars(b))
    }

    /// Optimal string alignment distance, the textbook table.
    static func osa<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    @Test("every entry decodes to its text, in key order, each word once per place")
    func roundTrip() {
        let words = Self.words(count: 3000, seed: 3)
        let index = Self.index(words)
        #expect(index.count == words.count)
        var cursor = KeyIndex.Cursor(index)
        cursor.load(0)
        var previous: [UInt8] = []
        var seen = Set<Int>()
        for i in 0..<index.count {
            #expect(cursor.position == i)
            #expect(!cursor.key.lexicographicallyPrecedes(previous), "sorted at \(i)")
            let target = index.posting(i).target
            #expect(Array(words[target].utf8) == Array(cursor.text), "entry \(i) decodes to its word")
            #expect(index.text(i) == words[target])
            seen.insert(target)
            previous = cursor.key
            cursor.advance()
        }
        #expect(seen.count == words.count)
    }

    @Test("lowerBound and prefix ranges agree with a linear scan")
    func lookups() {
        let words = Self.words(count: 2000, seed: 5)
        let index = Self.index(words)
        let keys = (0..<index.count).map { Array(index.text($0).utf8) }
        var cursor = KeyIndex.Cursor(index)
        for query in Self.words(count: 300, seed: 6) + ["", "a", "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"] {
            let q = Array(query.utf8)
            let expected = keys.firstIndex { !$0.lexicographicallyPrecedes(q) } ?? keys.count
            #expect(index.lowerBound(q, &cursor) == expected, "lowerBound \(query)")
            let end = keys.firstIndex { !$0.starts(with: q) && !$0.lexicographicallyPrecedes(q) } ?? keys.count
            #expect(index.prefixEnd(q[...], &cursor) == end, "prefixEnd \(query)")
        }
    }

    /// `.same` and `.other` split the walk by the keys' first scalar; together they are `.any`.
    @Test("the fuzzy walk finds exactly the keys within the bound, with their distances",
          arguments: [1, 2], [KeyIndex.FirstByte.any, .same, .other])
    func fuzzyMatchesBruteForce(bound: Int, firstByte: KeyIndex.FirstByte) {
        let words = Self.words(count: 1200, seed: 9)
        let index = Self.index(words)
        for query in Self.words(count: 40, seed: UInt64(10 + bound)) {
            let q = Array(query.utf8)
            var found: [Int: Int] = [:]
            index.forEachFuzzy(q, bound: bound, firstByte: firstByte) { entry, distance in found[entry] = distance }
            var expected: [Int: Int] = [:]
            for i in 0..<index.count {
                let key = Array(index.text(i).utf8)
                let d = Self.osa(key, q)
                let inPart: Bool
                switch firstByte {
                case .any: inPart = true
                case .same: inPart = Self.scalars(key).first == Self.scalars(q).first
                case .other: inPart = Self.scalars(key).first != Self.scalars(q).first
                }
                if d <= bound && inPart { expected[i] = d }
            }
            #expect(found == expected, "query \(query)")
        }
    }

    @Test("the edit bound: none below 4 scalars, 1 up to 7, 2 from 8, whatever the script")
    func editBound() {
        #expect([1, 3, 4, 7, 8, 20].map(KeyIndex.editBound(forQueryLength:)) == [0, 0, 1, 1, 2, 2])
        // Counted in scalars: "киев" is 8 bytes but 4 letters, "東京" 6 bytes but 2.
        let keys = ["киев", "кыргызстан", "東京", "ไทย", "ประเทศไทย", "kiev", "kyrgyzstan"]
        #expect(keys.map { KeyIndex.editBound(forKey: NameFolding.key($0)) } == [1, 2, 0, 0, 2, 1, 2])
    }

    @Test("umlaut names are found under both keys; flags spell their code")
    func variants() {
        #expect(NameFolding.spelledKey("Österreich") == Array("oesterreich".utf8))
        #expect(NameFolding.spelledKey("Mu\u{0308}nchen") == Array("muenchen".utf8), "combining diaeresis")
        #expect(NameFolding.spelledKey("Paris") == nil)
        #expect(NameFolding.flagKey("🇨🇭") == Array("ch".utf8))
        #expect(NameFolding.flagKey("🇨🇭🇩🇪") == nil)
        #expect(NameFolding.flagKey("CH") == nil)
        var builder = KeyIndexBuilder()
        builder.add("Österreich", .countryLocalName, 0)
        let index = builder.build()
        #expect(index.count == 2)
        #expect(index.text(0) == "Österreich" && index.text(1) == "Österreich")
    }

    @Test("apostrophes of every kind read as a space in the plain key and are dropped in the spelled key")
    func apostrophes() {
        for text in ["O'zbekiston", "O‘zbekiston", "O’zbekiston", "Oʻzbekiston", "Oʼzbekiston", "O`zbekiston", "O´zbekiston",
                     "O\u{FF07}zbekiston"] {
            #expect(NameFolding.key(text) == Array("o zbekiston".utf8), "\(text)")
            #expect(NameFolding.spelledKey(text) == Array("ozbekiston".utf8), "\(text)")
        }
        #expect(NameFolding.key("Côte d’Ivoire") == Array("cote d ivoire".utf8))
        #expect(NameFolding.spelledKey("Côte d’Ivoire") == Array("cote divoire".utf8))
        #expect(NameFolding.spelledKey("Hawaiʻi") == Array("hawaii".utf8))
        // At a word's edge an apostrophe joins nothing: no space at the start, one between words.
        #expect(NameFolding.key("ʻUmān") == Array("uman".utf8))
        #expect(NameFolding.spelledKey("ʻUmān") == nil)
        #expect(NameFolding.key("rock 'n' roll") == Array("rock n roll".utf8))
        #expect(NameFolding.spelledKey("rock 'n' roll") == nil, "the same key: no second entry")
        // Both variants at once: umlauts spelled and apostrophes dropped.
        #expect(NameFolding.spelledKey("Ös'ter") == Array("oester".utf8))
        var builder = KeyIndexBuilder()
        builder.add("Oʻzbekiston", .countryLocalName, 0)
        builder.add("Uzbekistan", .countryName, 0)
        let index = builder.build()
        #expect(index.count == 3, "the name with an apostrophe under two keys, the other under one")
    }

    @Test("folding bytes matches folding the string, ASCII fast path included")
    func foldingAgrees() {
        for text in ["Côte d'Ivoire", "  São Tomé & Príncipe ", "ÆRØ", "Straße", "İstanbul", "Ελλάδα", "U.S.A.", "123 abc"] {
            var out: [UInt8] = []
            var copy = text
            copy.withUTF8 { NameFolding.fold($0, spelled: false, into: &out) }
            #expect(out == NameFolding.key(text))
        }
        #expect(NameFolding.key("Côte d'Ivoire") == Array("cote d ivoire".utf8))
        var invalid: [UInt8] = []
        [UInt8]([0x41, 0xFF, 0xC3]).withUnsafeBufferPointer { NameFolding.fold($0, spelled: true, into: &invalid) }
        #expect(invalid.first == 0x61, "invalid UTF-8 folds without trapping")
    }
}
