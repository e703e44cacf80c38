import Testing
@testable import GeoCore

@Suite("The name index's skips: packed block heads give the same landings as folding every key")
struct KeyIndexSkipTests {
    /// Names whose keys differ from their texts: capitals, accents, umlauts (two keys), separators, other
    /// scripts, and keys shorter than the 8 packed bytes, over few letters so prefixes are shared widely.
    static func names(count: Int, seed: UInt64) -> [String] {
        var random = TestRandom(seed: seed)
        let pieces = ["a", "B", "c", "é", "Ä", "ö", "-", " ", "ь", "Д", "東", "ß", "'", "e\u{0301}", "\u{200B}"]
        var names: [String] = []
        for _ in 0..<count {
            var name = ""
            for _ in 0..<random.int(1, random.int(1, 5) == 5 ? 12 : 4) { name += pieces[random.int(0, pieces.count - 1)] }
            names.append(name)
        }
        return names
    }

    static func index(_ names: [String]) -> KeyIndex {
        var builder = KeyIndexBuilder()
        for (k, name) in names.enumerated() { builder.add(name, .cityName, k) }
        return builder.build()
    }

    /// Every entry's full key, by walking the index one entry at a time.
    static func keys(_ index: KeyIndex) -> [[UInt8]] {
        var cursor = KeyIndex.Cursor(index)
        cursor.load(0)
        var keys: [[UInt8]] = []
        while cursor.position < index.count {
            keys.append(cursor.key)
            cursor.advance()
        }
        return keys
    }

    @Test("each block's packed head is the first 8 bytes of its first key, in key order")
    func heads() {
        let index = Self.index(Self.names(count: 3000, seed: 11))
        let keys = Self.keys(index)
        #expect(index.heads.count == index.blockCount)
        for block in 0..<index.blockCount {
            let key = keys[block * KeyIndex.blockSize]
            #expect(index.heads[block] == KeyIndex.HeadPrefix.pack(key.prefix(8)), "block \(block)")
            if block > 0 { #expect(index.heads[block - 1] <= index.heads[block]) }
        }
    }

    /// ASCII names over three letters, 1 to 14 bytes, some with a space or a capital: long runs of keys
    /// share their first 5 to 10 bytes, so skips cross blocks by 8-byte packed heads, beyond them by folded
    /// heads, and scan runs whose texts share their start (`Cursor.skip`, no fold for those).
    static func asciiNames(count: Int, seed: UInt64) -> [String] {
        var random = TestRandom(seed: seed)
        let pieces = ["a", "b", "c", "a", "b", "c", "A", " ", "-"]
        return (0..<count).map { _ in
            var name = String((0..<random.int(1, 14)).map { _ in Character(pieces[random.int(0, 2)]) })
            if random.int(0, 3) == 0 { name.insert(Character(pieces[random.int(6, 8)]), at: name.index(name.startIndex, offsetBy: random.int(0, name.count - 1))) }
            return name
        }
    }

    @Test("skip(prefix:) and skip(to:) land where a linear scan does, for targets of 1 to 10 bytes",
          arguments: [false, true])
    func skipsAgreeWithLinearScan(ascii: Bool) {
        let index = Self.index(ascii ? Self.asciiNames(count: 6000, seed: 15) : Self.names(count: 4000, seed: 12))
        let keys = Self.keys(index)
        var random = TestRandom(seed: 13)
        var cursor = KeyIndex.Cursor(index)
        for _ in 0..<3000 {
            let start = random.int(0, keys.count - 1)
            let key = keys[start]
            let length = random.int(1, 10)
            // skip(prefix:): past every key that starts with the current key's first `length` bytes.
            if key.count >= length {
                let prefix = key.prefix(length)
                cursor.load(start)
                cursor.skip(prefix: prefix)
                let expected = (start + 1..<keys.count).first { !keys[$0].starts(with: prefix) } ?? keys.count
                #expect(cursor.position == expected, "skip(prefix: \(Array(prefix))) from \(start)")
                #expect(cursor.key == (expected < keys.count ? keys[expected] : []))
            }
            // skip(to:): a target above the current key's cut, often a sibling jump (last byte raised).
            var target = Array(key.prefix(length))
            while target.count < length { target.append(0x61) }
            target[length - 1] = target[length - 1] &+ UInt8(random.int(1, 40))
            if target[length - 1] == 0 { continue }
            guard key.prefix(length).lexicographicallyPrecedes(target) else { continue }
            cursor.load(start)
            cursor.skip(to: target[...])
            let expected = (start + 1..<keys.count).first { !keys[$0].prefix(length).lexicographicallyPrecedes(target) } ?? keys.count
            #expect(cursor.position == expected, "skip(to: \(target)) from \(start)")
            #expect(cursor.key == (expected < keys.count ? keys[expected] : []))
        }
    }

    @Test("a copied cursor keeps its own text when the original moves")
    func copiedCursorsDoNotShareText() {
        let names = Self.names(count: 200, seed: 14)
        let index = Self.index(names)
        var cursor = KeyIndex.Cursor(index)
        cursor.load(3)
        let copy = cursor
        let before = Array(copy.text)
        cursor.load(150)
        cursor.advance()
        #expect(Array(copy.text) == before)
        #expect(Array(copy.text) == Array(index.text(3).utf8))
    }
}
