import Testing
@testable import GeoCore

@Suite("segmentIntersectsBox: closed segment against closed box")
struct SegmentBoxTests {
    static let box = BoundingBox(west: 0, south: 0, east: 10, north: 5)

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let a: (Double, Double)
        let b: (Double, Double)
        let expected: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "wholly inside", a: (1, 1), b: (2, 2), expected: true),
        Case(name: "one end inside", a: (5, 2), b: (20, 20), expected: true),
        Case(name: "crosses through, no end inside", a: (-5, 2), b: (15, 3), expected: true),
        Case(name: "diagonal through two sides", a: (-1, 4), b: (3, -1), expected: true),
        Case(name: "touches a corner only", a: (-1, 4), b: (1, 6), expected: true),
        Case(name: "passes a corner by a hair", a: (-1, 4), b: (1, 6.000000000001), expected: false),
        Case(name: "ends exactly on an edge", a: (5, 10), b: (5, 5), expected: true),
        Case(name: "runs along the north edge", a: (-3, 5), b: (13, 5), expected: true),
        Case(name: "runs along, just above, the north edge", a: (-3, 5.0.nextUp), b: (13, 5.0.nextUp), expected: false),
        Case(name: "vertical, crosses", a: (4, -10), b: (4, 10), expected: true),
        Case(name: "vertical, west of the box", a: (-0.1, -10), b: (-0.1, 10), expected: false),
        Case(name: "horizontal, below", a: (-10, -1), b: (20, -1), expected: false),
        Case(name: "bounding boxes overlap, line misses", a: (8, 7), b: (12, 4), expected: false),
        Case(name: "single point inside", a: (3, 3), b: (3, 3), expected: true),
        Case(name: "single point on the corner", a: (10, 5), b: (10, 5), expected: true),
        Case(name: "single point outside", a: (11, 3), b: (11, 3), expected: false),
        Case(name: "collinear with the west edge, beyond it", a: (0, 6), b: (0, 9), expected: false),
    ]

    @Test("table of segments, in both directions", arguments: cases)
    func table(c: Case) {
        let a = GeoPoint(lat: c.a.1, lon: c.a.0), b = GeoPoint(lat: c.b.1, lon: c.b.0)
        #expect(segmentIntersectsBox(a, b, Self.box) == c.expected)
        #expect(segmentIntersectsBox(b, a, Self.box) == c.expected)
    }

    @Test("a degenerate (point) box is met exactly by segments through it")
    func pointBox() {
        let point = BoundingBox(west: 1, south: 0.5, east: 1, north: 0.5)
        #expect(segmentIntersectsBox(GeoPoint(lat: 0, lon: 0), GeoPoint(lat: 1, lon: 2), point))
        #expect(!segmentIntersectsBox(GeoPoint(lat: 0, lon: 0), GeoPoint(lat: 1.0.nextUp, lon: 2), point))
        #expect(!segmentIntersectsBox(GeoPoint(lat: 0, lon: 0), GeoPoint(lat: 1, lon: 2), .empty))
    }

    @Test("NaN in the box or the segment meets nothing (it must not slip through as 'collinear')")
    func nan() {
        let a = GeoPoint(lat: 1, lon: 1), b = GeoPoint(lat: 2, lon: 20)
        #expect(!segmentIntersectsBox(a, b, BoundingBox(west: .nan, south: 0, east: 10, north: 5)))
        #expect(!segmentIntersectsBox(a, GeoPoint(lat: .nan, lon: 3), Self.box))
        #expect(!segmentIntersectsBox(GeoPoint(lat: -1, lon: .nan), b, Self.box))
    }
}
