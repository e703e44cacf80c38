/// Names per language of numbered things (countries by packed ISO alpha-2, divisions and cities by their
/// table's number), for showing results in the caller's language (`lang`).
///
/// Languages are sorted lower-case tags (`de`, `pt-pt`, `zh-hant`); each owns a run of entries sorted by
/// code, so a lookup is two binary searches.
struct LocalizedNames: Sendable {
    let languages: StringPool
    /// `languages.count + 1` offsets into `entries`.
    let starts: Table<UInt32>
    /// `(code << 32) | text`, sorted by code within each language.
    let entries: Table<UInt64>

    static var empty: LocalizedNames {
        LocalizedNames(languages: StringPoolBuilder().build(), starts: Table([0]), entries: Table([]))
    }

    init(languages: StringPool, starts: Table<UInt32>, entries: Table<UInt64>) {
        self.languages = languages
        self.starts = starts
        self.entries = entries
    }

    /// Builds from `(language, code, text)` triples; the first name for a (language, code) pair wins.
    init(_ triples: [(language: [UInt8], code: UInt32, text: UInt32)]) {
        var sorted = triples
        sorted.sort { a, b in
            if a.language != b.language { return a.language.lexicographicallyPrecedes(b.language) }
            return a.code < b.code
        }
        var pool = StringPoolBuilder()
        var starts: [UInt32] = [0]
        var entries: [UInt64] = []
        var lastLanguage: [UInt8]? = nil, lastCode: UInt32 = 0
        for t in sorted {
            if t.language != lastLanguage {
                if lastLanguage != nil { starts.append(UInt32(entries.count)) }
                pool.append(bytes: t.language)
                lastLanguage = t.language
            } else if t.code == lastCode {
                continue
            }
            lastCode = t.code
            entries.append(UInt64(t.code) << 32 | UInt64(t.text))
        }
        if lastLanguage != nil { starts.append(UInt32(entries.count)) }
        self.init(languages: pool.build(), starts: Table(starts), entries: Table(entries))
    }

    /// The text number of `code`'s name in `language` (a lower-case tag), trying the tag and then ever
    /// shorter prefixes of it (`zh-hant-tw`, `zh-hant`, `zh`); nil when none has a name.
    func text(code: UInt32, language: [UInt8]) -> Int? {
        var tag = language[...]
        while !tag.isEmpty {
            if let found = lookup(code: code, language: tag) { return found }
            guard let dash = tag.lastIndex(of: 0x2D) else { break }
            tag = tag[..<dash]
        }
        return nil
    }

    private func lookup(code: UInt32, language: ArraySlice<UInt8>) -> Int? {
        let l = Array(language).withUnsafeBufferPointer { wanted -> Int? in
            var lo = 0, hi = languages.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if compareKeys(languages.utf8(mid), wanted) < 0 { lo = mid + 1 } else { hi = mid }
            }
            return lo < languages.count && compareKeys(languages.utf8(lo), wanted) == 0 ? lo : nil
        }
        guard let l else { return nil }
        var lo = Int(starts[l]), hi = Int(starts[l + 1])
        while lo < hi {
            let mid = (lo + hi) / 2
            if UInt32(truncatingIfNeeded: entries[mid] >> 32) < code { lo = mid + 1 } else { hi = mid }
        }
        guard lo < Int(starts[l + 1]), UInt32(truncatingIfNeeded: entries[lo] >> 32) == code else { return nil }
        return Int(entries[lo] & 0xFFFF_FFFF)
    }

    /// How many different things (countries, divisions, cities) numbered below `count` have a name in at
    /// least one language: one bitmap pass, run once at load (`ForwardIndex.citiesTranslated`), never per call.
    func distinctCodes(below count: Int) -> Int {
        var seen = [Bool](repeating: false, count: max(count, 0))
        var distinct = 0
        for e in entries.buffer {
            let code = Int(truncatingIfNeeded: e >> 32)
            if code >= 0 && code < seen.count && !seen[code] {
                seen[code] = true
                distinct += 1
            }
        }
        return distinct
    }

    func write(to out: inout BinaryWriter) {
        languages.write(to: &out)
        out.array(starts)
        out.array(entries)
    }

    init(reading input: inout BinaryReader, textCount: Int) throws(BinaryFormatError) {
        languages = try StringPool(reading: &input, what: "languages")
        starts = try input.table(of: UInt32.self)
        entries = try input.table(of: UInt64.self)
        let s = starts.buffer
        guard s.count == languages.count + 1, s[0] == 0, Int(s[s.count - 1]) == entries.count else {
            throw .invalid("localized names")
        }
        var previous: UInt32 = 0
        for value in s {
            if value < previous { throw .invalid("localized name order") }
            previous = value
        }
        for e in entries.buffer where Int(e & 0xFFFF_FFFF) >= textCount { throw .invalid("localized name") }
    }
}
