import Testing
@testable import GeoCore

@Suite("Places index: the nearest GeoNames place, exactly as a scan of every place finds it")
struct PlaceIndexTests {
    /// Point sets by kind: each is where a grid or tree search typically goes wrong.
    static func points(_ kind: String, _ count: Int) -> [GeoPoint] {
        var r = TestRandom(seed: UInt64(kind.utf8.reduce(7) { $0 &* 31 &+ Int($1) }.magnitude))
        var out: [GeoPoint] = []
        for _ in 0..<count {
            switch kind {
            case "uniform":
                // Uniform on the sphere: z uniform in [-1, 1].
                let z = r.uniform(-1, 1)
                out.append(GeoPoint(lat: GeoMath.atan2Degrees(z, (1 - z * z).squareRoot()), lon: r.uniform(-180, 180)))
            case "polar":
                out.append(GeoPoint(lat: (r.uniform(0, 1) < 0.5 ? -1 : 1) * r.uniform(80, 90), lon: r.uniform(-180, 180)))
            case "antimeridian":
                let lon = r.uniform(175, 180)
                out.append(GeoPoint(lat: r.uniform(-80, 80), lon: r.uniform(0, 1) < 0.5 ? lon : -lon))
            case "Europe":
                out.append(GeoPoint(lat: r.uniform(43, 55), lon: r.uniform(-5, 20)))
            case "Pacific":
                out.append(GeoPoint(lat: r.uniform(-50, 30), lon: r.uniform(-170, -100)))
            default:
                // On the index's cell boundaries (multiples of 45°/2^k) and the exact poles and antimeridian.
                let step = 45.0 / Double(1 << Int(r.next() % 16))
                let lat = max(-90, min(90, (r.uniform(-90, 90) / step).rounded() * step))
                let lon = r.uniform(0, 1) < 0.1 ? (r.uniform(0, 1) < 0.5 ? -180 : 180) : (r.uniform(-180, 180) / step).rounded() * step
                out.append(GeoPoint(lat: r.uniform(0, 1) < 0.05 ? (r.uniform(0, 1) < 0.5 ? -90 : 90) : lat, lon: lon))
            }
        }
        return out
    }

    // A debug build scans 170,000 places (cities and localities) per point: 5,500 points here; scripts/test runs the release
    // `geocoder-bench --places --check` on far more.
    @Test("identical to the brute-force scan on 5,500 points: uniform, polar, antimeridian, Europe, Pacific, cell edges",
          arguments: [("uniform", 2_000), ("polar", 750), ("antimeridian", 750), ("Europe", 750),
                      ("Pacific", 500), ("cell edges", 750)])
    func agreesWithScan(kind: String, count: Int) throws {
        let g = try PlacesFixture.gazetteer.get()
        let scan = PlacesFixture.Scan(g.search)
        var differ: [GeoPoint] = []
        for p in Self.points(kind, count) {
            let q = GeoPoint(lat: p.lat, lon: p.lon == 180 ? 180 : p.lon)
            if g.search.places.nearest(to: q)?.place != scan.nearest(q) { differ.append(q) }
        }
        #expect(differ.isEmpty, "\(differ.count) of \(count) \(kind) points differ, first \(differ.prefix(3))")
    }

    @Test("points exactly at places (duplicates included) get that place or a tie-winner at the same spot")
    func atPlaces() throws {
        let g = try PlacesFixture.gazetteer.get()
        let count = g.search.places.count
        let scan = PlacesFixture.Scan(g.search)
        var differ = 0, atDistanceZero = 0
        // Cities and localities alike.
        for i in stride(from: 0, to: count, by: 97) {
            let p = g.search.place(i).point
            guard let found = g.search.places.nearest(to: p) else { differ += 1; continue }
            if found.place != scan.nearest(p) { differ += 1 }
            if found.chord2 == 0 { atDistanceZero += 1 }
        }
        #expect(differ == 0)
        #expect(atDistanceZero == (count + 96) / 97)
    }

    @Test("no places: nil, not a crash")
    func empty() {
        let g = ForwardFixture.countriesOnly()
        #expect(g.locality(near: GeoPoint(lat: 48.8566, lon: 2.3522), countryISO2: "FR") == nil)
    }
}

@Suite("Places index in the binary index: round trip, damage refused or harmless")
struct PlaceIndexBinaryTests {
    static let key: (UInt64, UInt64) = (3, 5)
    static let probes = [GeoPoint(lat: 48.8, lon: 2.3), GeoPoint(lat: 33, lon: -95), GeoPoint(lat: -89, lon: 0),
                         GeoPoint(lat: 0, lon: 180), GeoPoint(lat: 47.4, lon: 8.5), GeoPoint(lat: 60, lon: -150)]

