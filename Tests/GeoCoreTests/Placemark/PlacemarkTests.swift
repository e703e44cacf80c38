import Testing
@testable import GeoCore

@Suite("Placemark: admin-1 of the answered country, its territory, the time zone")
struct PlacemarkTests {
    let g: CountryGazetteer

    init() throws {
        g = try PlacemarkFixture.gazetteer()
    }

    func place(_ lat: Double, _ lon: Double, _ fields: PlacemarkFields = .all, radius: Double = 10) -> Placemark? {
        g.placemark(at: GeoPoint(lat: lat, lon: lon), maxDistanceKm: radius, fields: fields)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String, lat: Double, lon: Double
        let country: String?, admin1: String?, iso: String?, territory: String?, zone: String?
        var testDescription: String { name }
    }

    @Test("known points", arguments: [
        Case(name: "inside West", lat: 5, lon: 2, country: "AAA", admin1: "West", iso: "AA-W", territory: nil, zone: "Test/West"),
        Case(name: "inside East", lat: 5, lon: 7, country: "AAA", admin1: "East", iso: "AA-E", territory: nil, zone: "Test/West"),
        // Betaland by the country layer, Alphaland's East by the admin-1 layer: the country wins, and the
        // division is Betaland's nearest (Sud, its border 0.3° east), found by the restricted search.
        Case(name: "layers disagree", lat: 2, lon: 10.2, country: "BBB", admin1: "South", iso: "BB-S", territory: "TT",
             zone: "Test/East"),
        Case(name: "no English name: the local one", lat: 7, lon: 15, country: "BBB", admin1: "Nord", iso: "BB-N",
             territory: nil, zone: "Test/East"),
        Case(name: "territory", lat: 2, lon: 15, country: "BBB", admin1: "South", iso: "BB-S", territory: "TT", zone: "Test/East"),
        // At sea 5.5 km west of Alphaland: the nearest division within the radius is Alphaland's.
        Case(name: "nearest, nearest division", lat: 5, lon: -0.05, country: "AAA", admin1: "West", iso: "AA-W",
             territory: nil, zone: "Test/West"),
        // At sea south of the East/Sud corner: nearest country Betaland (5.6 km), nearest division Alphaland's
        // East (5.6 km), so the restricted search gives Betaland's Sud (12.4 km, to its corner).
        Case(name: "nearest division of another country", lat: -0.05, lon: 10.4, country: "BBB", admin1: "South",
             iso: "BB-S", territory: "TT", zone: "Test/East"),
        // Far at sea: no country, no division; the nautical zone of 30° W.
        Case(name: "open sea", lat: 40, lon: -30, country: nil, admin1: nil, iso: nil, territory: nil, zone: "Etc/GMT+2"),
        // In a division of a country the country file lacks: no country, so no division either.
        Case(name: "division without a country", lat: 5, lon: 35, country: nil, admin1: nil, iso: nil, territory: nil,
             zone: "Etc/GMT-2"),
    ])
    func known(_ c: Case) throws {
        let p = try #require(place(c.lat, c.lon))
        #expect(p.country.map { g.countries[$0.countryIndex].adm0a3 } == c.country)
        #expect(p.admin1?.name == c.admin1)
        #expect(p.admin1?.iso3166_2 == c.iso)
        #expect(p.territory?.iso2 == c.territory)
        #expect(p.timezone == c.zone)
        if let admin1 = p.admin1, let country = p.country {
            #expect(g.layers.divisionCountry[admin1.feature] == Int32(country.countryIndex), "always the answered country's")
        }
    }

    @Test("the restricted search's distance is the whole-polygon distance to the division")
    func restrictedDistance() throws {
        let p = try #require(place(-0.05, 10.4))
        let admin1 = try #require(p.admin1)
        let sud = MultiPolygon(polygons: [Polygon(exterior: Ring(points: [
            GeoPoint(lat: 0, lon: 10.5), GeoPoint(lat: 0, lon: 20), GeoPoint(lat: 5, lon: 20),
            GeoPoint(lat: 5, lon: 10.5), GeoPoint(lat: 0, lon: 10.5)]))])
        let expected = try #require(Spherical.distanceToBoundaryKm(GeoPoint(lat: -0.05, lon: 10.4), sud))
        #expect(abs(admin1.distanceKm - expected) < 1e-9)
        #expect(admin1.distanceKm > 12 && admin1.distanceKm < 13, "to the corner (0, 10.5): 0.112° away")
    }

    @Test("the restricted search equals a brute-force scan of the country's divisions on random points")
    func restrictedMatchesBruteForce() throws {
        let layer = try #require(g.admin1Layer)
        var random = TestRandom(seed: 15)
        for _ in 0..<2_000 {
            let p = GeoPoint(lat: random.uniform(-20, 30), lon: random.uniform(-20, 45))
            for candidates in [[Int32(0), 1], [2, 3], [0, 1, 2, 3, 4]] {
                let found = try #require(layer.nearest(to: p, among: candidates))
                var best = Double.infinity
                for k in candidates {
                    let inside = layer.index.exactLocation(of: p, inArea: Int(k)) != .outside
                    best = min(best, inside ? 0 : layer.boundaryDistanceKm(p, feature: Int(k)))
                }
                #expect(found.distanceKm == best, "\(p.lat), \(p.lon)")
            }
        }
    }

