import Testing
@testable import GeoCore

/// A random star-shaped ring around (lon, lat): never self-intersecting, with jagged edges that cross
/// many cells and grid lines.
func starRing(_ random: inout TestRandom, lon: Double, lat: Double, radius: Double, vertices: Int) -> Ring {
    var pairs: [(Double, Double)] = []
    for k in 0..<vertices {
        let angle = Double(k) / Double(vertices) * 2 * GeoMath.pi
        let r = radius * random.uniform(0.3, 1.0)
        let (s, c) = GeoMath.sinCos(radians: angle)
        pairs.append((lon + r * c, max(-90, min(90, lat + r * s))))
    }
    pairs.append(pairs[0])
    return GeometryFixture.ring(pairs)
}

@Suite("Grid index agrees with whole-polygon tests")
struct CountryIndexTests {
    /// Three areas: a square with a hole, an enclave filling part of that hole, and a jagged star.
    static func sampleAreas() -> [MultiPolygon] {
        var random = TestRandom(seed: 7)
        let outer = Polygon(exterior: GeometryFixture.box(10, 40, 14, 44),
                            holes: [GeometryFixture.reversed(GeometryFixture.box(11, 41, 13, 43))])
        let enclave = Polygon(exterior: GeometryFixture.box(11.5, 41.5, 12.5, 42.5))
        let star = Polygon(exterior: starRing(&random, lon: 20, lat: 41, radius: 3, vertices: 200))
        return [MultiPolygon(polygons: [outer]), MultiPolygon(polygons: [enclave]), MultiPolygon(polygons: [star])]
    }

    @Test("holes and enclaves: the enclave wins inside the hole, the hole's rim is the enclosing area's")
    func enclaveInHole() {
        let index = CountryIndex(areas: Self.sampleAreas(), cellSize: 0.5)
        #expect(index.area(containing: GeoPoint(lat: 40.5, lon: 10.5)) == 0, "in the ring around the hole")
        #expect(index.area(containing: GeoPoint(lat: 42, lon: 12)) == 1, "in the enclave")
        #expect(index.area(containing: GeoPoint(lat: 41.2, lon: 11.2)) == nil, "in the hole, outside the enclave")
        #expect(index.area(containing: GeoPoint(lat: 41, lon: 12)) == 0, "on the hole's rim counts as the area")
        #expect(index.area(containing: GeoPoint(lat: 0, lon: 0)) == nil, "far away")
    }

    @Test("random points, grid lines and vertices: index answer == exact answer", arguments: [0.25, 0.5, 1.0])
    func matchesExact(cellSize: Double) {
        let areas = Self.sampleAreas()
        let index = CountryIndex(areas: areas, cellSize: cellSize)
        var random = TestRandom(seed: 42)
        var points: [GeoPoint] = []
        for _ in 0..<20_000 {
            points.append(GeoPoint(lat: random.uniform(37, 46), lon: random.uniform(8, 24)))
        }
        // Points on grid lines and cell corners, where the cell bookkeeping is most delicate.
        for _ in 0..<5_000 {
            let lat = Double(random.int(37 * 4, 46 * 4)) / 4
            let lon = Double(random.int(8 * 4, 24 * 4)) / 4
            points.append(GeoPoint(lat: lat, lon: random.uniform(8, 24)))
            points.append(GeoPoint(lat: random.uniform(37, 46), lon: lon))
            points.append(GeoPoint(lat: lat, lon: lon))
        }
        // Every vertex, and points at the latitude of a vertex (where toggles fire).
        for area in areas {
            for polygon in area.polygons {
                for r in polygon.rings {
                    for v in r.points {
                        points.append(v)
                        points.append(GeoPoint(lat: v.lat, lon: v.lon + random.uniform(-0.6, 0.6)))
                    }
                }
            }
        }
        var mismatches = 0
        for p in points where index.area(containing: p) != index.exactArea(containing: p) {
            mismatches += 1
        }
        #expect(mismatches == 0, "\(mismatches) of \(points.count) points disagree at cell size \(cellSize)")
    }

