/// An axis-aligned box in longitude/latitude degrees.
///
/// `west <= east` always: a box that crosses the antimeridian is represented by the caller as two boxes.
public struct BoundingBox: Equatable, Sendable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The empty box: extending it by any point gives that point's box.
    public static let empty = BoundingBox(west: .infinity, south: .infinity, east: -.infinity, north: -.infinity)

    public var isEmpty: Bool { west > east || south > north }

    /// Grows the box to cover `point`.
    public mutating func extend(_ point: GeoPoint) {
        if point.lon < west { west = point.lon }
        if point.lon > east { east = point.lon }
        if point.lat < south { south = point.lat }
        if point.lat > north { north = point.lat }
    }

    /// Grows the box to cover `other`.
    public mutating func extend(_ other: BoundingBox) {
        if other.west < west { west = other.west }
        if other.east > east { east = other.east }
        if other.south < south { south = other.south }
        if other.north > north { north = other.north }
    }

    /// True when the closed boxes share at least one point.
    public func intersects(_ other: BoundingBox) -> Bool {
        west <= other.east && other.west <= east && south <= other.north && other.south <= north
    }

    /// True when every point of `other` lies in this closed box.
    public func contains(_ other: BoundingBox) -> Bool {
        west <= other.west && other.east <= east && south <= other.south && other.north <= north
    }

    /// The points the two closed boxes share; empty (`isEmpty`) when they share none.
    public func intersection(_ other: BoundingBox) -> BoundingBox {
        BoundingBox(west: max(west, other.west), south: max(south, other.south),
                    east: min(east, other.east), north: min(north, other.north))
    }

    /// The box's extent in square degrees (0 when empty): a measure of how many grid cells it covers.
    public var degreeArea: Double { isEmpty ? 0 : (east - west) * (north - south) }

    /// True when `point` lies in the closed box.
    public func contains(_ point: GeoPoint) -> Bool {
        point.lon >= west && point.lon <= east && point.lat >= south && point.lat <= north
    }
}
