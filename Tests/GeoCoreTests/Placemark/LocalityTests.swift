import Testing
@testable import GeoCore

@Suite("Locality: the nearest GeoNames place, its distance and direction, and the same-country rule")
struct LocalityTests {
    @Test("GeoNames sanity: Paris, Cahors, a ship at sea, the poles")
    func known() throws {
        let g = try PlacesFixture.gazetteer.get()
        // GeoNames lists Paris's arrondissements as places of their own: the centre is in the 4th.
        let paris = try #require(g.locality(near: GeoPoint(lat: 48.8566, lon: 2.3522), countryISO2: "FR"))
        #expect(paris.name.hasPrefix("Paris") && paris.countryISO2 == "FR" && paris.admin1 == "Ile-de-France", "\(paris)")
        #expect(paris.distanceKm < 1)
        // 2 km north-east of Cahors' centre (44.4475, 1.44065): Cahors is to the south-west.
        let cahors = try #require(g.locality(near: GeoPoint(lat: 44.46, lon: 1.46), countryISO2: "FR"))
        #expect(cahors.name == "Cahors" && cahors.direction == "SW", "\(cahors)")
        #expect(cahors.distanceKm > 1.5 && cahors.distanceKm < 2.5)
        // Mid-Atlantic, far from any place: still answered, and the distance is the scan's.
        let ship = GeoPoint(lat: 30, lon: -40)
        let sea = try #require(g.locality(near: ship, countryISO2: nil))
        let scan = PlacesFixture.Scan(g.search)
        let expected = try #require(scan.nearest(ship))
        #expect(sea.geonameid == Int(g.search.place(expected).geonameid))
        #expect(abs(sea.distanceKm - Spherical.distanceKm(ship, g.search.place(expected).point)) < 1e-9)
        #expect(sea.distanceKm > 1000)
        for pole in [GeoPoint(lat: 90, lon: 0), GeoPoint(lat: -90, lon: 123)] {
            #expect(g.locality(near: pole, countryISO2: nil) != nil)
        }
    }

    @Test("a point exactly at a place: distance 0, bearing 0, N")
    func atPlace() throws {
        let g = try PlacesFixture.gazetteer.get()
        let cities = g.search.cities
        let i = try #require((0..<cities.count).first { g.city($0).name == "Cahors" })
        let at = try #require(g.locality(near: cities.point(i), countryISO2: "FR"))
        #expect(at.name == "Cahors" && at.distanceKm == 0 && at.bearing == 0 && at.direction == "N")
    }

    @Test("not on the sphere, or no places: nil; longitudes wrap")
    func inputs() throws {
        let g = try PlacesFixture.gazetteer.get()
        for p in [GeoPoint(lat: .nan, lon: 0), GeoPoint(lat: 91, lon: 0), GeoPoint(lat: 0, lon: .infinity)] {
            #expect(g.locality(near: p, countryISO2: nil) == nil)
        }
        let paris = g.locality(near: GeoPoint(lat: 48.8566, lon: 2.3522), countryISO2: nil)
        let wrapped = g.locality(near: GeoPoint(lat: 48.8566, lon: 2.3522 + 720), countryISO2: nil)
        #expect(paris != nil && wrapped?.geonameid == paris?.geonameid && abs((wrapped?.distanceKm ?? 0) - (paris?.distanceKm ?? 1)) < 1e-9)
    }

    /// Three places on the equator: A (country AA) at 0°, B (BB) at lon 0.1° (11.1 km), C (BB) at lon 0.3°.
    static func constructed() throws -> CountryGazetteer {
        let cities = """
            geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\talternatenames
            1\tAlpha\t0\t0\tAA\t01\t10000\t
            2\tBeta\t0\t0.1\tBB\t01\t10000\t
            3\tGamma\t0\t0.3\tBB\t01\t10000\t
            4\tDelta\t0\t-3\tCC\t01\t10000\t

            """
        let data = try NameData.parse(countryNames: Array("code\tlang\tkind\tname\n".utf8),
                                      admin1: Array("country\tcode\tname\talternates\n".utf8), cities: Array(cities.utf8))
        return ForwardFixture.countriesOnly().withNames(data)
    }

