import Testing
@testable import GeoCore

/// Issue 16: how a forward query is read (whole comma forms, codes in capitals, trailing qualifiers,
/// words around a country's name) and ranked (own names over alternates, capitals first).
@Suite("Forward ranking: readings of a query and the order of places")
struct ForwardRankingTests {
    static let countryNames = """
        code\tlang\tkind\tname
        DE\ten\tname\tGermany
        AT\ten\tname\tAustria
        AT\tde\tname\tÖsterreich
        AT\tvi\tname\tDé
        NL\ten\tname\tNetherlands
        NL\ten\tvariant\tKingdom of the Netherlands
        US\ten\tname\tUnited States
        FR\ten\tname\tFrance
        FR\tund\talias\tFrance, French Republic
        CH\ten\tname\tSwitzerland
        CH\tde\tname\tSchweiz
        NL\tla\tname\tAmsterdam

        """

    static let admin1 = """
        country\tcode\tname\talternates
        US\tTX\tTexas\tTX
        US\tCA\tCalifornia\tCA
        FR\t11\tÎle-de-France\t

        """

    /// Capitals: Islamabad, Victoria (SC), Hong Kong (whose alternates include "Victoria"), San José (CR),
    /// Jamestown (SH), Plymouth (MS, no people), Amsterdam, Dili (whose alternates include "Delhi", as Delhi's
    /// include "Dili").
    /// "Amsterdam" as a name of the Netherlands (la) is made up: it stands for a country's name in another
    /// language that is a capital's own name, as Bosnian "Tunis" is Tunisia's and Finnish "Brasilia" Brazil's.
    static let cities = """
        geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\talternatenames\tcapital
        1\tParis\t48.85341\t2.3488\tFR\t11\t2138551\t\t1
        2\tParis\t33.66094\t-95.55551\tUS\tTX\t24782\t\t
        3\tIslamabad\t33.72148\t73.04329\tPK\t08\t601600\t\t1
        4\tChattogram\t22.3384\t91.83168\tBD\t84\t3920222\tIslamabad|Chittagong\t
        5\tVictoria\t-4.62001\t55.45501\tSC\t10\t22881\t\t1
        6\tHong Kong\t22.27832\t114.17469\tHK\t00\t7396076\tVictoria\t1
        7\tSan José\t9.93388\t-84.08489\tCR\t08\t335007\tSan Jose\t1
        8\tSan Jose\t37.33939\t-121.89496\tUS\tCA\t997368\t\t
        9\tJamestown\t-15.92488\t-5.71816\tSH\t00\t637\t\t1
        10\tJamestown\t42.097\t-79.23533\tUS\tNY\t30075\t\t
        11\tSaint Petersburg\t59.93863\t30.31413\tRU\t66\t5351935\tSt. Petersburg\t
        12\tSt. Petersburg\t27.77086\t-82.67927\tUS\tFL\t258308\t\t
        13\tPlymouth\t16.70555\t-62.21292\tMS\t01\t0\t\t1
        14\tPlymouth\t50.37153\t-4.14305\tGB\tENG\t260203\t\t
        15\tPlymouth\t45.01052\t-93.45551\tUS\tMN\t75907\t\t
        16\tPlymouth\t41.67204\t-73.05289\tUS\tCT\t12284\t\t
        17\tPlymouth\t41.34366\t-86.30973\tUS\tIN\t10035\t\t
        18\tPlymouth\t42.37143\t-83.47021\tUS\tMI\t8905\t\t
        19\tPlymouth\t41.95844\t-70.66726\tUS\tMA\t60000\t\t
        20\tFrankfurt am Main\t50.11552\t8.68417\tDE\t05\t650000\tFrankfurt\t
        21\tFrankfort\t38.20091\t-84.87328\tUS\tKY\t27679\tFrankfurt\t
        22\tAmsterdam\t52.37403\t4.88969\tNL\t07\t741636\t\t1
        23\tDelhi\t28.65195\t77.23149\tIN\t07\t11034555\tDili\t
        24\tDili\t-8.55861\t125.57361\tTL\tDI\t150000\tDelhi\t1
        25\tSaint-Louis\t16.01793\t-16.48962\tSN\t15\t176000\t\t

        """

    let gazetteer: CountryGazetteer

    init() throws {
        let data = try NameData.parse(countryNames: Array(Self.countryNames.utf8), admin1: Array(Self.admin1.utf8),
                                      cities: Array(Self.cities.utf8))
        gazetteer = ForwardFixture.countriesOnly().withNames(data)
    }

    func describe(_ match: ForwardMatch) -> String {
        if let city = match.cityIndex {
            let c = gazetteer.city(city)
            return c.name + "/" + c.iso2
        }
        return match.countryIndex.map { gazetteer.countries[$0].name } ?? "?"
    }

