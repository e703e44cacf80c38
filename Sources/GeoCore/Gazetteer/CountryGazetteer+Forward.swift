/// Forward search: countries and cities by name, with the names shown in the caller's language.
extension CountryGazetteer {
    /// This gazetteer with the CLDR country names, admin-1 divisions and cities of `data` added to its
    /// forward search (the countries, grid and everything else are shared, not copied).
    ///
    /// The admin-1 layer, when this gazetteer already has it (`withLayers`), adds its divisions as forward
    /// results (kind admin1, issue 15): add the layers first, then the names.
    /// - Complexity: O(n log n) in the number of names (about a second for 700,000).
    public func withNames(_ data: consuming NameData) -> CountryGazetteer {
        var copy = CountryGazetteer(countries: countries, index: index, centroids: centroids, boxes: boxes,
                                    search: ForwardIndex(countries: countries, data: consume data, layers: layers))
        copy.layers = layers
        return copy
    }

    /// Countries and cities whose names match `query`, best first.
    ///
    /// Matching ignores case, diacritics and punctuation, also finds German umlauts spelled out
    /// ("Oesterreich") and names typed without their apostrophes ("Ozbekiston", "Cote dIvoire"), flag emoji ("🇫🇷"), ISO alpha-2/alpha-3/numeric codes (whole only), names that start
    /// with the query, and — when nothing else matches — names within 1 edit (queries of 4–7 bytes) or 2
    /// (8 or more). "Paris, Texas": text after commas must name the city's admin-1 division or its country,
    /// and only cities are returned. Scores: `ForwardScore`; each place appears once, with its best match.
    /// - Parameters:
    ///   - query: what the user typed.
    ///   - options: limit, language, country filter, kinds.
    /// - Returns: at most `options.limit` matches, by score, then countries before cities, then larger
    ///   population, then name; empty when nothing matches.
    /// - Complexity: O(log n) for exact queries; see `ForwardIndex.search`.
    public func forward(_ query: String, options: ForwardOptions) -> [ForwardMatch] {
        forward(query, options: options, fuzzy: { _ in true }) ?? []
    }

    /// As ``forward(_:options:)``, asking `fuzzy` (with the edit bound, 1 or 2) before the fuzzy walk,
    /// the one costly tier, which only a query that matches nothing else reaches, and `prefix` (with the
    /// number of names that start with the query) before the prefix scan.
    /// - Returns: nil when `fuzzy` or `prefix` returned false: nothing was searched past that point.
    public func forward(_ query: String, options: ForwardOptions, fuzzy: (_ editBound: Int) -> Bool,
                        prefix: (_ names: Int) -> Bool = { _ in true }) -> [ForwardMatch]? {
        let index = search
        guard var found = index.search(query, options: options, countries: countries, fuzzy: fuzzy, prefix: prefix)
        else { return nil }
        // Numbers first (no capture of the gazetteer: copying it into a closure costs a retain per table).
        found.sort { $0.beats($1) }
        // Equal score, kind and population: by English name, as documented (rare, so names are decoded only here).
        var start = 0
        while start < found.count {
            var end = start + 1
            while end < found.count && found[end].score == found[start].score && found[end].group == found[start].group
                && found[end].population == found[start].population { end += 1 }
            if end - start > 1 {
                let named = found[start..<end].map { (candidate: $0, name: Array(placeName($0).utf8)) }
                let ordered = named.sorted { a, b in
                    a.name != b.name ? a.name.lexicographicallyPrecedes(b.name) : a.candidate.target < b.candidate.target
                }
                for (k, item) in ordered.enumerated() { found[start + k] = item.candidate }
            }
            start = end
        }
        var matches: [ForwardMatch] = []
        matches.reserveCapacity(found.count)
        for c in found {
            let countryIndex = c.isCity ? index.countryOfCode[index.cities.places.country[c.target]]
                : (c.isDivision ? index.divisionCountry(c.target) : c.target)
            matches.append(ForwardMatch(countryIndex: countryIndex, cityIndex: c.isCity ? c.target : nil,
                                        divisionIndex: c.isDivision ? c.target : nil, score: c.score,
                                        matched: index.names.text(c.text), matchType: c.type))
        }
        return matches
    }

    /// `forward(_:options:)` with only a limit: countries and cities, English names.
    public func forward(_ query: String, limit: Int) -> [ForwardMatch] {
        forward(query, options: ForwardOptions(limit: limit))
    }

