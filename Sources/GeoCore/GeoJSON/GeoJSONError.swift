/// Why a GeoJSON document (RFC 7946) was rejected, and where.
///
/// Every case carries the byte offset of the offending value (or of the object missing a member), so a data
/// problem can be found in a 21 MB file; the text is built only when `message` is read.
public enum GeoJSONError: Error, Equatable, Sendable {
    /// The GeoJSON members whose presence, absence or type the decoder checks.
    public enum Member: Equatable, Sendable {
        case type, features, geometry, properties, coordinates, geometries, id, bbox

        /// The member's name as written in JSON.
        public var name: String {
            switch self {
            case .type: return "type"
            case .features: return "features"
            case .geometry: return "geometry"
            case .properties: return "properties"
            case .coordinates: return "coordinates"
            case .geometries: return "geometries"
            case .id: return "id"
            case .bbox: return "bbox"
            }
        }
    }

    /// The input is not valid JSON.
    case json(JSONError)
    /// A GeoJSON object was required (the root, a `features` or `geometries` element) but something else was found.
    case expectedObject(offset: Int)
    /// A required member is absent; the offset is the object's '{'.
    case missingMember(offset: Int, Member)
    /// A GeoJSON member appears twice in one object, which makes the object ambiguous.
    case duplicateMember(offset: Int, Member)
    /// A member that RFC 7946 §7.1 forbids on this kind of object, e.g. `coordinates` on a Feature.
    case forbiddenMember(offset: Int, Member)
    /// A member has the wrong JSON type, e.g. `properties` that is an array or `type` that is not a string.
    case wrongMemberType(offset: Int, Member)
    /// `type` names no GeoJSON type (names are case-sensitive: `featurecollection` is unknown).
    case unknownType(offset: Int)
    /// A real GeoJSON type where it is not allowed, e.g. a FeatureCollection inside `features`.
    case unexpectedType(offset: Int)
    /// `bbox` is not an array of 2×n numbers (n >= 2).
    case invalidBoundingBox(offset: Int)
    /// `coordinates` is nested too deeply or too shallowly for the geometry type, or unevenly.
    case wrongNesting(offset: Int)
    /// A position with fewer than two numbers.
    case positionTooShort(offset: Int)
    /// A position element that is not a number.
    case positionElementNotNumber(offset: Int)
    /// A coordinate too large to be a finite double (e.g. `1e999`).
    case coordinateNotFinite(offset: Int)
    /// A longitude outside [-180, 180] or a latitude outside [-90, 90].
    case coordinateOutOfRange(offset: Int)
    /// A LineString (or MultiLineString member) with fewer than two positions.
    case lineTooShort(offset: Int)
    /// A linear ring with fewer than four positions.
    case ringTooShort(offset: Int)
    /// A linear ring whose first and last positions differ.
    case ringNotClosed(offset: Int)
    /// A polygon (inside a MultiPolygon) without any ring.
    case emptyPolygon(offset: Int)

    /// The byte offset in the input at which the problem was detected.
    public var offset: Int {
        switch self {
        case .json(let error): return error.offset
        case .expectedObject(let offset), .missingMember(let offset, _), .duplicateMember(let offset, _),
             .forbiddenMember(let offset, _), .wrongMemberType(let offset, _), .unknownType(let offset),
             .unexpectedType(let offset), .invalidBoundingBox(let offset), .wrongNesting(let offset),
             .positionTooShort(let offset), .positionElementNotNumber(let offset), .coordinateNotFinite(let offset),
             .coordinateOutOfRange(let offset), .lineTooShort(let offset), .ringTooShort(let offset),
             .ringNotClosed(let offset), .emptyPolygon(let offset):
            return offset
        }
    }

    /// One ASCII line such as `missing member "features" at offset 0`.
    public var message: String {
        let at = " at offset \(offset)"
        switch self {
        case .json(let error): return error.message
        case .expectedObject: return "expected a GeoJSON object" + at
        case .missingMember(_, let member): return "missing member \"\(member.name)\"" + at
        case .duplicateMember(_, let member): return "duplicate member \"\(member.name)\"" + at
        case .forbiddenMember(_, let member): return "member \"\(member.name)\" is not allowed on this object" + at
        case .wrongMemberType(_, let member): return "member \"\(member.name)\" has the wrong JSON type" + at
        case .unknownType: return "unknown GeoJSON type" + at
        case .unexpectedType: return "GeoJSON type not allowed here" + at
        case .invalidBoundingBox: return "bbox must be an array of 4 or more numbers, an even count" + at
        case .wrongNesting: return "coordinates nested wrongly for the geometry type" + at
        case .positionTooShort: return "position needs at least two numbers" + at
        case .positionElementNotNumber: return "position element is not a number" + at
        case .coordinateNotFinite: return "coordinate is not a finite number" + at
        case .coordinateOutOfRange: return "longitude or latitude out of range" + at
        case .lineTooShort: return "line needs at least two positions" + at
        case .ringTooShort: return "linear ring needs at least four positions" + at
        case .ringNotClosed: return "linear ring is not closed (first and last positions differ)" + at
        case .emptyPolygon: return "polygon has no rings" + at
        }
    }
}
