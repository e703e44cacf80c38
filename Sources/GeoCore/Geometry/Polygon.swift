/// A polygon: one exterior ring and any number of holes (RFC 7946 §3.1.6).
public struct Polygon: Equatable, Sendable {
    public var exterior: Ring
    public var holes: [Ring]

    public init(exterior: Ring, holes: [Ring] = []) {
        self.exterior = exterior
        self.holes = holes
    }

    /// The exterior ring's box: holes lie inside it.
    public var bounds: BoundingBox { exterior.bounds }

    /// The exterior first, then the holes.
    public var rings: [Ring] { [exterior] + holes }
}

/// Several polygons that together make one area, such as a country with islands.
public struct MultiPolygon: Equatable, Sendable {
    public var polygons: [Polygon]
    public let bounds: BoundingBox

    public init(polygons: [Polygon]) {
        self.polygons = polygons
        var box = BoundingBox.empty
        for polygon in polygons { box.extend(polygon.bounds) }
        self.bounds = box
    }
}

/// Where a point lies relative to an area. Boundary-sensitive answers have three states.
public enum PointLocation: Equatable, Sendable {
    case inside
    case outside
    case boundary
}
