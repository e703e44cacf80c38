import Testing
@testable import GeoCore

@Suite("Country gazetteer on the bundled Natural Earth data")
struct CountryGazetteerTests {
    let gazetteer: CountryGazetteer

    init() throws {
        gazetteer = try NaturalEarthFixture.gazetteer.get()
    }

    @Test("reverse for many points equals reverse point by point, inside, near borders, at sea, strict and with a radius")
    func reverseMany() {
        var random = TestRandom(seed: 77)
        var points: [GeoPoint] = []
        // Uniform points (mostly sea or deep inside), and points jittered around vertices of the data, which
        // land on both sides of borders and coasts; more than one batch of 16, and a ragged last batch.
        let index = gazetteer.spatialIndex
        var vertices: [GeoPoint] = []
        index.forEachEdge { a, _ in vertices.append(a) }
        for _ in 0..<3_001 {
            points.append(GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180)))
            let v = vertices[random.int(0, vertices.count - 1)]
            points.append(GeoPoint(lat: max(-90, min(90, v.lat + random.uniform(-0.05, 0.05))),
                                   lon: v.lon + random.uniform(-0.05, 0.05)))
        }
        points.append(vertices[0])
        for radius in [0.0, CountryGazetteer.defaultMaxDistanceKm, 50] {
            let many = gazetteer.reverse(points, maxDistanceKm: radius)
            #expect(many.count == points.count)
            var differ = 0, inside = 0, nearest = 0
            for (k, point) in points.enumerated() {
                let one = gazetteer.reverse(point, maxDistanceKm: radius)
                if many[k] != one { differ += 1 }
                if one?.kind == .inside { inside += 1 }
                if one?.kind == .nearest { nearest += 1 }
            }
            #expect(differ == 0)
            #expect(inside > 2_000)
            #expect(radius == 0 ? nearest == 0 : nearest > 100)
        }
        #expect(gazetteer.reverse([GeoPoint](), maxDistanceKm: 10).isEmpty)
    }

    @Test("loads all 250 features with unique ADM0_A3 codes")
    func loads() {
        #expect(gazetteer.countries.count == 250)
        #expect(Set(gazetteer.countries.map { $0.adm0a3 }).count == 250)
    }

    @Test("ISO codes come from the *_EH fields; features without ISO codes have nil, never \"-99\"",
          arguments: [("FRA", "FR", "FRA"), ("NOR", "NO", "NOR"), ("KOS", "XK", nil),
                      ("WSB", nil, nil), ("ESB", nil, nil), ("USG", nil, nil), ("BRT", nil, nil),
                      ("PGA", nil, nil), ("SCR", nil, nil)] as [(String, String?, String?)])
    func isoCodes(adm0a3: String, iso2: String?, iso3: String?) throws {
        let k = try #require(NaturalEarthFixture.index(of: adm0a3, in: gazetteer))
        #expect(gazetteer.countries[k].iso2 == iso2)
        #expect(gazetteer.countries[k].iso3 == iso3)
    }

    @Test("known locations from the issue, plus enclaves, exclaves and islands", arguments: [
        ("Timor, Indonesian side", -9.076393, 125.110543, "ID"),
        ("Timor, Timor-Leste", -9.358113, 124.218529, "TL"),
        ("Timor, Dili area", -8.547841, 125.563148, "TL"),
        ("Kaliningrad", 54.805974, 22.832453, "RU"),
        ("Brunei 1", 4.691033, 115.049274, "BN"),
        ("Brunei 2", 4.889546, 114.955767, "BN"),
        ("Sabah", 4.209058, 117.748969, "MY"),
        ("Kalimantan by Sabah", 4.153036, 117.773551, "ID"),
        ("Sarawak between Brunei's parts", 4.833470, 115.011051, "MY"),
        ("Gibraltar", 36.1408, -5.3536, "GI"),
        ("La Línea", 36.1681, -5.3478, "ES"),
        ("Lesotho, inside South Africa's hole", -29.31, 27.48, "LS"),
        ("San Marino", 43.9356, 12.4473, "SM"),
        ("Point Roberts", 48.9904, -123.0686, "US"),
        ("Paris", 48.8566, 2.3522, "FR"),
        ("Johannesburg", -26.2041, 28.0473, "ZA"),
        ("Taveuni, Fiji, east of 180", -16.85, -179.95, "FJ"),
        ("Viti Levu, Fiji", -17.8, 178.0, "FJ"),
        ("Chukotka west of 180", 65.5, -172.5, "RU"),
    ])
    func knownLocations(name: String, lat: Double, lon: Double, iso2: String) throws {
        let match = try #require(gazetteer.reverse(GeoPoint(lat: lat, lon: lon)), "\(name): no country")
        #expect(gazetteer.countries[match.countryIndex].iso2 == iso2, "\(name)")
        #expect(match.kind == .inside, "\(name)")
    }

    @Test("the South Pole is Antarctica; the North Pole and open ocean are no country")
    func polesAndOcean() {
        let south = gazetteer.reverse(GeoPoint(lat: -90, lon: 0))
        #expect(south.map { gazetteer.countries[$0.countryIndex].adm0a3 } == "ATA")
        #expect(gazetteer.reverse(GeoPoint(lat: 90, lon: 0)) == nil)
        #expect(gazetteer.reverse(GeoPoint(lat: 0, lon: -30)) == nil, "mid-Atlantic")
    }

    @Test("a point just off a coast takes the nearest country within the radius, and none with 0")
    func nearestOffshore() throws {
        // About 2 km off the coast of Nice, in the Mediterranean.
        let offshore = GeoPoint(lat: 43.67, lon: 7.27)
        #expect(gazetteer.reverse(offshore, maxDistanceKm: 0) == nil)
        let match = try #require(gazetteer.reverse(offshore, maxDistanceKm: 10))
        #expect(gazetteer.countries[match.countryIndex].iso2 == "FR")
        #expect(match.kind == .nearest)
        #expect(match.distanceKm > 0 && match.distanceKm < 10)
    }

    @Test("forward search ignores case and diacritics, covers languages and codes", arguments: [
        ("france", "FR"), ("FRANCE", "FR"), ("Österreich", "AT"), ("osterreich", "AT"),
        ("cote d'ivoire", "CI"), ("Côte d’Ivoire", "CI"), ("DE", "DE"), ("deu", "DE"),
        ("Deutschland", "DE"), ("Allemagne", "DE"), ("Германия", "DE"), ("ドイツ", "DE"),
        ("United States of America", "US"), ("Republic of Indonesia", "ID"),
    ])
    func forwardFinds(query: String, iso2: String) throws {
        let best = try #require(gazetteer.forward(query, limit: 5).first, "no result for \(query)")
        #expect(best.countryIndex.map { gazetteer.countries[$0].iso2 } == iso2, "\(query) → \(best.matched)")
    }

    @Test("forward search: nothing for gibberish, prefixes rank below exact names")
    func forwardRanking() {
        #expect(gazetteer.forward("qwxzzy", limit: 5).isEmpty)
        #expect(gazetteer.forward("   ", limit: 5).isEmpty)
        let results = gazetteer.forward("ni", limit: 10)
        #expect(results.first?.countryIndex.map { gazetteer.countries[$0].iso2 } == "NI", "ISO code exact first")
        #expect(results.count > 1, "prefix matches follow")
        #expect(results.dropFirst().allSatisfy { $0.score < results[0].score })
    }

    @Test("centroids are on the sphere: Fiji's is near 178°E, Russia's inside Russia")
    func centroids() throws {
        let fiji = try #require(NaturalEarthFixture.index(of: "FJI", in: gazetteer))
        let c = gazetteer.centroid(of: fiji)
        #expect(abs(c.lat - -17.6) < 1.5 && (c.lon > 176 || c.lon < -178), "Fiji centroid \(c)")
        let russia = try #require(NaturalEarthFixture.index(of: "RUS", in: gazetteer))
        let r = gazetteer.centroid(of: russia)
        #expect(gazetteer.reverse(r, maxDistanceKm: 0).map { $0.countryIndex } == russia, "Russia centroid \(r)")
        let box = gazetteer.bounds(of: fiji)
        #expect(box.minLon > box.maxLon, "Fiji's box crosses the antimeridian: \(box)")
    }

    @Test("countries in a box: real intersection, sorted by name, antimeridian boxes")
    func boxes() {
        let iberia = gazetteer.countries(in: GeoBox(minLat: 36, minLon: -9.5, maxLat: 43.8, maxLon: 3.3))
            .map { gazetteer.countries[$0].iso2 ?? "-" }
        #expect(iberia.contains("ES") && iberia.contains("PT") && iberia.contains("FR") && iberia.contains("AD"))
        let names = gazetteer.countries(in: GeoBox(minLat: 30, minLon: -20, maxLat: 60, maxLon: 40))
            .map { gazetteer.countries[$0].name }
        #expect(names == names.sorted(), "sorted by name")
        let pacific = gazetteer.countries(in: GeoBox(minLat: -20, minLon: 177, maxLat: -15, maxLon: -178))
            .map { gazetteer.countries[$0].iso2 ?? "-" }
        #expect(pacific.contains("FJ"))
        #expect(gazetteer.countries(in: GeoBox(minLat: -40, minLon: -30, maxLat: -35, maxLon: -25)).isEmpty,
                "open South Atlantic")
    }

    @Test("countries in a box: the box prefilter and early stop answer as the whole grid walk, boxes of every size")
    func boxesAgreeWithGridWalk() {
        var random = TestRandom(seed: 2026)
        let index = gazetteer.spatialIndex
        var boxes = [GeoBox(minLat: -90, minLon: -180, maxLat: 90, maxLon: 180),
                     GeoBox(minLat: -70, minLon: -180, maxLat: 70, maxLon: 180),
                     GeoBox(minLat: -90, minLon: 0, maxLat: 90, maxLon: -0.5),
                     GeoBox(minLat: 65, minLon: -180, maxLat: 67, maxLon: -180),
                     GeoBox(minLat: 65, minLon: 180, maxLat: 67, maxLon: 180)]
        for _ in 0..<600 {
            // Sizes from a fraction of a degree to the whole globe, some crossing the antimeridian.
            let height = random.uniform(0, 180) * (random.int(0, 2) == 0 ? 0.02 : 1)
            let south = random.uniform(-90, 90 - height)
            let width = random.uniform(0, 360) * (random.int(0, 2) == 0 ? 0.02 : 1)
            let west = random.uniform(-180, 180)
            var east = west + width
            if east > 180 { east -= 360 }
            boxes.append(GeoBox(minLat: south, minLon: west, maxLat: south + height, maxLon: east))
        }
        for box in boxes {
            var found = [Bool](repeating: false, count: gazetteer.countries.count)
            for part in box.parts { index.collectAreas(intersecting: part, into: &found) }
            let walked = gazetteer.countries.indices.filter { found[$0] }
            #expect(gazetteer.countries(in: box).sorted() == walked, "\(box)")
        }
    }
}
