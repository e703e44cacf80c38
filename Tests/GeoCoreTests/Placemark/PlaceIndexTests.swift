import Testing
@testable import GeoCore

@Suite("Places index: the nearest GeoNames place, exactly as a scan of every place finds it")
struct PlaceIndexTests {
    /// A seeded generator, so every run checks the same points.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
        mutating func inRange(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
    }

    /// Point sets by kind: each is where a grid or tree search typically goes wrong.
    static func points(_ kind: String, _ count: Int) -> [GeoPoint] {
        var r = SplitMix(state: UInt64(kind.utf8.reduce(7) { $0 &* 31 &+ Int($1) }.magnitude))
        var out: [GeoPoint] = []
        for _ in 0..<count {
            switch kind {
            case "uniform":
                // Uniform on the sphere: z uniform in [-1, 1].
                let z = r.inRange(-1, 1)
                out.append(GeoPoint(lat: GeoMath.atan2Degrees(z, (1 - z * z).squareRoot()), lon: r.inRange(-180, 180)))
            case "polar":
                out.append(GeoPoint(lat: (r.unit() < 0.5 ? -1 : 1) * r.inRange(80, 90), lon: r.inRange(-180, 180)))
            case "antimeridian":
                let lon = r.inRange(175, 180)
                out.append(GeoPoint(lat: r.inRange(-80, 80), lon: r.unit() < 0.5 ? lon : -lon))
            case "Europe":
                out.append(GeoPoint(lat: r.inRange(43, 55), lon: r.inRange(-5, 20)))
            case "Pacific":
                out.append(GeoPoint(lat: r.inRange(-50, 30), lon: r.inRange(-170, -100)))
            default:
                // On the index's cell boundaries (multiples of 45°/2^k) and the exact poles and antimeridian.
                let step = 45.0 / Double(1 << Int(r.next() % 16))
                let lat = max(-90, min(90, (r.inRange(-90, 90) / step).rounded() * step))
                let lon = r.unit() < 0.1 ? (r.unit() < 0.5 ? -180 : 180) : (r.inRange(-180, 180) / step).rounded() * step
                out.append(GeoPoint(lat: r.unit() < 0.05 ? (r.unit() < 0.5 ? -90 : 90) : lat, lon: lon))
            }
        }
        return out
    }

    @Test("identical to the brute-force scan on 110,000 points: uniform, polar, antimeridian, Europe, Pacific, cell edges",
          arguments: [("uniform", 40_000), ("polar", 15_000), ("antimeridian", 15_000), ("Europe", 15_000),
                      ("Pacific", 10_000), ("cell edges", 15_000)])
    func agreesWithScan(kind: String, count: Int) throws {
        let g = try PlacesFixture.gazetteer.get()
        let scan = PlacesFixture.Scan(g.search.cities)
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
        let cities = g.search.cities
        let scan = PlacesFixture.Scan(cities)
        var differ = 0, atDistanceZero = 0
        for i in stride(from: 0, to: cities.count, by: 7) {
            let p = cities.point(i)
            guard let found = g.search.places.nearest(to: p) else { differ += 1; continue }
            if found.place != scan.nearest(p) { differ += 1 }
            if found.chord2 == 0 { atDistanceZero += 1 }
        }
        #expect(differ == 0)
        #expect(atDistanceZero == (cities.count + 6) / 7)
    }

    @Test("no places: nil, not a crash")
    func empty() {
        let g = ForwardFixture.countriesOnly()
        #expect(g.locality(near: GeoPoint(lat: 48.8566, lon: 2.3522), countryISO2: "FR") == nil)
    }
}
