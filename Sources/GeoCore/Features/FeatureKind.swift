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
