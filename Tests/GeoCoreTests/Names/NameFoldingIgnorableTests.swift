import Testing
@testable import GeoCore

/// Issue 13, item 16: characters that show nothing (Unicode's default-ignorable code points) are ignored
/// by name search wherever they stand, U+FEFF as much as U+200B; visible separators still separate words.
@Suite("Name folding: invisible characters are ignored")
struct NameFoldingIgnorableTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let text: String
        var testDescription: String { label }
    }

    static let invisible: [Case] = [
        Case(label: "U+FEFF byte order mark first", text: "\u{FEFF}France"),
        Case(label: "U+FEFF inside", text: "Fra\u{FEFF}nce"),
        Case(label: "U+FEFF last", text: "France\u{FEFF}"),
        Case(label: "U+200B zero width space inside", text: "Fran\u{200B}ce"),
        Case(label: "U+200C zero width non-joiner", text: "Fr\u{200C}ance"),
        Case(label: "U+200D zero width joiner", text: "Fr\u{200D}ance"),
        Case(label: "U+200E left-to-right mark", text: "\u{200E}France\u{200E}"),
        Case(label: "U+2060 word joiner", text: "Fran\u{2060}ce"),
        Case(label: "U+2066 isolate", text: "\u{2066}France\u{2069}"),
        Case(label: "U+202A embedding", text: "\u{202A}France\u{202C}"),
        Case(label: "U+00AD soft hyphen", text: "Fran\u{00AD}ce"),
        Case(label: "U+180E Mongolian vowel separator", text: "Fran\u{180E}ce"),
        Case(label: "U+FE0F variation selector", text: "France\u{FE0F}"),
        Case(label: "U+FE00 variation selector", text: "Fr\u{FE00}ance"),
        Case(label: "U+E0100 variation selector supplement", text: "Fran\u{E0100}ce"),
        Case(label: "U+E0041 tag", text: "France\u{E0041}"),
        Case(label: "many of them", text: "\u{FEFF}\u{200B}F\u{00AD}r\u{2060}a\u{200D}n\u{FE0F}c\u{E007F}e\u{FEFF}"),
    ]

    @Test("the key is the plain name's key", arguments: invisible)
    func ignored(_ c: Case) {
        #expect(NameFolding.key(c.text) == Array("france".utf8))
    }

    @Test("a query with invisible characters finds the place, as an exact match", arguments: invisible)
    func found(_ c: Case) throws {
        let gazetteer = try ForwardFixture.gazetteer()
        let best = gazetteer.forward(c.text, limit: 1).first
        #expect(best?.matchType == .exact && best.flatMap { $0.countryIndex.map { gazetteer.countries[$0].name } } == "France")
    }

    @Test("an umlaut split from its letter by an invisible character is still spelled out")
    func umlautAcrossIgnorable() {
        #expect(NameFolding.spelledKey("Mu\u{200D}\u{0308}nchen") == Array("muenchen".utf8))
    }

    @Test("visible separators still separate words")
    func separators() {
        #expect(NameFolding.key("Fran ce") == Array("fran ce".utf8))
        #expect(NameFolding.key("Fran\u{00A0}ce") == Array("fran ce".utf8), "no-break space")
        #expect(NameFolding.key("Fran\u{2013}ce") == Array("fran ce".utf8), "en dash")
        #expect(NameFolding.key("Fran\u{2028}ce") == Array("fran ce".utf8), "line separator")
    }

    @Test("a flag with invisible characters around it is still a flag; three indicators are not")
    func flags() {
        #expect(NameFolding.flagKey("\u{FEFF}🇫🇷\u{FE0F}\u{200B}") == Array("fr".utf8))
        #expect(NameFolding.flagKey("🇫🇷🇩") == nil)
        #expect(NameFolding.flagKey(String(repeating: "🇫🇷", count: 1000)) == nil)
    }
}
