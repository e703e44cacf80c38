/// A scored candidate while searching: which place, how well, through which name.
struct ForwardCandidate {
    var isCity: Bool
    var target: Int
    var score: Double
    /// The matched entry in the name index.
    var text: Int
    var type: ForwardMatch.MatchType
    var population: Int

    /// Rank order: score, then countries before cities, then larger population, then lower number.
    func beats(_ other: ForwardCandidate) -> Bool {
        if score != other.score { return score > other.score }
        if isCity != other.isCity { return !isCity }
        if population != other.population { return population > other.population }
        return target < other.target
    }
}

/// The best `limit` places seen so far, each once with its best candidate.
///
/// A place already kept is updated in place; a new one replaces the worst when it beats it. So the result
/// is the top `limit` places by their best score, without a table over all places.
struct TopCandidates {
    let limit: Int
    private(set) var items: [ForwardCandidate] = []

    init(limit: Int) {
        self.limit = limit
        items.reserveCapacity(min(limit, 64))
    }

    mutating func offer(_ candidate: ForwardCandidate) {
        for k in items.indices where items[k].target == candidate.target && items[k].isCity == candidate.isCity {
            if candidate.beats(items[k]) { items[k] = candidate }
            return
        }
        if items.count < limit {
            items.append(candidate)
            return
        }
        var worst = 0
        for k in items.indices.dropFirst() where items[worst].beats(items[k]) { worst = k }
        if candidate.beats(items[worst]) { items[worst] = candidate }
    }
}

/// What a qualifier ("Texas", "MA", "France") allows: cities in these divisions or these countries.
struct Qualifier {
    var admin1: [Int] = []
    var countries: [UInt16] = []
}

extension ForwardIndex {
    /// Places whose names match `query`, best first (see `CountryGazetteer.forward(_:options:)`).
    ///
    /// Exact and alias names come from one lookup of the folded key; names that start with the query are
    /// added while fewer than `limit` places were found; names within the edit bound only when nothing
    /// else matched. Text after a comma qualifies a city by its admin-1 division or its country.
    /// - Complexity: O(log n) for the lookup, plus the names under the prefix, plus the fuzzy walk.
    func search(_ query: String, options: ForwardOptions, countries: [Country]) -> [ForwardCandidate] {
        guard options.limit > 0 else { return [] }
        var parts = query.utf8.split(separator: 0x2C, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let place = parts.removeFirst()
        var qualifiers: [Qualifier] = []
        for part in parts {
            let key = NameFolding.key(part)
            if key.isEmpty { continue }
            guard let qualifier = qualifier(key) else { return [] }
            qualifiers.append(qualifier)
        }
        let allowCountries = options.countries && qualifiers.isEmpty
        let allowCities = options.cities
        if !allowCountries && !allowCities { return [] }
        let codeFilter = options.countryCodes?.compactMap(CountryCode.pack)
        let flag = NameFolding.flagKey(place)
        let key = flag ?? NameFolding.key(place)
        if key.isEmpty { return [] }
        var top = TopCandidates(limit: options.limit)

        /// Applies the filters and offers the posting at `k` with a score computed from its kind and population.
        func consider(_ k: Int, _ posting: Posting, _ score: (NameKind, UInt32) -> Double,
                      _ type: (NameKind) -> ForwardMatch.MatchType, codesAllowed: Bool) {
            guard let kind = posting.kind else { return }
            let target = posting.target
            if kind.isCity {
                guard allowCities, target < cities.count else { return }
                let code = cities.country[target]
                if let codeFilter, !codeFilter.contains(code) { return }
                for q in qualifiers where !q.countries.contains(code) && !q.admin1.contains(Int(cities.admin1[target])) {
                    return
                }
                let population = cities.population[target]
                top.offer(ForwardCandidate(isCity: true, target: target, score: score(kind, population), text: k,
                                           type: type(kind), population: Int(population)))
            } else {
                guard allowCountries, kind != .admin1, target < countries.count else { return }
                if kind.isCode && !codesAllowed { return }
                if flag != nil && !kind.isCode { return }
                if let codeFilter, !codeFilter.contains(countryCodes[target]) { return }
                let population = countries[target].population ?? 0
                top.offer(ForwardCandidate(isCity: false, target: target, score: score(kind, 0), text: k,
                                           type: type(kind), population: population))
            }
        }

        var cursor = KeyIndex.Cursor(names)
        var i = names.lowerBound(key, &cursor)
        if cursor.position != i { cursor.load(i) }  // the search usually ends on the entry it returns
        while i < names.count && cursor.key == key {
            consider(i, cursor.posting, { ForwardScore.exact($0, population: $1) }, { $0.isAlias ? .alias : .exact }, codesAllowed: true)
            cursor.advance()
            i += 1
        }
        if flag != nil { return top.items }
        if top.items.count < options.limit {
            while i < names.count && cursor.key.starts(with: key) {
                let coverage = Double(key.count) / Double(cursor.key.count)
                consider(i, cursor.posting, { ForwardScore.prefix($0, coverage: coverage, population: $1) }, { _ in .prefix },
                         codesAllowed: false)
                cursor.advance()
                i += 1
            }
        }
        if top.items.isEmpty {
            // First the keys that share the query's first byte (fast, and most typos keep it); only when
            // none is close enough, every key, so "Fermany" still finds Germany.
            let bound = KeyIndex.editBound(forQueryLength: key.count)
            for part in [KeyIndex.FirstByte.same, .other] where top.items.isEmpty {
                names.forEachFuzzy(key, bound: bound, firstByte: part) { entry, distance in
                    consider(entry, names.posting(entry), { ForwardScore.fuzzy($0, distance: distance, population: $1) },
                             { _ in .fuzzy }, codesAllowed: false)
                }
            }
        }
        return top.items
    }

    /// The divisions and countries one qualifier names (any name, code or alternate); nil when none.
    func qualifier(_ key: [UInt8]) -> Qualifier? {
        var result = Qualifier()
        var cursor = KeyIndex.Cursor(admin1Names)
        var i = admin1Names.lowerBound(key, &cursor)
        if cursor.position != i { cursor.load(i) }  // the search usually ends on the entry it returns
        while i < admin1Names.count && cursor.key == key {
            result.admin1.append(cursor.posting.target)
            cursor.advance()
            i += 1
        }
        cursor = KeyIndex.Cursor(names)
        i = names.lowerBound(key, &cursor)
        if cursor.position != i { cursor.load(i) }  // the search usually ends on the entry it returns
        while i < names.count && cursor.key == key {
            let posting = cursor.posting
            if let kind = posting.kind, !kind.isCity, kind != .admin1, posting.target < countryCodes.count {
                let code = countryCodes[posting.target]
                if code != 0 { result.countries.append(code) }
            }
            cursor.advance()
            i += 1
        }
        return result.admin1.isEmpty && result.countries.isEmpty ? nil : result
    }
}
