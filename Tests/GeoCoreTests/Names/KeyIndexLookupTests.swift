import Testing
@testable import GeoCore

/// The exact lookups' shortcuts (issue 16's forward latency): the binary search over packed block heads
/// and the ASCII comparison that stands for a fold must answer as folding every key would.
@Suite("Name index lookups: packed heads and ASCII comparison agree with folding")
struct KeyIndexLookupTests {
    /// Names over few letters, with capitals, digits, punctuation, spaces and some non-ASCII letters, many
    /// longer than 8 bytes and sharing their first 8 (ties of the packed heads).
    static func names(count: Int, seed: UInt64) -> [String] {
        var random = TestRandom(seed: seed)
        let pieces = ["a", "b", "A", "B", "ab", "abab", "abba", " ", "-", "'", ". ", "1", "é", "Ä", "ø", "ß"]
        return (0..<count).map { _ in
            var name = random.int(0, 3) == 0 ? "ababab" : ""  // a common start past 8 bytes
            for _ in 0..<random.int(1, 8) { name += pieces[random.int(0, pieces.count - 1)] }
            return name
        }
    }

    @Test("asciiFoldPrecedes is the order of the folded text, or nil before a non-ASCII byte or an apostrophe decides")
    func asciiComparison() {
        let texts = Self.names(count: 600, seed: 21)
        let keys = Self.names(count: 80, seed: 22).map { NameFolding.key($0) } + [[], Array("ababab".utf8)]
        for text in texts {
            let folded = NameFolding.key(text)
            for key in keys {
                var bytes = Array(text.utf8)
                let answer = bytes.withUnsafeMutableBufferPointer { KeyIndex.asciiFoldPrecedes(UnsafeBufferPointer($0), key) }
                if let answer {
                    #expect(answer == folded.lexicographicallyPrecedes(key), "\(text) vs \(key)")
                } else {
                    #expect(text.utf8.contains { $0 >= 0x80 || $0 == 0x27 }, "nil only for a text with non-ASCII bytes or an apostrophe: \(text)")
                }
            }
        }
    }

    @Test("lowerBound over packed heads agrees with a scan of the folded keys")
    func lowerBoundAgrees() {
        let names = Self.names(count: 3000, seed: 23)
        var builder = KeyIndexBuilder()
        for (k, name) in names.enumerated() { builder.add(name, .cityName, k) }
        let index = builder.build()
        var cursor = KeyIndex.Cursor(index)
        cursor.load(0)
        var keys: [[UInt8]] = []
        for _ in 0..<index.count {
            keys.append(cursor.key)
            cursor.advance()
        }
        let queries = Self.names(count: 400, seed: 24).map { NameFolding.key($0) } + keys.prefix(200) + [[], [0xFF]]
        for q in queries {
            let expected = keys.firstIndex { !$0.lexicographicallyPrecedes(q) } ?? keys.count
            let found = index.lowerBound(q, &cursor)
            #expect(found == expected, "lowerBound \(q)")
            if found < index.count {
                if cursor.position != found { cursor.load(found) }
                #expect(cursor.key == keys[found], "the cursor's key at \(found)")
            }
        }
    }
}

@Suite("Forward query readings built from bytes agree with the string forms")
struct ForwardQueryBytesTests {
    @Test("swappedKeyAtComma is the key of swappedAtComma, for any text around the comma")
    func swappedKey() {
        var random = TestRandom(seed: 31)
        let pieces = ["Korea", " Republic of", ",", ", ", " ", "é", "Ö", "ß", "-", "'", "ς", "ي", "東", "\u{0301}", "\u{200B}", "1", ""]
        var queries = ["Korea, Republic of", "Korea,", ",Korea", "a, b, c", ",", " , ", "Fèroe, illes", "Ü, ä"]
        for _ in 0..<2000 {
            var q = ""
            for _ in 0..<random.int(1, 6) { q += pieces[random.int(0, pieces.count - 1)] }
            queries.append(q)
        }
        for q in queries {
            #expect(ForwardQuery.swappedKeyAtComma(q) == ForwardQuery.swappedAtComma(q).map(NameFolding.key), "\(q)")
        }
    }

    @Test("strippedKeys finds a leading word only where the key has a word boundary after it")
    func strippedKeysByBoundary() {
        #expect(ForwardQuery.strippedKeys(Array("the republic of korea".utf8)).contains(Array("korea".utf8)))
        #expect(ForwardQuery.strippedKeys(Array("theodore".utf8)).isEmpty)
        #expect(ForwardQuery.strippedKeys(Array("la paz".utf8)) == [Array("paz".utf8)])
    }
}
