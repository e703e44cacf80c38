import Testing
@testable import GeoCore

@Suite("Polygon and MultiPolygon locate: holes and unions")
struct PolygonContainmentTests {
    /// "Lesotho-like": a 10°×10° square with a 4°×4° hole, plus an island inside the hole as a second part.
    static let outer = GeometryFixture.box(20, -35, 30, -25)
    static let hole = GeometryFixture.reversed(GeometryFixture.box(23, -32, 27, -28))
    static let withHole = Polygon(exterior: outer, holes: [hole])
    static let island = Polygon(exterior: GeometryFixture.box(24, -31, 26, -29))
    static let country = MultiPolygon(polygons: [withHole, island])

    @Test("square with a hole",
          arguments: [
            ("in the ring of land", 21.0, -26.0, PointLocation.inside), ("in the hole", 23.5, -31.5, .outside),
            ("on the hole's edge", 23.0, -30.0, .boundary), ("on a hole corner", 27.0, -28.0, .boundary),
            ("on the exterior edge", 30.0, -27.0, .boundary), ("outside", 31.0, -27.0, .outside),
          ])
    func polygonWithHole(name: String, lon: Double, lat: Double, expected: PointLocation) {
        let p = GeoPoint(lat: lat, lon: lon)
        #expect(Self.withHole.locate(p) == expected, "\(name)")
        #expect(Self.withHole.contains(p) == (expected != .outside))
        // Winding must not matter: swap both rings' directions.
        let flipped = Polygon(exterior: GeometryFixture.reversed(Self.outer), holes: [GeometryFixture.reversed(Self.hole)])
        #expect(flipped.locate(p) == expected, "\(name), reversed winding")
    }

    @Test("multipolygon union: an island inside the hole is part of the country",
          arguments: [
            ("in the ring of land", 21.0, -26.0, PointLocation.inside), ("on the island", 25.0, -30.0, .inside),
            ("in the hole, off the island", 23.5, -31.5, .outside), ("island shore", 24.0, -30.0, .boundary),
            ("hole edge", 27.0, -30.0, .boundary), ("far away", 0.0, 0.0, .outside),
          ])
    func union(name: String, lon: Double, lat: Double, expected: PointLocation) {
        #expect(Self.country.locate(GeoPoint(lat: lat, lon: lon)) == expected, "\(name)")
    }

    @Test("parts meeting at the antimeridian: each side is inside, the cut itself is boundary")
    func antimeridianSplit() {
        let split = MultiPolygon(polygons: [
            Polygon(exterior: GeometryFixture.box(179, -18, 180, -16)),
            Polygon(exterior: GeometryFixture.box(-180, -18, -179, -16)),
        ])
        #expect(split.locate(GeoPoint(lat: -17, lon: 179.5)) == .inside)
        #expect(split.locate(GeoPoint(lat: -17, lon: -179.5)) == .inside)
        #expect(split.locate(GeoPoint(lat: -17, lon: 180)) == .boundary)
        #expect(split.locate(GeoPoint(lat: -17, lon: 0)) == .outside)
    }

    /// Real data: Natural Earth cuts Lesotho out of South Africa with a hole whose vertices are Lesotho's own.
    @Test("Lesotho and South Africa: a point is in exactly one, or on the border of both")
    func lesothoBorder() throws {
        let lesotho = try GeometryFixture.load("lesotho.txt")
        let southAfrica = try GeometryFixture.load("south-africa-mainland.txt")
        let maseru = GeoPoint(lat: -29.31, lon: 27.48)
        let johannesburg = GeoPoint(lat: -26.2, lon: 28.05)
        #expect(lesotho.locate(maseru) == .inside)
        #expect(southAfrica.locate(maseru) == .outside)
        #expect(southAfrica.locate(johannesburg) == .inside)
        #expect(lesotho.locate(johannesburg) == .outside)

        let border = lesotho.polygons[0].exterior.points
        var mismatches = 0
        for i in 1..<border.count {
            let a = border[i - 1], b = border[i]
            if lesotho.locate(a) != .boundary || southAfrica.locate(a) != .boundary { mismatches += 1 }
            // Midpoints rounded to doubles fall a hair to one side of the edge, or exactly on it.
            let mid = GeoPoint(lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2)
            for p in [mid, GeoPoint(lat: mid.lat.nextUp, lon: mid.lon), GeoPoint(lat: mid.lat, lon: mid.lon.nextDown)] {
                let l = lesotho.locate(p), z = southAfrica.locate(p)
                let ok = (l == .boundary && z == .boundary) || (l == .inside && z == .outside) || (l == .outside && z == .inside)
                if !ok { mismatches += 1 }
            }
        }
        #expect(border.count == 324)
        #expect(mismatches == 0)
    }
}
