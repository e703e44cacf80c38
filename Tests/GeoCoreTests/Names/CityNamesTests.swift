import Testing
@testable import GeoCore

/// `city-names.tsv`: cities' names in other languages (CLDR's exemplar cities), joined to the cities by
/// geonameid. (A bad file is refused naming the line: `NameDataTSVTests`.) `lang` shows a city's name in that language, dropping
/// subtags as for countries, else its GeoNames name; a row for no loaded city is skipped; the binary index
/// keeps the names, and a damaged one (a name for a city past the table) is refused.
@Suite("City names in other languages")
struct CityNamesTests {
    static let table = """
        geonameid\tlang\tname
        7\tes\tBurgo del Oeste
        7\tru\tВестбург
        7\tpt-BR\tVestburgo
        8\tes\tPuerto Este
        99\tes\tNingunaparte

        """

    static func gazetteer(translations: Bool = true) throws -> CountryGazetteer {
        var names = NameData(cities: [
            CityRow(geonameid: 7, name: "Westburg", lat: 5, lon: 2, country: "AA", population: 20_000),
            CityRow(geonameid: 8, name: "Easthaven", lat: 5, lon: 8, country: "AA", population: 10_000),
        ])
        if translations { names.cityNames = try NameData.parseCityNames(Array(table.utf8)) }
        return try PlacemarkFixture.countries().withNames(names)
    }

    @Test("the table parses, row by row")
    func parses() throws {
        let rows = try NameData.parseCityNames(Array(Self.table.utf8))
        #expect(rows.count == 5)
        #expect(rows[0] == CityNameRow(geonameid: 7, lang: "es", name: "Burgo del Oeste"))
        #expect(rows[2].lang == "pt-BR" && rows[4].geonameid == 99)
    }

    @Test("the message names city-names.tsv and the line")
    func message() {
        #expect(NameDataError(file: .cityNames, line: 3, problem: .number(column: "geonameid")).message
            == "city-names.tsv line 3: geonameid is not a valid number")
    }

    @Test("lang: the city's name in that language, subtags dropped, else its GeoNames name", arguments: [
        ("es", "Burgo del Oeste"), ("ES", "Burgo del Oeste"), ("es-MX", "Burgo del Oeste"), ("pt-BR", "Vestburgo"),
        ("pt", "Westburg"), ("ru", "Вестбург"), ("de", "Westburg"),
    ])
    func lang(_ language: String, _ name: String) throws {
        let gazetteer = try Self.gazetteer()
        let c = try #require(gazetteer.forward("Westburg", options: ForwardOptions(limit: 1)).first?.cityIndex)
        #expect(gazetteer.city(c, language: language).name == name)
        #expect(gazetteer.city(c).name == "Westburg")
    }

    @Test("the names are shown, not searched; without the table lang shows the GeoNames name")
    func shownNotSearched() throws {
        let full = try Self.gazetteer()
        for query in ["Vestburgo", "Burgo del Oeste", "Вестбург"] {
            // At most a fuzzy match of the city's own name ("Vestburgo" is two edits from "Westburg").
            #expect(full.forward(query, options: ForwardOptions(limit: 5)).allSatisfy { $0.matched == "Westburg" }, "\(query)")
        }
        let bare = try Self.gazetteer(translations: false)
        let c = try #require(bare.forward("Easthaven", options: ForwardOptions(limit: 1)).first?.cityIndex)
        #expect(bare.city(c, language: "es").name == "Easthaven")
        #expect(bare.contents.cityTranslations == 0 && bare.contents.citiesTranslated == 0)
    }

    @Test("serverInfo's counts: rows for loaded cities only (the row for geonameid 99 is skipped)")
    func counts() throws {
        let contents = try Self.gazetteer().contents
        #expect(contents.cityTranslations == 4 && contents.cityLanguages == 3 && contents.citiesTranslated == 2)
    }

    @Test("the binary index keeps the names")
    func binary() throws {
        let gazetteer = try Self.gazetteer()
        let loaded = try CountryGazetteer(binary: gazetteer.binaryIndex(sourceKey: (5, 6)), sourceKey: (5, 6))
        let c = try #require(loaded.forward("Easthaven", options: ForwardOptions(limit: 1)).first?.cityIndex)
        #expect(loaded.city(c, language: "es-AR").name == "Puerto Este")
        #expect(loaded.contents.cityTranslations == 4)
    }

    @Test("more cities than 16 bits can number: the names of the last ones are still theirs")
    func wideNumbers() {
        let triples: [(language: [UInt8], code: UInt32, text: UInt32)] = [
            (Array("fr".utf8), 70_000, 1), (Array("fr".utf8), 4_464, 2), (Array("de".utf8), 70_000, 3),
        ]
        let names = LocalizedNames(triples)
        #expect(names.text(code: 70_000, language: Array("fr".utf8)) == 1)
        #expect(names.text(code: 4_464, language: Array("fr".utf8)) == 2)
        #expect(names.text(code: 70_000, language: Array("de-at".utf8)) == 3)
        #expect(names.text(code: 4_464, language: Array("de".utf8)) == nil)
        #expect(names.distinctCodes(below: 100_000) == 2)
        #expect(names.distinctCodes(below: 10_000) == 1, "only 4,464 is below 10,000")
    }
}
