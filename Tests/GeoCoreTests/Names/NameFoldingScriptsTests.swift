import Testing
@testable import GeoCore

/// Issue 16, item 1: what folds in scripts other than Latin (`scripts/gen-name-folding.py`). Index keys and
/// queries go through the same `NameFolding.fold`, so two spellings that fold alike find each other.
@Suite("Name folding in other scripts: Arabic, Persian, Hebrew, Cyrillic, Greek, Han, fullwidth forms")
struct NameFoldingScriptsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let variant: String
        let plain: String
        var testDescription: String { label }
    }

    static let alike: [Case] = [
        Case(label: "Persian yeh and keheh, Arabic yeh and kaf", variant: "ایران کشور", plain: "ايران كشور"),
        Case(label: "alef maksura as yeh", variant: "موسى", plain: "موسي"),
        Case(label: "teh marbuta as heh", variant: "الكويت دولة", plain: "الكويت دوله"),
        Case(label: "hamza above and below on alef", variant: "أفغانستان إيران", plain: "افغانستان ايران"),
        Case(label: "alef madda and alef wasla", variant: "آسيا ٱلبحرين", plain: "اسيا البحرين"),
        Case(label: "hamza on waw and yeh, as with the combining hamza", variant: "ؤئ", plain: "و\u{0654}ي\u{0654}"),
        Case(label: "tatweel dropped", variant: "مصـــر", plain: "مصر"),
        Case(label: "Arabic harakat dropped", variant: "مِصْرُ", plain: "مصر"),
        Case(label: "Quranic annotation marks dropped", variant: "مصر\u{06D6}", plain: "مصر"),
        Case(label: "Hebrew niqqud dropped", variant: "יִשְׂרָאֵל", plain: "ישראל"),
        Case(label: "Cyrillic ё as е", variant: "Объединённые", plain: "объединенные"),
        Case(label: "Greek accents and final sigma", variant: "Ελλάς", plain: "ΕΛΛΑΣ"),
        Case(label: "polytonic Greek", variant: "Ἑλλάς", plain: "ελλας"),
        Case(label: "fullwidth Latin letters and digits", variant: "ＪＡＰＡＮ１２", plain: "japan12"),
        Case(label: "fullwidth punctuation separates", variant: "Ｃôｔｅ（ｄ＇Ｉｖｏｉｒｅ）", plain: "cote d ivoire"),
        Case(label: "halfwidth katakana", variant: "ﾆﾎﾝ", plain: "ニホン"),
        Case(label: "Han traditional as simplified", variant: "臺灣 中華民國", plain: "臺湾 中華民国"),
        Case(label: "Han traditional as simplified, more", variant: "愛爾蘭 義大利 馬來西亞", plain: "爱尔兰 义大利 马来西亚"),
        Case(label: "open e and open o as e and o (Yoruba ɛ/ɔ for ẹ/ọ)", variant: "Orílɛ́ède Ɛmirate ti Awɔn Arabu",
             plain: "Orílẹ́ède Ẹmirate ti Awọn Arabu"),
        Case(label: "open e and open o in capitals", variant: "ƐƆ", plain: "eo"),
    ]

    @Test("variant spellings fold to the same key", arguments: alike)
    func foldAlike(_ c: Case) {
        #expect(NameFolding.key(c.variant) == NameFolding.key(c.plain),
                "\(String(decoding: NameFolding.key(c.variant), as: UTF8.self)) vs \(String(decoding: NameFolding.key(c.plain), as: UTF8.self))")
    }

    static let distinct: [Case] = [
        Case(label: "й is a letter of its own, not и", variant: "Мальдивский", plain: "Мальдивскии"),
        Case(label: "a Han character with no traditional pair here stays", variant: "帛琉", plain: "帕劳"),
    ]

    @Test("letters that differ stay apart", arguments: distinct)
    func foldApart(_ c: Case) {
        #expect(NameFolding.key(c.variant) != NameFolding.key(c.plain))
    }

    @Test("the direct table and the binary search agree for every scalar in the tables")
    func tablesAgree() {
        #expect(NameFolding.key("한국") == Array("한국".utf8), "Korean syllables are kept as they are")
        var k = 0
        while k + 1 < NameFolding.singles.count {
            let v = NameFolding.singles[k]
            #expect(v < NameFolding.directLimit || NameFolding.foldsHigh(v), "U+\(String(v, radix: 16)) is looked up")
            if v < NameFolding.directLimit { #expect(NameFolding.directTable[Int(v)] == NameFolding.singles[k + 1]) }
            k += 2
        }
    }
}
