import Foundation
import Testing
@testable import GeoCore

@Suite("Spherical.centroid: area-weighted, in 3-D")
struct SphericalCentroidTests {
    static func multi(_ rings: Ring...) -> MultiPolygon {
        MultiPolygon(polygons: rings.map { Polygon(exterior: $0) })
    }

    @Test("lon/lat boxes: matches the closed-form moment",
          arguments: [(0.0, 0.0, 1.0, 1.0), (100, -60, 170, -10), (-75, 20, 40, 70), (-10, -1, 10, 1), (60, -89, 61, -88)])
    func boxes(w: Double, s: Double, e: Double, n: Double) throws {
        let expected = Reference.point(of: Reference.boxMoment(w, s, e, n))
        let c = try #require(Spherical.centroid(of: Self.multi(GeometryFixture.box(w, s, e, n))))
        #expect(separationDegrees(c, expected) < 1e-10)
        let reversed = try #require(Spherical.centroid(of: Self.multi(GeometryFixture.reversed(GeometryFixture.box(w, s, e, n)))))
        #expect(separationDegrees(reversed, expected) < 1e-10)
    }

    @Test("tiny squares near (0, 0): the spherical centroid is the planar one",
          arguments: [(0.0, 0.0), (0.3, -0.2), (-0.01, 0.01)])
    func tinySquares(lon: Double, lat: Double) throws {
        let size = 0.001
        let c = try #require(Spherical.centroid(of: Self.multi(GeometryFixture.box(lon, lat, lon + size, lat + size))))
        #expect(abs(c.lon - (lon + size / 2)) < 1e-8)
        #expect(abs(c.lat - (lat + size / 2)) < 1e-8)
    }

    @Test("sloping edges: triangles match column-by-column integration",
          arguments: [[(0.0, 0.0), (3.0, 1.0), (1.0, 4.0)], [(-70, -50), (-20, -40), (-60, 10)], [(150, 60), (170, 75), (120, 85)]])
    func triangles(t: [(Double, Double)]) throws {
        let c = try #require(Spherical.centroid(of: Self.multi(GeometryFixture.ring(t))))
        let reference = Reference.point(of: Reference.triangleIntegrals(t).moment)
        #expect(separationDegrees(c, reference) < 1e-6)
    }

    @Test("parts either side of ±180° average to ±180°, not 0°")
    func antimeridianPair() throws {
        let c = try #require(Spherical.centroid(of: Self.multi(GeometryFixture.box(179, -1, 180, 1), GeometryFixture.box(-180, -1, -179, 1))))
        #expect(abs(abs(c.lon) - 180) < 1e-9)
        #expect(abs(c.lat) < 1e-9)
        // Unequal parts pull the centroid towards the bigger one.
        let lopsided = try #require(Spherical.centroid(of: Self.multi(GeometryFixture.box(178, -1, 180, 1), GeometryFixture.box(-180, -1, -179, 1))))
        #expect(lopsided.lon > 179 && lopsided.lon < 180)
    }

    @Test("a polar cap's centroid is the pole")
    func polarCap() throws {
        let cap = GeometryFixture.ring([(-180, -90), (180, -90), (180, -75), (90, -75), (0, -75), (-90, -75), (-180, -75)])
        let c = try #require(Spherical.centroid(of: Self.multi(cap)))
        #expect(abs(c.lat + 90) < 1e-9)
    }

    @Test("a hole pulls the centroid away from itself, whatever the rings' winding")
    func holeShiftsCentroid() throws {
        let outer = GeometryFixture.box(20, -35, 30, -25)
        let hole = GeometryFixture.box(26, -30, 29, -27)  // east of centre
        let full = Reference.boxMoment(20, -35, 30, -25) - Reference.boxMoment(26, -30, 29, -27)
        let expected = Reference.point(of: full)
        for (exterior, inner) in [(outer, GeometryFixture.reversed(hole)), (GeometryFixture.reversed(outer), hole), (outer, hole)] {
            let c = try #require(Spherical.centroid(of: MultiPolygon(polygons: [Polygon(exterior: exterior, holes: [inner])])))
            #expect(separationDegrees(c, expected) < 1e-10)
            #expect(c.lon < 25)
        }
    }

    @Test("no centroid for nothing, zero area, or an area with no centre")
    func undefined() {
        #expect(Spherical.centroid(of: MultiPolygon(polygons: [])) == nil)
        #expect(Spherical.centroid(of: Self.multi(GeometryFixture.ring([(0, 0), (1, 1), (2, 2)]))) == nil)
        #expect(Spherical.centroid(of: Self.multi(GeometryFixture.box(-180, -10, 180, 10))) == nil)
        #expect(Spherical.centroid(of: Self.multi(GeometryFixture.box(-180, -90, 180, 90))) == nil)
    }

    /// Reference centroids: ½Σθ·n̂ over great-circle edges (d3-geo's line-integral form), evaluated with numpy
    /// on the same fixture. Natural Earth cuts Fiji at 180°: a 2-D mean of its coordinates would land near 0°.
    @Test("real countries: Fiji across the antimeridian, Lesotho, South Africa with its hole",
          arguments: [("fiji.txt", -17.446516, 178.526133), ("lesotho.txt", -29.578759, 28.230356),
                      ("south-africa-mainland.txt", -28.969736, 25.193918)])
    func realCountries(fixture: String, lat: Double, lon: Double) throws {
        let c = try #require(Spherical.centroid(of: try GeometryFixture.load(fixture)))
        #expect(separationDegrees(c, GeoPoint(lat: lat, lon: lon)) < 0.001, "\(c.lat) \(c.lon)")
    }
}
