import Testing
@testable import GeoCore

/// The antimeridian on the real data (issue 13, item 15): `reverse 66 180 --max-distance 0` was null
/// although the point lies on Russia's edge, and `bbox 65 -180 67 -180` was empty while
/// `bbox 65 180 67 180` gave Russia.
@Suite("The antimeridian on the bundled Natural Earth data")
struct AntimeridianGazetteerTests {
    let gazetteer: CountryGazetteer

    init() throws {
        gazetteer = try NaturalEarthFixture.gazetteer.get()
    }

    /// Every spelling of a longitude on or a hair off the antimeridian that the tests try.
    static let spellings: [Double] = [180, -180, 540, -540, 900, -900, 180 + 360 * 0x1p40, 179.99999999999997,
                                      180.00000000000003, -179.99999999999997, -180.00000000000003]

    @Test("points on ±180 are inside the country drawn along it, strictly and with a radius, one by one and batched",
          arguments: [(66.0, "RUS"), (65.0663, "RUS"), (68.98, "RUS"), (71.2, "RUS"), (-16.5, "FJI"), (-16.16, "FJI"),
                      (-16.85, "FJI"), (-85.0, "ATA"), (-89.9, "ATA")])
    func inside(lat: Double, adm0a3: String) throws {
        let expected = try #require(NaturalEarthFixture.index(of: adm0a3, in: gazetteer))
        let points = Self.spellings.map { GeoPoint(lat: lat, lon: $0) }
        for radius in [0.0, CountryGazetteer.defaultMaxDistanceKm] {
            for point in points {
                let match = gazetteer.reverse(point, maxDistanceKm: radius)
                #expect(match?.countryIndex == expected, "\(lat), \(point.lon), radius \(radius)")
                #expect(match?.kind == .inside, "\(lat), \(point.lon), radius \(radius)")
            }
            let many = gazetteer.reverse(points, maxDistanceKm: radius)
            #expect(many == points.map { gazetteer.reverse($0, maxDistanceKm: radius) })
        }
        let index = gazetteer.spatialIndex
        for point in points { #expect(index.exactArea(containing: point) == expected, "whole-area test at \(point)") }
    }

    @Test("near Kiribati and at sea on ±180, both spellings find the same nearest border at the same distance",
          arguments: [(-1.5, 1000.0), (0.0, 1000.0), (1.9, 1000.0), (52.0, 500.0), (-30.0, 500.0)])
    func nearest(lat: Double, radius: Double) {
        let east = gazetteer.reverse(GeoPoint(lat: lat, lon: 180), maxDistanceKm: radius)
        let west = gazetteer.reverse(GeoPoint(lat: lat, lon: -180), maxDistanceKm: radius)
        let hairEast = gazetteer.reverse(GeoPoint(lat: lat, lon: 179.99999999999997), maxDistanceKm: radius)
        #expect(east != nil, "something within \(radius) km of \(lat), 180")
        #expect(east == west)
        #expect(hairEast?.countryIndex == east?.countryIndex)
        if let a = hairEast?.distanceKm, let b = east?.distanceKm { #expect(abs(a - b) < 1e-6) }
    }

    @Test("a point in the Kiribati Phoenix–Gilbert gap at ±180 finds Kiribati or a neighbour, the same either way")
    func kiribati() throws {
        let kiribati = try #require(NaturalEarthFixture.index(of: "KIR", in: gazetteer))
        let found = gazetteer.reverse(GeoPoint(lat: -1.5, lon: 180), maxDistanceKm: 1000)
        #expect(found?.countryIndex == kiribati)
        #expect(found?.kind == .nearest)
    }

    @Test("boxes touching ±180 from either side", arguments: [
        (GeoBox(minLat: 65, minLon: 180, maxLat: 67, maxLon: 180), ["RUS"]),
        (GeoBox(minLat: 65, minLon: -180, maxLat: 67, maxLon: -180), ["RUS"]),
        (GeoBox(minLat: -17, minLon: -180, maxLat: -16, maxLon: -180), ["FJI"]),
        (GeoBox(minLat: -17, minLon: 180, maxLat: -16, maxLon: 180), ["FJI"]),
        (GeoBox(minLat: -86, minLon: -180, maxLat: -84, maxLon: -180), ["ATA"]),
        (GeoBox(minLat: 65, minLon: 179.5, maxLat: 67, maxLon: 180), ["RUS"]),
        (GeoBox(minLat: 65, minLon: -180, maxLat: 67, maxLon: -179.5), ["RUS"]),
        (GeoBox(minLat: -17, minLon: 179.5, maxLat: -16, maxLon: -179.5), ["FJI"]),
    ] as [(GeoBox, [String])])
    func boxes(box: GeoBox, expected: [String]) {
        let found = gazetteer.countries(in: box).map { gazetteer.countries[$0].adm0a3 }
        #expect(found == expected, "\(box)")
    }

    @Test("the two spellings of the same meridian box give the same countries at every latitude band")
    func mirroredBoxes() {
        var lat = -90.0
        while lat < 90 {
            let west = gazetteer.countries(in: GeoBox(minLat: lat, minLon: -180, maxLat: lat + 5, maxLon: -180))
            let east = gazetteer.countries(in: GeoBox(minLat: lat, minLon: 180, maxLat: lat + 5, maxLon: 180))
            #expect(west == east, "band \(lat)...\(lat + 5)")
            lat += 5
        }
    }
}
