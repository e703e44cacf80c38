import Testing
@testable import GeoCore

/// `iso-country-names.tsv`: ISO 3166-1 names and official names (Debian iso-codes) in the format of
/// country-names.tsv, searched as the country's own names but never shown as its localized name.
@Suite("ISO names and official names: parsed, and found as exactly as CLDR names")
struct ISOCountryNamesTests {
    static let isoNames = """
        code\tlang\tkind\tname
        DE\tde\tofficial\tBundesrepublik Deutschland
        DE\ten\tofficial\tFederal Republic of Germany
        FR\ten\tiso\tFrance
        FR\tfr\tofficial\tRépublique française
        NL\ten\tofficial\tKingdom of the Netherlands
        NL\tnl\tiso\tNederland (het Koninkrijk)
        US\ten\tiso\tUnited States

        """

    static var rows: [CountryNameRow] {
        get throws { try NameData.parseCountryNames(Array(isoNames.utf8), file: .isoCountryNames) }
    }

    /// The fixture world with the CLDR table, the ISO table added as `NameFiles.load` adds it, or both.
    static func gazetteer(cldr: Bool, iso: Bool) throws -> CountryGazetteer {
        var data = try ForwardFixture.data
        if !cldr { data.countryNames = [] }
        if iso { data.countryNames += try rows }
        return ForwardFixture.countriesOnly().withNames(data)
    }

    @Test("kinds iso and official parse")
    func parses() throws {
        let rows = try Self.rows
        #expect(rows.count == 7)
        #expect(rows[0] == CountryNameRow(code: "DE", lang: "de", kind: .official, name: "Bundesrepublik Deutschland"))
        #expect(rows[2].kind == .iso)
    }

    @Test("a bad line is reported against iso-country-names.tsv, not the CLDR table")
    func errorNamesTheFile() {
        let text = NameData.countryNamesHeader + "\nDE\tde\tofficial\tBundesrepublik Deutschland\nFR\tfr\tformal\tRF\n"
        #expect(throws: NameDataError(file: .isoCountryNames, line: 3, problem: .kind)) {
            try NameData.parseCountryNames(Array(text.utf8), file: .isoCountryNames)
        }
        #expect(NameDataError(file: .isoCountryNames, line: 3, problem: .kind).message
            == "iso-country-names.tsv line 3: kind must be name, short, variant, alias, iso or official")
    }

    @Test("an official name is an exact match that scores as a CLDR name does", arguments: [
        ("Bundesrepublik Deutschland", "Germany"), ("Republique francaise", "France"),
        ("Kingdom of the Netherlands", "Netherlands"), ("nederland (het koninkrijk)", "Netherlands"),
    ])
    func officialExact(_ query: String, _ country: String) throws {
        let gazetteer = try Self.gazetteer(cldr: true, iso: true)
        let match = try #require(gazetteer.forward(query, limit: 1).first)
        let cldr = try #require(gazetteer.forward("Deutschland", limit: 1).first)
        #expect(match.countryIndex.map { gazetteer.countries[$0].name } == country)
        #expect(match.matchType.name == "exact")
        #expect(match.score == cldr.score)
    }

    @Test("without the ISO table the official names are not found exactly")
    func needsTheTable() throws {
        let gazetteer = try Self.gazetteer(cldr: true, iso: false)
        #expect(gazetteer.forward("Bundesrepublik Deutschland", limit: 1).first?.matchType.name != "exact")
        #expect(gazetteer.forward("Republique francaise", limit: 1).first?.matchType.name != "exact")
    }

    @Test("ISO names are searched, not shown: the localized name stays CLDR's")
    func notLabels() throws {
        let gazetteer = try Self.gazetteer(cldr: true, iso: true)
        #expect(gazetteer.countryName(iso2: "DE", language: "de") == "Deutschland")
        #expect(gazetteer.countryName(iso2: "FR", language: "fr") == "France")
        let isoOnly = try Self.gazetteer(cldr: false, iso: true)
        #expect(isoOnly.countryName(iso2: "NL", language: "nl") == "Netherlands")
    }
}
