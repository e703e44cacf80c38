import Foundation
import Testing
@testable import GeoCore

@Suite("Spherical distances")
struct SphericalDistanceTests {
    static func p(_ lat: Double, _ lon: Double) -> GeoPoint { GeoPoint(lat: lat, lon: lon) }

    @Test("known distances on the mean-radius sphere",
          arguments: [
            ("Paris–London", p(48.8566, 2.3522), p(51.5074, -0.1278), 343.5565, 0.001),
            ("1° along the equator", p(0, 0), p(0, 1), 111.19508, 0.00001),
            ("1° along a meridian", p(10, 20), p(11, 20), 111.19508, 0.00001),
            ("pole to pole", p(90, 0), p(-90, 0), 20015.11444, 0.00001),
            ("antipodes off the axes", p(30, 40), p(-30, -140), 20015.11444, 0.00001),
            ("across the antimeridian", p(0, 179.5), p(0, -179.5), 111.19508, 0.00001),
            ("the same point", p(-33.9, 18.4), p(-33.9, 18.4), 0, 0),
          ])
    func known(name: String, a: GeoPoint, b: GeoPoint, km: Double, tolerance: Double) {
        #expect(abs(Spherical.distanceKm(a, b) - km) <= tolerance, "\(name)")
        #expect(Spherical.distanceKm(a, b) == Spherical.distanceKm(b, a), "\(name) is symmetric")
    }

    @Test("tiny separations keep full relative precision (1e-9° is about 0.1 mm)",
          arguments: [1e-9, 1e-7, 1e-5])
    func tiny(degrees: Double) {
        let east = 7 + degrees  // rounded to a double; east - 7 is then exact
        let d = Spherical.distanceKm(Self.p(45, 7), Self.p(45, east))
        let expected = Reference.radius * cos(Reference.rad(45)) * Reference.rad(east - 7)
        #expect(abs(d - expected) / expected < 1e-8)
    }

    @Test("nearly antipodal points: 1 m short of the antipode reads 1 m short of half the circumference")
    func nearAntipodal() {
        let halfCircumference = Double.pi * Reference.radius
        let oneMetreInDegrees = 0.001 / Reference.radius * 180 / .pi
        let d = Spherical.distanceKm(Self.p(0, 0), Self.p(0, 180 - oneMetreInDegrees))
        #expect(abs((halfCircumference - d) - 0.001) < 1e-6)  // within 1 mm
    }

    @Test("matches the textbook haversine away from the antipodes",
          arguments: [(p(-33.87, 151.21), p(51.47, -0.45)), (p(64.1, -21.9), p(-54.8, -68.3)), (p(1, 1), p(1.5, 0.2))])
    func matchesTextbook(a: GeoPoint, b: GeoPoint) {
        #expect(abs(Spherical.distanceKm(a, b) - Reference.haversineKm(a, b)) < 1e-8)
    }

    struct ArcCase: CustomTestStringConvertible, Sendable {
        let name: String
        let p: GeoPoint
        let a: GeoPoint
        let b: GeoPoint
        var testDescription: String { name }
    }

    static let arcs: [ArcCase] = [
        ArcCase(name: "projection inside a 300 km arc", p: p(47.2, 8.3), a: p(46, 7), b: p(48, 9.5)),
        ArcCase(name: "beyond the far end", p: p(49.5, 11), a: p(46, 7), b: p(48, 9.5)),
        ArcCase(name: "before the start", p: p(45, 6), a: p(46, 7), b: p(48, 9.5)),
        ArcCase(name: "on the arc (an interpolated point)", p: p(47, 8.25), a: p(46, 7), b: p(48, 9.5)),
        ArcCase(name: "equatorial arc, point north", p: p(0.3, 1.2), a: p(0, 0), b: p(0, 3)),
        ArcCase(name: "arc across the antimeridian", p: p(-17.2, 179.95), a: p(-17, 179.5), b: p(-18, -179.6)),
        ArcCase(name: "arc over the pole", p: p(88, 45), a: p(89, 0), b: p(89, 180)),
        ArcCase(name: "high-latitude arc bulging poleward", p: p(70.4, 15), a: p(70, 5), b: p(70, 25)),
        ArcCase(name: "1 m arc, point 10 m off", p: p(10.0000899, 20.0000046), a: p(10, 20), b: p(10, 20.0000091)),
        ArcCase(name: "far point, 2000 km", p: p(30, 20), a: p(46, 7), b: p(48, 9.5)),
        ArcCase(name: "degenerate arc a == b", p: p(1, 1), a: p(2, 2), b: p(2, 2)),
    ]

    @Test("distance to an arc agrees with brute-force sampling of the arc to under 1 m", arguments: arcs)
    func toArc(c: ArcCase) {
        let ours = Spherical.distanceToSegmentKm(c.p, c.a, c.b)
        let brute = Reference.distanceToArcKm(c.p, c.a, c.b)
        #expect(abs(ours - brute) < 0.001, "\(ours) vs \(brute)")
        // Never farther than the nearer endpoint, and symmetric in the arc's direction.
        #expect(ours <= min(Spherical.distanceKm(c.p, c.a), Spherical.distanceKm(c.p, c.b)) + 1e-9)
        #expect(abs(ours - Spherical.distanceToSegmentKm(c.p, c.b, c.a)) < 1e-9)
    }

    @Test("distance to a boundary: the nearest edge of any ring, holes included")
    func toBoundary() {
        let area = PolygonContainmentTests.country  // 10° square [20,30]×[-35,-25] with a hole and an island
        // From the middle of the land strip between the west edge (lon 20) and the hole (lon 23): nearest is the
        // west edge, 1° of longitude at lat -30 away.
        let p = GeoPoint(lat: -30, lon: 21)
        let expected = Spherical.distanceToSegmentKm(p, GeoPoint(lat: -35, lon: 20), GeoPoint(lat: -25, lon: 20))
        #expect(Spherical.distanceToBoundaryKm(p, area) == expected)
        #expect(abs(expected - 96.29) < 0.01)
        // From inside the hole, the island is nearest.
        let inHole = GeoPoint(lat: -30, lon: 23.8)
        let toIsland = Spherical.distanceKm(inHole, GeoPoint(lat: -30, lon: 24))
        #expect(abs(Spherical.distanceToBoundaryKm(inHole, area)! - toIsland) < 1e-3)
        #expect(Spherical.distanceToBoundaryKm(p, MultiPolygon(polygons: [])) == nil)
    }
}
