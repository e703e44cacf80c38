import Testing
@testable import GeoCore

/// -180 and 180 are one meridian (issue 13, item 15): an area drawn along either side contains the
/// points on it, however the client spells the longitude, through every lookup path.
@Suite("The antimeridian in the grid index")
struct AntimeridianIndexTests {
    /// Area 0 only east of the antimeridian, along 180; area 1 only west of it, drawn with the source's
    /// stray -179.99999999999991 instead of -180 (as Natural Earth draws Russia's Chukotka).
    static func areas() -> [MultiPolygon] {
        [MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(170, 0, 180, 10))]),
         MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(-179.99999999999991, 20, -170, 30))])]
    }

    static let index = CountryIndex(areas: areas(), cellSize: 0.25)

    @Test("a point on the meridian is found whichever spelling the client used, and whichever side the area is on",
          arguments: [
              (5.0, 180.0, 0), (5.0, -180.0, 0), (5.0, 540.0, 0), (5.0, -540.0, 0), (5.0, 900.0, 0),
              (25.0, 180.0, 1), (25.0, -180.0, 1), (25.0, -900.0, 1),
              (0.0, 180.0, 0), (10.0, -180.0, 0), (20.0, 180.0, 1), (30.0, -180.0, 1),  // corners on the meridian
          ] as [(Double, Double, Int)])
    func onTheMeridian(lat: Double, lon: Double, area: Int) {
        let point = GeoPoint(lat: lat, lon: lon)
        #expect(Self.index.area(containing: point) == area, "grid at \(lat), \(lon)")
        #expect(Self.index.exactArea(containing: point) == area, "whole-area test at \(lat), \(lon)")
        #expect(CountryIndex.Reference(Self.index).area(containing: point) == area, "reference at \(lat), \(lon)")
        #expect(batch([point]) == [area], "batch at \(lat), \(lon)")
        #expect(Self.index.exactLocation(of: point, inArea: area) != .outside)
    }

    @Test("a hair either side of the meridian: the area on that side, with no strip that belongs to none")
    func aHairAway() {
        let tiny = 0x1p-44  // half an ulp of 180 would round back onto it
        #expect(Self.index.area(containing: GeoPoint(lat: 5, lon: 180 - 2 * tiny)) == 0)
        #expect(Self.index.area(containing: GeoPoint(lat: 5, lon: -180 + 2 * tiny)) == nil, "west of 180 only area 1 lies")
        // The stray -179.99999999999991 is snapped onto -180 at build, so -179.99999999999997 is inside area 1.
        #expect(Self.index.area(containing: GeoPoint(lat: 25, lon: -179.99999999999997)) == 1)
        #expect(Self.index.area(containing: GeoPoint(lat: 25, lon: 180.00000000000003)) == 1, "wraps to -179.99999999999997")
        #expect(Self.index.area(containing: GeoPoint(lat: 25, lon: 179.99999999999997)) == nil)
    }

    @Test("points off the sphere are in no area and trap nowhere", arguments: [
        GeoPoint(lat: .nan, lon: 0), GeoPoint(lat: 0, lon: .nan), GeoPoint(lat: 5, lon: .infinity),
        GeoPoint(lat: 5, lon: -.infinity), GeoPoint(lat: 91, lon: 175), GeoPoint(lat: -1e308, lon: 175),
    ])
    func offTheSphere(point: GeoPoint) {
        #expect(Self.index.area(containing: point) == nil)
        #expect(Self.index.exactArea(containing: point) == nil)
        #expect(CountryIndex.Reference(Self.index).area(containing: point) == nil)
        #expect(batch([point]) == [-1])
    }

    @Test("huge longitudes land on the meridian they name", arguments: [
        (5.0, 1e37, 112.0), (5.0, -1e308, 64.0), (5.0, 6.6e300, -88.0),
    ] as [(Double, Double, Double)])
    func huge(lat: Double, lon: Double, wrapped: Double) {
        let index = CountryIndex(areas: [MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(wrapped - 0.5, 0, wrapped + 0.5, 10))])],
                                 cellSize: 0.25)
        #expect(index.area(containing: GeoPoint(lat: lat, lon: lon)) == 0, "\(lon) is \(wrapped)")
        #expect(index.area(containing: GeoPoint(lat: lat, lon: wrapped + 180)) == nil, "half a turn away")
    }

    @Test("boxes that reach the meridian from either side meet the areas along both spellings", arguments: [
        (GeoBox(minLat: 2, minLon: 180, maxLat: 4, maxLon: 180), [0]),
        (GeoBox(minLat: 2, minLon: -180, maxLat: 4, maxLon: -180), [0]),
        (GeoBox(minLat: 22, minLon: 180, maxLat: 24, maxLon: 180), [1]),
        (GeoBox(minLat: 22, minLon: -180, maxLat: 24, maxLon: -180), [1]),
        (GeoBox(minLat: 2, minLon: -180, maxLat: 24, maxLon: -179), [0, 1]),
        (GeoBox(minLat: 2, minLon: 179, maxLat: 24, maxLon: 180), [0, 1]),
        (GeoBox(minLat: 2, minLon: 179, maxLat: 24, maxLon: -179), [0, 1]),
        (GeoBox(minLat: 2, minLon: -169, maxLat: 24, maxLon: 169), []),
    ] as [(GeoBox, [Int])])
    func boxes(box: GeoBox, expected: [Int]) {
        var found = [Bool](repeating: false, count: Self.index.areaCount)
        for part in box.parts { Self.index.collectAreas(intersecting: part, into: &found) }
        #expect(found.indices.filter { found[$0] } == expected, "\(box)")
    }

    func batch(_ points: [GeoPoint]) -> [Int] {
        var results = [Int32](repeating: -2, count: points.count)
        points.withUnsafeBufferPointer { p in
            results.withUnsafeMutableBufferPointer { Self.index.areas(containing: p, into: $0) }
        }
        return results.map { Int($0) }
    }
}
