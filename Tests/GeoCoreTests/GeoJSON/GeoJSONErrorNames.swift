@testable import GeoCore

/// Short names for error cases, so tables can say why something was rejected without pinning offsets.
enum GeoJSONErrorNames {
    static func name(of error: GeoJSONError) -> String {
        switch error {
        case .json: return "json"
        case .expectedObject: return "expectedObject"
        case .missingMember(_, let member): return "missingMember(.\(member.name))"
        case .duplicateMember: return "duplicateMember"
        case .forbiddenMember: return "forbiddenMember"
        case .wrongMemberType(_, let member): return "wrongMemberType(.\(member.name))"
        case .unknownType: return "unknownType"
        case .unexpectedType: return "unexpectedType"
        case .invalidBoundingBox: return "invalidBoundingBox"
        case .wrongNesting: return "wrongNesting"
        case .positionTooShort: return "positionTooShort"
        case .positionElementNotNumber: return "positionElementNotNumber"
        case .coordinateNotFinite: return "coordinateNotFinite"
        case .coordinateOutOfRange: return "coordinateOutOfRange"
        case .lineTooShort: return "lineTooShort"
        case .ringTooShort: return "ringTooShort"
        case .ringNotClosed: return "ringNotClosed"
        case .emptyPolygon: return "emptyPolygon"
        }
    }
}
