import Testing
@testable import GeoCore

/// The nearest-border search's quick exit near coasts (`reachHoldsNoBorderCell`): it may only say "nothing
/// within the radius" when brute force over every edge agrees, and it must say so for many points whose
/// nearest border is well beyond the radius (what it is for).
@Suite("Nearest border: the quick exit from the cells within the radius")
struct NearestReachTests {
    /// Points a little beyond and a little within `radius` of random edges (the distances where a rectangle
    /// too small would drop an edge), plus points across ±180 and near the poles.
    static func points(_ index: CountryIndex, radius: Double, count: Int, seed: UInt64) -> [GeoPoint] {
        var random = TestRandom(seed: seed)
        var edges: [(GeoPoint, GeoPoint)] = []
        index.forEachEdge { a, b in edges.append((a, b)) }
        var points: [GeoPoint] = []
        for _ in 0..<count {
            let (a, b) = edges[random.int(0, edges.count - 1)]
            let t = random.uniform(0, 1)
            // Offsets from 0.5 to 2 radii, in latitude and in longitude (a degree of longitude is shorter).
            let degrees = radius / 111.2 * random.uniform(0.5, 2)
            let lat = a.lat + t * (b.lat - a.lat), lon = a.lon + t * (b.lon - a.lon)
            let scale = max(0.05, GeoMath.sinCos(degrees: min(89.9, lat.magnitude)).cos)
            points.append(GeoPoint(lat: min(90, max(-90, lat + (random.int(0, 1) == 0 ? degrees : -degrees))), lon: lon))
            points.append(GeoPoint(lat: lat, lon: CountryIndex.wrapLongitude(lon + (random.int(0, 1) == 0 ? 1 : -1) * degrees / scale)))
            points.append(GeoPoint(lat: random.uniform(-12, 12), lon: random.uniform(-180, -179.5)))
            points.append(GeoPoint(lat: random.uniform(80, 90), lon: random.uniform(-180, 180)))
            points.append(GeoPoint(lat: random.uniform(-60, 60), lon: random.uniform(-180, 180)))
        }
        return points.filter { index.area(containing: $0) == nil }
    }

    @Test("synthetic areas: the quick exit never hides an edge within the radius, and decides many far points",
          arguments: [1.0, 0.25])
    func soundAndUseful(cellSize: Double) {
        // Without the cap round the South Pole: its edge from -180 to 180 leaves its longitudes, which makes
        // `arcExcursion` 180 and turns the exit off (checked below).
        var areas = NearestBorderTests.areas()
        areas.remove(at: 3)
        let index = CountryIndex(areas: areas, cellSize: cellSize)
        #expect(CountryIndex(areas: NearestBorderTests.areas(), cellSize: cellSize).arcExcursion == 180)
        var beyond = 0, decided = 0
        for radius in [0.0, 1, 10, 50, 100, 300] {
            for p in Self.points(index, radius: max(radius, 1), count: 60, seed: UInt64(radius + 7)) {
                let brute = NearestBorderTests.bruteForce(index, p)
                let exits = index.reachHoldsNoBorderCell(p, radius)
                if brute.km <= radius {
                    #expect(!exits, "\(p.lat), \(p.lon): an edge \(brute.km) km away, within \(radius) km")
                } else if brute.km > radius + 4 * (cellSize + index.arcExcursion) * 111.2 && p.lat.magnitude < 60 {
                    // Well beyond the rectangle's widening by cells and by the excursion (the long edges along
                    // 80° and 85° N bow 1.3°), away from the poles: most such points have no border cell
                    // within the rectangle (a long edge's cells may still be).
                    beyond += 1
                    if exits { decided += 1 }
                }
                if exits { #expect(index.nearestArea(to: p, withinKm: radius) == nil) }
            }
        }
        #expect(beyond > 50 && decided > beyond / 2, "decided \(decided) of \(beyond) points beyond reach")
    }

    @Test("Natural Earth: the quick exit never hides a coast within 10 or 100 km, and decides most points beyond")
    func naturalEarth() throws {
        let index = try NaturalEarthFixture.gazetteer.get().spatialIndex
        var decided = 0, nothing = 0
        for radius in [10.0, 100] {
            for p in Self.points(index, radius: radius, count: 800, seed: UInt64(radius)) {
                let scan = index.nearestAreaByScan(to: p, withinKm: radius)
                let exits = index.reachHoldsNoBorderCell(p, radius)
                #expect(!exits || scan == nil, "\(p.lat), \(p.lon): exits, but the scan finds \(String(describing: scan))")
                if scan == nil {
                    nothing += 1
                    if exits { decided += 1 }
                }
            }
        }
        #expect(nothing > 100 && decided > nothing / 4, "decided \(decided) of \(nothing) points with nothing in range")
    }
}
