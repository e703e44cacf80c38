import Testing
@testable import GeoCore

/// `CountryIndex.areaOrNearest(to:withinKm:)`, the one call `CountryGazetteer.reverse` makes: it loads the
/// near lists ahead of the containment lookup, and must answer exactly as the lookup followed by
/// `nearestArea(to:withinKm:)` for every point and radius, odd ones included.
@Suite("Nearest border: containment and the nearest border in one call")
struct AreaOrNearestTests {
    /// Points on both sides of random edges (inside and outside areas, 0.5 to 2 radii off), across ±180,
    /// near the poles, and points no lookup places (NaN, infinities, latitudes off the sphere, huge
    /// longitudes).
    static func points(_ index: CountryIndex, count: Int, seed: UInt64) -> [GeoPoint] {
        var random = TestRandom(seed: seed)
        var edges: [(GeoPoint, GeoPoint)] = []
        index.forEachEdge { a, b in edges.append((a, b)) }
        var points: [GeoPoint] = [
            GeoPoint(lat: .nan, lon: 0), GeoPoint(lat: 0, lon: .nan), GeoPoint(lat: 0, lon: .infinity),
            GeoPoint(lat: 90.5, lon: 0), GeoPoint(lat: -91, lon: 10), GeoPoint(lat: 90, lon: 0), GeoPoint(lat: -90, lon: 0),
            GeoPoint(lat: 0, lon: 180), GeoPoint(lat: 0, lon: -180), GeoPoint(lat: -16.5, lon: 180), GeoPoint(lat: 10, lon: 1e37),
        ]
        for _ in 0..<count {
            let (a, b) = edges[random.int(0, edges.count - 1)]
            let t = random.uniform(0, 1)
            let degrees = random.uniform(0.5, 2) * random.uniform(0, 20) / 111.2
            let lat = a.lat + t * (b.lat - a.lat), lon = a.lon + t * (b.lon - a.lon)
            points.append(GeoPoint(lat: min(90, max(-90, lat + (random.int(0, 1) == 0 ? degrees : -degrees))), lon: lon))
            points.append(GeoPoint(lat: lat, lon: lon + (random.int(0, 1) == 0 ? degrees : -degrees) + 360 * Double(random.int(-1, 1))))
            points.append(GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180)))
        }
        return points
    }

    static func expected(_ index: CountryIndex, _ p: GeoPoint, _ radius: Double) -> (area: Int, distanceKm: Double, inside: Bool)? {
        if let area = index.area(containing: p) { return (area, 0, true) }
        let onSphere = CountryIndex.isOnSphere(lat: p.lat, wrappedLon: CountryIndex.wrapLongitude(p.lon))
        guard radius > 0, onSphere, let near = index.nearestArea(to: p, withinKm: radius) else { return nil }
        return (near.area, near.distanceKm, false)
    }

    static func check(_ index: CountryIndex, points: [GeoPoint], radii: [Double]) -> (inside: Int, near: Int) {
        var inside = 0, near = 0
        for radius in radii {
            for p in points {
                let got = index.areaOrNearest(to: p, withinKm: radius), want = expected(index, p, radius)
                #expect(got?.area == want?.area && got?.distanceKm == want?.distanceKm && got?.inside == want?.inside,
                        "\(p.lat), \(p.lon) within \(radius) km: \(String(describing: got)) vs \(String(describing: want))")
                if want?.inside == true { inside += 1 } else if want != nil { near += 1 }
            }
        }
        return (inside, near)
    }

    @Test("synthetic areas, with and without near lists: as the lookup and then the search", arguments: [1.0, 0.25])
    func synthetic(cellSize: Double) {
        var listed = NearestBorderTests.areas()
        listed.remove(at: 3)
        for areas in [listed, NearestBorderTests.areas()] {
            let index = CountryIndex(areas: areas, cellSize: cellSize)
            let found = Self.check(index, points: Self.points(index, count: 150, seed: 21),
                                   radii: [0, -1, .nan, 0.5, 5, CountryIndex.nearListRadiusKm, 10.5, 100])
            #expect(found.inside > 100 && found.near > 100, "both kinds of answer: \(found)")
        }
    }

    @Test("Natural Earth: as the lookup and then the search; the gazetteer's reverse agrees")
    func naturalEarth() throws {
        let gazetteer = try NaturalEarthFixture.gazetteer.get()
        let index = gazetteer.spatialIndex
        let points = Self.points(index, count: 500, seed: 22)
        let found = Self.check(index, points: points, radii: [0, 1, CountryIndex.nearListRadiusKm, 50])
        #expect(found.inside > 300 && found.near > 300, "both kinds of answer: \(found)")
        for p in points where p.lat.isFinite && p.lat.magnitude <= 90 && p.lon.isFinite {
            let match = gazetteer.reverse(p), want = Self.expected(index, p, CountryGazetteer.defaultMaxDistanceKm)
            #expect(match?.countryIndex == want?.area && match?.distanceKm == want?.distanceKm
                    && (match?.kind == .inside) == (want?.inside == true))
        }
    }
}
