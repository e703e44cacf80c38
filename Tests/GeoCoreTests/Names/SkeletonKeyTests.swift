import Testing
@testable import GeoCore

/// Issue 16, item 1: Brahmic and South-East Asian names spelled with other vowel signs. A name's spelled
/// key drops the skeleton marks (`NameFolding.skeletonMarks`: vowel signs, viramas, tone marks) after
/// `NameFolding.skeletonMarker`, and forward search reads a query's skeleton last, when nothing else matched.
@Suite("Consonant skeletons: Brahmic and South-East Asian vowel-sign variants")
struct SkeletonKeyTests {
    static func spelled(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var copy = text
        copy.withUTF8 { NameFolding.fold($0, spelled: true, into: &out) }
        return out
    }

    /// ("আলব্যানিয়া" has a ya-phala, a virama and the letter ya: its skeleton keeps the ya, one edit away.)
    @Test("spellings that differ only in vowel signs share a skeleton that no plain key equals")
    func variantsShareASkeleton() {
        let pairs = [("আলবানিয়া", "আলবেনিয়া"), ("ऍन्डोरा", "ऍनडोरा"), ("กัมพูชา", "กัมพุชา"),
                     ("ກຳປູເຈຍ", "ກຳປູເຈັຍ"), ("ကမ္ဘောဒီးယား", "ကမ္ဘောဒီယား"), ("កម្ពុជា", "កម្ពជា")]
        for (a, b) in pairs {
            #expect(NameFolding.key(a) != NameFolding.key(b), "the plain keys keep the marks: \(a) \(b)")
            let skeleton = NameFolding.spelledKey(a)
            #expect(skeleton != nil && skeleton == NameFolding.spelledKey(b), "\(a) \(b)")
            #expect(skeleton?.first == NameFolding.skeletonMarker)
            #expect(skeleton.map { !$0.dropFirst().contains(NameFolding.skeletonMarker) } == true, "one marker, first")
        }
        #expect(Self.spelled("আলবেনিয়া") == [NameFolding.skeletonMarker] + Array("আলবনয".utf8))
    }

    @Test("text without skeleton marks gets no marker; Latin spelled keys are unchanged")
    func noMarkerWithoutMarks() {
        #expect(NameFolding.spelledKey("Paris") == nil)
        #expect(NameFolding.spelledKey("Österreich") == Array("oesterreich".utf8))
        #expect(NameFolding.spelledKey("ভরত") == nil, "consonants only: the skeleton is the plain key")
        #expect(NameFolding.spelledKey("ཀ\u{0F90}") == nil, "Tibetan subjoined letters are letters, not marks")
        #expect(!Self.spelled("موسى ελλάς 東京").contains(NameFolding.skeletonMarker))
    }

    @Test("a fold stopped by its limit gives the first bytes of the whole spelled key")
    func limitGivesAPrefix() {
        for text in ["আলব্যানিয়া", " ऍन्डोरा ", "ประเทศ ไทย", "ab ক্", "কখ"] {
            let whole = Self.spelled(text)
            for limit in 1...(whole.count + 1) {
                var part: [UInt8] = []
                var copy = text
                copy.withUTF8 { NameFolding.fold($0, spelled: true, into: &part, limit: limit) }
                #expect(whole.starts(with: part) && part.count >= Swift.min(limit, whole.count), "\(text) \(limit)")
            }
        }
    }

    @Test("leading and trailing separators fold away after the marker, as in a plain key")
    func separatorsAroundTheSkeleton() {
        #expect(Self.spelled("  ऍन्डोरा, ") == Self.spelled("ऍन्डोरा"))
    }

