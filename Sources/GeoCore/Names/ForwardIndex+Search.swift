/// What a qualifier ("Texas", "MA", "France") allows: cities in these divisions or these countries.
struct Qualifier {
    var admin1: [Int] = []
    var countries: [UInt16] = []

    var isEmpty: Bool { admin1.isEmpty && countries.isEmpty }

    /// The cities both `self` and `other` allow, as one qualifier: a city passes both when its country is in
    /// both, or its division is in one and its country (the division's) in the other, or its division is in
    /// both. Exact because a city's division lies in the city's country (the name tables are built so).
    /// - Parameter countryOf: a division's packed country code (0 for a number out of range).
    func intersection(_ other: Qualifier, countryOf: (Int) -> UInt16) -> Qualifier {
        var result = Qualifier()
        result.countries = countries.filter { other.countries.contains($0) }
        result.admin1 = admin1.filter { other.admin1.contains($0) || other.countries.contains(countryOf($0)) }
        for a in other.admin1 where countries.contains(countryOf(a)) && !result.admin1.contains(a) {
            result.admin1.append(a)
        }
        return result
    }
}

extension ForwardIndex {
    /// ``search(_:options:countries:fuzzy:)`` with the fuzzy walk always allowed.
    func search(_ query: String, options: ForwardOptions, countries: [Country]) -> [ForwardCandidate] {
        search(query, options: options, countries: countries, fuzzy: { _ in true }) ?? []
    }

    /// Places whose names match `query`, best first (see `CountryGazetteer.forward(_:options:)`).
    ///
    /// Exact and alias names come from one lookup of the folded key; names that start with the query are
    /// added while fewer than `limit` places were found; names within the edit bound only when nothing
    /// else matched. Text after a comma qualifies a city by its admin-1 division or its country.
    ///
    /// The work is bounded whatever the query (issue 13): qualifiers cost one lookup per distinct one until
    /// they leave no city (`split`); names under a prefix are scored from their postings and key lengths,
    /// without decoding them, and a cheap bound skips those that cannot rank; the fuzzy walk's cost does
    /// not grow with the query (`KeyIndex.forEachFuzzy`).
    /// - Parameter fuzzy: asked once, just before the fuzzy walk (the costly part), whether it may run;
    ///   the server charges its work budget there, so only queries that reach the walk pay for it.
    /// - Returns: the candidates; nil when `fuzzy` refused the walk.
    /// - Complexity: O(query bytes) to fold it, O(log n) for the lookup, plus the postings under the
    ///   prefix, plus the fuzzy walk.
    func search(_ query: String, options: ForwardOptions, countries: [Country],
                fuzzy: (_ editBound: Int) -> Bool) -> [ForwardCandidate]? {
        guard options.limit > 0 else { return [] }
        guard let (place, qualifier) = split(query) else { return [] }
        let allowCountries = options.countries && qualifier == nil
        let allowCities = options.cities
        if !allowCountries && !allowCities { return [] }
        let codeFilter = options.countryCodes?.compactMap(CountryCode.pack)
        let flag = NameFolding.flagKey(place)
        let key = flag ?? NameFolding.key(place)
        if key.isEmpty { return [] }
        var top = TopCandidates(limit: options.limit)

        /// The posting's kind, the population its score uses and the one ranking uses, when the filters let
        /// it through; nil otherwise.
        func admit(_ posting: Posting, codesAllowed: Bool) -> (kind: NameKind, scored: UInt32, population: Int)? {
            guard let kind = posting.kind else { return nil }
            let target = posting.target
            if kind.isCity {
                guard allowCities, target < cities.count else { return nil }
                let code = cities.country[target]
                if let codeFilter, !codeFilter.contains(code) { return nil }
                if let qualifier, !qualifier.countries.contains(code) && !qualifier.admin1.contains(Int(cities.admin1[target])) {
                    return nil
                }
                let population = cities.population[target]
                return (kind, population, Int(population))
            }
            guard allowCountries, kind != .admin1, target < countries.count else { return nil }
            if kind.isCode && !codesAllowed { return nil }
            if flag != nil && !kind.isCode { return nil }
            if let codeFilter, !codeFilter.contains(countryCodes[target]) { return nil }
            return (kind, 0, countries[target].population ?? 0)
        }

        /// Applies the filters and offers the posting at `k` with a score computed from its kind and population.
        func consider(_ k: Int, _ posting: Posting, _ score: (NameKind, UInt32) -> Double,
                      _ type: (NameKind) -> ForwardMatch.MatchType, codesAllowed: Bool) {
            guard let (kind, scored, population) = admit(posting, codesAllowed: codesAllowed) else { return }
            top.offer(ForwardCandidate(isCity: kind.isCity, target: posting.target, score: score(kind, scored), text: k,
                                       type: type(kind), population: population))
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
            // Every name under the prefix, scored from its posting and key length (a name is decoded only
            // when its key is too long for the length table); the logarithm is taken only for names the
            // cheap bound does not already put below the worst kept candidate.
            // The end of the names under the prefix: a gallop from here (a few steps for an ordinary
            // query), not a binary search over the whole index.
            var end = i
            if i < names.count && cursor.key.starts(with: key) {
                cursor.skip(prefix: key[...])
                end = cursor.position
            }
            for k in i..<end {
                let posting = names.posting(k)
                guard let (kind, scored, population) = admit(posting, codesAllowed: false) else { continue }
                let length: Int
                if let known = names.keyLength(k) {
                    length = known
                } else {
                    cursor.seek(k)
                    length = cursor.key.count
                }
                let coverage = Double(key.count) / Double(max(length, key.count))
                if let threshold = top.threshold,
                   ForwardScore.prefixBound(kind, coverage: coverage, population: scored) < threshold {
                    continue
                }
                top.offer(ForwardCandidate(isCity: kind.isCity, target: posting.target,
                                           score: ForwardScore.prefix(kind, coverage: coverage, population: scored),
                                           text: k, type: .prefix, population: population))
            }
        }
        if top.items.isEmpty {
            // First the keys that share the query's first byte (fast, and most typos keep it); only when
            // none is close enough, every key, so "Fermany" still finds Germany.
            let bound = KeyIndex.editBound(forKey: key)
            if bound > 0 && !fuzzy(bound) { return nil }
            for part in [KeyIndex.FirstByte.same, .other] where top.items.isEmpty {
                names.forEachFuzzy(key, bound: bound, firstByte: part) { entry, distance in
                    consider(entry, names.posting(entry), { ForwardScore.fuzzy($0, distance: distance, population: $1) },
                             { _ in .fuzzy }, codesAllowed: false)
                }
            }
        }
        return top.items
    }

