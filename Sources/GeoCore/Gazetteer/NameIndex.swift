/// Every name and code of every country, folded into byte keys and sorted, for exact and prefix search.
///
/// A sorted array rather than a hash table: one binary search finds both the names equal to a query and
/// the run of names that start with it, which is what autocomplete needs.
struct NameIndex: Sendable {
    /// What kind of name an entry is; decides its score.
    enum Kind: UInt8, Sendable {
        case name, longName, formalName, isoCode, localName, alternateName

        /// The score of an exact match on this kind of name.
        var exactScore: Double {
            switch self {
            case .name: return 1.0
            case .longName, .formalName: return 0.95
            case .isoCode: return 0.9
            case .localName: return 0.9
            case .alternateName: return 0.85
            }
        }
    }

    struct Entry: Sendable {
        var key: [UInt8]
        var country: Int
        var kind: Kind
        /// The name as the data spells it, for `ForwardMatch.matched`.
        var text: String
    }

    let entries: [Entry]

    init(entries: [Entry]) {
        self.entries = entries
    }

    init(countries: [Country]) {
        var entries: [Entry] = []
        func add(_ text: String?, _ country: Int, _ kind: Kind) {
            guard let text else { return }
            let key = NameFolding.key(text)
            if key.isEmpty { return }
            entries.append(Entry(key: key, country: country, kind: kind, text: text))
        }
        for (k, c) in countries.enumerated() {
            add(c.name, k, .name)
            add(c.nameLong, k, .longName)
            add(c.formalName, k, .formalName)
            add(c.iso2, k, .isoCode)
            add(c.iso3, k, .isoCode)
            add(c.adm0a3, k, .isoCode)
            for local in c.localNames { add(local.name, k, .localName) }
            for alternate in c.alternateNames { add(alternate, k, .alternateName) }
        }
        entries.sort { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key.lexicographicallyPrecedes(rhs.key) }
            if lhs.country != rhs.country { return lhs.country < rhs.country }
            return lhs.kind.rawValue < rhs.kind.rawValue
        }
        self.entries = entries
    }

    /// The first entry whose key is not less than `key`.
    func lowerBound(_ key: [UInt8]) -> Int {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].key.lexicographicallyPrecedes(key) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Countries whose names equal the query, then those with a name that starts with it, best first.
    ///
    /// Exact matches score by the kind of name (`Kind.exactScore`); a prefix match scores below every
    /// exact one, higher the more of the name the query covers. Codes match only exactly. Each country
    /// appears once, with its best match; ties go to the country whose English name sorts first.
    /// - Complexity: O(log n + names starting with the query).
    func search(_ query: String, limit: Int, countries: [Country]) -> [ForwardMatch] {
        let key = NameFolding.key(query)
        if key.isEmpty || limit <= 0 { return [] }
        var best: [Int: ForwardMatch] = [:]
        var i = lowerBound(key)
        while i < entries.count && entries[i].key.starts(with: key) {
            let entry = entries[i]
            i += 1
            let exact = entry.key.count == key.count
            if !exact && entry.kind == .isoCode { continue }
            let score = exact
                ? entry.kind.exactScore
                : 0.4 + 0.4 * Double(key.count) / Double(entry.key.count)
            if let current = best[entry.country], current.score >= score { continue }
            best[entry.country] = ForwardMatch(countryIndex: entry.country, score: score, matched: entry.text)
        }
        var matches = Array(best.values)
        matches.sort { lhs, rhs in
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            let ln = countries[lhs.countryIndex].name, rn = countries[rhs.countryIndex].name
            if ln != rn { return ln < rn }
            return lhs.countryIndex < rhs.countryIndex
        }
        if matches.count > limit { matches.removeLast(matches.count - limit) }
        return matches
    }
}
