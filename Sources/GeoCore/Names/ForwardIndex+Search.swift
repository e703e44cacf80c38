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
    /// The least population at which a city matched only by an alternate name (not a spelling of its own)
    /// still ranks just before a division of that name that holds it ("Wien": Vienna, then the state).
    static let divisionLeaderPopulation = 100_000

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
    /// Before that reading, the query is tried as one name (issue 16): a comma may belong to the name
    /// ("Korea, Republic of", also tried swapped as "Republic of Korea"), and those whole-name matches come
    /// first. Without a comma, when the whole query names nothing, its last word or two may qualify the rest
    /// ("Paris TX", "Paris Texas"), and words people put around a country's name ("the", "Republic of",
    /// "Kingdom") are dropped (`ForwardQuery.strippedKeys`). A query that is exactly an ISO code in capitals
    /// ranks that code's country first.
    ///
    /// The work is bounded whatever the query (issue 13): qualifiers cost one lookup per distinct one until
    /// they leave no city (`split`); names under a prefix are scored from their postings and key lengths,
    /// without decoding them, and a cheap bound skips those that cannot rank; the fuzzy walk's cost does
    /// not grow with the query (`KeyIndex.forEachFuzzy`). The readings above add a fixed number of lookups.
    /// - Parameters:
    ///   - fuzzy: asked just before each fuzzy walk (the costly part; a second walk on the consonant
    ///     skeleton of a Brahmic or South-East Asian query that the first did not match) whether it may
    ///     run; the server charges its work budget there, so only queries that reach a walk pay for it.
    ///   - prefix: asked once, with the number of names under the prefix, before they are scored: a
    ///     one-letter query scans tens of thousands, an exact name none, and the server charges each
    ///     for what it scans.
    /// - Returns: the candidates; nil when `fuzzy` or `prefix` refused.
    /// - Complexity: O(query bytes) to fold it, O(log n) for the lookup, plus the postings under the
    ///   prefix, plus the fuzzy walk.
    func search(_ query: String, options: ForwardOptions, countries: [Country],
                fuzzy: (_ editBound: Int) -> Bool,
                prefix: (_ names: Int) -> Bool = { _ in true }) -> [ForwardCandidate]? {
        guard options.limit > 0 else { return [] }
        if !options.countries && !options.cities && !options.admin1 { return [] }
        let codeFilter = options.countryCodes?.compactMap(CountryCode.pack)
        let match = options.match
        var top = TopCandidates(limit: options.limit)
        let upperCode = ForwardQuery.isUpperCaseCode(query)

        /// The posting's kind, the population its score uses and the one ranking uses, when the filters let
        /// it through; nil otherwise. The scored population is 100 times a capital's on an exact match
        /// (`exactName`; ten times on a prefix or fuzzy one) and a hundredth of a place's matched only by an
        /// alternate name: a capital ranks first among places of its name within 100× its size, and a
        /// place's own name beats another's alternate unless that one is 100× larger.
        /// An alternate that is a spelling of the place's own name ("St. Petersburg", "Genova") is not
        /// lowered: `spelling` says so (exact matches only; see `ForwardQuery.isSpelling`). Not optional: an
        /// optional closure escapes, and each posting's closure then copied the whole index to the heap.
        func admit(_ posting: Posting, qualifier: Qualifier?, codesAllowed: Bool, flag: Bool, citiesAllowed: Bool = true,
                   divisionsQualified: Bool = true,
                   exactName: Bool = false,
                   spelling: () -> Bool = { false }) -> (kind: NameKind, scored: UInt32, population: Int)? {
            guard let kind = posting.kind else { return nil }
            if kind.isCode ? match == .name : match == .code { return nil }
            let target = posting.target
            if kind.isCity {
                guard options.cities, citiesAllowed, !flag, target < cities.count else { return nil }
                let code = cities.places.country[target]
                if let codeFilter, !codeFilter.contains(code) { return nil }
                if let qualifier, !qualifier.countries.contains(code) && !qualifier.admin1.contains(Int(cities.places.admin1[target])) {
                    return nil
                }
                let population = cities.places.population[target]
                // Worked out once: `spelling` compares the key with the city's own name.
                let otherName = kind == .cityAlternate && !spelling()
                let scored = Self.scoredPopulation(in: cities, city: target, byName: exactName && kind == .cityName,
                                                   otherName: otherName)
                return (kind, scored, Int(population))
            }
            if kind.isDivision {
                // Issue 15: a division answers the whole query, or one qualified by the division's own country
                // ("Texas, USA", "Bavaria, Germany"); never one qualified otherwise, nor a country-only reading.
                guard options.admin1, citiesAllowed, !flag, target < divisions.count else { return nil }
                if kind.isCode && !codesAllowed { return nil }
                let country = Int(divisions.country[target])
                if let qualifier {
                    guard divisionsQualified, country >= 0 && country < countryCodes.count,
                          qualifier.countries.contains(countryCodes[country])
                    else { return nil }
                }
                if let codeFilter, !(country >= 0 && codeFilter.contains(countryCodes[country])) { return nil }
                // Equal names rank by their country's population ("Florida": the US state, then Uruguay's).
                return (kind, 0, country >= 0 ? countries[country].population ?? 0 : 0)
            }
            guard options.countries, qualifier == nil, kind != .admin1, target < countries.count else { return nil }
            if kind.isCode && !codesAllowed { return nil }
            if flag && !kind.isCode { return nil }
            if let codeFilter, !codeFilter.contains(countryCodes[target]) { return nil }
            return (kind, 0, countries[target].population ?? 0)
        }

        /// The entry after the last one `exact` looked at: the first whose key is above its `key` (names
        /// longer than the key that start with it come first there, so the prefix tier starts here).
        var exactEnd = 0
        /// Offers every place whose name's key is exactly `key`; returns whether any passed the filters.
        /// `penalty` lowers the scores of a looser reading (words dropped) below the exact ones;
        /// `divisionsQualified` lets a division qualified by its own country answer (a comma's qualifier).
        @discardableResult
        func exact(_ key: [UInt8], qualifier: Qualifier?, flag: Bool = false, penalty: Double = 0,
                   divisionsQualified: Bool = true,
                   citiesAllowed: Bool = true) -> Bool {
            var found = false
            // The cities this key names (at most 64): a division of the same name that holds one of them
            // (GeoNames says so, or the key is the city's own name and it lies in the division's box) ranks
            // just after it, whatever their scores ("Wien",
            // "Geneva", "Vaduz", "Okinawa": the city, then the state, canton or prefecture). A key's cities
            // come before its divisions in the index.
            // Only a city named so by its own name or a spelling of it ("Sankt Gallen"), or one of 100,000
            // people or more, leads a division this way: "Maryland" and "Iwate" are the state and the
            // prefecture before Maryland City (the first word of its name) and Numakunai (an alternate
            // name), towns of 16,000 and 12,000.
            var cityDivisions: [(city: Int, own: Bool, score: Double)] = []
            // The best city score of this key and of a capital named by its own name, and the country
            // names a leading capital ranks above (offered after the loop).
            var bestCity = 0.0, leadingCapital = 0.0, capitalTarget = -1
            var otherNames: [ForwardCandidate] = []
            var cursor = KeyIndex.Cursor(names)
            var i = names.lowerBound(key, &cursor)
            if cursor.position != i { cursor.load(i) }  // the search usually ends on the entry it returns
            defer { exactEnd = i }
            while i < names.count && cursor.key == key {
                let posting = cursor.posting
                // Set by `admit` for a city alternate that is another name than the city's own, or only its
                // first words ("maryland" of "maryland city"): such a city does not lead a division.
                var notOwnName = false
                if let (kind, scored, population) = admit(posting, qualifier: qualifier, codesAllowed: true, flag: flag,
                                                               citiesAllowed: citiesAllowed,
                                                               divisionsQualified: divisionsQualified, exactName: true, spelling: {
                    let own = ownKey(posting.target)
                    let spelled = ForwardQuery.isSpelling(key, of: own)
                    notOwnName = !spelled || (own.count > key.count && own[key.count] == 0x20 && own.starts(with: key))
                    return spelled
                }) {
                    var score = ForwardScore.exact(kind, population: scored)
                    if kind.isCode && upperCode && penalty == 0 { score = ForwardScore.upperCaseCode }
                    if kind.isCity {
                        bestCity = max(bestCity, score)
                        if kind == .cityName && isCapital(posting.target) && score > leadingCapital {
                            leadingCapital = score
                            capitalTarget = posting.target
                        }
                    }
                    if kind.isCity && cityDivisions.count < 64 && (!notOwnName || population >= Self.divisionLeaderPopulation) {
                        cityDivisions.append((posting.target, kind == .cityName, score))
                    }
                    if kind == .division {
                        for c in cityDivisions where c.score <= score && holds(posting.target, city: c.city, ownName: c.own) {
                            score = ForwardScore.rounded(c.score - 0.000_001)
                        }
                    }
                    let candidate = ForwardCandidate(isCity: kind.isCity, target: posting.target,
                                                     score: ForwardScore.rounded(score - penalty), text: i,
                                                     type: kind.isAlias || (penalty > 0 && !kind.isCity) ? .alias : .exact,
                                                     population: population, isDivision: kind.isDivision)
                    if kind == .countryLocalName || kind.isAlias { otherNames.append(candidate) } else { top.offer(candidate) }
                    found = true
                }
                cursor.advance()
                i += 1
            }
            // A capital named so by its own name, first among the key's cities, ranks above a country that
            // only another language or an alias calls so (issue 16: "Tunis" is Bosnian for Tunisia,
            // "Brasilia" Finnish for Brazil, "Male" Mali in some language), not above the country's own,
            // long or formal name ("Singapore", "Luxembourg": the country), nor above its own country when
            // it holds half of that country's people or more ("Macau": Macao first, then its city).
            let lead = leadingCapital > 0 && leadingCapital >= bestCity
                ? ForwardScore.rounded(leadingCapital - penalty - 0.000_001) : 1.0
            for var other in otherNames {
                if lead < 1, other.target < countryCodes.count, cities.places.country[capitalTarget] != countryCodes[other.target]
                    || Int(cities.places.population[capitalTarget]) * 2 < other.population {
                    other.score = min(other.score, lead)
                }
                top.offer(other)
            }
            return found
        }

        /// Whether division `d` holds city `c`: GeoNames puts the city in it, or (for a city matched by its
        /// own name, so a town whose alternate is the division's name does not count) it lies in its box.
        func holds(_ d: Int, city c: Int, ownName: Bool) -> Bool {
            let own = divisions.geonames[d]
            if own >= 0 && cities.places.admin1[c] == own { return true }
            guard ownName else { return false }
            let lat = cities.places.lat[c], lon = cities.places.lon[c], g = 6 * d
            guard lat >= divisions.geometry[g + 2] && lat <= divisions.geometry[g + 4] else { return false }
            let west = divisions.geometry[g + 3], east = divisions.geometry[g + 5]
            return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east
        }

        /// Whether city `c` is a national capital.
        func isCapital(_ c: Int) -> Bool {
            c < cities.capital.count && cities.capital[c] != 0
        }

        /// The folded GeoNames name of city `target`.
        func ownKey(_ target: Int) -> [UInt8] {
            let entry = Int(cities.name[target])
            return entry < names.count ? NameFolding.key(names.text(entry)) : []
        }

        // The whole query as one name, commas and all, and the two sides of one comma swapped.
        // Failing those, the same without words around a country's name ("Congo, The Democratic Republic
        // of the" is "the democratic republic of the congo" swapped).
        var wholeFound = false
        let commas = query.utf8.reduce(0) { $0 + ($1 == 0x2C ? 1 : 0) }
        if commas > 0 {
            var wholeKeys = [NameFolding.key(query)]
            if commas == 1, let swapped = ForwardQuery.swappedKeyAtComma(query) { wholeKeys.append(swapped) }
            for whole in wholeKeys { wholeFound = exact(whole, qualifier: nil) || wholeFound }
            if !wholeFound && options.countries {
                for whole in wholeKeys {
                    for stripped in ForwardQuery.strippedKeys(whole) {
                        wholeFound = exact(stripped, qualifier: nil, penalty: ForwardScore.readingPenalty,
                                           citiesAllowed: false) || wholeFound
                    }
                }
            }
        }
        guard let (place, qualifier) = split(query) else {
            // "Micronesia, Fed. Sts.", "Taiwan, Province of China": a tail that qualifies nothing, after a
            // country's name. Countries only, so "Paris, Nowhere" still finds nothing.
            if commas > 0 && !wholeFound && options.countries, let head = ForwardQuery.headBeforeComma(query) {
                if !exact(head, qualifier: nil, penalty: ForwardScore.readingPenalty, citiesAllowed: false) {
                    for stripped in ForwardQuery.strippedKeys(head) {
                        exact(stripped, qualifier: nil, penalty: ForwardScore.readingPenalty, citiesAllowed: false)
                    }
                }
            }
            return top.items
        }
        if qualifier != nil && !options.cities { return top.items }
        let flag = NameFolding.flagKey(place)
        let key = flag ?? NameFolding.key(place)
        if key.isEmpty { return top.items }
        let found = exact(key, qualifier: qualifier, flag: flag != nil) || wholeFound
        /// The place's spelled key (`NameFolding.spelledKey`), folded when first asked for.
        var spelledCache: [UInt8]?? = nil
        func spelledPlace() -> [UInt8]? {
            if let cached = spelledCache { return cached }
            let spelled = NameFolding.spelledKey(place, plain: key)
            spelledCache = .some(spelled)
            return spelled
        }
        let keyEnd = exactEnd  // after `key`'s own names: where the names that only start with it begin
        if flag != nil || match == .code { return top.items }
        if !found && qualifier == nil {
            // "St. Vincent and the Grenadines": "st" for "saint" (and back), "mt", "ft", "ste".
            if let spelled = ForwardQuery.abbreviationKey(key) {
                exact(spelled, qualifier: nil, penalty: ForwardScore.readingPenalty)
            }
            // "Hawai'i", "Sana'a": the query without its apostrophes (umlauts spelled out too), for a place
            // whose names are written without them; the index holds names written with them under that
            // key already (`NameFolding.spelledKey`).
            // (A consonant skeleton is read last, below: it says far less than the whole name.)
            if let joined = spelledPlace(), joined.first != NameFolding.skeletonMarker {
                exact(joined, qualifier: nil, penalty: ForwardScore.readingPenalty)
            }
            // "Paris TX": the last word or two as a qualifier of the rest, cities only.
            for (rest, last) in ForwardQuery.trailingQualifiers(key) {
                guard let trailing = self.qualifier(last) else { continue }
                // Cities only: "England United Kingdom" is a list of names, not England qualified.
                exact(rest, qualifier: trailing, penalty: ForwardScore.readingPenalty, divisionsQualified: false)
            }
            // "The Turkish Republic", "Kingdom of Spain": the name without the words around it.
            if options.countries && top.items.isEmpty {
                for stripped in ForwardQuery.strippedKeys(key) {
                    exact(stripped, qualifier: nil, penalty: ForwardScore.readingPenalty, citiesAllowed: false)
                }
            }
            // "België / Belgique / Belgien", "Tchad تشاد": one place's names in several languages or
            // scripts; each name alone.
            if top.items.isEmpty {
                for name in ForwardQuery.listedNames(place) {
                    exact(name, qualifier: nil, penalty: ForwardScore.readingPenalty)
                }
            }
            if top.items.isEmpty {
                for name in ForwardQuery.scriptRuns(place) {
                    exact(name, qualifier: nil, penalty: ForwardScore.readingPenalty)
                }
            }
        }
        if top.items.count < options.limit {
            // Every name under the prefix, scored from its posting and key length (a name is decoded only
            // when its key is too long for the length table); the logarithm is taken only for names the
            // cheap bound does not already put below the worst kept candidate.
            // They start where `key`'s exact names end (its lookup above found that place: no second
            // lookup). The end of the names under the prefix: a gallop from there (a few steps for an
            // ordinary query), not a binary search over the whole index.
            var cursor = KeyIndex.Cursor(names)
            let i = keyEnd
            cursor.load(i)
            var end = i
            if i < names.count && cursor.key.starts(with: key) {
                cursor.skip(prefix: key[...])
                end = cursor.position
            }
            if !prefix(end - i) { return nil }
            let queryLength = key.count
            var k = i
            while k < end {
                // A whole block of names passed at once when none of them can reach the worst kept score
                // (`PrefixBlocks`): under one letter, most blocks hold only small towns and long names.
                if k == i || k & PrefixBlocks.mask == 0, let threshold = top.threshold,
                   prefixBlocks.bound(block: k >> PrefixBlocks.shift, queryLength: queryLength) < threshold {
                    k = (k | PrefixBlocks.mask) + 1
                    continue
                }
                defer { k += 1 }
                let posting = names.posting(k)
                guard let (kind, scored, population) = admit(posting, qualifier: qualifier, codesAllowed: false, flag: false)
                else { continue }
                let length = names.keyLength(k, decoding: &cursor)
                let coverage = Double(key.count) / Double(max(length, key.count))
                if let threshold = top.threshold,
                   ForwardScore.prefixBound(kind, coverage: coverage, population: scored) < threshold {
                    continue
                }
                top.offer(ForwardCandidate(isCity: kind.isCity, target: posting.target,
                                           score: ForwardScore.prefix(kind, coverage: coverage, population: scored),
                                           text: k, type: .prefix, population: population, isDivision: kind.isDivision))
            }
        }
        /// The names within `bound` edits of `key`: first the keys that share its first scalar (fast, and
        /// most typos keep it); only when none is close enough, every other key, so "Fermany" still finds
        /// Germany (`parts`).
        /// Scored as `extra` more edits than counted.
        /// Bound 0 (a skeleton of fewer than 4 letters) takes the keys equal to `key`.
        func fuzzyWalk(_ key: [UInt8], bound: Int, extra: Int, parts: [KeyIndex.FirstByte]) {
            func offer(_ entry: Int, _ distance: Int) {
                let posting = names.posting(entry)
                guard let (kind, scored, population) = admit(posting, qualifier: qualifier, codesAllowed: false, flag: false)
                else { return }
                top.offer(ForwardCandidate(isCity: kind.isCity, target: posting.target,
                                           score: ForwardScore.fuzzy(kind, distance: distance + extra, population: scored),
                                           text: entry, type: .fuzzy, population: population, isDivision: kind.isDivision))
            }
            if bound == 0 {
                names.forEachEntry(equalTo: key) { entry, _ in offer(entry, 0) }
                return
            }
            for part in parts where top.items.isEmpty {
                names.forEachFuzzy(key, bound: bound, firstByte: part, offer)
            }
        }
        if top.items.isEmpty {
            let bound = KeyIndex.editBound(forKey: key)
            if bound > 0 && !fuzzy(bound) { return nil }
            fuzzyWalk(key, bound: bound, extra: 0, parts: [.same, .other])
        }
        // "ऍन्डोरा", "ജർമനി": a Brahmic or South-East Asian name written with other vowel signs, viramas or
        // tone marks than any the data has, read when nothing else matched, typos included: its consonant
        // skeleton (its spelled key, which starts with `NameFolding.skeletonMarker`; the index holds every
        // such name's skeleton too, all before the plain keys), walked with the skeleton's own bound (the
        // `.same` walk reads only the skeletons that start with its first letter). A fuzzy match, one edit
        // worse than counted: the reading ignored the vowels, so an equal skeleton scores as one typo (a
        // skeleton of fewer than 4 letters only so).
        if top.items.isEmpty, let skeleton = spelledPlace(), skeleton.first == NameFolding.skeletonMarker {
            let bound = KeyIndex.editBound(forQueryLength: KeyIndex.scalarCount(skeleton) - 1)
            if bound > 0 && !fuzzy(bound) { return nil }
            fuzzyWalk(skeleton, bound: bound, extra: 1, parts: [.same])
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
                NameFolding.fold(UnsafeBufferPointer(rebasing: utf8[start..<end]), spelled: false, into: &part)
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
        admin1Names.forEachEntry(equalTo: key) { _, posting in result.admin1.append(posting.target) }
        names.forEachEntry(equalTo: key) { _, posting in
            if let kind = posting.kind, !kind.isCity, kind != .admin1, !kind.isDivision, posting.target < countryCodes.count {
                let code = countryCodes[posting.target]
                if code != 0 { result.countries.append(code) }
            }
        }
        return result.admin1.isEmpty && result.countries.isEmpty ? nil : result
    }
}
