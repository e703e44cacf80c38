/// A `coordinates` value read without knowing the geometry type yet (it may come before `type`).
///
/// The shape is found from the data: an array whose first element is a number is a position; an array whose
/// first element is a position is a list of positions, read straight into `[GeoPoint]`; anything deeper is a
/// list of nodes. `GeoJSONParser+Geometry.swift` then checks the shape against the type.
indirect enum CoordinateNode {
    /// `[]`: RFC 7946 §3.1 lets an empty `coordinates` stand for a null geometry.
    case empty(offset: Int)
    case position(GeoPoint, offset: Int)
    case positions(PositionList)
    case lists([CoordinateNode], offset: Int)

    /// Byte offset of the node's '['.
    var offset: Int {
        switch self {
        case .empty(let offset), .position(_, let offset), .lists(_, let offset): return offset
        case .positions(let list): return list.offset
        }
    }
}

/// A list of positions (a LineString, a ring, a MultiPoint), with what ring validation needs.
struct PositionList {
    var points: [GeoPoint]
    var offset: Int
    /// First and last positions are identical, including any values beyond longitude and latitude.
    var isClosed: Bool
}

/// The numbers of a position after longitude and latitude: altitude and beyond are not kept, but a ring's
/// first and last positions must agree on them too (RFC 7946 §3.1.6 "identical values").
struct PositionExtras: Equatable {
    var count = 0
    var third = 0.0
    var fourth = 0.0
}

extension GeoJSONParser {
    /// Reads a `coordinates` value, which must be an array.
    mutating func readCoordinates() throws(GeoJSONError) -> CoordinateNode {
        let offset = valueOffset()
        guard scanner.peekKind() == .array else { throw GeoJSONError.wrongMemberType(offset: offset, .coordinates) }
        try json { (scanner) throws(JSONError) in try scanner.beginArray() }
        guard try hasNext() else { return .empty(offset: offset) }
        return try readNonEmptyArray(offset: offset)
    }

    /// Reads the rest of an array whose '[' (at `offset`) is consumed and which has at least one element.
    /// Recursion depth is bounded by the scanner's nesting limit.
    private mutating func readNonEmptyArray(offset: Int) throws(GeoJSONError) -> CoordinateNode {
        let childOffset = valueOffset()
        switch scanner.peekKind() {
        case .number:
            return .position(try readPositionBody(offset: offset).point, offset: offset)
        case .array:
            try json { (scanner) throws(JSONError) in try scanner.beginArray() }
            guard try hasNext() else {
                return .lists(try readRemainingLists(after: .empty(offset: childOffset)), offset: offset)
            }
            if scanner.peekKind() == .number {
                return .positions(try readPositionList(offset: offset, firstOffset: childOffset))
            }
            let first = try readNonEmptyArray(offset: childOffset)
            return .lists(try readRemainingLists(after: first), offset: offset)
        case nil:
            throw GeoJSONError.json(scanner.unexpected())
        default:
            throw GeoJSONError.positionElementNotNumber(offset: childOffset)
        }
    }

    /// The other elements of a list of lists; each must itself be an array.
    private mutating func readRemainingLists(after first: CoordinateNode) throws(GeoJSONError) -> [CoordinateNode] {
        var children = [first]
        while try hasNext() {
            let offset = valueOffset()
            guard scanner.peekKind() == .array else { throw GeoJSONError.wrongNesting(offset: offset) }
            try json { (scanner) throws(JSONError) in try scanner.beginArray() }
            children.append(try hasNext() ? try readNonEmptyArray(offset: offset) : .empty(offset: offset))
        }
        return children
    }

    /// Reads a list of positions whose first position's '[' is consumed; the hot loop of the decoder.
    private mutating func readPositionList(offset: Int, firstOffset: Int) throws(GeoJSONError) -> PositionList {
        let (first, firstExtras) = try readPositionBody(offset: firstOffset)
        var points = [first]
        var lastExtras = firstExtras
        while try hasNext() {
            let positionOffset = valueOffset()
            guard scanner.peekKind() == .array else { throw GeoJSONError.wrongNesting(offset: positionOffset) }
            try json { (scanner) throws(JSONError) in try scanner.beginArray() }
            guard try hasNext() else { throw GeoJSONError.positionTooShort(offset: positionOffset) }
            let (point, extras) = try readPositionBody(offset: positionOffset)
            points.append(point)
            lastExtras = extras
        }
        let closed = points.count > 1 && points[0] == points[points.count - 1] && firstExtras == lastExtras
        return PositionList(points: points, offset: offset, isClosed: closed)
    }

    /// Reads the numbers of a position whose '[' (at `offset`) is consumed and which is not empty, and the ']'.
    private mutating func readPositionBody(offset: Int) throws(GeoJSONError) -> (point: GeoPoint, extras: PositionExtras) {
        let lonOffset = valueOffset()
        let lon = try readCoordinate()
        guard try hasNext() else { throw GeoJSONError.positionTooShort(offset: offset) }
        let latOffset = valueOffset()
        let lat = try readCoordinate()
        var extras = PositionExtras()
        while try hasNext() {
            let value = try readCoordinate()
            extras.count += 1
            if extras.count == 1 { extras.third = value } else if extras.count == 2 { extras.fourth = value }
        }
        guard lon >= -180 && lon <= 180 else { throw GeoJSONError.coordinateOutOfRange(offset: lonOffset) }
        guard lat >= -90 && lat <= 90 else { throw GeoJSONError.coordinateOutOfRange(offset: latOffset) }
        return (GeoPoint(lat: lat, lon: lon), extras)
    }

    /// Reads one number of a position; it must be a finite JSON number.
    @inline(__always)
    private mutating func readCoordinate() throws(GeoJSONError) -> Double {
        let offset = valueOffset()
        switch scanner.peekKind() {
        case .number: break
        case nil: throw GeoJSONError.json(scanner.unexpected())  // not a JSON value at all, e.g. `[1,2,]`
        default: throw GeoJSONError.positionElementNotNumber(offset: offset)
        }
        let value = try json { (scanner) throws(JSONError) in try scanner.readDouble() }
        guard value.isFinite else { throw GeoJSONError.coordinateNotFinite(offset: offset) }
        return value
    }

    @inline(__always)
    private mutating func hasNext() throws(GeoJSONError) -> Bool {
        try json { (scanner) throws(JSONError) in try scanner.hasNext() }
    }
}
