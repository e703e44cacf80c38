extension GeoJSONParser {
    /// Checks a `coordinates` shape against the geometry type and builds the geometry.
    /// - Returns: nil for an empty `coordinates` array (a null geometry, RFC 7946 §3.1).
    mutating func geometry(_ type: ObjectType, from node: CoordinateNode) throws(GeoJSONError) -> GeoJSONGeometry? {
        if case .empty = node { return nil }
        switch type {
        case .point:
            guard case .position(let point, _) = node else { throw GeoJSONError.wrongNesting(offset: node.offset) }
            return .point(point)
        case .multiPoint:
            guard case .positions(let list) = node else { throw GeoJSONError.wrongNesting(offset: node.offset) }
            return .multiPoint(list.points)
        case .lineString:
            return .lineString(try line(from: node))
        case .multiLineString:
            guard case .lists(let children, _) = node else { throw GeoJSONError.wrongNesting(offset: node.offset) }
            var lines: [[GeoPoint]] = []
            lines.reserveCapacity(children.count)
            for child in children { lines.append(try line(from: child)) }
            return .multiLineString(lines)
        case .polygon:
            guard case .lists(let rings, let offset) = node else { throw GeoJSONError.wrongNesting(offset: node.offset) }
            return .polygon(try polygon(from: rings, offset: offset))
        case .multiPolygon:
            guard case .lists(let children, _) = node else { throw GeoJSONError.wrongNesting(offset: node.offset) }
            var polygons: [Polygon] = []
            polygons.reserveCapacity(children.count)
            for child in children {
                switch child {
                case .lists(let rings, let offset): polygons.append(try polygon(from: rings, offset: offset))
                case .empty(let offset): throw GeoJSONError.emptyPolygon(offset: offset)
                case .position, .positions: throw GeoJSONError.wrongNesting(offset: child.offset)
                }
            }
            return .multiPolygon(MultiPolygon(polygons: polygons))
        case .featureCollection, .feature, .geometryCollection:
            return nil  // not reached: these types never carry `coordinates` to this point
        }
    }

    /// A LineString's positions: at least two.
    private func line(from node: CoordinateNode) throws(GeoJSONError) -> [GeoPoint] {
        switch node {
        case .positions(let list):
            guard list.points.count >= 2 else { throw GeoJSONError.lineTooShort(offset: list.offset) }
            return list.points
        case .empty(let offset):
            throw GeoJSONError.lineTooShort(offset: offset)
        case .position, .lists:
            throw GeoJSONError.wrongNesting(offset: node.offset)
        }
    }

    /// A polygon from its rings: each closed with at least four positions; the first is the exterior.
    /// Wrong winding (exterior clockwise, hole counterclockwise) is accepted with a warning.
    private mutating func polygon(from nodes: [CoordinateNode], offset: Int) throws(GeoJSONError) -> Polygon {
        var rings: [Ring] = []
        rings.reserveCapacity(nodes.count)
        for node in nodes {
            guard case .positions(let list) = node else {
                if case .empty(let offset) = node { throw GeoJSONError.ringTooShort(offset: offset) }
                throw GeoJSONError.wrongNesting(offset: node.offset)
            }
            guard list.points.count >= 4 else { throw GeoJSONError.ringTooShort(offset: list.offset) }
            guard list.isClosed else { throw GeoJSONError.ringNotClosed(offset: list.offset) }
            let area = GeoJSONParser.signedArea(list.points)
            if rings.isEmpty && area < 0 {
                warnings.append(GeoJSONWarning(offset: list.offset, kind: .exteriorRingClockwise))
            } else if !rings.isEmpty && area > 0 {
                warnings.append(GeoJSONWarning(offset: list.offset, kind: .holeCounterClockwise))
            }
            rings.append(Ring(points: list.points))
        }
        guard let exterior = rings.first else { throw GeoJSONError.emptyPolygon(offset: offset) }
        return Polygon(exterior: exterior, holes: Array(rings.dropFirst()))
    }

    /// Twice the signed area of a closed ring in degree space (shoelace formula): positive when
    /// counterclockwise. Coordinates are taken relative to the first point to limit rounding error.
    static func signedArea(_ points: [GeoPoint]) -> Double {
        guard let origin = points.first else { return 0 }
        var sum = 0.0
        var previous = origin
        for point in points.dropFirst() {
            let x0 = previous.lon - origin.lon, y0 = previous.lat - origin.lat
            let x1 = point.lon - origin.lon, y1 = point.lat - origin.lat
            sum += x0 * y1 - x1 * y0
            previous = point
        }
        return sum
    }
}
