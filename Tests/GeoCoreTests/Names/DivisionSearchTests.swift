import Testing
@testable import GeoCore

/// Issue 15: forward search finds admin-1 divisions by name (local, English, GeoNames and its alternates) and
/// by ISO 3166-2 code, with a point inside them, their box, country, code and type, ranked against countries
/// and cities by the documented rule; the table survives the binary index and damage to it is refused.
///
/// The world is the placemark fixture's (Alphaland AA, Betaland BB, divisions West/Ouest, East/Est, Nord,
/// South/Sud in territory TT, and Nowhere of a country the file lacks), plus a crescent division "Hook" in
/// Betaland whose centroid lies outside it.
@Suite("Forward search: admin-1 divisions")
struct DivisionSearchTests {
    let gazetteer: CountryGazetteer

    /// A "C" open to the east round (15, 5): its area-weighted centroid is in the opening, outside it.
    static let hook = MultiPolygon(polygons: [Polygon(exterior: Ring(points: [
        GeoPoint(lat: 1, lon: 12), GeoPoint(lat: 1, lon: 19), GeoPoint(lat: 2, lon: 19), GeoPoint(lat: 2, lon: 13),
        GeoPoint(lat: 8, lon: 13), GeoPoint(lat: 8, lon: 19), GeoPoint(lat: 9, lon: 19), GeoPoint(lat: 9, lon: 12),
        GeoPoint(lat: 1, lon: 12),
    ]))])

    static func layer() throws -> AreaLayer {
        try layer(adding: ["adm0_a3": "BBB", "iso_3166_2": "BB-H", "name": "Hook", "type": "Region"], area: Self.hook)
    }

    /// The fixture's divisions and one more, with these properties and this area.
    static func layer(adding properties: [String: String], area: MultiPolygon) throws -> AreaLayer {
        let fixture = try PlacemarkFixture.admin1()
        var values: [String?] = []
        var areas: [MultiPolygon] = []
        for k in 0..<fixture.featureCount {
            for slot in 0..<fixture.propertyNames.count { values.append(fixture.value(k, slot)) }
            areas.append(DivisionTable.area(k, in: fixture.index))
        }
        for name in fixture.propertyNames { values.append(properties[name]) }
        areas.append(area)
        return AreaLayer(propertyNames: fixture.propertyNames, values: values, areas: areas, cellSize: 1)
    }

    static func names() -> NameData {
        NameData(admin1: [Admin1Row(country: "AA", code: "01", name: "Westprovinz", alternates: ["WPV"]),
                          Admin1Row(country: "TT", code: "S1", name: "Southland")],
                 cities: [CityRow(geonameid: 1, name: "East", lat: 5, lon: 7, country: "AA", population: 6_000),
                          CityRow(geonameid: 2, name: "West", lat: 5, lon: 15, country: "BB", population: 9_000),
                          CityRow(geonameid: 3, name: "Nord", lat: 7, lon: 15, country: "BB", population: 5_000_000)])
    }

    init() throws {
        gazetteer = try PlacemarkFixture.countries().withLayers(admin1: Self.layer(), timezones: nil).withNames(Self.names())
    }

    /// "kind:name" of each result.
    func results(_ query: String, _ options: ForwardOptions = ForwardOptions(limit: 5)) -> [String] {
        gazetteer.forward(query, options: options).map { m in
            if let d = m.divisionIndex { return "admin1:" + gazetteer.division(d).name }
            if let c = m.cityIndex { return "city:" + gazetteer.city(c).name }
            return "country:" + (m.countryIndex.map { gazetteer.countries[$0].name } ?? "?")
        }
    }

    @Test("by English, local and GeoNames names and alternates, the territory's GeoNames name, and the code whole",
          arguments: [("West", "West"), ("ouest", "West"), ("Westprovinz", "West"), ("WPV", "West"), ("AA-W", "West"),
                      ("aa-w", "West"), ("Sud", "South"), ("Southland", "South"), ("BB-N", "Nord"), ("Hook", "Hook")])
    func finds(query: String, division: String) {
        #expect(results(query).contains("admin1:" + division))
    }

    @Test("a folded territory's ISO 3166-1 codes and name find its division; in capitals the code comes first")
    func territoryCodes() {
        #expect(results("TT").first == "admin1:South")
        #expect(results("TTT").first == "admin1:South")
        #expect(results("tt").contains("admin1:South"))
        #expect(results("Tee Territory").first == "admin1:South")
        #expect(!results("TT", ForwardOptions(limit: 5, match: .name)).contains("admin1:South"))
    }