    @Test("same-country rule on a constructed case", arguments: [
        // (lon of the point on the equator, answered country, expected place); 0.1° is 11.12 km.
        (0.04, nil as String?, "Alpha"),   // nearest overall, no preference
        (0.04, "AA", "Alpha"),             // the nearest is already of the country
        (0.04, "BB", "Beta"),              // d = 4.4 km (Alpha), Beta at 6.7 km ≤ d + 5 km
        (0.01, "BB", "Alpha"),             // d = 1.1 km, Beta at 10 km > max(2d, d + 5 km)
        (0.5, "AA", "Gamma"),              // d = 22 km (Gamma), Alpha at 56 km > 2d
        (0.62, "AA", "Alpha"),             // d = 36 km (Gamma), Alpha at 69 km ≤ 2d
        (-0.9, "BB", "Beta"),              // d = 100 km (Alpha), Beta at 111 km ≤ 2d
        (-1.6, "CC", "Delta"),             // Delta is the nearest anyway
    ])
    func rule(_ lon: Double, _ country: String?, _ expected: String) throws {
        let g = try Self.constructed()
        #expect(g.locality(near: GeoPoint(lat: 0, lon: lon), countryISO2: country)?.name == expected)
    }

    @Test("the rule's 200 km cap: a place of the country beyond it is not preferred")
    func cap() throws {
        let g = try Self.constructed()
        // At lon -1.3: Alpha 145 km, Delta 189 km (≤ 200, ≤ 2d): Delta. At lon -1.0 with country BB: Beta at 122 km ≤ 2 × 111 km, so Beta.
        #expect(g.locality(near: GeoPoint(lat: 0, lon: -1.3), countryISO2: "CC")?.name == "Delta")
        #expect(g.locality(near: GeoPoint(lat: 0, lon: -1.0), countryISO2: "BB")?.name == "Beta")
        // At lon -1.2 with country BB: d = 133 km (Alpha), Beta at 145 km ≤ 200 km: Beta.
        #expect(g.locality(near: GeoPoint(lat: 0, lon: -1.2), countryISO2: "BB")?.name == "Beta")
        // At lon -1.7 with BB: d = 145 km (Delta), Beta at 200.2 km > 200 km cap: Delta stays.
        #expect(g.locality(near: GeoPoint(lat: 0, lon: -1.7), countryISO2: "BB")?.name == "Delta")
    }

    @Test("the rule against a scan: the country's nearest place within the radius, on 1,500 points near borders in Europe")
    func ruleAgreesWithScan() throws {
        let g = try PlacesFixture.gazetteer.get()
        let scan = PlacesFixture.Scan(g.search)
        var r = TestRandom(seed: 77)
        var differ = 0, applied = 0
        for _ in 0..<1_500 {
            let p = GeoPoint(lat: r.uniform(43, 55), lon: r.uniform(-5, 20))
            let codes = ["FR", "DE", "CH", "BE", "NL", "AT", "IT", "PL", "CZ", "LU"]
            let country = codes[Int(r.next() % UInt64(codes.count))]
            let code = try #require(CountryCode.pack(country))
            let nearest = try #require(scan.nearest(p))
            var expected = nearest
            if scan.countries[nearest] != code {
                let v = Vector3(p), d = PlaceIndex.angle(chord2: PlaceIndex.chord2(v, Vector3(g.search.place(nearest).point)))
                let radius = min(max(2 * d, d + 5 / Spherical.earthRadiusKm), 200 / Spherical.earthRadiusKm)
                let (s, _) = GeoMath.sinCos(radians: radius / 2)
                if radius >= d, let same = scan.nearest(p, country: code, maxChord2: 4 * s * s) {
                    expected = same
                    applied += 1
                }
            }
            if g.nearestPlace(to: p, countryISO2: country) != expected { differ += 1 }
        }
        #expect(differ == 0)
        #expect(applied >= 3, "the rule was exercised \(applied) times")
    }
}
