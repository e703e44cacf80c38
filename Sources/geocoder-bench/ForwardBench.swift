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
/// city (the 2,000 most populous cities' names), qualified city ("name, admin-1 name" for the same cities),
/// prefix (the first 5 bytes of country and city names), fuzzy (country and city names of 8+ letters with
/// one inner letter dropped). Each class runs `runs` passes; the figure is the median pass's time per
/// query (thread CPU time), with limit 5.
func forwardBench(dataPath: String, runs: Int, only: String?) {
    let directory = dataPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    func table(_ name: String) -> [UInt8] {
        readFile((directory.isEmpty ? "." : directory) + "/" + name) ?? []
    }
    guard let geoJSON = readFile(dataPath) else { say("cannot read \(dataPath)"); exit(1) }
    let names: NameData
    do throws(NameDataError) {
        names = try NameData.parse(countryNames: table("country-names.tsv"), admin1: table("admin1.tsv"),
                                   cities: table("cities.tsv"))
    } catch {
        say("cannot load the name tables: \(error.message)")
        exit(1)
    }
    let start = now()
    let gazetteer: CountryGazetteer
    do throws(GazetteerError) {
        gazetteer = try CountryGazetteer.load(geoJSON: geoJSON).withNames(names)
    } catch {
        say("cannot load \(dataPath): \(error.message)")
        exit(1)
    }
    let size = gazetteer.forwardIndexSize
    say("forward index: \(gazetteer.countries.count) countries, \(gazetteer.cityCount) cities, \(size.names) names, "
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
    let classes: [(String, [String])] = [
        ("exact country", gazetteer.countries.map { $0.name }),
        ("alias", names.countryNames.filter { $0.kind != .name }.map { $0.name }),
        ("city", bigCities.map { $0.name }),
        ("qualified city", bigCities.compactMap { c in admin1Names[c.country + "." + c.admin1].map { c.name + ", " + $0 } }),
        ("prefix", gazetteer.countries.map { String($0.name.prefix(5)) } + bigCities.prefix(250).map { String($0.name.prefix(5)) }),
        ("fuzzy", (gazetteer.countries.map { $0.name } + bigCities.prefix(500).map { $0.name }).compactMap(dropInner)),
    ]
    for (label, queries) in classes where only.map({ label.hasPrefix($0) }) ?? true {
        var times: [Double] = []
        var results = 0, classMatches = 0
        for run in 0..<runs {
            let t0 = cpuNow()
            for q in queries {
                let found = gazetteer.forward(q, limit: 5)
                if run == 0 {
                    results += found.count
                    if let best = found.first, label.hasPrefix(best.matchType.name)
                        || (label == "exact country" && best.matchType == .exact)
                        || (label.hasSuffix("city") && best.isCity) { classMatches += 1 }
                }
            }
            times.append((cpuNow() - t0) / Double(queries.count) * 1e6)
        }
        say("  forwardGeocode \(label): \(fixed(median(times), 2)) µs/query median (\(queries.count) queries, "
            + "best match of the class for \(classMatches))")
    }
}
