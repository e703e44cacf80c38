import Testing
@testable import GeoCore

@Suite("MultiPolygon.intersects(box): the country-in-box test")
struct BoxIntersectionTests {
    static let country = PolygonContainmentTests.country  // square with a hole, island inside the hole

    @Test("boxes against a square with a hole and an island in it",
          arguments: [
            ("box wholly inside the land, no vertex in it", BoundingBox(west: 21, south: -34, east: 22, north: -33), true),
            ("box wholly inside the hole, off the island", BoundingBox(west: 23.2, south: -31.8, east: 23.8, north: -31.2), false),
            ("box in the hole touching the hole's edge", BoundingBox(west: 23, south: -31.8, east: 23.8, north: -31.2), true),
            ("box in the hole touching the island's corner", BoundingBox(west: 23.5, south: -31.5, east: 24, north: -31), true),
            ("box around the whole country", BoundingBox(west: -10, south: -60, east: 60, north: 10), true),
            ("box touching the outer corner only", BoundingBox(west: 30, south: -25, east: 31, north: -24), true),
            ("box east of the country", BoundingBox(west: 30.001, south: -30, east: 31, north: -29), false),
            ("thin box crossing the country", BoundingBox(west: 0, south: -26, east: 50, north: -26), true),
            ("box on the island", BoundingBox(west: 24.5, south: -30.5, east: 25.5, north: -29.5), true),
            ("empty box", BoundingBox.empty, false),
          ])
    func table(name: String, box: BoundingBox, expected: Bool) {
        #expect(Self.country.intersects(box) == expected, "\(name)")
    }

    /// A box no vertex enters but edges cross: the diamond's edges pass through the box's sides.
    @Test("edges crossing a box with no vertex inside it, and a box inside a triangle's corner region")
    func edgesOnly() {
        let diamond = MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.ring([(0, -10), (10, 0), (0, 10), (-10, 0)]))])
        #expect(diamond.intersects(BoundingBox(west: 4, south: 4, east: 6, north: 6)))   // straddles the NE edge
        #expect(!diamond.intersects(BoundingBox(west: 5.5, south: 5.5, east: 6, north: 6)))  // beyond it
        #expect(diamond.intersects(BoundingBox(west: -1, south: -1, east: 1, north: 1)))  // inside, no edge
        #expect(diamond.intersects(BoundingBox(west: 5, south: 5, east: 6, north: 6)))  // corner on the edge
    }

    @Test("real data: a box inside Lesotho misses South Africa; one across the border hits both")
    func lesotho() throws {
        let lesotho = try GeometryFixture.load("lesotho.txt")
        let southAfrica = try GeometryFixture.load("south-africa-mainland.txt")
        let nearMaseru = BoundingBox(west: 27.6, south: -29.5, east: 27.8, north: -29.3)
        #expect(lesotho.intersects(nearMaseru))
        #expect(!southAfrica.intersects(nearMaseru))
        let acrossBorder = BoundingBox(west: 26.5, south: -29.5, east: 27.8, north: -29.3)
        #expect(lesotho.intersects(acrossBorder))
        #expect(southAfrica.intersects(acrossBorder))
    }
}
