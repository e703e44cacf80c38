import Testing
@testable import GeoCore

/// The nearest-border search (issue 14) against the full scan it replaced (`nearestAreaByScan`, kept as the
/// reference) and against brute force over every edge, near coasts, far at sea, across ±180 and at the poles.
@Suite("Nearest border: the best-first search answers what the full scan and brute force answer")
struct NearestBorderTests {
    /// 128 and 129 km: the last radius searched in one pass and the first that deepens from a 64 km cap.
    static let radii: [Double] = [10, 50, 100, 128, 129, 1000, 20037.5]

    /// Areas that put edges where the search is delicate: two boxes meeting at ±180, an island near the
    /// North Pole, a cap round the South Pole (as Natural Earth draws Antarctica), two areas sharing a
    /// border that ends in a corner pointing south (sea points below the corner are equally near both), and the
    /// index tests' box with a hole, enclave and 200-vertex star.
    static func areas() -> [MultiPolygon] {
        func box(_ w: Double, _ s: Double, _ e: Double, _ n: Double) -> MultiPolygon {
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(w, s, e, n))])
        }
        func spike(_ lonLat: [(Double, Double)]) -> MultiPolygon {
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.ring(lonLat + [lonLat[0]]))])
        }
        return [box(175, -10, 180, 10), box(-180, -10, -175, 10), box(-30, 80, 30, 85), box(-180, -90, 180, -80),
                spike([(0, 5), (0, 3), (5, 0), (5, 5)]), spike([(5, 0), (10, 3), (10, 5), (5, 5)])]
            + CountryIndexTests.sampleAreas()
    }

    /// The least distance over every edge of `index` from `p`, and every area whose edge is that near.
    static func bruteForce(_ index: CountryIndex, _ p: GeoPoint) -> (km: Double, areas: Set<Int>) {
        let q = GeoPoint(lat: p.lat, lon: CountryIndex.wrapLongitude(p.lon))
        var best = Double.infinity
        var areas: Set<Int> = []
        for area in 0..<index.areaCount {
            for ring in Int(index.areaRingStart[area])..<Int(index.areaRingStart[area + 1]) {
                for i in Int(index.ringStart[ring])..<(Int(index.ringStart[ring + 1]) - 1) {
                    let d = Spherical.distanceToSegmentKm(q, GeoPoint(lat: index.vertexLat(i), lon: index.vertexLon(i)),
                                                          GeoPoint(lat: index.vertexLat(i + 1), lon: index.vertexLon(i + 1)))
                    if d < best { best = d; areas = [area] } else if d == best { areas.insert(area) }
                }
            }
        }
        return (best, areas)
    }

    /// Points outside every area: near edges (up to 1.5 × `radius` off a random point of a random edge), at
    /// random on the sphere, near ±180, near both poles, and in the wedge south of the shared corner (5, 0).
    static func points(_ index: CountryIndex, radius: Double, count: Int, seed: UInt64) -> [GeoPoint] {
        var random = TestRandom(seed: seed)
        var edges: [(GeoPoint, GeoPoint)] = []
        index.forEachEdge { a, b in edges.append((a, b)) }
        var points: [GeoPoint] = []
        let degrees = min(radius, 500) * 1.5 / 111.2
        for _ in 0..<count {
            let (a, b) = edges[random.int(0, edges.count - 1)]
            let t = random.uniform(0, 1)
            let lat = min(90, max(-90, a.lat + t * (b.lat - a.lat) + random.uniform(-degrees, degrees)))
            points.append(GeoPoint(lat: lat, lon: a.lon + t * (b.lon - a.lon) + random.uniform(-degrees, degrees)))
            points.append(GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180)))
            points.append(GeoPoint(lat: random.uniform(-12, 12), lon: random.uniform(179, 181)))
            points.append(GeoPoint(lat: random.uniform(86, 90), lon: random.uniform(-180, 180)))
            points.append(GeoPoint(lat: random.uniform(-80, -78), lon: random.uniform(-180, 180)))
            points.append(GeoPoint(lat: random.uniform(-0.5, 0), lon: random.uniform(4.9, 5.1)))
        }
        points += [GeoPoint(lat: 90, lon: 0), GeoPoint(lat: 90, lon: -180), GeoPoint(lat: 0, lon: 180),
                   GeoPoint(lat: 0, lon: -180), GeoPoint(lat: -0.1, lon: 5), GeoPoint(lat: 11, lon: 180)]
        return points.filter { index.area(containing: $0) == nil }
    }

    @Test("synthetic areas: same area and distance as the full scan; distance that of brute force, area among the nearest",
          arguments: [1.0, 0.25])
    func matchesScanAndBruteForce(cellSize: Double) {
        let index = CountryIndex(areas: Self.areas(), cellSize: cellSize)
        var checked = 0, found = 0, ties = 0
        for radius in Self.radii {
            let count = radius > 1000 ? (cellSize < 1 ? 3 : 15) : 60
            for p in Self.points(index, radius: radius, count: count, seed: UInt64(radius * 10)) {
                let fast = index.nearestArea(to: p, withinKm: radius)
                let scan = index.nearestAreaByScan(to: p, withinKm: radius)
                #expect(fast?.area == scan?.area && fast?.distanceKm == scan?.distanceKm,
                        "\(p.lat), \(p.lon) within \(radius) km: \(String(describing: fast)) vs scan \(String(describing: scan))")
                let brute = Self.bruteForce(index, p)
                if brute.km <= radius {
                    found += 1
                    if brute.areas.count > 1 { ties += 1 }
                    #expect(fast?.distanceKm == brute.km, "\(p.lat), \(p.lon) within \(radius) km: brute force \(brute.km)")
                    #expect(fast.map { brute.areas.contains($0.area) } == true, "\(p.lat), \(p.lon): \(brute.areas)")
                } else {
                    #expect(fast == nil, "\(p.lat), \(p.lon) within \(radius) km: nothing is that near")
                }
                checked += 1
            }
        }
        #expect(found > checked / 3, "most points have a border in range (\(found) of \(checked))")
        #expect(ties > 10, "the shared corner gives points equally near two areas (\(ties))")
    }

    @Test("the longitude factor's trigonometry-free cosine is a lower bound within 1e-3 of the cosine")
    func cosineBelowIsALowerBound() {
        var worst = 0.0
        for k in 0...90_000 {
            let degrees = Double(k) / 1000
            let exact = GeoMath.sinCos(degrees: degrees).cos, below = NearestSearch.cosineBelow(degrees: degrees)
            #expect(below <= exact, "cos \(degrees)°: \(below) above \(exact)")
            worst = max(worst, exact - below)
        }
        #expect(worst < 1e-3, "at most 1e-3 below the cosine (\(worst))")
    }

    @Test("the trigonometry-free window the sea exit reads holds every cell of the scan's window")
    func coverWindowHoldsScanWindow() throws {
        let index = try NaturalEarthFixture.gazetteer.get().spatialIndex
        var random = TestRandom(seed: 1415)
        var points = [GeoPoint(lat: 0, lon: 180), GeoPoint(lat: 0, lon: -180), GeoPoint(lat: 89.9, lon: 0),
                      GeoPoint(lat: -89.9, lon: 179.99), GeoPoint(lat: 60, lon: -179.999), GeoPoint(lat: -75, lon: 179.9)]
        for _ in 0..<3_000 { points.append(GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-180, 180))) }
        var missing: [String] = []
        for p in points {
            for radius in [0.0, 1, 10, 50, 100, 1000, 5000, 20037.5] {
                let exact = index.nearestWindow(p, radius), cover = index.nearestWindowCover(p, radius)
                let n = index.columns
                let rowsHeld = cover.r0 <= exact.r0 && cover.r1 >= exact.r1
                // Every column of the exact window, counted from its west column, within the cover's span.
                let columnsHeld = cover.span == n || (exact.span <= cover.span
                    && (exact.c0 - cover.c0 + n) % n + exact.span <= cover.span)
                if !rowsHeld || !columnsHeld { missing.append("\(p.lat), \(p.lon) at \(radius) km") }
            }
        }
        #expect(missing.isEmpty, "cover misses cells of the scan's window: \(missing.prefix(10))")
    }

    @Test("Natural Earth: same area and distance as the full scan near coasts, far at sea, across ±180, at the poles")
    func naturalEarthMatchesScan() throws {
        let index = try NaturalEarthFixture.gazetteer.get().spatialIndex
        var random = TestRandom(seed: 14)
        var edges: [(GeoPoint, GeoPoint)] = []
        index.forEachEdge { a, b in edges.append((a, b)) }
        var near: [GeoPoint] = []
        while near.count < 1_500 {
            let (a, b) = edges[random.int(0, edges.count - 1)]
            let t = random.uniform(0, 1)
            let p = GeoPoint(lat: min(90, max(-90, a.lat + t * (b.lat - a.lat) + random.uniform(-0.08, 0.08))),
                             lon: a.lon + t * (b.lon - a.lon) + random.uniform(-0.08, 0.08))
            if index.area(containing: p) == nil { near.append(p) }
        }
        // Fiji, Kiribati and Chukotka straddle 180; the Arctic; the Southern Ocean; Point Nemo.
        let far = [GeoPoint(lat: -17.5, lon: 179.99), GeoPoint(lat: -17.5, lon: -179.99), GeoPoint(lat: 1.8, lon: -180),
                   GeoPoint(lat: 66, lon: 180), GeoPoint(lat: 90, lon: 0), GeoPoint(lat: 89.5, lon: 120),
                   GeoPoint(lat: -60, lon: -179.5), GeoPoint(lat: -48.8767, lon: -123.3933)]
        var differ: [String] = []
        func compare(_ p: GeoPoint, _ radius: Double) {
            let fast = index.nearestArea(to: p, withinKm: radius), scan = index.nearestAreaByScan(to: p, withinKm: radius)
            if fast?.area != scan?.area || fast?.distanceKm != scan?.distanceKm { differ.append("\(p.lat), \(p.lon) at \(radius) km") }
        }
        for p in near { compare(p, 10) }
        for p in near.prefix(200) { compare(p, 100) }
        for p in far { for radius in [10.0, 100, 1000] { compare(p, radius) } }
        for p in far.prefix(3) { compare(p, 20037.5) }
        #expect(differ.isEmpty, "differ from the full scan: \(differ.prefix(10))")
    }

    @Test("the batch reverse (reverseGeocodeMany's path) answers as one call per point, at sea and on land", arguments: [0.0, 10, 100])
    func batchEqualsSingle(radius: Double) throws {
        let gazetteer = try NaturalEarthFixture.gazetteer.get()
        var random = TestRandom(seed: 1414)
        var edges: [(GeoPoint, GeoPoint)] = []
        gazetteer.spatialIndex.forEachEdge { a, b in edges.append((a, b)) }
        var points: [GeoPoint] = []
        for _ in 0..<1_500 {
            let (a, b) = edges[random.int(0, edges.count - 1)]
            let t = random.uniform(0, 1)
            points.append(GeoPoint(lat: min(90, max(-90, a.lat + t * (b.lat - a.lat) + random.uniform(-0.1, 0.1))),
                                   lon: a.lon + t * (b.lon - a.lon) + random.uniform(-0.1, 0.1)))
            points.append(GeoPoint(lat: random.uniform(-90, 90), lon: random.uniform(-540, 540)))
        }
        let batch = gazetteer.reverse(points, maxDistanceKm: radius)
        var differ = 0, nearest = 0
        for (k, p) in points.enumerated() {
            if batch[k] != gazetteer.reverse(p, maxDistanceKm: radius) { differ += 1 }
            if batch[k]?.kind == .nearest { nearest += 1 }
        }
        #expect(differ == 0, "\(differ) of \(points.count) differ")
        #expect(radius == 0 ? nearest == 0 : nearest > 100, "\(nearest) answered by the nearest border")
    }

    @Test("radii the server never sends answer as the scan does: NaN and negative find nothing, infinite finds the nearest")
    func unusualRadii() {
        let index = CountryIndex(areas: Self.areas(), cellSize: 1)
        for p in [GeoPoint(lat: -30, lon: -100), GeoPoint(lat: 89, lon: 0), GeoPoint(lat: 0, lon: 179.5)] {
            for radius in [Double.nan, -1, -0.0, .infinity, .greatestFiniteMagnitude] {
                let fast = index.nearestArea(to: p, withinKm: radius), scan = index.nearestAreaByScan(to: p, withinKm: radius)
                #expect(fast?.area == scan?.area && fast?.distanceKm == scan?.distanceKm,
                        "\(p.lat), \(p.lon) within \(radius): \(String(describing: fast)) vs scan \(String(describing: scan))")
                #expect((fast != nil) == (radius > 1000), "\(p.lat), \(p.lon) within \(radius)")
            }
        }
    }

    @Test("the arc excursion is measured: an edge along a parallel bows poleward, and the index stores at least that")
    func arcExcursion() {
        // 10° of longitude along 60° N: the great circle's middle is at atan(tan 60° / cos 5°) = 60.0945° N.
        let rise = CountryIndexBuilder.excursion(GeoPoint(lat: 60, lon: 0), GeoPoint(lat: 60, lon: 10))
        #expect(rise > 0.0944 && rise < 0.0946, "rise \(rise)")
        #expect(CountryIndexBuilder.excursion(GeoPoint(lat: 60, lon: 10), GeoPoint(lat: 60, lon: 0)) == rise, "either way round")
        // An area whose north edge runs 20° along 60° N bows up to 60.37° N, two rows above the rows that
        // list the edge (0.25° cells); a point at 60.6° N is 26 km from the bow, 39 km from those rows, and
        // 33 km from a second area to its north. Without the excursion the search would prune the listing
        // rows once it had the second area, and answer it.
        let bowed = MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(0, 55, 20, 60))])
        let north = MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(9.9, 60.9, 10.1, 61))])
        let index = CountryIndex(areas: [bowed, north], cellSize: 0.25)
        #expect(index.arcExcursion >= CountryIndexBuilder.excursion(GeoPoint(lat: 60, lon: 0), GeoPoint(lat: 60, lon: 20)))
        let p = GeoPoint(lat: 60.6, lon: 10)
        let fast = index.nearestArea(to: p, withinKm: 100), scan = index.nearestAreaByScan(to: p, withinKm: 100)
        #expect(fast?.area == 0 && fast?.area == scan?.area && fast?.distanceKm == scan?.distanceKm,
                "\(String(describing: fast)) vs scan \(String(describing: scan))")
        #expect(fast.map { $0.distanceKm > 20 && $0.distanceKm < 30 } == true, "to the bow: \(String(describing: fast))")
    }

    @Test("a damaged arc excursion is refused at load", arguments: [Double.nan, -1, 180.5, -Double.infinity, .infinity])
    func damagedExcursionRefused(value: Double) throws {
        let gazetteer = CountryGazetteerBinaryTests.small()
        let bytes = gazetteer.binaryIndex(sourceKey: CountryGazetteerBinaryTests.key)
        let stored = gazetteer.spatialIndex.arcExcursion.bitPattern
        let position = Self.excursionPosition(bytes, stored: stored, rows: gazetteer.spatialIndex.rows)
        #expect(position > 0, "the excursion's bytes are in the file")
        guard position > 0 else { return }
        var damaged = bytes
        for j in 0..<8 { damaged[position + j] = UInt8(truncatingIfNeeded: value.bitPattern >> UInt64(8 * j)) }
        damaged = CountryGazetteer.resealed(damaged)
        #expect(CountryGazetteerBinaryTests.decode(damaged).failure == .invalid("arc excursion"))
        #expect(CountryGazetteerBinaryTests.decode(bytes).failure == nil, "the undamaged file loads")
    }

    /// Where the index's arc excursion is in `bytes`: the last 8 bytes holding it that are followed by the
    /// row excursions' count (the rows), since a row's excursion can equal it.
    static func excursionPosition(_ bytes: [UInt8], stored: UInt64, rows: Int) -> Int {
        func word(_ k: Int) -> UInt64 {
            var word: UInt64 = 0
            for j in 0..<8 { word |= UInt64(bytes[k + j]) << UInt64(8 * j) }
            return word
        }
        for k in stride(from: bytes.count - 16, through: CountryGazetteer.binaryHeaderSize, by: -1)
        where word(k) == stored && word(k + 8) == UInt64(rows) {
            return k
        }
        return -1
    }

    @Test("a damaged row excursion (off [0, arc excursion], or NaN) is refused at load",
          arguments: [Double.nan, -1, 180.5, .infinity])
    func damagedRowExcursionRefused(value: Double) throws {
        let gazetteer = CountryGazetteerBinaryTests.small()
        let bytes = gazetteer.binaryIndex(sourceKey: CountryGazetteerBinaryTests.key)
        let index = gazetteer.spatialIndex
        let position = Self.excursionPosition(bytes, stored: index.arcExcursion.bitPattern, rows: index.rows)
        #expect(position > 0, "the excursion's bytes are in the file")
        guard position > 0 else { return }
        // The rows' values follow the excursion and their count (both 8 bytes, so already aligned).
        var damaged = bytes
        let last = position + 16 + 8 * (index.rows - 1)
        for j in 0..<8 { damaged[last + j] = UInt8(truncatingIfNeeded: value.bitPattern >> UInt64(8 * j)) }
        damaged = CountryGazetteer.resealed(damaged)
        #expect(CountryGazetteerBinaryTests.decode(damaged).failure == .invalid("row excursions"))
    }

    @Test("row excursions: each row bounds the arcs of the edges it lists, rows of straight edges stay near 0, and the search still answers as the full scan and brute force")
    func rowExcursions() {
        // Without the cap round the South Pole (an edge across 180° of longitude makes every row 180): the
        // 60° N edge bows 0.37° in its rows, the boxes near the North Pole more, every other row less.
        var areas = Self.areas()
        areas.remove(at: 3)
        areas.append(MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(40, 55, 60, 60))]))
        let index = CountryIndex(areas: areas, cellSize: 0.25)
        #expect(index.arcExcursion < 180)
        #expect(index.rowExcursion.count == index.rows)
        let bow = CountryIndexBuilder.excursion(GeoPoint(lat: 60, lon: 40), GeoPoint(lat: 60, lon: 60))
        let row60 = index.row(of: 60)
        #expect(index.rowExcursion[row60] >= bow && index.rowExcursion[row60] <= index.arcExcursion)
        #expect(index.rowExcursion.buffer.allSatisfy { $0 >= 0 && $0 <= index.arcExcursion })
        #expect(index.rowExcursion[index.row(of: 57.1)] < 1e-6, "the box's meridian sides do not bow")
        #expect(index.rowExcursion[index.row(of: 30.1)] < index.arcExcursion / 100, "far from the long parallels")
        var random = TestRandom(seed: 60)
        var checked = 0
        for radius in [10.0, 50, 100, 1000] {
            var points: [GeoPoint] = []
            for _ in 0..<40 {
                points.append(GeoPoint(lat: random.uniform(59.5, 61), lon: random.uniform(35, 65)))
                points.append(GeoPoint(lat: random.uniform(78, 90), lon: random.uniform(-60, 60)))
                points.append(GeoPoint(lat: random.uniform(-12, 12), lon: random.uniform(-180, 180)))
            }
            for p in points where index.area(containing: p) == nil {
                let fast = index.nearestArea(to: p, withinKm: radius), scan = index.nearestAreaByScan(to: p, withinKm: radius)
                #expect(fast?.area == scan?.area && fast?.distanceKm == scan?.distanceKm,
                        "\(p.lat), \(p.lon) within \(radius) km: \(String(describing: fast)) vs scan \(String(describing: scan))")
                let brute = Self.bruteForce(index, p)
                if brute.km <= radius { #expect(fast?.distanceKm == brute.km, "\(p.lat), \(p.lon): brute force \(brute.km)") }
                checked += 1
            }
        }
        #expect(checked > 200)
    }
}