    /// The number of cities forward search knows.
    public var cityCount: Int { search.cities.count }

    /// City `index` (`ForwardMatch.cityIndex`), decoded; its `name` in `language` (subtags dropped from the
    /// right as for countries) when `Data/city-names.tsv` has one, else its GeoNames name; its `admin1` in
    /// `language` (as `divisionName`) when its GeoNames division is joined to an admin-1 layer division with
    /// a name in that language.
    public func city(_ index: Int, language: String? = nil) -> City {
        let table = search.cities
        let division = Int(table.places.admin1[index])
        var admin1: String? = nil
        if division >= 0 {
            let d = division < search.divisionOfAdmin1.count ? Int(search.divisionOfAdmin1[division]) : -1
            if let language, d >= 0, let text = search.divisionLocalized.text(code: UInt32(d), language: asciiLowercased(language)) {
                admin1 = search.labels.string(text)
            } else {
                admin1 = search.labels.string(Int(search.admin1.name[division]))
            }
        }
        var name = search.names.text(Int(table.name[index]))
        if let language, let text = search.cityLocalized.text(code: UInt32(index), language: asciiLowercased(language)) {
            name = search.cityLabels.string(text)
        }
        return City(geonameid: Int(table.places.geonameid[index]), name: name,
                    point: table.point(index),
                    iso2: CountryCode.unpack(table.places.country[index]),
                    admin1: admin1,
                    population: Int(table.places.population[index]))
    }

    /// The number of admin-1 divisions forward search knows (0 without the admin-1 layer).
    public var divisionCount: Int { search.divisions.count }

    /// Division `index` (`ForwardMatch.divisionIndex`), decoded, its `name` in `language` (`divisionName`).
    public func division(_ index: Int, language: String? = nil) -> Division {
        let table = search.divisions
        func label(_ t: UInt32) -> String? { t == DivisionTable.none ? nil : search.labels.string(Int(t)) }
        return Division(name: divisionName(index, language: language), iso3166_2: label(table.iso[index]),
                        type: label(table.type[index]), centroid: table.centroid(index), bounds: table.box(index))
    }

    /// Division `index`'s name in `language` (a BCP 47 tag, any case; subtags are dropped from the right until
    /// `Data/admin1-names.tsv` has a name, as for countries), else its English name (the local one where the
    /// data has no English name).
    public func divisionName(_ index: Int, language: String?) -> String {
        if let language, let text = search.divisionLocalized.text(code: UInt32(index), language: asciiLowercased(language)) {
            return search.labels.string(text)
        }
        let t = search.divisions.name[index]
        return t == DivisionTable.none ? "" : search.labels.string(Int(t))
    }

    /// The name of the country with ISO alpha-2 `iso2` in `language` (a BCP 47 tag, any case; subtags are
    /// dropped from the right until CLDR has a name), else the Natural Earth English name; nil when
    /// neither knows the code.
    public func countryName(iso2: String, language: String?) -> String? {
        guard let code = CountryCode.pack(iso2) else { return nil }
        if let language, let text = search.localized.text(code: UInt32(code), language: asciiLowercased(language)) {
            return search.labels.string(text)
        }
        return search.countryOfCode[code].map { countries[$0].name }
    }

    /// Country `index`'s name in `language`, falling back as `countryName(iso2:language:)` does.
    public func countryName(_ index: Int, language: String?) -> String {
        if let language, let iso2 = countries[index].iso2, let name = countryName(iso2: iso2, language: language) {
            return name
        }
        return countries[index].name
    }

    /// The candidate's display name in English, for ordering ties.
    private func placeName(_ candidate: ForwardCandidate) -> String {
        if candidate.isDivision { return search.labels.string(Int(search.divisions.name[candidate.target])) }
        return candidate.isCity ? search.names.text(Int(search.cities.name[candidate.target])) : countries[candidate.target].name
    }
}

extension CountryGazetteer {
    /// The forward-search tables' sizes, for benchmarks: entries in the name index, and the bytes of every
    /// forward table (name index, cities, divisions, localized names) as they lie in the binary index.
    public var forwardIndexSize: (names: Int, bytes: Int) {
        var out = BinaryWriter()
        search.writePlaces(to: &out)
        search.writeNames(to: &out)
        return (search.names.count, out.bytes.count)
    }
}
