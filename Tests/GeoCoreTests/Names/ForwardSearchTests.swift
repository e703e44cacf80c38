import Testing
@testable import GeoCore

@Suite("Forward search: what people type finds the place")
struct ForwardSearchTests {
    let gazetteer: CountryGazetteer

    init() throws {
        gazetteer = try ForwardFixture.gazetteer()
    }

    /// The first result's display name (English), kind and match type.
    func best(_ query: String, _ options: ForwardOptions = ForwardOptions()) -> (name: String, kind: String, type: String, matched: String)? {
        guard let match = gazetteer.forward(query, options: options).first else { return nil }
        return (describe(match), match.isCity ? "city" : "country", match.matchType.name, match.matched)
    }

    func describe(_ match: ForwardMatch) -> String {
        if let city = match.cityIndex {
            let c = gazetteer.city(city)
            return c.name + "/" + c.iso2 + (c.admin1.map { "/" + $0 } ?? "")
        }
        return match.countryIndex.map { gazetteer.countries[$0].name } ?? "?"
    }

    func names(_ query: String, _ options: ForwardOptions = ForwardOptions()) -> [String] {
        gazetteer.forward(query, options: options).map(describe)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let query: String
        let expected: String
        let kind: String
        let type: String
        var testDescription: String { "\(query) → \(expected) (\(type))" }
    }

    @Test("the best match for each kind of query", arguments: [
        Case(query: "Germany", expected: "Germany", kind: "country", type: "exact"),
        Case(query: "germany", expected: "Germany", kind: "country", type: "exact"),
        Case(query: "Deutschland", expected: "Germany", kind: "country", type: "exact"),
        Case(query: "FRANÇA", expected: "France", kind: "country", type: "exact"),
        Case(query: "franca", expected: "France", kind: "country", type: "exact"),
        Case(query: "法國", expected: "France", kind: "country", type: "exact"),
        Case(query: "Österreich", expected: "Austria", kind: "country", type: "exact"),
        Case(query: "Oesterreich", expected: "Austria", kind: "country", type: "exact"),
        Case(query: "Osterreich", expected: "Austria", kind: "country", type: "exact"),
        Case(query: "DE", expected: "Germany", kind: "country", type: "exact"),
        Case(query: "deu", expected: "Germany", kind: "country", type: "exact"),
        Case(query: "276", expected: "Germany", kind: "country", type: "exact"),
        Case(query: "FR", expected: "France", kind: "country", type: "exact"),
        Case(query: "🇩🇪", expected: "Germany", kind: "country", type: "exact"),
        Case(query: " 🇺🇸 ", expected: "United States of America", kind: "country", type: "exact"),
        Case(query: "USA", expected: "United States of America", kind: "country", type: "exact"),
        Case(query: "America", expected: "United States of America", kind: "country", type: "alias"),
        Case(query: "U.S.A.", expected: "United States of America", kind: "country", type: "alias"),
        Case(query: "Holland", expected: "Netherlands", kind: "country", type: "alias"),
        Case(query: "Switz", expected: "Switzerland", kind: "country", type: "prefix"),
        Case(query: "Neth", expected: "Netherlands", kind: "country", type: "prefix"),
        Case(query: "Germny", expected: "Germany", kind: "country", type: "fuzzy"),
        Case(query: "Frnace", expected: "France", kind: "country", type: "fuzzy"),
        Case(query: "Swtizerland", expected: "Switzerland", kind: "country", type: "fuzzy"),
        Case(query: "Netherlnds", expected: "Netherlands", kind: "country", type: "fuzzy"),
        Case(query: "Fermany", expected: "Germany", kind: "country", type: "fuzzy"),
        Case(query: "Paris", expected: "Paris/FR/Île-de-France", kind: "city", type: "exact"),
        Case(query: "Parigi", expected: "Paris/FR/Île-de-France", kind: "city", type: "exact"),
        Case(query: "Roma", expected: "Rome/IT", kind: "city", type: "exact"),
        Case(query: "Munich", expected: "Munich/DE/Bavaria", kind: "city", type: "exact"),
        Case(query: "München", expected: "Munich/DE/Bavaria", kind: "city", type: "exact"),
        Case(query: "Muenchen", expected: "Munich/DE/Bavaria", kind: "city", type: "exact"),
        Case(query: "мюнхен", expected: "Munich/DE/Bavaria", kind: "city", type: "exact"),
        Case(query: "Zurich", expected: "Zürich/CH", kind: "city", type: "exact"),
        Case(query: "Paris, Texas", expected: "Paris/US/Texas", kind: "city", type: "exact"),
        Case(query: "paris,tx", expected: "Paris/US/Texas", kind: "city", type: "exact"),
        Case(query: "Paris, France", expected: "Paris/FR/Île-de-France", kind: "city", type: "exact"),
        Case(query: "Paris, FR", expected: "Paris/FR/Île-de-France", kind: "city", type: "exact"),
        Case(query: "Springfield, Illinois", expected: "Springfield/US/Illinois", kind: "city", type: "exact"),
        Case(query: "Springfield, Ill.", expected: "Springfield/US/Illinois", kind: "city", type: "exact"),
        Case(query: "Springfield, Massachusetts", expected: "Springfield/US/Massachusetts", kind: "city", type: "exact"),
        Case(query: "Cambridge, MA", expected: "Cambridge/US/Massachusetts", kind: "city", type: "exact"),
        Case(query: "Cambridge, England", expected: "Cambridge/GB/England", kind: "city", type: "exact"),
        Case(query: "Munich, Bayern", expected: "Munich/DE/Bavaria", kind: "city", type: "exact"),
        Case(query: "Munich, Deutschland", expected: "Munich/DE/Bavaria", kind: "city", type: "exact"),
        Case(query: "Paris, Texas, USA", expected: "Paris/US/Texas", kind: "city", type: "exact"),
    ])
    func bestMatch(_ c: Case) throws {
        let found = try #require(best(c.query), "no result for \(c.query)")
        #expect(found.name == c.expected)
        #expect(found.kind == c.kind)
        #expect(found.type == c.type)
    }

