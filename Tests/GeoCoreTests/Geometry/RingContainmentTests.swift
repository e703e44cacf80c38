import Testing
@testable import GeoCore

@Suite("Ring.locate: planar point-in-ring with an exact boundary")
struct RingContainmentTests {
    /// A "U": the notch between the arms is outside, and rays from inside it pass vertices at lat 1 and 3.
    static let u = GeometryFixture.ring([(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)])

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let lon: Double
        let lat: Double
        let expected: PointLocation
        var testDescription: String { name }
    }

    static let uCases: [Case] = [
        Case(name: "left arm", lon: 0.5, lat: 2, expected: .inside),
        Case(name: "right arm", lon: 2.5, lat: 2, expected: .inside),
        Case(name: "base", lon: 1.5, lat: 0.5, expected: .inside),
        Case(name: "notch", lon: 1.5, lat: 2, expected: .outside),
        Case(name: "ray through the notch's floor vertices", lon: 0.5, lat: 1, expected: .inside),
        Case(name: "ray through the top vertices", lon: -1, lat: 3, expected: .outside),
        Case(name: "west of everything, level with a vertex", lon: -5, lat: 1, expected: .outside),
        Case(name: "notch floor (horizontal edge)", lon: 1.5, lat: 1, expected: .boundary),
        Case(name: "inner corner vertex", lon: 2, lat: 1, expected: .boundary),
        Case(name: "top of the right arm", lon: 2.5, lat: 3, expected: .boundary),
        Case(name: "outer corner", lon: 3, lat: 0, expected: .boundary),
        Case(name: "west side", lon: 0, lat: 1.7, expected: .boundary),
        Case(name: "just off the west side", lon: -1e-12, lat: 1.7, expected: .outside),
        Case(name: "just inside the west side", lon: 1e-12, lat: 1.7, expected: .inside),
        Case(name: "outside the box", lon: 4, lat: 1, expected: .outside),
        Case(name: "NaN", lon: .nan, lat: 1, expected: .outside),
    ]

    @Test("a concave ring, either winding", arguments: uCases)
    func concave(c: Case) {
        let p = GeoPoint(lat: c.lat, lon: c.lon)
        #expect(Self.u.locate(p) == c.expected)
        #expect(GeometryFixture.reversed(Self.u).locate(p) == c.expected)
    }

    /// A triangle whose sloping edge (0,0)-(2,1) has the interior above it; points on it are exactly representable.
    @Test("points exactly on a sloping edge are boundary; one ulp off is not",
          arguments: [(1.0, 0.5, PointLocation.boundary), (1, 0.5.nextUp, .inside), (1, 0.5.nextDown, .outside),
                      (0.25, 0.125, .boundary), (2, 1, .boundary), (0, 0, .boundary), (3, 1.5, .outside)])
    func slopingEdge(lon: Double, lat: Double, expected: PointLocation) {
        let triangle = GeometryFixture.ring([(0, 0), (2, 1), (0, 2)])
        #expect(triangle.locate(GeoPoint(lat: lat, lon: lon)) == expected)
    }

    /// Two triangles sharing an awkward diagonal: every point is inside at most one of them, and points on the
    /// shared edge are boundary for both. Rounding in the crossing test would break this.
    @Test("neighbours sharing an edge never both claim a point")
    func sharedEdgeConsistency() {
        let a = (0.1, 0.2), b = (17.3, 9.7)
        let left = GeometryFixture.ring([a, b, (-3.3, 14.1)])
        let right = GeometryFixture.ring([a, (20.9, -4.4), b])
        var checked = 0
        for i in 0...200 {
            let t = Double(i) / 200
            let onLine = GeoPoint(lat: 0.2 + t * 9.5, lon: 0.1 + t * 17.2)
            for dLon in -3...3 {
                var p = onLine
                for _ in 0..<abs(dLon) { p.lon = dLon < 0 ? p.lon.nextDown : p.lon.nextUp }
                let l = left.locate(p), r = right.locate(p)
                let consistent = (l == .boundary && r == .boundary)
                    || (l == .inside && r == .outside) || (l == .outside && r == .inside)
                    || (l == .outside && r == .outside && (p.lat <= 0.2 || p.lat >= 9.7))
                #expect(consistent, "\(p.lon) \(p.lat): \(l) \(r)")
                checked += 1
            }
        }
        #expect(checked == 201 * 7)
    }

    @Test("signed area: positive counter-clockwise, negative clockwise, in square degrees")
    func signedArea() {
        let square = GeometryFixture.box(10, 40, 12, 43)
        #expect(square.signedArea == 6)
        #expect(square.isCounterClockwise)
        #expect(GeometryFixture.reversed(square).signedArea == -6)
        #expect(!GeometryFixture.reversed(square).isCounterClockwise)
        #expect(Self.u.signedArea == 7)
        #expect(Ring(points: []).signedArea == 0)
    }
}
