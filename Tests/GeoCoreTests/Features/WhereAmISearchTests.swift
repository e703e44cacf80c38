import Testing
@testable import GeoCore

/// `whereAmI`'s own walks (filtered k-nearest searches, the junction grid) against `whereAmIByNearby`, the
/// list-based reference, and the junction table and areas kept in the binary layer.
@Suite("whereAmI: the walks answer as the reference; junctions and areas cached and checked")
struct WhereAmISearchTests {
    /// A street grid with named streets sharing their crossing vertices (so every crossing is a junction),
    /// an unnamed lane, points and buildings (half with a courtyard), around `south`, `west`: `streets`
    /// streets each way `step` degrees apart, longitudes wrapped into [-180, 180].
    static func city(south: Double, west: Double, streets: Int, step: Double, seed: UInt64) -> String {
        var random = TestRandom(seed: seed)
        func lon(_ x: Double) -> Double { x > 180 ? x - 360 : x }
        func at(_ lat: Double, _ x: Double) -> String { "[\(lon(x)),\(lat)]" }
        var features: [String] = []
        func add(_ name: String?, _ geometry: String) {
            let properties = name.map { #"{"name":"\#($0)"}"# } ?? "{}"
            features.append(#"{"type":"Feature","id":\#(features.count),"properties":\#(properties),"geometry":\#(geometry)}"#)
        }
        let size = Double(streets - 1) * step
        for k in 0..<streets {
            let lat = south + Double(k) * step, x = west + Double(k) * step
            // Streets east-west and north-south, one vertex at every crossing; every third named as its
            // neighbour, so one name runs over several features.
            let across = (0..<streets).map { at(lat, west + Double($0) * step) }
            let along = (0..<streets).map { at(south + Double($0) * step, x) }
            add("Street \(k / 3 * 3)", #"{"type":"LineString","coordinates":[\#(across.joined(separator: ","))]}"#)
            add(k % 4 == 3 ? nil : "Avenue \(k)", #"{"type":"LineString","coordinates":[\#(along.joined(separator: ","))]}"#)
        }
        for _ in 0..<(streets * streets) {
            let lat = south + random.uniform(0, size), x = west + random.uniform(0, size)
            switch random.int(0, 3) {
            case 0, 1:
                add(random.int(0, 4) == 0 ? nil : "Place \(features.count)", #"{"type":"Point","coordinates":\#(at(lat, x))}"#)
            default:
                let h = random.uniform(0.0001, 0.0008), w = random.uniform(0.0001, 0.0008)
                var x = x
                if x < 180 && x + w >= 180 { x = 180 - w - 1e-7 }
                let ring = [(0.0, 0.0), (0, w), (h, w), (h, 0), (0, 0)].map { at(lat + $0.0, x + $0.1) }
                var rings = "[\(ring.joined(separator: ","))]"
                if random.int(0, 1) == 0 {
                    let hole = [(0.3, 0.3), (0.7, 0.3), (0.7, 0.7), (0.3, 0.7), (0.3, 0.3)].map { at(lat + $0.0 * h, x + $0.1 * w) }
                    rings += ",[\(hole.joined(separator: ","))]"
                }
                add("Building \(features.count)", #"{"type":"Polygon","coordinates":[\#(rings)]}"#)
            }
        }
        return #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    static let key: (UInt64, UInt64) = (24, 42)

    /// Two layers: a city in Helsinki and one across the antimeridian.
    static func layers() throws -> [FeatureLayer] {
        [try FeatureLayer(name: "helsinki", geoJSON: Array(city(south: 60.17, west: 24.93, streets: 12, step: 0.0009, seed: 1).utf8)),
         try FeatureLayer(name: "fiji", geoJSON: Array(city(south: -16.9, west: 179.995, streets: 12, step: 0.0009, seed: 2).utf8))]
    }

    /// Random queries over both cities and their surroundings, with and without headings, previous roads
    /// taken from earlier answers (or made up), and every road and place layer selection.
    @Test func theWalksAnswerAsTheReference() throws {
        let index = WhereAmIIndex(layers: FeatureLayers(layers: try Self.layers()))
        #expect(index.junctionCount > 100)
        var random = TestRandom(seed: 18)
        var previous: String? = nil
        var contexts: Set<String> = []
        var intersections = 0, sticky = 0
        let selections: [[Int]?] = [nil, [0], [1], [1, 0], [0, 0]]
        for n in 0..<4_000 {
            let city = n % 2
            let south = city == 0 ? 60.17 : -16.9, west = city == 0 ? 24.93 : 179.995
            var lon = west + random.uniform(-0.002, 0.012)
            if lon > 180 { lon -= 360 }
            let q = GeoPoint(lat: south + random.uniform(-0.002, 0.012), lon: lon)
            let heading: Double? = n % 3 == 0 ? nil : [0, 90, 45, 135.0][n % 4] + (n % 5 == 0 ? 0 : random.uniform(0, 360))
            let query = WhereAmIQuery(point: q, heading: heading.map { $0.truncatingRemainder(dividingBy: 360) },
                                      previousRoad: n % 7 == 0 ? "Avenue 4" : previous,
                                      roadLayers: selections[n % 5], poiLayers: selections[(n / 5) % 5])
            let fast = index.whereAmI(query)
            #expect(fast == index.whereAmIByNearby(query), "query \(n) at \(q.lat), \(q.lon)")
            contexts.insert(fast.context.name)
            if fast.intersection != nil { intersections += 1 }
            if let road = fast.road, let key = query.previousRoad, index.matches(road, key) { sticky += 1 }
            if let road = fast.road ?? fast.nearestRoad { previous = WhereAmI.roadKey(index.feature(road)) }
        }
        #expect(contexts == ["insidePOI", "alongsideRoad", "other"])
        #expect(intersections > 500 && sticky > 100, "\(intersections) intersections, \(sticky) sticky roads")
    }

    /// Points as far from two or four crossings as from each other (a street's midpoints between crossings,
    /// a block's centre, and a hair off them), where the junction search's chord test must still measure
    /// every crossing that ties: the answer is the reference's, ties broken by the lower junction number.
    @Test func junctionTiesAnswerAsTheReference() throws {
        let index = WhereAmIIndex(layers: FeatureLayers(layers: try Self.layers()))
        let step = 0.0009
        var checked = 0, intersections = 0
        for (south, west) in [(60.17, 24.93), (-16.9, 179.995)] {
            for i in 0..<11 {
                for j in 0..<11 {
                    for (dLat, dLon) in [(0.0, 0.5), (0.5, 0.0), (0.5, 0.5), (1e-12, 0.5), (0.5, -1e-12)] {
                        var lon = west + (Double(j) + dLon) * step
                        if lon > 180 { lon -= 360 }
                        let q = GeoPoint(lat: south + (Double(i) + dLat) * step, lon: lon)
                        for heading in [nil, 0, 90, 180, 270.0] as [Double?] {
                            let query = WhereAmIQuery(point: q, heading: heading)
                            let fast = index.whereAmI(query)
                            #expect(fast == index.whereAmIByNearby(query), "\(q.lat), \(q.lon) heading \(String(describing: heading))")
                            if fast.intersection != nil { intersections += 1 }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 6_050 && intersections > 3_000, "\(intersections) intersections")
    }

    /// The junctions and areas come back from the binary layer as they were built, and answer the same.
    @Test func junctionsAndAreasAreKeptInTheBinaryLayer() throws {
        let built = try Self.layers()
        let loaded = try built.map { try FeatureLayer(name: $0.name, binary: $0.binary(sourceKey: Self.key), sourceKey: Self.key) }
        let a = WhereAmIIndex(layers: FeatureLayers(layers: built)), b = WhereAmIIndex(layers: FeatureLayers(layers: loaded))
        #expect(a.junctions == b.junctions && a.junctionCount > 100)
        for (x, y) in zip(built, loaded) { #expect(Array(x.areasM2) == Array(y.areasM2)) }
        var random = TestRandom(seed: 7)
        for _ in 0..<500 {
            let q = GeoPoint(lat: 60.17 + random.uniform(0, 0.01), lon: 24.93 + random.uniform(0, 0.01))
            let query = WhereAmIQuery(point: q, heading: random.uniform(0, 360))
            #expect(a.whereAmI(query) == b.whereAmI(query))
        }
    }

    /// Every byte of a small layer's junction table and areas damaged (checksum repaired, so only the
    /// table checks see it): refused, or loaded and answering `whereAmI` (junctions, names, phrase)
    /// without trapping; some refusals come from the junction checks.
    @Test func damagedJunctionTablesAreRefusedOrHarmless() throws {
        let small = try FeatureLayer(name: "small", geoJSON: Array(Self.city(south: 10, west: 10, streets: 3, step: 0.001, seed: 3).utf8))
        #expect(small.junctions.count == 9)  // every crossing of "Street 0" and "Avenue 0" to "Avenue 2"
        let bytes = small.binary(sourceKey: Self.key)
        // The junction table and areas are the payload's tail.
        var tables = BinaryWriter()
        small.junctions.write(into: &tables)
        tables.array(small.areasM2)
        let tail = tables.bytes.count
        var junctionRefusals = 0, loaded = 0
        for offset in (bytes.count - tail)..<bytes.count {
            for change in [{ (b: UInt8) in b ^ 0xFF }, { _ in 0 }, { (b: UInt8) in b ^ 0x01 }] {
                var damaged = bytes
                damaged[offset] = change(damaged[offset])
                FeatureLayerBinaryTests.repairChecksum(&damaged)
                do throws(BinaryFormatError) {
                    let layer = try FeatureLayer(name: "x", binary: damaged, sourceKey: Self.key)
                    loaded += 1
                    let index = WhereAmIIndex(layers: FeatureLayers(layers: [layer]))
                    for j in 0..<index.junctionCount { _ = index.junction(j) }
                    for lat in [10.0, 10.0005, 10.001, 10.0015] {
                        let query = WhereAmIQuery(point: GeoPoint(lat: lat, lon: 10.0004), heading: 90, previousRoad: "Street 0")
                        let answer = index.whereAmI(query)
                        _ = index.phrase(answer, heading: 90)
                        _ = index.whereAmIByNearby(query)
                    }
                } catch {
                    if case .invalid(let what) = error, what.hasPrefix("junction") || what.hasPrefix("feature area") {
                        junctionRefusals += 1
                    }
                }
            }
        }
        #expect(junctionRefusals > 0 && loaded > 0, "\(junctionRefusals) refused by the new checks, \(loaded) loaded")
    }
}