    static func answers(_ g: CountryGazetteer) -> [String] {
        probes.flatMap { p in
            [nil, "FR", "CH", "US"].map { (c: String?) in
                g.locality(near: p, countryISO2: c).map { "\($0.name)|\($0.geonameid)|\($0.distanceKm)|\($0.bearing)|\($0.direction)|\($0.admin1 ?? "-")" } ?? "none"
            }
        }
    }

    @Test("the round trip keeps the places index: same bytes, same localities")
    func roundTrip() throws {
        let g = try ForwardFixture.gazetteer()
        let bytes = g.binaryIndex(sourceKey: Self.key)
        let loaded = try CountryGazetteer(binary: bytes, sourceKey: Self.key)
        #expect(loaded.binaryIndex(sourceKey: Self.key) == bytes)
        #expect(Self.answers(loaded) == Self.answers(g))
        #expect(Self.answers(g).allSatisfy { $0 != "none" })
    }

    @Test("damage behind a repaired checksum in the places tables is refused or harmless: localities never trap")
    func damage() throws {
        let g = try ForwardFixture.gazetteer()
        let bytes = g.binaryIndex(sourceKey: Self.key)
        // The places section: where its bytes lie in the file.
        var section = BinaryWriter()
        g.search.places.write(to: &section)
        let payload = Array(bytes[CountryGazetteer.binaryHeaderSize...])
        let start = try #require(Self.find(section.bytes, in: payload)) + CountryGazetteer.binaryHeaderSize
        var rejected = 0, loaded = 0
        // Every 211th position of the section (each table's count, offsets and values are hit), 4 bytes wide.
        for position in stride(from: start, to: start + section.bytes.count - 4, by: 211) {
            for pattern: UInt8 in [0x00, 0xFF, 0x7F] {
                var damaged = bytes
                for k in 0..<4 { damaged[position + k] = pattern }
                if damaged == bytes { continue }
                damaged = CountryGazetteer.resealed(damaged)
                do throws(BinaryFormatError) {
                    let d = try CountryGazetteer(binary: damaged, sourceKey: Self.key)
                    loaded += 1
                    _ = Self.answers(d)
                } catch {
                    rejected += 1
                }
            }
        }
        #expect(rejected > 0, "\(rejected) rejected, \(loaded) loaded and queried")
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for k in 0...(haystack.count - needle.count) where haystack[k] == needle[0] && Array(haystack[k..<(k + needle.count)]) == needle {
            return k
        }
        return nil
    }
}

/// Many places on one spot (a name table's duplicates, or a crafted one): the index stays small and exact.
@Suite("Places index: coincident places")
struct PlaceIndexCoincidentTests {
    @Test("5,000 places at one point and 200 scattered: a small tree, the tie rule's place, the scan's answers")
    func coincident() {
        var r = TestRandom(seed: 5)
        var points = [GeoPoint](repeating: GeoPoint(lat: 1, lon: 1), count: 5_000)
        var population = (0..<5_000).map { UInt32(1_000 + $0 % 7) }
        for _ in 0..<200 {
            points.append(GeoPoint(lat: r.uniform(-80, 80), lon: r.uniform(-180, 180)))
            population.append(UInt32(r.next() % 100_000))
        }
        let index = PlaceIndex(points: points, population: population, names: points.indices.map { "p\($0)" })
        // Before coincident places were folded, every cell kept all 5,000 and the tree split to depth 15
        // everywhere (gigabytes); now the candidates are about those of 201 distinct places.
        #expect(index.candidates.count < 20_000, "\(index.candidates.count) candidate entries")
        // The tie rule among the 5,000: the largest population (1,006), then the lowest index (6).
        #expect(index.nearest(to: GeoPoint(lat: 1, lon: 1))?.place == 6)
        for _ in 0..<2_000 {
            let p = GeoPoint(lat: r.uniform(-90, 90), lon: r.uniform(-180, 180))
            let found = index.nearest(to: p)?.place
            var best = -1, bestAngle = Double.infinity
            for (i, q) in points.enumerated() {
                let a = Spherical.distanceKm(p, q)
                if a < bestAngle - 1e-9 || (abs(a - bestAngle) <= 1e-9 && (population[i] > population[best]
                    || (population[i] == population[best] && i < best))) { best = i; bestAngle = a }
            }
            #expect(found.map { Spherical.distanceKm(p, points[$0]) } == bestAngle || found == best, "\(p)")
        }
    }
}
