/// Other readings of a forward query than "name, qualifier, …" (issue 16): the whole text as an ISO code,
/// the two sides of an ISO comma form swapped, trailing words as a qualifier, and a country's name
/// without the words people put around it. Pure functions over the query or its folded key, so each is
/// tested alone; `ForwardIndex.search` decides when each is tried.
enum ForwardQuery {
    /// Whether `query` is exactly two or three ASCII capitals ("AO", "NGA"): written as a code, so the
    /// code's country ranks before names that fold to the same letters (Vietnamese "Áo" is Austria).
    static func isUpperCaseCode(_ query: String) -> Bool {
        let utf8 = query.utf8
        return (utf8.count == 2 || utf8.count == 3) && utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
    }

    /// "Korea, Republic of" → "Republic of Korea": ISO's inverted form put back in reading order; nil
    /// unless the query has text on both sides of its only comma.
    static func swappedAtComma(_ query: String) -> String? {
        let parts = query.utf8.split(separator: 0x2C, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let head = String(decoding: parts[0], as: UTF8.self), tail = String(decoding: parts[1], as: UTF8.self)
        guard !NameFolding.key(head).isEmpty, !NameFolding.key(tail).isEmpty else { return nil }
        return tail + " " + head
    }

    /// `NameFolding.key(swappedAtComma(query))` without building the strings: the same bytes, folded once.
    /// nil when `swappedAtComma` gives nil.
    static func swappedKeyAtComma(_ query: String) -> [UInt8]? {
        var text = query
        return text.withUTF8 { utf8 -> [UInt8]? in
            guard let comma = utf8.firstIndex(of: 0x2C), !utf8[(comma + 1)...].contains(0x2C) else { return nil }
            let head = UnsafeBufferPointer(rebasing: utf8[..<comma]), tail = UnsafeBufferPointer(rebasing: utf8[(comma + 1)...])
            var probe: [UInt8] = []
            NameFolding.fold(head, spelled: false, into: &probe, limit: 1)
            guard !probe.isEmpty else { return nil }
            probe.removeAll(keepingCapacity: true)
            NameFolding.fold(tail, spelled: false, into: &probe, limit: 1)
            guard !probe.isEmpty else { return nil }
            // The bytes of `tail + " " + head`: the query is valid UTF-8 and the comma is ASCII.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count)
            bytes.append(contentsOf: tail)
            bytes.append(0x20)
            bytes.append(contentsOf: head)
            var key: [UInt8] = []
            bytes.withUnsafeBufferPointer { NameFolding.fold($0, spelled: false, into: &key) }
            return key
        }
    }

    /// Words a name is written with both abbreviated and in full, each with its other spelling (folded).
    static let abbreviations: [(short: [UInt8], full: [UInt8])] = [
        (Array("st".utf8), Array("saint".utf8)), (Array("ste".utf8), Array("sainte".utf8)),
        (Array("mt".utf8), Array("mount".utf8)), (Array("ft".utf8), Array("fort".utf8)),
    ]

    /// `key` with each of its words that `abbreviations` lists in one spelling written in the other
    /// ("st vincent and the grenadines" → "saint vincent and the grenadines", "saint kitts" → "st kitts");
    /// nil when it has none. Names in the data are written one way or the other ("St. Vin. and Gren.",
    /// "Saint Lucia", "St. John's"), and people write either.
    static func abbreviationKey(_ key: [UInt8]) -> [UInt8]? {
        guard key.count <= 256 else { return nil }  // bounded work: no name is that long
        var out: [UInt8] = []
        out.reserveCapacity(key.count + 8)
        var changed = false
        for (n, word) in key.split(separator: 0x20).enumerated() {
            if n > 0 { out.append(0x20) }
            if let pair = abbreviations.first(where: { $0.short.elementsEqual(word) || $0.full.elementsEqual(word) }) {
                out.append(contentsOf: pair.short.elementsEqual(word) ? pair.full : pair.short)
                changed = true
            } else {
                out.append(contentsOf: word)
            }
        }
        return changed ? out : nil
    }

    /// The folded key of the text before the first comma; nil when it folds to nothing.
    static func headBeforeComma(_ query: String) -> [UInt8]? {
        guard let head = query.utf8.split(separator: 0x2C, maxSplits: 1, omittingEmptySubsequences: false).first
        else { return nil }
        let key = NameFolding.key(String(decoding: head, as: UTF8.self))
        return key.isEmpty ? nil : key
    }

    /// The most names `listedNames` reads from one query (bounded work whatever its length).
    static let maxListedNames = 6

    /// The folded keys of the names in a list of one place's names in several languages, as name lists
    /// print them ("België / Belgique / Belgien", "Κύπρος - Kıbrıs", "Schweiz/Suisse/Svizzera"): the parts
    /// between slashes, or between hyphens with a space on each side (a hyphen inside a name, as in
    /// "Guinea-Bissau", does not separate); also a name and the words in parentheses after it, as records
    /// write a country ("China (Mainland)", "Netherlands (Kingdom of the)", "Pacific Islands (Palau)").
    /// Empty unless there are at least two non-empty parts; at most `maxListedNames`, each distinct.
    static func listedNames(_ query: String) -> [[UInt8]] {
        var text = query
        return text.withUTF8 { utf8 -> [[UInt8]] in
            guard utf8.contains(0x2F) || utf8.contains(0x2D) || utf8.contains(0x28) else { return [] }
            var keys: [[UInt8]] = []
            var start = 0, k = 0
            func cut(_ end: Int) {
                var key: [UInt8] = []
                NameFolding.fold(UnsafeBufferPointer(rebasing: utf8[start..<end]), spelled: false, into: &key)
                if !key.isEmpty && !keys.contains(key) && keys.count < maxListedNames { keys.append(key) }
            }
            while k < utf8.count {
                if utf8[k] == 0x2F || utf8[k] == 0x28 || utf8[k] == 0x29 {
                    cut(k)
                    start = k + 1
                } else if utf8[k] == 0x2D && k > 0 && k + 1 < utf8.count && utf8[k - 1] == 0x20 && utf8[k + 1] == 0x20 {
                    cut(k)
                    start = k + 1
                }
                k += 1
            }
            guard start > 0 else { return [] }
            cut(utf8.count)
            return keys.count >= 2 ? keys : []
        }
    }

    /// The folded keys of the runs of words in one script, when a query is a name followed by the same
    /// name in another script, as bilingual labels and name lists write them ("Tchad تشاد", "Comores
    /// Komori جزر القمر", "Ελλάδα Greece"). A word's script is that of its first letter (`script(_:)`); a
    /// word without one joins the run it is in. Empty unless there are at least two runs; at most
    /// `maxListedNames`, each distinct.
    static func scriptRuns(_ query: String) -> [[UInt8]] {
        var text = query
        return text.withUTF8 { utf8 -> [[UInt8]] in
            // Plain ASCII has one script: most queries leave here.
            guard utf8.contains(where: { $0 >= 0x80 }) && utf8.contains(0x20) else { return [] }
            var runs: [[UInt8]] = []
            func add(_ range: Range<Int>) {
                var key: [UInt8] = []
                NameFolding.fold(UnsafeBufferPointer(rebasing: utf8[range]), spelled: false, into: &key)
                if !key.isEmpty && !runs.contains(key) && runs.count < maxListedNames { runs.append(key) }
            }
            var runStart = 0, script: UInt8? = nil, k = 0
            while k < utf8.count {
                let wordStart = k
                while k < utf8.count && utf8[k] != 0x20 { k += 1 }
                if let wordScript = Self.script(UnsafeBufferPointer(rebasing: utf8[wordStart..<k])) {
                    if let script, script != wordScript {
                        add(runStart..<wordStart)
                        runStart = wordStart
                    }
                    script = wordScript
                }
                k += 1
            }
            guard runStart > 0 else { return [] }
            add(runStart..<utf8.count)
            return runs.count >= 2 ? runs : []
        }
    }

    /// The script of a word (UTF-8) for `scriptRuns`: that of its first letter (`script(of:)`), past ASCII
    /// digits and punctuation and invisible format characters; nil when it has none, or when its first
    /// letter is in no script listed there.
    static func script(_ word: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var k = 0
        while k < word.count {
            let lead = word[k]
            if lead < 0x80 {
                if (lead | 0x20) >= 0x61 && (lead | 0x20) <= 0x7A { return 0 }
                k += 1
                continue
            }
            // The scalar's value from its leading byte and continuation bytes (the query is valid UTF-8).
            let length = lead >= 0xF0 ? 4 : (lead >= 0xE0 ? 3 : 2)
            var value = UInt32(lead) & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
            for j in 1..<length where k + j < word.count { value = value << 6 | UInt32(word[k + j] & 0x3F) }
            // Direction marks and other invisible format characters ("\u{200F}البحرين") are not letters.
            if (0x200B...0x200F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2060...0x2064).contains(value) || value == 0xFEFF {
                k += length
                continue
            }
            return script(of: value)
        }
        return nil
    }

    /// The script of a letter, by Unicode block: the scripts country names are written in (Latin with its
    /// extensions and IPA, Greek, Cyrillic, Armenian, Hebrew, Arabic, Syriac, Thaana, N'Ko, the Indic
    /// scripts, Thai, Lao, Tibetan, Myanmar, Georgian, Hangul, Ethiopic, Khmer, Mongolian, Tifinagh, and
    /// Han with kana as one); nil elsewhere, so an unlisted letter never splits a query.
    static func script(of v: UInt32) -> UInt8? {
        switch v {
        case 0..<0x370, 0x1E00..<0x1F00, 0x2C60..<0x2C80, 0xA720..<0xA800, 0xFF21..<0xFF5B: return 0  // Latin
        case 0x370..<0x400, 0x1F00..<0x2000: return 1  // Greek
        case 0x400..<0x530, 0x1C80..<0x1C90, 0x2DE0..<0x2E00, 0xA640..<0xA6A0: return 2  // Cyrillic
        case 0x530..<0x590: return 3  // Armenian
        case 0x590..<0x600, 0xFB1D..<0xFB50: return 4  // Hebrew
        case 0x600..<0x700, 0x750..<0x780, 0x8A0..<0x900, 0xFB50..<0xFE00, 0xFE70..<0xFF00: return 5  // Arabic
        case 0x700..<0x750: return 6  // Syriac
        case 0x780..<0x7C0: return 7  // Thaana
        case 0x7C0..<0x800: return 8  // N'Ko
        case 0x900..<0xE00: return 10 + UInt8((v - 0x900) >> 7)  // Devanagari … Sinhala: a block each
        case 0xE00..<0xE80: return 30  // Thai
        case 0xE80..<0xF00: return 31  // Lao
        case 0xF00..<0x1000: return 32  // Tibetan
        case 0x1000..<0x10A0: return 33  // Myanmar
        case 0x10A0..<0x1100, 0x1C90..<0x1CC0, 0x2D00..<0x2D30: return 34  // Georgian
        case 0x1100..<0x1200, 0x3130..<0x3190, 0xAC00..<0xD7B0: return 35  // Hangul
        case 0x1200..<0x13A0, 0x2D80..<0x2DE0: return 36  // Ethiopic
        case 0x1780..<0x1800: return 37  // Khmer
        case 0x1800..<0x18B0: return 38  // Mongolian
        case 0x2D30..<0x2D80: return 39  // Tifinagh
        case 0x2E80..<0x3000, 0x3040..<0x3100, 0x3400..<0x4DC0, 0x4E00..<0xA000, 0xF900..<0xFB00,
             0xFF66..<0xFFA0, 0x20000..<0x32000: return 40  // Han and kana
        default: return nil
        }
    }

    /// The splits of a folded key into (place, qualifier) at its last word and at its last two words:
    /// "paris tx" → ("paris", "tx"); "paris new york" → ("paris new", "york"), ("paris", "new york").
    static func trailingQualifiers(_ key: [UInt8]) -> [(place: [UInt8], qualifier: [UInt8])] {
        var result: [(place: [UInt8], qualifier: [UInt8])] = []
        var spaces: [Int] = []
        for (k, byte) in key.enumerated() where byte == 0x20 { spaces.append(k) }
        for space in spaces.reversed().prefix(2) where space > 0 && space + 1 < key.count {
            result.append((Array(key[..<space]), Array(key[(space + 1)...])))
        }
        return result
    }

    /// Folded words before a country's name that do not change which country it is: English and the
    /// common forms in other languages of "the", "Republic of", "Kingdom of", "State of", "Country" (Yoruba
    /// "Orílẹ́ède", which CLDR-derived lists write before every name), … Longest first,
    /// though every leading run that matches is tried.
    static let leadingWords: [[UInt8]] = [
        "the federal republic of", "federal republic of", "the democratic republic of", "democratic republic of",
        "the republic of the", "republic of the", "the republic of", "republic of", "the kingdom of the",
        "kingdom of the", "state of the", "republika", "republiken", "republique des", "dawlat al", "the kingdom of", "kingdom of", "the commonwealth of", "commonwealth of",
        "the state of", "state of", "the principality of", "principality of", "the union of", "union of",
        "country of", "the", "bundesrepublik", "republik", "konigreich", "furstentum", "republique federale du",
        "republique federale d", "republique du", "republique de", "republique d", "republique", "royaume du",
        "royaume de", "royaume d", "etat du", "etat de", "etat d", "principaute de", "republica federal de",
        "republica federativa do", "republica de", "republica del", "republica do", "republica da", "reino de",
        "reino del", "reino do", "reino da", "estado de", "principado de", "repubblica di", "repubblica del",
        "repubblica della", "regno di", "regno del", "stato di", "republiek", "koninkrijk", "koninkrijk der",
        "rzeczpospolita", "dawlat", "jumhuriyat", "al jumhuriyah al", "die", "der", "das", "la", "le", "l",
        "el", "de", "het", "orileede", "jamhuri ya muungano wa", "jamhuri ya", "jamhuuriyadda", "repiblik",
        "the islands of", "islands of", "республика", "королевство", "государство",
    ].map(NameFolding.key)

    /// Folded words after a country's name that do not change which country it is: English, and the
    /// Turkic and Russian forms of "Republic" that follow the name ("Azərbaycan Respublikası", "Türkiye
    /// Cumhuriyeti", "Кыргыз Республикасы"); "islands" ("Fiji Islands").
    static let trailingWords: [[UInt8]] = [
        "republic", "kingdom", "republik", "state", "islands", "respublikasi", "respublikasy", "cumhuriyeti",
        "республикасы", "республикаси", "республика",
    ].map(NameFolding.key)

    /// `key` without a leading and/or a trailing run of `leadingWords`/`trailingWords`, each distinct
    /// non-empty result once: "the turkish republic" → "the turkish", "turkish republic", "turkish".
    /// Empty when no such words are there.
    static func strippedKeys(_ key: [UInt8]) -> [[UInt8]] {
        // Most keys start with none of the words and end with none: no arrays for them (every comma query
        // asks, for its whole key and the swapped one).
        guard leadingWords.contains(where: { key.count > $0.count + 1 && key[$0.count] == 0x20 && key.starts(with: $0) })
            || trailingWords.contains(where: { key.count > $0.count + 1 && key[key.count - $0.count - 1] == 0x20
                && key.suffix($0.count).elementsEqual($0) }) else { return [] }
        var heads: [[UInt8]] = [key]
        // Every run that matches, so "the democratic republic of the congo" gives both "the congo" and
        // "democratic republic of the congo" (at most a handful: the runs must all start the key).
        // The space after the word first: it rules out all but the words as long as one of the key's leading
        // runs of words, before any bytes are compared (most keys start with none of these words).
        for word in leadingWords where key.count > word.count + 1 && key[word.count] == 0x20 && key.starts(with: word) {
            heads.append(Array(key[(word.count + 1)...]))
        }
        var result: [[UInt8]] = []
        func add(_ candidate: [UInt8]) {
            if !candidate.isEmpty && candidate != key && !result.contains(candidate) { result.append(candidate) }
        }
        for head in heads {
            add(head)
            for word in trailingWords where head.count > word.count + 1 && head.suffix(word.count).elementsEqual(word)
                && head[head.count - word.count - 1] == 0x20 {
                add(Array(head[..<(head.count - word.count - 1)]))
            }
        }
        return result
    }

    /// Whether the folded alternate name `key` is a spelling of the folded own name `own` rather than
    /// another name: same first letter and at most max(2, a quarter of the longer) edits ("st petersburg"
    /// of "saint petersburg", "genova" of "genoa"), not "victoria" of "hong kong". Names longer than 64
    /// bytes never count (bounded work). The own name's first words count too ("frankfurt" of "frankfurt
    /// am main").
    static func isSpelling(_ key: [UInt8], of own: [UInt8]) -> Bool {
        guard let first = key.first, own.first == first, key.count <= 64, own.count <= 64 else { return false }
        if own.count > key.count && own.starts(with: key) && own[key.count] == 0x20 { return true }
        let bound = max(2, max(key.count, own.count) / 4)
        if abs(key.count - own.count) > bound { return false }
        var previous = Array(0...own.count)
        var current = [Int](repeating: 0, count: own.count + 1)
        for i in 1...key.count {
            current[0] = i
            for j in 1...own.count {
                let substitution = previous[j - 1] + (key[i - 1] == own[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[own.count] <= bound
    }
}
