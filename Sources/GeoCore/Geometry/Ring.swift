/// A closed linear ring: the first and last points are equal (RFC 7946 §3.1.6).
///
/// Edges are straight lines in longitude/latitude, as RFC 7946 and Natural Earth draw them.
public struct Ring: Equatable, Sendable {
    /// The vertices, closed: `points.first == points.last`.
    public var points: [GeoPoint]
    /// Computed once here so containment never rebuilds it.
    public let bounds: BoundingBox

    /// - Parameter points: the vertices; the ring is closed here if the caller did not close it.
    public init(points: [GeoPoint]) {
        var closed = points
        if let first = closed.first, closed.last != first { closed.append(first) }
        self.points = closed
        var box = BoundingBox.empty
        for point in closed { box.extend(point) }
        self.bounds = box
    }
}