    @Test("matched is the name as the data spells it")
    func matchedText() throws {
        #expect(best("oesterreich")?.matched == "Österreich")
        #expect(best("🇫🇷")?.matched == "FR")
        #expect(best("Muenchen")?.matched == "München")
        #expect(best("Germny")?.matched == "Germany")
    }

    @Test("cities rank by population inside a tier; a country alias beats a small town's exact name")
    func ranking() {
        #expect(names("Paris") == ["Paris/FR/Île-de-France", "Paris/US/Texas"])
        #expect(names("Roma") == ["Rome/IT", "Roma/AU"])
        #expect(names("Holland") == ["Netherlands", "Holland/US/Michigan"])
        let scores = gazetteer.forward("Holland", limit: 5).map { $0.score }
        #expect(scores == scores.sorted(by: >))
        #expect(scores.allSatisfy { $0 > 0 && $0 <= 1 })
        // A country's prefix comes before a city's prefix of the same query.
        #expect(names("Germ") == ["Germany", "Germantown/US"])
    }

    @Test("exact before alias before prefix before fuzzy, each in its own score band")
    func tiers() throws {
        let exact = try #require(gazetteer.forward("Germany", limit: 1).first).score
        // "Holland", not "USA": USA is also an ISO code, and a code in capitals ranks first (issue 16).
        let alias = try #require(gazetteer.forward("Holland", limit: 1).first).score
        let prefix = try #require(gazetteer.forward("Germa", limit: 1).first).score
        let fuzzy = try #require(gazetteer.forward("Germny", limit: 1).first).score
        #expect(exact == 1)
        #expect(exact > alias && alias > prefix && prefix > fuzzy && fuzzy > 0)
    }

    @Test("each place appears once, with its best match")
    func oncePerPlace() {
        let munich = gazetteer.forward("Munich", limit: 10).filter { $0.cityIndex != nil && gazetteer.city($0.cityIndex!).geonameid == 7 }
        #expect(munich.count == 1)
        let germany = gazetteer.forward("de", limit: 10).filter { $0.countryIndex == 0 && $0.cityIndex == nil }
        #expect(germany.count == 1)
        #expect(germany.first?.matchType == .exact, "the code beats the prefix of Deutschland")
    }

