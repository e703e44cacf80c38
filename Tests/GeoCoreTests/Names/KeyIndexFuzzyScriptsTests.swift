import Testing
@testable import GeoCore

/// The fuzzy walk counts edits in Unicode scalars (`KeyIndex.forEachFuzzy`): one wrong Cyrillic, Arabic,
/// Devanagari, Thai, Bengali or Lao letter is one edit, as a wrong Latin letter is. It must find exactly
/// the keys a brute-force scalar-level OSA distance finds, with the same distances, whatever mix of 1-, 2-,
/// 3- and 4-byte scalars the keys hold, and wherever the group table's 4 bytes cut a scalar.
@Suite("The fuzzy walk in every script: scalar edits, exactly the brute-force matches")
struct KeyIndexFuzzyScriptsTests {
    /// Letters of several scripts. Letters of one script share their lead bytes, so a wrong letter is a
    /// sibling in the byte trie: the case the sibling jumps must get right.
    static let alphabets: [[Character]] = [
        Array("абвгдежзиклмнопрстуфхцчшщыэюяё"),                // Cyrillic: 2 bytes, two lead bytes
        Array("ابتثجحخدذرزسشصضطظعغفقكلمنهويیکة"),                // Arabic and Persian: 2 bytes
        Array("अआइउएओकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह"),  // Devanagari: 3 bytes
        Array("กขคงจฉชซญดตถทธนบปผพฟภมยรลวศษสหอฮ"),            // Thai: 3 bytes
        Array("অআইউএওকখগঘচছজঝটঠডঢণতথদধনপফবভমযরলশষসহ"),     // Bengali: 3 bytes
        Array("ກຂຄງຈຊຍດຕຖທນບປຜຝພຟມຢຣລວສຫອຮ"),                 // Lao: 3 bytes
        Array("東京大阪中国日本韓国台湾"),                          // Han: 3 bytes
        // Consonants with vowel signs and viramas: their names get a consonant skeleton too (a key that
        // starts with `NameFolding.skeletonMarker`), which `.other` leaves out unless the query is one.
        ["कि", "खा", "ग", "गु", "त्", "नं", "म", "मे", "रो", "क"] as [Character],
        ["กิ", "นี่", "ม", "ร", "สุ", "ท"] as [Character],
        Array("abcdeé𝔸𝔹😀"),                                    // Latin, 2-byte and 4-byte scalars
    ]

    static func index(seed: UInt64) -> (KeyIndex, [[UInt8]]) {
        var random = TestRandom(seed: seed)
        var builder = KeyIndexBuilder()
        var n = 0
        for alphabet in alphabets {
            // Few letters per word so that many words share prefixes and lie a few edits apart.
            let letters = Array(alphabet.prefix(random.int(4, 7)))
            for _ in 0..<160 {
                var word = ""
                for _ in 0..<random.int(1, random.int(0, 9) == 0 ? 25 : 9) {
                    word.append(random.int(0, 11) == 0 ? alphabet[random.int(0, alphabet.count - 1)]
                                                       : letters[random.int(0, letters.count - 1)])
                }
                if random.int(0, 9) == 0 { word.append("ab") }  // mixed scripts
                builder.add(word, .cityName, n)
                n += 1
            }
        }
        let index = builder.build()
        return (index, FuzzyBruteForce.keys(index))
    }

    /// Stored keys with scalar edits (a wrong letter of the same script, a swap, a letter dropped or added,
    /// some at the first scalar), random words, one-scalar queries and a query of invalid UTF-8.
    static func queries(_ keys: [[UInt8]], seed: UInt64) -> [[UInt8]] {
        var random = TestRandom(seed: seed)
        var queries: [[UInt8]] = []
        for n in 0..<150 {
            var scalars = Array(String(decoding: keys[random.int(0, keys.count - 1)], as: UTF8.self).unicodeScalars)
            let alphabet = alphabets.first { $0.contains(Character(scalars[0])) } ?? alphabets[0]
            func letter() -> Unicode.Scalar { alphabet[random.int(0, alphabet.count - 1)].unicodeScalars.first! }
            for _ in 0..<(1 + n % 3) where !scalars.isEmpty {
                let at = n % 7 == 0 ? 0 : random.int(0, scalars.count - 1)
                switch random.int(0, 3) {
                case 0: scalars[at] = letter()
                case 1: if at + 1 < scalars.count { scalars.swapAt(at, at + 1) }
                case 2: if scalars.count > 1 { scalars.remove(at: at) }
                default: scalars.insert(letter(), at: at)
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            queries.append(Array(text.utf8))
        }
        for alphabet in alphabets {
            for length in [1, 4, 8, 12] {
                queries.append(Array(String((0..<length).map { _ in alphabet[random.int(0, alphabet.count - 1)] }).utf8))
            }
        }
        queries.append([0xD0, 0xBA, 0xD0, 0xD0, 0xB2, 0xB2])  // malformed: decoded as U+FFFD per bad byte
        return queries
    }

    @Test("every key within the bound, with its distance, for each part of the trie",
          arguments: [1, 2], [KeyIndex.FirstByte.any, .same, .other])
    func agreesWithBruteForce(bound: Int, firstByte: KeyIndex.FirstByte) {
        let (index, keys) = Self.index(seed: 161)
        var matched = 0, multiByte = 0
        for q in Self.queries(keys, seed: UInt64(162 + bound)) {
            let (expected, _) = FuzzyBruteForce.check(index, keys: keys, query: q, bound: bound, firstByte: firstByte)
            matched += expected.count
            if q.first.map({ $0 >= 0x80 }) ?? false { multiByte += expected.values.filter { $0 > 0 }.count }
        }
        #expect(matched > 100 && multiByte > 30, "the queries reach keys: \(matched) matches, \(multiByte) non-Latin inexact")
    }

    @Test("one wrong, missing or swapped letter is one edit in every script")
    func oneLetterIsOneEdit() {
        let pairs = [("кыргызстан", "кыргызстон"), ("ประเทศไทย", "ประเทศไทญ"), ("বাংলাদেশ", "বাংলাদেষ"),
                     ("افغانستان", "افغانستن"), ("भारतवर्ष", "भारवतर्ष"), ("ເທີກເມນິສຖານ", "ເທີກເມນິສຖານມ"),
                     ("中华人民共和国", "中华人民共和图")]
        var builder = KeyIndexBuilder()
        for (k, pair) in pairs.enumerated() { builder.add(pair.0, .countryLocalName, k) }
        let index = builder.build()
        for (k, pair) in pairs.enumerated() {
            var found: [Int: Int] = [:]
            index.forEachFuzzy(NameFolding.key(pair.1), bound: 1) { entry, distance in found[index.posting(entry).target] = distance }
            #expect(found == [k: 1], "\(pair.1) is one edit from \(pair.0)")
        }
    }
}