    /// The place part of `query` (before the first comma) and the qualifiers after it merged into one (nil
    /// when there are none); nil when a qualifier names nothing or no city satisfies them all.
    ///
    /// Each part is folded in place, each distinct key looked up once, and the qualifiers are merged as
    /// they come, so a 64 KiB "a,a,a,…" or "Paris, France, France, …" costs one or two lookups and a fold
    /// of its bytes, and the first qualifier that names nothing or contradicts the others ends it.
    func split(_ query: String) -> (place: String, qualifier: Qualifier?)? {
        var text = query
        return text.withUTF8 { utf8 -> (place: String, qualifier: Qualifier?)? in
            let comma = utf8.firstIndex(of: 0x2C) ?? utf8.count
            let place = String(decoding: UnsafeBufferPointer(rebasing: utf8[0..<comma]), as: UTF8.self)
            var qualifier: Qualifier? = nil
            var seen = Set<[UInt8]>()
            var part: [UInt8] = []
            var start = comma + 1
            while start <= utf8.count {
                var end = start
                while end < utf8.count && utf8[end] != 0x2C { end += 1 }
                part.removeAll(keepingCapacity: true)
                NameFolding.fold(UnsafeBufferPointer(rebasing: utf8[start..<end]), umlauts: false, into: &part)
                start = end + 1
                if part.isEmpty || seen.contains(part) { continue }
                seen.insert(part)
                guard let next = self.qualifier(part) else { return nil }
                let merged = qualifier.map { $0.intersection(next, countryOf: admin1Country) } ?? next
                if merged.isEmpty { return nil }
                qualifier = merged
            }
            return (place, qualifier)
        }
    }

    /// Division `a`'s packed country code; 0 for a number no division has (only in a damaged index).
    func admin1Country(_ a: Int) -> UInt16 {
        a >= 0 && a < admin1.count ? admin1.country[a] : 0
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
