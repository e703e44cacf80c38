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
            NameFolding.fold(head, umlauts: false, into: &probe, limit: 1)
            guard !probe.isEmpty else { return nil }
            probe.removeAll(keepingCapacity: true)
            NameFolding.fold(tail, umlauts: false, into: &probe, limit: 1)
            guard !probe.isEmpty else { return nil }
            // The bytes of `tail + " " + head`: the query is valid UTF-8 and the comma is ASCII.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count)
            bytes.append(contentsOf: tail)
            bytes.append(0x20)
            bytes.append(contentsOf: head)
            var key: [UInt8] = []
            bytes.withUnsafeBufferPointer { NameFolding.fold($0, umlauts: false, into: &key) }
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
                NameFolding.fold(UnsafeBufferPointer(rebasing: utf8[start..<end]), umlauts: false, into: &key)
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
    ].map { Array($0.utf8) }

    /// Folded words after a country's name that do not change which country it is.
    static let trailingWords: [[UInt8]] = ["republic", "kingdom", "republik", "state"].map { Array($0.utf8) }

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