    func names(_ query: String, _ options: ForwardOptions = ForwardOptions()) -> [String] {
        gazetteer.forward(query, options: options).map(describe)
    }

    @Test("a place's own name ranks above another place's alternate name")
    func ownNameFirst() {
        #expect(names("Islamabad").first == "Islamabad/PK")
        // Hong Kong is a capital too: its weight is for its own name, not for "Victoria".
        #expect(names("Victoria").first == "Victoria/SC")
        #expect(names("Victoria").contains("Hong Kong/HK"))
        // Each is the other's alternate, and one spelling of it: the own name first both ways.
        #expect(names("Dili").first == "Dili/TL")
        #expect(names("Delhi").first == "Delhi/IN")
        // An alternate that spells the own name differently is not lowered.
        #expect(names("St. Petersburg").first == "Saint Petersburg/RU")
        #expect(names("Frankfurt").first == "Frankfurt am Main/DE")
    }

    @Test("a capital ranks first within 100× of another place's population, and stays in the default list")
    func capitalsFirst() {
        #expect(names("San Jose").first == "San José/CR")
        #expect(names("Jamestown").first == "Jamestown/SH")  // 637 people against New York's 30,075
        #expect(names("Plymouth").contains("Plymouth/MS"))
        #expect(names("Plymouth").first == "Plymouth/GB")  // no people against 260,203
        // Prefixes keep the 10×: Jamestown, New York is the first name starting "Jamesto".
        #expect(names("Jamesto").first == "Jamestown/US")
    }

    @Test("a capital's own name ranks above a country's name in another language, not above its own name")
    func capitalOverForeignCountryName() {
        #expect(names("Amsterdam").first == "Amsterdam/NL")
        #expect(names("Amsterdam").contains("Netherlands"))
        #expect(names("Netherlands").first == "Netherlands")
    }

    @Test("a list of one place's names in several languages finds the place")
    func listedNames() {
        #expect(names("Schweiz / Suisse / Svizzera").first == "Switzerland")
        #expect(names("SWITZERLAND (SCHWEIZ)").first == "Switzerland")
        #expect(names("Österreich - Austria").first == "Austria")
        #expect(names("Nowhere / Noplace").isEmpty)
        // A name followed by the same name in another script, with no separator but the space.
        #expect(names("Österreich Австрия").first == "Austria")
        #expect(names("Σουηδία Schweiz").first == "Switzerland")
        #expect(names("Nowhere Нигде").isEmpty)
    }


    @Test("a code in capitals ranks its country first; in lower case it stays near the top")
    func codesFirst() {
        #expect(names("DE").first == "Germany")
        #expect(names("de").first == "Austria")  // Vietnamese "Dé" folds to the code's letters
        #expect(names("de").prefix(3).contains("Germany"))
        #expect(names("DEU").first == "Germany")
    }

    @Test("match: code matches codes only and never falls back to names; name leaves codes out")
    func matchModes() {
        // Clipperton shares France's codes, so it follows.
        #expect(names("FRA", ForwardOptions(match: .code)) == ["France", "Clipperton I."])
        #expect(names("fra", ForwardOptions(match: .code)) == ["France", "Clipperton I."])
        #expect(names("Fran", ForwardOptions(match: .code)).isEmpty)
        #expect(names("France", ForwardOptions(match: .code)).isEmpty)
        #expect(!names("DE", ForwardOptions(match: .name)).contains("Germany"))
        #expect(names("Germany", ForwardOptions(match: .name)).first == "Germany")
    }

    @Test("a comma form is tried whole, then swapped, then its head as a country, before a qualifier")
    func commaForms() {
        #expect(names("France, French Republic").first == "France")
        #expect(names("Netherlands, Kingdom of the").first == "Netherlands")
        #expect(names("Switzerland, Swiss Confederation").first == "Switzerland")
        #expect(names("Paris, Texas") == ["Paris/US"])
        #expect(names("Paris, Nowhere").isEmpty)
    }

    @Test("words around a country's name do not stop the match")
    func wordsAround() {
        #expect(names("The Republic of Austria").first == "Austria")
        #expect(names("Republik Österreich").first == "Austria")
        #expect(names("THE SWITZERLAND").first == "Switzerland")
        #expect(names("Germany Republic").first == "Germany")
    }

    @Test("st and saint, mt and mount read the other way when the query names nothing as written")
    func abbreviations() {
        #expect(names("St Louis").first == "Saint-Louis/SN")
        #expect(names("St. Louis").first == "Saint-Louis/SN")
        // Written as the data writes it, the name is found without the other reading.
        #expect(names("Saint Petersburg").first == "Saint Petersburg/RU")
        #expect(names("Mt Nowhere").isEmpty)
    }

