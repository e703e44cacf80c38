import Testing
@testable import GeoCore

@Suite("whereAmI: inside a place, alongside a road, the intersection ahead, the spoken phrase")
struct WhereAmITests {
    /// Degrees of latitude per metre on the model sphere (and of longitude at the equator).
    static let perM = 180 / (Double.pi * FeatureLayer.earthRadiusM)

    /// A layer of `(id, name, geometry JSON)` features.
    static func index(_ features: [(id: String, name: String?, geometry: String)]) throws -> WhereAmIIndex {
        let members = features.map { f in
            let properties = f.name.map { #"{"name":"\#($0)"}"# } ?? "{}"
            return #"{"type":"Feature","id":"\#(f.id)","properties":\#(properties),"geometry":\#(f.geometry)}"#
        }
        let json = #"{"type":"FeatureCollection","features":[\#(members.joined(separator: ","))]}"#
        return WhereAmIIndex(layers: FeatureLayers(layers: [try FeatureLayer(name: "city", geoJSON: Array(json.utf8))]))
    }

    static func line(_ points: [(lat: Double, lon: Double)]) -> String {
        #"{"type":"LineString","coordinates":[\#(points.map { "[\($0.lon),\($0.lat)]" }.joined(separator: ","))]}"#
    }

    /// A box polygon, with an optional hole box.
    static func box(south: Double, west: Double, north: Double, east: Double,
                    hole: (south: Double, west: Double, north: Double, east: Double)? = nil) -> String {
        func ring(_ s: Double, _ w: Double, _ n: Double, _ e: Double) -> String {
            "[[\(w),\(s)],[\(e),\(s)],[\(e),\(n)],[\(w),\(n)],[\(w),\(s)]]"
        }
        var rings = [ring(south, west, north, east)]
        if let hole { rings.append(ring(hole.south, hole.west, hole.north, hole.east)) }
        return #"{"type":"Polygon","coordinates":[\#(rings.joined(separator: ","))]}"#
    }

    /// Main Street along the equator from 10° E to 10.01° E; High Street north from its middle.
    static func crossing() throws -> WhereAmIIndex {
        try index([
            ("main", "Main Street", line([(0, 10), (0, 10.005), (0, 10.01)])),
            ("high", "High Street", line([(0, 10.005), (0.005, 10.005)])),
        ])
    }

    @Test func theIntersectionAheadIsWithin45DegreesOfTheHeadingInclusive() throws {
        let index = try Self.crossing()
        // The junction (0, 10.005) lies due east (bearing 90°) of the query, 111 m away.
        let q = GeoPoint(lat: 0, lon: 10.004)
        for heading in [90.0, 46, 134, 45, 135] {
            let answer = index.whereAmI(WhereAmIQuery(point: q, heading: heading))
            let hit = try #require(answer.intersection, "heading \(heading)")
            #expect(index.junction(hit.junction).names == ["Main Street", "High Street"])
            #expect(abs(hit.bearingDeg! - 90) < 1e-9)
        }
        for heading in [44.0, 136, 270, 0] {
            #expect(index.whereAmI(WhereAmIQuery(point: q, heading: heading)).intersection == nil, "heading \(heading)")
        }
        // No heading: the nearest junction in any direction.
        #expect(index.whereAmI(WhereAmIQuery(point: q)).intersection != nil)
        // Across north: heading 350° and a junction at 30° differ by 40°.
        #expect(WhereAmI.isAhead(30, heading: 350) && !WhereAmI.isAhead(36, heading: 350))
        #expect(WhereAmI.isAhead(355, heading: 0) && WhereAmI.isAhead(0, heading: 360))
    }

    @Test func aPointBetweenRoads15And18MetresAwayIsAlongTheNearerUnlessThePreviousRoadIsStillWithin20() throws {
        let index = try Self.index([
            ("a", "A Street", Self.line([(15 * Self.perM, 9.99), (15 * Self.perM, 10.01)])),
            ("b", "B Street", Self.line([(-18 * Self.perM, 9.99), (-18 * Self.perM, 10.01)])),
        ])
        let q = GeoPoint(lat: 0, lon: 10)
        let plain = index.whereAmI(WhereAmIQuery(point: q))
        #expect(plain.context == .alongsideRoad)
        #expect(index.feature(try #require(plain.road)).name == "A Street")
        #expect(abs(plain.road!.distanceM - 15) < 1e-6)
        #expect(plain.nearestRoad == nil)
        for key in ["B Street", "b"] {
            let sticky = index.whereAmI(WhereAmIQuery(point: q, previousRoad: key))
            #expect(index.feature(try #require(sticky.road)).name == "B Street", "previousRoad \(key)")
            #expect(abs(sticky.road!.distanceM - 18) < 1e-6)
        }
        // 3 m further north B Street is 21 m away: the previous road is let go.
        let farther = index.whereAmI(WhereAmIQuery(point: GeoPoint(lat: 3 * Self.perM, lon: 10), previousRoad: "B Street"))
        #expect(index.feature(try #require(farther.road)).name == "A Street")
        // An unknown previous road changes nothing.
        #expect(index.whereAmI(WhereAmIQuery(point: q, previousRoad: "C Street")) == plain)
        // 25 m from both: other, with the nearest road.
        let away = index.whereAmI(WhereAmIQuery(point: GeoPoint(lat: 40 * Self.perM, lon: 10)))
        #expect(away.context == .other && away.road == nil)
        let nearest = try #require(away.nearestRoad)
        #expect(index.feature(nearest).name == "A Street")
        #expect(WhereAmI.roadKey(index.feature(plain.road!)) == "A Street")
    }

    @Test func aPointInTheHoleOfAPlaceIsNotInsideIt() throws {
        let index = try Self.index([
            ("block", "Block", Self.box(south: 0, west: 10, north: 0.01, east: 10.01,
                                        hole: (0.004, 10.004, 0.006, 10.006))),
        ])
        let inBlock = index.whereAmI(WhereAmIQuery(point: GeoPoint(lat: 0.002, lon: 10.005)))
        let block = try #require(inBlock.poi)
        #expect(inBlock.context == .insidePOI && index.feature(block).name == "Block")
        #expect(inBlock.nearestPOI == nil)
        let inHole = index.whereAmI(WhereAmIQuery(point: GeoPoint(lat: 0.005, lon: 10.005)))
        #expect(inHole.context == .other && inHole.poi == nil)
        let near = try #require(inHole.nearestPOI)
        #expect(near.inside == false && abs(near.distanceM - 0.001 / Self.perM) < 0.01)
    }

    @Test func nestedPlacesAnswerTheInnermostWhateverTheFileOrder() throws {
        let campus = Self.box(south: 0, west: 10, north: 0.01, east: 10.01)
        let library = Self.box(south: 0.002, west: 10.002, north: 0.003, east: 10.003)
        let reading = Self.box(south: 0.0022, west: 10.0022, north: 0.0025, east: 10.0025)
        for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0]] {
            let all = [("campus", "Campus", campus), ("library", "Library", library), ("room", "Reading Room", reading)]
            let index = try Self.index(order.map { all[$0] })
            func inside(_ lat: Double, _ lon: Double) -> String? {
                index.whereAmI(WhereAmIQuery(point: GeoPoint(lat: lat, lon: lon))).poi.flatMap { index.feature($0).name }
            }
            #expect(inside(0.0023, 10.0023) == "Reading Room", "order \(order)")
            #expect(inside(0.0028, 10.0028) == "Library", "order \(order)")
            #expect(inside(0.008, 10.008) == "Campus", "order \(order)")
            #expect(inside(0.02, 10.02) == nil, "order \(order)")
        }
    }

    @Test func featuresAcrossTheAntimeridian() throws {
        let index = try Self.index([
            ("dateline", "Date Line Road", Self.line([(-16.5, 179.999), (-16.5, 179.9995), (-16.5, -179.999)])),
            ("cross", "Cross Road", Self.line([(-16.5, 179.9995), (-16.49, 179.9995)])),
            ("park", "West Park", Self.box(south: -16.6, west: 179.99, north: -16.55, east: 180)),
        ])
        let q = GeoPoint(lat: -16.5001, lon: -179.9995)
        let answer = index.whereAmI(WhereAmIQuery(point: q, heading: 270))
        let road = try #require(answer.road)
        #expect(answer.context == .alongsideRoad && index.feature(road).name == "Date Line Road")
        let junction = try #require(answer.intersection)
        #expect(index.junction(junction.junction).names == ["Date Line Road", "Cross Road"])
        // 106 m west and 11 m north: about 276°.
        #expect(junction.direction == "W" && abs(junction.bearingDeg! - 275.95) < 0.1, "bearing \(junction.bearingDeg!)")
        #expect(junction.distanceM > 100 && junction.distanceM < 110)
        #expect(index.whereAmI(WhereAmIQuery(point: q, heading: 90)).intersection == nil)
        // The park ends at 180°; from just east of -180° it lies to the south-west, across the line.
        let park = try #require(index.whereAmI(WhereAmIQuery(point: GeoPoint(lat: -16.5495, lon: -179.9995))).nearestPOI)
        #expect(index.feature(park).name == "West Park" && park.direction == "SW")
    }

    @Test func junctionsNeedTwoDifferentNames() throws {
        let index = try Self.index([
            ("m1", "Main Street", Self.line([(0, 10), (0, 10.005)])),
            ("m2", "Main Street", Self.line([(0, 10.005), (0, 10.01)])),
            ("path", nil, Self.line([(0, 10.005), (-0.001, 10.005)])),
            ("side", "Side Street", Self.line([(0, 10.01), (0.001, 10.01)])),
        ])
        #expect(index.junctions.map { $0.point } == [GeoPoint(lat: 0, lon: 10.01)])
        #expect(index.junctions[0].names == ["Main Street", "Side Street"])
    }

    @Test func phrases() throws {
        let index = try Self.index([
            ("main", "Main Street", Self.line([(0, 10), (0, 10.005), (0, 10.01)])),
            ("high", "High Street", Self.line([(0, 10.005), (0.005, 10.005)])),
            ("lib", "Library", #"{"type":"Point","coordinates":[10.004,-0.001]}"#),
            ("hall", "Town Hall", Self.box(south: 0.002, west: 10.006, north: 0.003, east: 10.007)),
            ("lane", nil, Self.line([(0.02, 10), (0.02, 10.01)])),
        ])
        let east = index.whereAmI(WhereAmIQuery(point: GeoPoint(lat: 0, lon: 10.0046), heading: 80))
        #expect(index.phrase(east, heading: 80)
                == "You are facing east along Main Street. Intersection with High Street is 45 m east. Library is 130 m south-west.")
        let still = index.whereAmI(WhereAmIQuery(point: GeoPoint(lat: 0, lon: 10.0046)))
        #expect(index.phrase(still, heading: nil).hasPrefix("You are along Main Street. Intersection with High Street is 45 m east."))
        let hall = index.whereAmI(WhereAmIQuery(point: GeoPoint(lat: 0.0025, lon: 10.0065), heading: 0))
        #expect(index.phrase(hall, heading: 0).hasPrefix("You are facing north inside Town Hall."))
        let lane = index.whereAmI(WhereAmIQuery(point: GeoPoint(lat: 0.0201, lon: 10.005)))
        #expect(index.phrase(lane, heading: nil).hasPrefix("You are along an unnamed road."))
        let empty = WhereAmIIndex.empty
        #expect(empty.phrase(empty.whereAmI(WhereAmIQuery(point: GeoPoint(lat: 0, lon: 0))), heading: 225)
                == "You are facing south-west. Nothing is nearby.")
    }

    @Test func spokenDistances() {
        #expect(WhereAmI.spokenDistance(2.6) == "5 m")
        #expect(WhereAmI.spokenDistance(42.4) == "40 m")
        #expect(WhereAmI.spokenDistance(42.6) == "45 m")
        #expect(WhereAmI.spokenDistance(97.4) == "95 m")
        #expect(WhereAmI.spokenDistance(97.6) == "100 m")
        #expect(WhereAmI.spokenDistance(124) == "120 m")
        #expect(WhereAmI.spokenDistance(994) == "990 m")
        #expect(WhereAmI.spokenDistance(996) == "1.0 km")
        #expect(WhereAmI.spokenDistance(1_249) == "1.2 km")
        #expect(WhereAmI.place(2.4, 90) == "here")
    }
}