    @Test("the whole-area reference agrees with Ring/Polygon containment off the boundary")
    func referenceMatchesPolygonLocate() {
        let areas = Self.sampleAreas()
        let index = CountryIndex(areas: areas, cellSize: 0.5)
        var random = TestRandom(seed: 3)
        for _ in 0..<5_000 {
            let p = GeoPoint(lat: random.uniform(37, 46), lon: random.uniform(8, 24))
            for (k, area) in areas.enumerated() {
                #expect(index.exactLocation(of: p, inArea: k) == area.locate(p), "area \(k) at \(p)")
            }
        }
    }

    @Test("areas across the antimeridian and at the poles")
    func antimeridianAndPoles() {
        let east = Polygon(exterior: GeometryFixture.box(177, -19, 180, -16))
        let west = Polygon(exterior: GeometryFixture.box(-180, -19, -178, -16))
        let cap = Polygon(exterior: GeometryFixture.ring([(-180, -90), (180, -90), (180, -80), (-180, -80), (-180, -90)]))
        let index = CountryIndex(areas: [MultiPolygon(polygons: [east, west]), MultiPolygon(polygons: [cap])])
        #expect(index.area(containing: GeoPoint(lat: -17, lon: 179.5)) == 0)
        #expect(index.area(containing: GeoPoint(lat: -17, lon: -179.5)) == 0)
        #expect(index.area(containing: GeoPoint(lat: -17, lon: 180.5)) == 0, "wrapped to -179.5")
        #expect(index.area(containing: GeoPoint(lat: -17, lon: -540.5)) == 0, "-540.5 wraps to 179.5")
        #expect(index.area(containing: GeoPoint(lat: -17, lon: 170)) == nil)
        #expect(index.area(containing: GeoPoint(lat: -90, lon: 0)) == 1, "the South Pole")
        #expect(index.area(containing: GeoPoint(lat: -85, lon: 123)) == 1)
        #expect(index.area(containing: GeoPoint(lat: 90, lon: 0)) == nil, "the North Pole")
    }

    @Test("longitudes wrap into [-180, 180)", arguments: [
        (0.0, 0.0), (180.0, -180.0), (-180.0, -180.0), (181.0, -179.0), (360.0, 0.0), (-361.0, -1.0), (725.5, 5.5),
    ])
    func wrapping(input: Double, expected: Double) {
        #expect(CountryIndex.wrapLongitude(input) == expected)
    }

    @Test("nearest boundary matches a brute-force scan over every edge")
    func nearestMatchesBruteForce() {
        let areas = Self.sampleAreas()
        let index = CountryIndex(areas: areas, cellSize: 0.25)
        var random = TestRandom(seed: 11)
        for _ in 0..<400 {
            let p = GeoPoint(lat: random.uniform(36, 47), lon: random.uniform(6, 26))
            if index.area(containing: p) != nil { continue }
            let radius = random.uniform(1, 300)
            var bestArea = -1
            var bestKm = Double.infinity
            for (k, area) in areas.enumerated() {
                for polygon in area.polygons {
                    for r in polygon.rings {
                        for i in 0..<(r.points.count - 1) {
                            let d = Spherical.distanceToSegmentKm(p, r.points[i], r.points[i + 1])
                            if d < bestKm { bestKm = d; bestArea = k }
                        }
                    }
                }
            }
            let found = index.nearestArea(to: p, withinKm: radius)
            if bestKm <= radius {
                #expect(found?.area == bestArea, "nearest area to \(p) within \(radius) km")
                #expect(abs((found?.distanceKm ?? -1) - bestKm) < 1e-9)
            } else {
                #expect(found == nil, "nothing within \(radius) km of \(p); brute force says \(bestKm)")
            }
        }
    }

    @Test("box query matches MultiPolygon.intersects on random boxes")
    func boxesMatchBruteForce() {
        let areas = Self.sampleAreas()
        let index = CountryIndex(areas: areas, cellSize: 0.25)
        var random = TestRandom(seed: 5)
        for _ in 0..<2_000 {
            let w = random.uniform(7, 25), s = random.uniform(36, 46)
            let size = random.uniform(0.001, 4)
            let box = BoundingBox(west: w, south: s, east: w + size * random.uniform(0.2, 2), north: s + size)
            var expected: [Int] = []
            for (k, area) in areas.enumerated() where area.intersects(box) { expected.append(k) }
            #expect(index.areas(intersecting: box) == expected, "box \(box)")
        }
    }
}