    @Test("the last word or two qualify the rest when the whole names nothing")
    func trailingQualifier() {
        #expect(names("Paris TX") == ["Paris/US"])
        #expect(names("Paris Texas") == ["Paris/US"])
        #expect(names("Paris FR") == ["Paris/FR"])
        #expect(names("Paris France") == ["Paris/FR"])
        #expect(names("San Jose CA").first == "San Jose/US")
    }
}

@Suite("ForwardQuery: the readings of a query")
struct ForwardQueryTests {
    func key(_ text: String) -> [UInt8] { NameFolding.key(text) }

    @Test func upperCaseCode() {
        #expect(ForwardQuery.isUpperCaseCode("AO"))
        #expect(ForwardQuery.isUpperCaseCode("NGA"))
        #expect(!ForwardQuery.isUpperCaseCode("ao"))
        #expect(!ForwardQuery.isUpperCaseCode("Ao"))
        #expect(!ForwardQuery.isUpperCaseCode("A"))
        #expect(!ForwardQuery.isUpperCaseCode("ABCD"))
        #expect(!ForwardQuery.isUpperCaseCode("A1"))
    }

    @Test func swapped() {
        #expect(ForwardQuery.swappedAtComma("Korea, Republic of") == " Republic of Korea")
        #expect(ForwardQuery.swappedAtComma("Korea,") == nil)
        #expect(ForwardQuery.swappedAtComma("a, b, c") == nil)
        #expect(ForwardQuery.headBeforeComma("Taiwan, Province of China") == key("Taiwan"))
        #expect(ForwardQuery.headBeforeComma(", x") == nil)
    }

    @Test func trailing() {
        let splits = ForwardQuery.trailingQualifiers(key("Paris New York"))
        #expect(splits.map(\.place) == [key("paris new"), key("paris")])
        #expect(splits.map(\.qualifier) == [key("york"), key("new york")])
        #expect(ForwardQuery.trailingQualifiers(key("Paris")).isEmpty)
    }

    @Test("a query's runs of words in one script, split where the script changes")
    func scriptRuns() {
        #expect(ForwardQuery.scriptRuns("Tchad تشاد") == [key("tchad"), key("تشاد")])
        #expect(ForwardQuery.scriptRuns("Comores Komori جزر القمر") == [key("comores komori"), key("جزر القمر")])
        #expect(ForwardQuery.scriptRuns("1 Москва Moscow") == [key("1 москва"), key("moscow")], "digits join the next word's run")
        #expect(ForwardQuery.scriptRuns("São Tomé and Príncipe").isEmpty, "Latin with accents is one script")
        #expect(ForwardQuery.scriptRuns("Hà Nội Việt Nam").isEmpty, "Vietnamese letters (U+1E00–U+1EFF) are Latin")
        #expect(ForwardQuery.scriptRuns("Москва").isEmpty && ForwardQuery.scriptRuns("Paris").isEmpty)
        // Ethiopic spans two 256-code-point blocks (ጊ U+130A, ቢ U+1262): one script, no split.
        #expect(ForwardQuery.scriptRuns("ጊኒ ቢሳኦ").isEmpty)
        // A right-to-left mark before a word is not its first letter.
        #expect(ForwardQuery.scriptRuns("Bahrain \u{200F}البحرين").count == 2)
    }