    @Test("codes match only whole; short queries get no fuzzy matches")
    func codesWhole() {
        #expect(!names("27").contains("Germany"), "27 is not a prefix match for 276")
        #expect(names("DEX").isEmpty, "3 bytes: no edit allowed")
        #expect(names("qwxzzy").isEmpty)
    }

    @Test("qualifiers that name nothing give nothing; qualified queries return cities only")
    func qualifiers() {
        #expect(names("Paris, Narnia").isEmpty)
        #expect(names("Springfield, Texas").isEmpty)
        #expect(names("Holland, Michigan") == ["Holland/US/Michigan"])
        #expect(names("Paris, ") == names("Paris"), "an empty qualifier is ignored")
    }

    @Test("countryCodes and kinds filter the results")
    func filters() {
        #expect(names("Paris", ForwardOptions(countryCodes: ["US"])) == ["Paris/US/Texas"])
        #expect(names("Holland", ForwardOptions(countries: false)) == ["Holland/US/Michigan"])
        #expect(names("Holland", ForwardOptions(cities: false)) == ["Netherlands"])
        #expect(names("Germany", ForwardOptions(countryCodes: ["FR"])).isEmpty)
        #expect(names("Paris", ForwardOptions(limit: 1)) == ["Paris/FR/Île-de-France"])
    }

    @Test("country names in the caller's language, dropping subtags, then English")
    func languages() {
        #expect(gazetteer.countryName(iso2: "DE", language: "de") == "Deutschland")
        #expect(gazetteer.countryName(iso2: "FR", language: "pt-br") == "França")
        #expect(gazetteer.countryName(iso2: "FR", language: "zh-Hant-TW") == "法國")
        #expect(gazetteer.countryName(iso2: "FR", language: "xx") == "France")
        #expect(gazetteer.countryName(iso2: "GB", language: "de") == "Vereinigtes Königreich", "a code without a feature still has names")
        #expect(gazetteer.countryName(iso2: "GB", language: nil) == nil)
        #expect(gazetteer.countryName(4, language: "de") == "Frankreich")
    }

    @Test("a city in a country with no Natural Earth feature keeps its code; several features with one code resolve to the country itself")
    func countriesOfCities() throws {
        let cambridge = try #require(gazetteer.forward("Cambridge, England", limit: 1).first)
        #expect(cambridge.countryIndex == nil)
        #expect(gazetteer.city(try #require(cambridge.cityIndex)).iso2 == "GB")
        let paris = try #require(gazetteer.forward("Paris", limit: 1).first)
        #expect(paris.countryIndex.map { gazetteer.countries[$0].adm0a3 } == "FRA", "France, not Clipperton")
        let flag = gazetteer.forward("🇫🇷", limit: 5)
        #expect(flag.count == 2 && flag.first.flatMap { $0.countryIndex }.map { gazetteer.countries[$0].adm0a3 } == "FRA")
    }

    @Test("city fields come back as the table gave them")
    func cityFields() throws {
        let paris = try #require(gazetteer.forward("Paris", limit: 1).first?.cityIndex)
        let city = gazetteer.city(paris)
        #expect(city.geonameid == 1 && city.population == 2_138_551)
        #expect(city.point == GeoPoint(lat: 48.85341, lon: 2.3488))
        #expect(city.admin1 == "Île-de-France")
        #expect(gazetteer.city(try #require(gazetteer.forward("Roma", options: ForwardOptions(countryCodes: ["AU"])).first?.cityIndex)).admin1 == nil,
                "an admin-1 code missing from admin1.tsv gives no division")
    }

    @Test("without name tables, the Natural Earth names still search")
    func countriesOnly() {
        let plain = ForwardFixture.countriesOnly()
        #expect(plain.forward("Federal Republic of Germany", limit: 1).first?.countryIndex == 0)
        #expect(plain.forward("Paris", limit: 5).isEmpty)
        #expect(plain.cityCount == 0)
    }

    @Test("population quality and log10")
    func scoreParts() {
        #expect(abs(ForwardScore.log10(1000) - 3) < 1e-9)
        #expect(abs(ForwardScore.log10(2_138_551) - 6.330119) < 1e-6)
        #expect(ForwardScore.populationQuality(5000) < 0.01)
        #expect(ForwardScore.populationQuality(100_000_000) == 1)
    }
}