    /// The generated table against Swift's own Unicode properties: every listed scalar is a combining
    /// mark (Mn or Mc), and every combining mark of those blocks that Unicode 14 (the table's) assigns is
    /// listed, except Tibetan's subjoined consonants.
    @Test("the skeleton-mark table is the Mn and Mc of the Brahmic and South-East Asian blocks")
    func tableMatchesUnicode() {
        var listed = Set<UInt32>()
        var k = 0
        while k + 1 < NameFolding.skeletonMarks.count {
            #expect(NameFolding.skeletonMarks[k] <= NameFolding.skeletonMarks[k + 1])
            for v in NameFolding.skeletonMarks[k]...NameFolding.skeletonMarks[k + 1] { listed.insert(v) }
            k += 2
        }
        let blocks: [ClosedRange<UInt32>] = [0x0900...0x109F, 0x1780...0x17FF]
        for block in blocks {
            for v in block {
                guard let scalar = Unicode.Scalar(v) else { continue }
                let category = scalar.properties.generalCategory
                let isMark = category == .nonspacingMark || category == .spacingMark
                if listed.contains(v) { #expect(isMark, "U+\(String(v, radix: 16)) listed but not a mark") }
                let subjoined = v >= 0x0F8D && v <= 0x0FBC
                if isMark && !subjoined, let age = scalar.properties.age, age.major < 14 || (age.major == 14 && age.minor == 0) {
                    #expect(listed.contains(v), "U+\(String(v, radix: 16)) is a mark but not listed")
                }
                let bytes = Array(String(Character(scalar)).utf8)
                let found = bytes.withUnsafeBufferPointer { NameFolding.hasSkeletonMark($0) }
                #expect(found == listed.contains(v), "hasSkeletonMark U+\(String(v, radix: 16))")
            }
        }
    }

    static let countryNames = """
        code\tlang\tkind\tname
        DE\tbn\tname\tজার্মানি
        DE\ten\tname\tGermany
        AT\thi\tname\tऑस्ट्रिया
        AT\ten\tname\tAustria
        FR\thi\tname\tफ़्रांस
        FR\ten\tname\tFrance

        """

    static let cities = """
        geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\talternatenames
        1\tParis\t48.85341\t2.3488\tFR\t11\t2138551\t
        2\tJoromon\t51.0\t11.0\tDE\t02\t6000\tজরমন

        """

    static func gazetteer() throws -> CountryGazetteer {
        let data = try NameData.parse(countryNames: Array(countryNames.utf8), admin1: Array("country\tcode\tname\talternates\n".utf8),
                                      cities: Array(cities.utf8))
        return ForwardFixture.countriesOnly().withNames(data)
    }

    /// The first result: its country's ISO code (a country's, or a city's), the city's name, its match type.
    func first(_ gazetteer: CountryGazetteer, _ query: String) -> (String?, String?, String?) {
        guard let match = gazetteer.forward(query, options: ForwardOptions()).first else { return (nil, nil, nil) }
        return describe(gazetteer, match)
    }

    func describe(_ gazetteer: CountryGazetteer, _ match: ForwardMatch) -> (String?, String?, String?) {
        if let city = match.cityIndex {
            let c = gazetteer.city(city)
            return (c.iso2, c.name, match.matchType.name)
        }
        return (match.countryIndex.flatMap { gazetteer.countries[$0].iso2 }, nil, match.matchType.name)
    }

    @Test("a query whose vowel signs differ beyond the edit bound finds its country by the skeleton")
    func skeletonFindsTheCountry() throws {
        let gazetteer = try Self.gazetteer()
        // Three scalar edits from "ऑस्ट्रिया" (two viramas missing, ि as ी): beyond the plain bound of 2.
        let (austria, _, austriaType) = first(gazetteer, "ऑसटरीया")
        #expect(austria == "AT")
        #expect(austriaType == "fuzzy", "an equal skeleton scores as one typo")
        // A skeleton of 3 letters (फ़रस, France's "फ़्रांस") is taken only equal; the plain key is 3 edits off.
        let (france, _, franceType) = first(gazetteer, "फ़िरिस")
        #expect(france == "FR" && franceType == "fuzzy")
        let scores = gazetteer.forward("फ़िरिस", options: ForwardOptions()).map(\.score)
        #expect(scores.first == ForwardScore.fuzzy(.countryName, distance: 1, population: 0))
        // The skeleton জরমনয is one edit from Germany's জরমন: the skeleton's own fuzzy walk.
        let (germany, _, germanyType) = first(gazetteer, "জারমেনীয়")
        #expect(germany == "DE")
        #expect(germanyType == "fuzzy")
    }

    @Test("a plain match always wins: the skeleton is read only when nothing else matched")
    func plainMatchFirst() throws {
        let gazetteer = try Self.gazetteer()
        // "জরমন" is a city's alternate name exactly, and Germany's skeleton: the city alone.
        let results = gazetteer.forward("জরমন", options: ForwardOptions()).map { describe(gazetteer, $0) }
        #expect(results.first?.1 == "Joromon")
        #expect(!results.contains { $0.0 == "DE" && $0.1 == nil })
        // The country's own spelling is an exact match, never through its skeleton.
        let (germany, _, type) = first(gazetteer, "জার্মানি")
        #expect(germany == "DE" && type == "exact")
    }
}