    @Test func stripped() {
        #expect(ForwardQuery.strippedKeys(key("THE TURKISH REPUBLIC")).contains(key("turkish republic")))
        #expect(ForwardQuery.strippedKeys(key("The Democratic Republic of the Congo"))
            .contains(key("democratic republic of the congo")))
        #expect(ForwardQuery.strippedKeys(key("Kingdom of Spain")) == [key("spain")])
        #expect(ForwardQuery.strippedKeys(key("Spain")).isEmpty)
        #expect(ForwardQuery.strippedKeys(key("Republic")).isEmpty)
        #expect(ForwardQuery.strippedKeys(key("Orílẹ́ède Ààngólà")) == [key("Ààngólà")])  // Yoruba "country"
        #expect(ForwardQuery.strippedKeys(key("Jamhuri ya Kenya")) == [key("Kenya")])
        #expect(ForwardQuery.strippedKeys(key("Azərbaycan Respublikası")) == [key("Azərbaycan")])
        #expect(ForwardQuery.strippedKeys(key("Республика Черногория")) == [key("Черногория")])
        #expect(ForwardQuery.strippedKeys(key("FIJI ISLANDS")) == [key("fiji")])
        #expect(ForwardQuery.strippedKeys(key("Islands of Bermuda")) == [key("bermuda")])
    }

    @Test func listed() {
        #expect(ForwardQuery.listedNames("België / Belgique / Belgien") == [key("België"), key("Belgique"), key("Belgien")])
        #expect(ForwardQuery.listedNames("Schweiz/Suisse") == [key("Schweiz"), key("Suisse")])
        #expect(ForwardQuery.listedNames("Κύπρος - Kıbrıs") == [key("Κύπρος"), key("Kıbrıs")])
        #expect(ForwardQuery.listedNames("Guinea-Bissau").isEmpty)  // a hyphen inside a name
        #expect(ForwardQuery.listedNames("CHINA (MAINLAND)") == [key("China"), key("Mainland")])
        #expect(ForwardQuery.listedNames("Netherlands (Kingdom of the)") == [key("Netherlands"), key("Kingdom of the")])
        #expect(ForwardQuery.listedNames("(Belgium)").isEmpty)  // one name only
        #expect(ForwardQuery.listedNames("Belgium").isEmpty)
        #expect(ForwardQuery.listedNames("Belgium /").isEmpty)  // one name only
        #expect(ForwardQuery.listedNames(String(repeating: "a/", count: 100)).count <= 1)
        #expect(ForwardQuery.listedNames((1...20).map { "n\($0)" }.joined(separator: "/")).count
            == ForwardQuery.maxListedNames)
    }

    @Test func abbreviation() {
        #expect(ForwardQuery.abbreviationKey(key("St. Vincent and the Grenadines")) == key("saint vincent and the grenadines"))
        #expect(ForwardQuery.abbreviationKey(key("Saint Kitts")) == key("st kitts"))
        #expect(ForwardQuery.abbreviationKey(key("Ste-Lucie")) == key("sainte lucie"))
        #expect(ForwardQuery.abbreviationKey(key("Mt Hagen Ft Worth")) == key("mount hagen fort worth"))
        #expect(ForwardQuery.abbreviationKey(key("Stanley")) == nil)  // whole words only
        #expect(ForwardQuery.abbreviationKey(key("Paris")) == nil)
        #expect(ForwardQuery.abbreviationKey(Array(repeating: 0x61, count: 300) + key(" st")) == nil)  // bounded
    }

    @Test func spelling() {
        #expect(ForwardQuery.isSpelling(key("St. Petersburg"), of: key("Saint Petersburg")))
        #expect(ForwardQuery.isSpelling(key("Genova"), of: key("Genoa")))
        #expect(ForwardQuery.isSpelling(key("Frankfurt"), of: key("Frankfurt am Main")))
        #expect(!ForwardQuery.isSpelling(key("Victoria"), of: key("Hong Kong")))
        #expect(!ForwardQuery.isSpelling(key("Islamabad"), of: key("Chattogram")))
        #expect(!ForwardQuery.isSpelling(key("Kingstown"), of: key("Kingston upon Hull")))
    }
}

@Suite("cities.tsv capital column")
struct CityCapitalColumnTests {
    @Test("the capital column marks capitals; a file without it still loads, with none")
    func parses() throws {
        let rows = try NameData.parseCities(Array(ForwardRankingTests.cities.utf8))
        #expect(rows.filter(\.capital).map(\.geonameid) == [1, 3, 5, 6, 7, 9, 13, 22, 24])
        let old = NameData.citiesHeaderWithoutCapital + "\n1\tX\t1\t2\tFR\t\t5\t\n"
        #expect(try NameData.parseCities(Array(old.utf8)).map(\.capital) == [false])
    }

    @Test("a capital value other than 1 or empty is refused with its line")
    func refuses() {
        let text = NameData.citiesHeader + "\n1\tX\t1\t2\tFR\t\t5\t\tyes\n"
        #expect(throws: NameDataError(file: .cities, line: 2, problem: .number(column: "capital"))) {
            try NameData.parseCities(Array(text.utf8))
        }
    }

    @Test("the capital column survives the binary index")
    func binary() throws {
        let data = try NameData.parse(countryNames: Array(ForwardRankingTests.countryNames.utf8),
                                      admin1: Array(ForwardRankingTests.admin1.utf8),
                                      cities: Array(ForwardRankingTests.cities.utf8))
        let built = ForwardFixture.countriesOnly().withNames(data)
        let loaded = try CountryGazetteer(binary: built.binaryIndex(sourceKey: (1, 2)), sourceKey: (1, 2))
        #expect(loaded.forward("San Jose", options: ForwardOptions()).map(\.cityIndex) == built.forward("San Jose", options: ForwardOptions()).map(\.cityIndex))
        #expect(loaded.forward("San Jose", options: ForwardOptions()).first.flatMap(\.cityIndex).map { loaded.city($0).iso2 } == "CR")
    }
}
