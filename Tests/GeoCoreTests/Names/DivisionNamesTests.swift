import Testing
@testable import GeoCore

/// `admin1-names.tsv`: the admin-1 divisions' names in other languages (Debian iso-codes), joined to the
/// admin-1 layer by ISO 3166-2 code. A bad file is refused naming the line; a name is found as the
/// division's own names are (same match type and score); `lang` shows it as the division's `name` and as a
/// city's `admin1`, dropping subtags as for countries, else English; the binary index keeps it.
///
/// The world is the placemark fixture's (divisions West/Ouest AA-W joined to GeoNames AA.01, East/Est
/// AA-E, Nord BB-N, South/Sud BB-S).
@Suite("Admin-1 division names in other languages")
struct DivisionNamesTests {
    static let table = """
        code\tlang\tname
        AA-W\tes\tOccidente
        AA-W\tru\tЗапад
        AA-W\tpt-BR\tOcidente
        AA-E\tes\tOriente
        BB-N\tja\tノール
        ZZ-9\tes\tNingunaparte

        """

    static func gazetteer(translations: Bool = true) throws -> CountryGazetteer {
        var names = NameData(admin1: [Admin1Row(country: "AA", code: "01", name: "Westprovinz")],
                             cities: [CityRow(geonameid: 7, name: "Westburg", lat: 5, lon: 2, country: "AA", admin1: "01",
                                              population: 20_000)])
        if translations { names.admin1Names = try NameData.parseAdmin1Names(Array(table.utf8)) }
        return try PlacemarkFixture.countries().withLayers(admin1: PlacemarkFixture.admin1(), timezones: nil).withNames(names)
    }

    @Test("the table parses, row by row")
    func parses() throws {
        let rows = try NameData.parseAdmin1Names(Array(Self.table.utf8))
        #expect(rows.count == 6)
        #expect(rows[0] == Admin1NameRow(code: "AA-W", lang: "es", name: "Occidente"))
        #expect(rows[2].lang == "pt-BR")
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let text: String
        let line: Int
        let problem: NameDataError.Problem
        var testDescription: String { "line \(line): \(problem)" }
    }

    @Test("a bad file is refused, naming the line", arguments: [
        Bad(text: "code\tname\n", line: 1, problem: .header(expected: NameData.admin1NamesHeader)),
        Bad(text: "code\tlang\tname\nAA-W\tes\tOccidente\nAAW\tes\tX\n", line: 3, problem: .subdivisionCode(column: "code")),
        Bad(text: "code\tlang\tname\naa-w\tes\tX\n", line: 2, problem: .subdivisionCode(column: "code")),
        Bad(text: "code\tlang\tname\nAA-WXYZ\tes\tX\n", line: 2, problem: .subdivisionCode(column: "code")),
        Bad(text: "code\tlang\tname\nAA-W\t\tX\n", line: 2, problem: .emptyField(column: "lang")),
        Bad(text: "code\tlang\tname\nAA-W\tes\t\n", line: 2, problem: .emptyField(column: "name")),
        Bad(text: "code\tlang\tname\nAA-W\tes\n", line: 2, problem: .fieldCount(expected: 3, found: 2)),
    ])
    func refuses(_ bad: Bad) {
        #expect(throws: NameDataError(file: .admin1Names, line: bad.line, problem: bad.problem)) {
            try NameData.parseAdmin1Names(Array(bad.text.utf8))
        }
    }

    @Test("the message names admin1-names.tsv and the line")
    func message() {
        #expect(NameDataError(file: .admin1Names, line: 3, problem: .subdivisionCode(column: "code")).message
            == "admin1-names.tsv line 3: code is not an ISO 3166-2 code (like US-TX)")
    }

    @Test("ISO 3166-2 codes: two letters, a dash, one to three letters or digits", arguments: [
        ("US-TX", true), ("FR-971", true), ("GB-SCT", true), ("DE-B", true), ("US-", false), ("US-TEXA", false),
        ("us-TX", false), ("USA-TX", false), ("US_TX", false), ("US-T.", false),
    ])
    func codes(_ code: String, _ valid: Bool) {
        #expect(NameData.isSubdivisionCode(code) == valid)
    }

    @Test("a translated name finds its division as its own names do: same match type and score",
          arguments: [("Occidente", "AA-W"), ("occidente", "AA-W"), ("Запад", "AA-W"), ("Ocidente", "AA-W"),
                      ("Oriente", "AA-E"), ("ノール", "BB-N")])
    func finds(_ query: String, _ code: String) throws {
        let gazetteer = try Self.gazetteer()
        let match = try #require(gazetteer.forward(query, options: ForwardOptions(limit: 1)).first)
        let own = try #require(gazetteer.forward("Ouest", options: ForwardOptions(limit: 1)).first)
        let d = try #require(match.divisionIndex)
        #expect(gazetteer.division(d).iso3166_2 == code)
        #expect(match.matchType.name == "exact" && match.score == own.score)
    }

    @Test("without the table the translations find nothing; a code no division has is skipped")
    func withoutTable() throws {
        let bare = try Self.gazetteer(translations: false)
        #expect(bare.forward("Occidente", options: ForwardOptions(limit: 5)).allSatisfy { $0.divisionIndex == nil })
        let full = try Self.gazetteer()
        #expect(full.forward("Ningunaparte", options: ForwardOptions(limit: 5)).isEmpty)
        #expect(full.contents.admin1Translations == 5 && full.contents.admin1Languages == 4)
        #expect(bare.contents.admin1Translations == 0 && bare.contents.admin1Languages == 0)
    }

    @Test("lang: the division's name in that language, subtags dropped, else English", arguments: [
        ("es", "Occidente"), ("ES", "Occidente"), ("es-MX", "Occidente"), ("pt-BR", "Ocidente"), ("pt", "West"),
        ("ru", "Запад"), ("de", "West"),
    ])
    func lang(_ language: String, _ name: String) throws {
        let gazetteer = try Self.gazetteer()
        let d = try #require(gazetteer.forward("AA-W", options: ForwardOptions(limit: 1)).first?.divisionIndex)
        #expect(gazetteer.division(d, language: language).name == name)
        #expect(gazetteer.divisionName(d, language: language) == name)
        #expect(gazetteer.division(d).name == "West")
    }

    @Test("lang: a city's admin1 in that language, through the GeoNames division joined to the layer's")
    func cityAdmin1() throws {
        let gazetteer = try Self.gazetteer()
        let c = try #require(gazetteer.forward("Westburg", options: ForwardOptions(limit: 1)).first?.cityIndex)
        #expect(gazetteer.city(c).admin1 == "Westprovinz")
        #expect(gazetteer.city(c, language: "es").admin1 == "Occidente")
        #expect(gazetteer.city(c, language: "de").admin1 == "Westprovinz")
    }

    @Test("the binary index keeps the names and their languages")
    func binary() throws {
        let gazetteer = try Self.gazetteer()
        let loaded = try CountryGazetteer(binary: gazetteer.binaryIndex(sourceKey: (5, 6)), sourceKey: (5, 6))
        for query in ["Occidente", "Запад", "ノール"] {
            let a = gazetteer.forward(query, options: ForwardOptions(limit: 1)).first?.divisionIndex
            let b = loaded.forward(query, options: ForwardOptions(limit: 1)).first?.divisionIndex
            #expect(a != nil && a == b, "\(query)")
        }
        let d = try #require(loaded.forward("AA-W", options: ForwardOptions(limit: 1)).first?.divisionIndex)
        #expect(loaded.divisionName(d, language: "es-MX") == "Occidente")
        #expect(loaded.contents.admin1Translations == 5)
    }
}