    @Test("an answer carries the country, ISO 3166-2 code, type, box, and a point inside the division")
    func fields() throws {
        let match = try #require(gazetteer.forward("Ouest", options: ForwardOptions(limit: 1)).first)
        let division = gazetteer.division(try #require(match.divisionIndex))
        #expect(match.countryIndex.map { gazetteer.countries[$0].iso2 } == "AA")
        #expect(division.iso3166_2 == "AA-W" && division.type == "Province" && division.name == "West")
        #expect(division.bounds == GeoBox(minLat: 0, minLon: 0, maxLat: 10, maxLon: 5))
        #expect(abs(division.centroid.lon - 2.5) < 1e-4 && abs(division.centroid.lat - 5) < 0.1)
        // A division of a country the file lacks has none.
        let nowhere = try #require(gazetteer.forward("Nowhere", options: ForwardOptions(limit: 1)).first)
        #expect(nowhere.divisionIndex != nil && nowhere.countryIndex == nil)
    }

    @Test("every division's point is inside it, the crescent's too, though its centroid is not")
    func pointsInside() throws {
        let layer = try #require(gazetteer.admin1Layer)
        #expect(gazetteer.divisionCount == layer.featureCount)
        let centroid = try #require(Spherical.centroid(of: Self.hook))
        #expect(layer.index.area(containing: centroid) != layer.featureCount - 1)
        for k in 0..<gazetteer.divisionCount {
            #expect(layer.index.area(containing: gazetteer.division(k).centroid) == k, "division \(k)")
        }
    }

    @Test("ranking: a city of the name inside the division first, a larger city first, then the division, then towns")
    func ranking() {
        // East (6,000 people) lies in East: the city, then the division.
        #expect(Array(results("East").prefix(2)) == ["city:East", "admin1:East"])
        // West (9,000) lies in Betaland, outside West: the division first.
        #expect(Array(results("West").prefix(2)) == ["admin1:West", "city:West"])
        // Nord (5 M) lies in Nord and is large anyway.
        #expect(Array(results("Nord").prefix(2)) == ["city:Nord", "admin1:Nord"])
        // A country of the name ranks first.
        #expect(results("Alphaland").first == "country:Alphaland")
    }

    @Test("kinds and countryCodes filter divisions; qualified queries return cities only")
    func filters() {
        #expect(!results("West", ForwardOptions(limit: 5, admin1: false)).contains("admin1:West"))
        #expect(results("West", ForwardOptions(limit: 5, countries: false, cities: false)) == ["admin1:West"])
        #expect(!results("West", ForwardOptions(limit: 5, countryCodes: ["BB"])).contains("admin1:West"))
        #expect(results("West", ForwardOptions(limit: 5, countryCodes: ["AA"])).contains("admin1:West"))
        // A division qualified by its own country is found; by another country, or by a division, not.
        #expect(!results("West, Betaland").contains { $0.hasPrefix("admin1:") })
        #expect(results("West, Alphaland").first == "admin1:West")
        #expect(results("Ouest, AA").first == "admin1:West")
        #expect(!results("West, Westprovinz").contains { $0.hasPrefix("admin1:") })
        #expect(results("AA-W", ForwardOptions(limit: 5, match: .name)).isEmpty)
    }

    @Test("the binary index keeps the divisions, and damage to their table is refused or harmless")
    func binary() throws {
        let bytes = gazetteer.binaryIndex(sourceKey: (3, 4))
        let loaded = try CountryGazetteer(binary: bytes, sourceKey: (3, 4))
        for query in ["West", "Ouest", "aa-w", "Hook", "East", "Southland", "Nowher"] {
            #expect(results(query) == DivisionSearchTests(loaded).results(query), "\(query)")
        }
        #expect(loaded.division(0) == gazetteer.division(0))
        var rejected = 0
        DamagedIndex.forEach(of: bytes, step: 97, width: 4, patterns: [0xFF, 0x7F]) { damaged in
            do throws(BinaryFormatError) {
                let g = try CountryGazetteer(binary: damaged, sourceKey: (3, 4))
                for query in ["West", "aa-w", "Hook", "Eas"] {
                    for m in g.forward(query, options: ForwardOptions(limit: 5)) {
                        if let d = m.divisionIndex { _ = g.division(d) }
                    }
                }
            } catch {
                rejected += 1
            }
        }
        #expect(rejected > 0)
    }

    init(_ gazetteer: CountryGazetteer) { self.gazetteer = gazetteer }

    /// The fixture's divisions plus Westmark (AAA, inside West), which shares West's GeoNames code 01.
    static func sharedCodeLayer() throws -> AreaLayer {
        try layer(adding: ["adm0_a3": "AAA", "iso_3166_2": "AA-WM", "name": "Westmark", "type": "Province",
                           "geonames_admin1": "01"],
                  area: MultiPolygon(polygons: [Polygon(exterior: Ring(points: [
                      GeoPoint(lat: 1, lon: 1), GeoPoint(lat: 1, lon: 2), GeoPoint(lat: 2, lon: 2),
                      GeoPoint(lat: 2, lon: 1), GeoPoint(lat: 1, lon: 1),
                  ]))]))
    }

    func sharedCode(_ row: Admin1Row, cities: [CityRow] = []) throws -> [String] {
        let names = NameData(admin1: [row], cities: cities)
        let shared = try PlacemarkFixture.countries().withLayers(admin1: Self.sharedCodeLayer(), timezones: nil)
            .withNames(names)
        return shared.forward(row.name, options: ForwardOptions(limit: 5)).compactMap { m in
            m.divisionIndex.map { "admin1:" + shared.division($0).name } ?? m.cityIndex.map { "city:" + shared.city($0).name }
        }
    }

    @Test("a GeoNames code two divisions share names the one its name names, else only the larger")
    func sharedGeoNamesCode() throws {
        // "Westmark Kreis" names Westmark (its words): not West, which shares the code.
        let named = try sharedCode(Admin1Row(country: "AA", code: "01", name: "Westmark Kreis"))
        #expect(named.first == "admin1:Westmark" && !named.contains("admin1:West"))
        // "Westprovinz" names neither: the larger, West, takes it, so the two do not tie.
        let neither = try sharedCode(Admin1Row(country: "AA", code: "01", name: "Westprovinz"))
        #expect(neither.first == "admin1:West" && !neither.contains("admin1:Westmark"))
    }

    @Test("a town the query names only by an alternate or by its first words does not lead its division")
    func townsDoNotLeadByAlternates() throws {
        let row = Admin1Row(country: "AA", code: "02", name: "Eastmoor")
        // An alternate that is another name, and the first word of a town's name, both under 100,000 people.
        let alternate = CityRow(geonameid: 7, name: "Kleinstadt", lat: 5, lon: 7, country: "AA", admin1: "02",
                                population: 12_000, alternates: ["Eastmoor"])
        let firstWords = CityRow(geonameid: 8, name: "Eastmoor City", lat: 5, lon: 8, country: "AA", admin1: "02",
                                 population: 16_000, alternates: ["Eastmoor"])
        #expect(try sharedCode(row, cities: [alternate]).first == "admin1:East")
        #expect(try sharedCode(row, cities: [firstWords]).first == "admin1:East")
        // From 100,000 people such a city still leads ("Wien": Vienna, then the state).
        var large = alternate
        large.population = 150_000
        #expect(try sharedCode(row, cities: [large]) == ["city:Kleinstadt", "admin1:East"])
    }

    @Test("rowNames: equal keys, the division's words among the row's, or its initials")
    func rowNames() {
        #expect(DivisionTable.rowNames(NameFolding.key("Quảng Trị"), NameFolding.key("Quang Tri")))
        #expect(DivisionTable.rowNames(NameFolding.key("Apes"), NameFolding.key("Apes Novads")))
        #expect(DivisionTable.rowNames(NameFolding.key("Hawalli"), NameFolding.key("Muhafazat Hawalli")))
        #expect(DivisionTable.rowNames(NameFolding.key("K.P."), NameFolding.key("Khyber Pakhtunkhwa")))
        #expect(!DivisionTable.rowNames(NameFolding.key("Quảng Bình"), NameFolding.key("Quang Tri")))
        #expect(!DivisionTable.rowNames(NameFolding.key("Kaposvár"), NameFolding.key("Somogy")))
        #expect(!DivisionTable.rowNames(NameFolding.key("K"), NameFolding.key("Kweneng")))
        #expect(!DivisionTable.rowNames([], NameFolding.key("Kweneng")))
    }
}
