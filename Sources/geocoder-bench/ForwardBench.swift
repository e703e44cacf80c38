#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// `geocoder-bench --forward`: forwardGeocode latency per query class, in-process, with the name tables
/// of Data/ (BENCHMARKS.md, "Forward search (issue 5)").
///
/// Query classes, each built from the data so every query has an answer of that class:
/// exact country (Natural Earth English names), alias (CLDR short/variant forms and curated aliases),
/// exact official (ISO official names and their translations, from iso-country-names.tsv),
/// city (the 2,000 most populous cities' names), qualified city ("name, admin-1 name" for the same cities),
/// prefix (the first 5 bytes of country and city names), fuzzy (country and city names of 8+ letters with
/// one inner letter dropped), no match (8 and 20 letters no name is near: the whole fuzzy walk), and the
/// non-Latin typo (country names in Russian, Arabic, Hindi, Thai, Bengali and Lao with one letter replaced by
/// another of the same script), the worst cases of issue 13: one- and two-letter prefixes with limit 250, and 64 KiB queries (random
/// ASCII, one repeated letter, non-Latin, 1,000 flag emoji, "a,a,a,…", combining marks). Each class runs
/// `runs` passes; the figure is the median pass's time per query (thread CPU time), with limit 5 unless
/// the class says otherwise. Given `queries` (`--query`), only those run, each timed on its own (the worst
/// queries the classes print, to profile or compare binaries on them).
///
/// The admin-1 layer (admin1-polygons.geojson) and its names in other languages (admin1-names.tsv) are loaded
/// as the server loads them, when beside the data; `GEOCODER_BENCH_NO_ADMIN1_NAMES=1` leaves the names out,
/// for a before/after of the table in one build (class "exact admin-1 translated": 2,000 of its names).
func forwardBench(dataPath: String, runs: Int, only: String?, queries given: [String] = []) {
    let directory = dataPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    func table(_ name: String) -> [UInt8] {
        readFile((directory.isEmpty ? "." : directory) + "/" + name) ?? []
    }
    guard let geoJSON = readFile(dataPath) else { say("cannot read \(dataPath)"); exit(1) }
    var names: NameData
    do throws(NameDataError) {
        names = try NameData.parse(countryNames: table("country-names.tsv"), admin1: table("admin1.tsv"),
                                   cities: table("cities.tsv"))
        // The ISO names, as the server adds them (NameFiles.load); absent from a folder without the file.
        let iso = table("iso-country-names.tsv")
        if !iso.isEmpty { names.countryNames += try NameData.parseCountryNames(iso, file: .isoCountryNames) }
        let translated = table("admin1-names.tsv")
        if !translated.isEmpty { names.admin1Names = try NameData.parseAdmin1Names(translated) }
    } catch {
        say("cannot load the name tables: \(error.message)")
        exit(1)
    }
    // Every 12th translated name: 2,000 spread over the table's codes and languages.
    let translatedQueries = stride(from: 0, to: names.admin1Names.count, by: 12).prefix(2000).map { names.admin1Names[$0].name }
    if getenv("GEOCODER_BENCH_NO_ADMIN1_NAMES") != nil { names.admin1Names = [] }
    let start = now()
    let gazetteer: CountryGazetteer
    do throws(GazetteerError) {
        var loaded = try CountryGazetteer.load(geoJSON: geoJSON)
        let polygons = table("admin1-polygons.geojson")
        if !polygons.isEmpty {
            var warnings: [GeoJSONWarning] = []
            loaded = loaded.withLayers(admin1: try CountryGazetteer.admin1Layer(geoJSON: polygons, warnings: &warnings),
                                       timezones: nil)
        }
        gazetteer = loaded.withNames(names)
    } catch {
        say("cannot load \(dataPath): \(error.message)")
        exit(1)
    }
    let size = gazetteer.forwardIndexSize
    say("forward index: \(gazetteer.countries.count) countries, \(gazetteer.cityCount) cities, "
        + "\(gazetteer.divisionCount) divisions (\(names.admin1Names.count) translated names), \(size.names) names, "
        + "\(fixed(Double(size.bytes) / 1e6, 1)) MB of tables; load + build \(fixed((now() - start) * 1000, 0)) ms")

    var admin1Names: [String: String] = [:]
    for row in names.admin1 { admin1Names[row.country + "." + row.code] = row.name }
    let bigCities = names.cities.sorted { $0.population > $1.population }.prefix(2000)
    func dropInner(_ text: String) -> String? {
        let letters = Array(text)
        guard letters.count >= 8, letters.allSatisfy({ $0.isLetter }) else { return nil }
        var copy = letters
        copy.remove(at: letters.count / 2)
        return String(copy)
    }
    var random: UInt64 = 0x9E37_79B9_7F4A_7C15
    func randomASCII(_ count: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz ".utf8)
        var bytes: [UInt8] = []
        for _ in 0..<count {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes.append(letters[Int(random >> 33) % letters.count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    func randomFrom(_ alphabet: String, _ count: Int) -> String {
        let letters = Array(alphabet)
        var text = ""
        for _ in 0..<count {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            text.append(letters[Int(random >> 33) % letters.count])
        }
        return text
    }
    /// One random edit (drop, insert, replace or swap a letter) of a name.
    func typo(_ text: String) -> String {
        var letters = Array(text)
        guard letters.count >= 2 else { return text }
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let r = Int(random >> 33), i = r % letters.count, letter = Array("abcdefghijklmnopqrstuvwxyz")[(r / 7) % 26]
        switch (r / 200) % 4 {
        case 0: letters.remove(at: i)
        case 1: letters.insert(letter, at: i)
        case 2: letters[i] = letter
        default: if i + 1 < letters.count { letters.swapAt(i, i + 1) }
        }
        return String(letters)
    }
    /// Country names in one script (`lang`), with one letter replaced by another letter of that script's
    /// `alphabet` (a wrong letter costs 2–3 bytes: the walk must count scalars to find these).
    func wrongLetter(lang: String, alphabet: String) -> [String] {
        let letters = Array(alphabet.unicodeScalars)
        return names.countryNames.filter { $0.lang == lang && $0.kind == .name }.prefix(60).compactMap { row in
            var scalars = Array(row.name.unicodeScalars)
            let inner = scalars.indices.filter { letters.contains(scalars[$0]) }
            guard scalars.count >= 5, inner.count >= 3 else { return nil }
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Int(random >> 33), i = inner[1 + r % (inner.count - 1)]
            var replacement = letters[(r / 7) % letters.count]
            if replacement == scalars[i] { replacement = letters[(r / 7 + 1) % letters.count] }
            scalars[i] = replacement
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            return text
        }
    }
    let nonLatinTypos = wrongLetter(lang: "ru", alphabet: "абвгдежзиклмнопрстуфхцчшщыэюя")
        + wrongLetter(lang: "ar", alphabet: "ابتثجحخدذرزسشصضطظعغفقكلمنهوي")
        + wrongLetter(lang: "hi", alphabet: "अआइउएओकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह")
        + wrongLetter(lang: "th", alphabet: "กขคงจฉชซญดตถทธนบปผพฟภมยรลวศษสหอฮ")
        + wrongLetter(lang: "bn", alphabet: "অআইউএওকখগঘচছজঝটঠডঢণতথদধনপফবভমযরলশষসহ")
        + wrongLetter(lang: "lo", alphabet: "ກຂຄງຈຊຍດຕຖທນບປຜຝພຟມຢຣລວສຫອຮ")
    let noMatchLengths = [4, 5, 6, 8, 10, 12, 16, 20, 25, 30]
    let cap = 65_535  // the default maxStringBytes, less one
    func repeated(_ unit: String, _ first: String = "") -> String {
        first + String(repeating: unit, count: (cap - first.utf8.count) / unit.utf8.count)
    }
    let classes: [(String, [String])] = !given.isEmpty ? given.map { ("query " + $0, [$0]) } : [
        ("exact country", gazetteer.countries.map { $0.name }),
        ("alias", names.countryNames.filter { $0.kind == .short || $0.kind == .variant || $0.kind == .alias }.map { $0.name }),
        // ISO names and official names of countries with a feature (a name of a code with none is not indexed).
        ("exact official", names.countryNames.filter { row in
            row.kind == .official && gazetteer.countries.contains { $0.iso2 == row.code }
        }.map { $0.name }),
        ("city", bigCities.map { $0.name }),
        ("exact admin-1 translated", translatedQueries),
        ("qualified city", bigCities.compactMap { c in admin1Names[c.country + "." + c.admin1].map { c.name + ", " + $0 } }),
        ("prefix", gazetteer.countries.map { String($0.name.prefix(5)) } + bigCities.prefix(250).map { String($0.name.prefix(5)) }),
        ("fuzzy", (gazetteer.countries.map { $0.name } + bigCities.prefix(500).map { $0.name }).compactMap(dropInner)),
        ("no match", ["qxzqxzqx", "xqjzvkwq", "qxzqxzqxqxzqxzqxqxzq"]),
        ("no match Latin 4–30 letters", noMatchLengths.flatMap { n in (0..<3).map { _ in randomFrom("qxzjvkwy", n) } }),
        ("no match non-Latin 2–30 letters", ["абвгдежзиклмнопрстуфхцчшщыэюя", "αβγδεζηθικλμνξοπρστυφχψω", "東京大阪名古屋札幌福岡神戸京都横浜",
                                            "ابتثجحخدذرزسشصضطظعغفقكلمنهوي", "अआइईउऊएऐओऔकखगघङचछजझञ"].flatMap { a in
            [2, 3, 4, 6, 10, 15, 30].map { randomFrom(a, $0) } }),
        ("typo non-Latin (ru ar hi th bn lo, one wrong letter)", nonLatinTypos),
        ("typo", bigCities.prefix(300).map { typo($0.name) } + gazetteer.countries.map { typo(typo($0.name)) }),
        ("limit 250 one letter", ["a", "s", "b", "k", "m"]),
        ("limit 250 two letters", ["sa", "ma", "ka", "ba"]),
        ("64 KiB random ASCII", [randomASCII(cap)]),
        ("64 KiB one letter", [repeated("a")]),
        ("64 KiB non-Latin", [repeated("東京"), repeated("москва")]),
        ("1,000 flag emoji", [String(repeating: "🇫🇷", count: 1000)]),
        ("64 KiB of commas", [repeated("a,"), repeated(",France", "Paris")]),
        ("64 KiB combining marks", [repeated("\u{0301}", "a"), repeated("\u{0301}")]),
    ]
    func limit(_ label: String) -> Int { label.hasPrefix("limit 250") ? 250 : 5 }
    for (label, queries) in classes where only.map({ label.hasPrefix($0) }) ?? true {
        var times: [Double] = []
        var perQuery = [[Double]](repeating: [], count: queries.count)
        var results = 0, classMatches = 0
        for run in 0..<runs {
            let t0 = cpuNow()
            for (n, q) in queries.enumerated() {
                let q0 = cpuNow()
                defer { perQuery[n].append(cpuNow() - q0) }
                let found = gazetteer.forward(q, limit: limit(label))
                if run == 0 {
                    results += found.count
                    if let best = found.first, label.hasPrefix(best.matchType.name)
                        || (label == "exact country" && best.matchType == .exact)
                        || (label.hasPrefix("typo") && best.matchType == .fuzzy) || (label.hasSuffix("city") && best.isCity) || (label.hasPrefix("limit") && best.matchType == .prefix) {
                        classMatches += 1
                    }
                }
            }
            times.append((cpuNow() - t0) / Double(queries.count) * 1e6)
        }
        say("  forwardGeocode \(label): \(fixed(median(times), 2)) µs/query median (\(queries.count) queries, "
            + "best match of the class for \(classMatches)); worst query \(fixed((perQuery.map(median).max() ?? 0) * 1000, 3)) ms"
            + (perQuery.count > 1 ? " (" + String(String.UnicodeScalarView(queries[perQuery.indices.max { median(perQuery[$0]) < median(perQuery[$1]) }!].unicodeScalars.prefix(40))) + ")" : ""))
    }
}