    @Test("the division search answers as the nearest-border search first, restricted search second did", arguments: [10.0, 300])
    func divisionMatchesNearestBorderFirst(radius: Double) throws {
        let layer = try #require(g.admin1Layer)
        var random = TestRandom(seed: 33)
        var outside = 0
        for n in 0..<3_000 {
            // Every third point on a shared corner's meridian or parallel (ties at common vertices).
            let p = n % 3 == 0
                ? GeoPoint(lat: [-0.05, -0.3, 10.2][n % 9 / 3], lon: [5.0, 10.5, 0][n % 9 / 3] + (n % 2 == 0 ? 0 : random.uniform(-1, 1)))
                : GeoPoint(lat: random.uniform(-5, 15), lon: random.uniform(-5, 25))
            guard let country = g.reverse(p, maxDistanceKm: radius) else { continue }
            let owner = Int32(country.countryIndex)
            // The procedure before the restricted search came first (PlacemarkLayers' tables, the layer's index).
            var expected: Int? = nil
            let inside = layer.index.area(containing: p)
            let candidates = g.layers.countryDivisions[country.countryIndex]
            if let inside, g.layers.divisionCountry[inside] == owner {
                expected = inside
            } else if candidates.isEmpty {
                expected = nil
            } else if inside != nil {
                expected = layer.nearest(to: p, among: candidates)?.feature
            } else if let near = layer.index.nearestArea(to: p, withinKm: max(radius, 10)),
                      g.layers.divisionCountry[near.area] == owner {
                expected = near.area
            } else {
                expected = layer.nearest(to: p, among: candidates, knownOutside: true)?.feature
            }
            if inside == nil { outside += 1 }
            let found = g.division(of: p, country: country, maxDistanceKm: radius, in: layer)
            #expect(found?.feature == expected, "\(p.lat), \(p.lon)")
        }
        #expect(outside > 100, "points in no division, where the two procedures differ in order")
    }

    @Test("time zone: containing, else the nearest within the radius, else nautical")
    func timezoneRule() {
        #expect(place(5, 2, .timezone)?.timezone == "Test/West")
        // 5.5 km off Alphaland's west coast: within 10 km of Test/West.
        #expect(place(5, -0.05, .timezone)?.timezone == "Test/West")
        // The same point with a smaller radius: nautical zone 0.
        #expect(place(5, -0.05, .timezone, radius: 1)?.timezone == "Etc/GMT")
        #expect(place(5, -0.05, .timezone, radius: 0)?.timezone == "Etc/GMT")
    }

    @Test("fields: only what is asked for is computed; country alone is reverse's answer")
    func fields() throws {
        let point = GeoPoint(lat: 2, lon: 15)
        let countryOnly = try #require(g.placemark(at: point, fields: .country))
        #expect(countryOnly == Placemark(country: g.reverse(point)))
        let zoneOnly = try #require(g.placemark(at: point, fields: .timezone))
        #expect(zoneOnly.country == nil && zoneOnly.admin1 == nil && zoneOnly.territory == nil)
        #expect(zoneOnly.timezone == "Test/East")
        let territoryOnly = try #require(g.placemark(at: point, fields: .territory))
        #expect(territoryOnly.admin1 == nil && territoryOnly.territory?.name == "Tee Territory")
        // Without layers, every field narrows to the country: the same answer as reverse.
        let bare = try PlacemarkFixture.countries()
        #expect(bare.availableFields == .country)
        #expect(bare.placemark(at: point) == Placemark(country: bare.reverse(point)))
        #expect(g.availableFields == [.country, .admin1, .territory, .timezone])
    }

    @Test("a placemark the gazetteer found reads as the values it decodes to, and copies and changes as a value")
    func foundIsAValue() throws {
        // Inside Alphaland's division in the territory, and at sea off its west coast (nearest division).
        for point in [GeoPoint(lat: 2, lon: 15), GeoPoint(lat: 5, lon: -0.05)] {
            let found = try #require(g.placemark(at: point))
            let values = Placemark(country: found.country, admin1: found.admin1, territory: found.territory,
                                   locality: found.locality, timezone: found.timezone)
            #expect(found == values && values == found)
            #expect(found.admin1 != nil && found.timezone != nil, "the fixture's layers answer both")
            var changed = found
            changed.timezone = "Etc/GMT+2"
            #expect(found.timezone != "Etc/GMT+2", "the original keeps its zone")
            #expect(changed.timezone == "Etc/GMT+2" && changed.admin1 == found.admin1 && changed.territory == found.territory)
            changed.admin1 = nil
            changed.territory = nil
            changed.timezone = nil
            changed.country = nil
            #expect(changed.isEmpty && changed == Placemark())
        }
        // Nothing within reach and no layer asked for that always answers: nil, as before.
        #expect(g.placemark(at: GeoPoint(lat: -60, lon: -120), fields: [.country, .admin1]) == nil)
    }

    @Test("the batch gives the one-by-one answers")
    func batch() {
        var random = TestRandom(seed: 7)
        let points = (0..<3_000).map { _ in GeoPoint(lat: random.uniform(-5, 15), lon: random.uniform(-5, 25)) }
        for fields in [PlacemarkFields.all, .country, [.admin1, .timezone]] {
            let many = g.placemarks(at: points, fields: fields)
            for (k, p) in points.enumerated() { #expect(many[k] == g.placemark(at: p, fields: fields)) }
        }
    }
}
