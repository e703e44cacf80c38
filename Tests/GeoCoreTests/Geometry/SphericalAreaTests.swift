import Foundation
import Testing
@testable import GeoCore

@Suite("Spherical.area: exact for lon/lat-straight edges")
struct SphericalAreaTests {
    static func single(_ ring: Ring, holes: [Ring] = []) -> MultiPolygon {
        MultiPolygon(polygons: [Polygon(exterior: ring, holes: holes)])
    }

    @Test("a 1°×1° cell at the equator is about 12,364 km²")
    func equatorCell() {
        let area = Spherical.area(of: Self.single(GeometryFixture.box(0, 0, 1, 1)))
        #expect(abs(area - 12_363.718) < 0.001)
        #expect(abs(area - Reference.boxAreaKm2(0, 0, 1, 1)) < 1e-7)
    }

    @Test("lon/lat boxes match R²·Δλ·(sin n − sin s) to 1e-12, either winding",
          arguments: [(0.0, 0.0, 1.0, 1.0), (-180, -90, 180, 90), (-180, 80, 180, 90), (10, 45, 10.0001, 45.0001),
                      (-73.9, 40.7, -73.8, 40.8), (100, -60, 170, -10), (179, -18, 180, -16), (-10, -1, 10, 1)])
    func boxes(w: Double, s: Double, e: Double, n: Double) {
        let expected = Reference.boxAreaKm2(w, s, e, n)
        let box = GeometryFixture.box(w, s, e, n)
        let ccw = Spherical.area(of: Self.single(box))
        let cw = Spherical.area(of: Self.single(GeometryFixture.reversed(box)))
        #expect(abs(ccw - expected) <= 1e-12 * expected + 1e-12)
        #expect(ccw == cw)
    }

    @Test("the whole sphere is 4πR², the cap north of 80° is 2πR²(1 − sin 80°)")
    func sphereAndCap() {
        let r = Spherical.earthRadiusKm
        #expect(abs(Spherical.area(of: Self.single(GeometryFixture.box(-180, -90, 180, 90))) - 4 * .pi * r * r) < 1e-4)
        let cap = GeometryFixture.ring([(-180, 80), (-90, 80), (0, 80), (90, 80), (180, 80), (180, 90), (-180, 90)])
        #expect(abs(Spherical.area(of: Self.single(cap)) - 2 * .pi * r * r * (1 - sin(80 * Double.pi / 180))) < 1e-6)
    }

    @Test("holes subtract, whatever their winding")
    func lesothoLike() {
        let outer = GeometryFixture.box(20, -35, 30, -25)
        let inner = GeometryFixture.box(23, -32, 27, -28)
        let expected = Reference.boxAreaKm2(20, -35, 30, -25) - Reference.boxAreaKm2(23, -32, 27, -28)
        for hole in [inner, GeometryFixture.reversed(inner)] {
            #expect(abs(Spherical.area(of: Self.single(outer, holes: [hole])) - expected) < 1e-6)
        }
        // A hole bigger than its exterior is invalid; it must not produce a negative area.
        #expect(Spherical.area(of: Self.single(inner, holes: [outer])) == 0)
        #expect(Spherical.area(of: MultiPolygon(polygons: [])) == 0)
    }

    @Test("sloping edges: triangles match column-by-column integration",
          arguments: [[(0.0, 0.0), (3.0, 1.0), (1.0, 4.0)], [(-70, -50), (-20, -40), (-60, 10)], [(150, 60), (170, 75), (120, 85)]])
    func triangles(t: [(Double, Double)]) {
        let ours = Spherical.area(of: Self.single(GeometryFixture.ring(t)))
        let reference = Reference.triangleIntegrals(t).areaKm2
        #expect(abs(ours - reference) / reference < 1e-7)
    }

    /// Reference values: pyproj.Geod(a=b=6371008.8 m).polygon_area_perimeter, which takes edges as great
    /// circles; Natural Earth's edges are short enough that the two readings agree to about 1e-5.
    @Test("real countries match an independent geodesic library",
          arguments: [("fiji.txt", 18_992.181), ("lesotho.txt", 30_143.127), ("south-africa-mainland.txt", 1_221_128.909)])
    func realCountries(fixture: String, expectedKm2: Double) throws {
        let area = Spherical.area(of: try GeometryFixture.load(fixture))
        #expect(abs(area - expectedKm2) / expectedKm2 < 1e-4, "\(area)")
    }
}
