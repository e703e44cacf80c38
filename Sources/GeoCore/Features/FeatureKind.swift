/// The GeoJSON geometry type of a layer feature, reported by `nearby` as `geometry`.
public enum FeatureKind: Equatable, Sendable {
    case point, multiPoint, lineString, multiLineString, polygon, multiPolygon, geometryCollection

    /// The GeoJSON type name, as written in the source file.
    public var name: String {
        switch self {
        case .point: return "Point"
        case .multiPoint: return "MultiPoint"
        case .lineString: return "LineString"
        case .multiLineString: return "MultiLineString"
        case .polygon: return "Polygon"
        case .multiPolygon: return "MultiPolygon"
        case .geometryCollection: return "GeometryCollection"
        }
    }

    /// Whether the feature has an area, so that `nearby` reports `inside` for it.
    public var hasArea: Bool { self == .polygon || self == .multiPolygon }

    init(_ geometry: GeoJSONGeometry) {
        switch geometry {
        case .point: self = .point
        case .multiPoint: self = .multiPoint
        case .lineString: self = .lineString
        case .multiLineString: self = .multiLineString
        case .polygon: self = .polygon
        case .multiPolygon: self = .multiPolygon
        case .geometryCollection: self = .geometryCollection
        }
    }
}

extension FeatureKind {
    /// The kind's number in a binary layer (1...7); 0 stands for a null geometry.
    var code: UInt8 {
        switch self {
        case .point: return 1
        case .multiPoint: return 2
        case .lineString: return 3
        case .multiLineString: return 4
        case .polygon: return 5
        case .multiPolygon: return 6
        case .geometryCollection: return 7
        }
    }

    /// The kind numbered `code`, nil for 0 (a null geometry) or a number that names none.
    init?(code: UInt8) {
        switch code {
        case 1: self = .point
        case 2: self = .multiPoint
        case 3: self = .lineString
        case 4: self = .multiLineString
        case 5: self = .polygon
        case 6: self = .multiPolygon
        case 7: self = .geometryCollection
        default: return nil
        }
    }
}
