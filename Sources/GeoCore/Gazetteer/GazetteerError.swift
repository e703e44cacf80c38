/// Why a dataset could not be loaded.
public enum GazetteerError: Error, Equatable, Sendable {
    /// The bytes are not valid GeoJSON.
    case geoJSON(GeoJSONError)
    /// The file holds no Polygon or MultiPolygon feature.
    case noAreas

    /// One line for a person: what went wrong and where.
    public var message: String {
        switch self {
        case .geoJSON(let error): return "invalid GeoJSON: " + error.message
        case .noAreas: return "no Polygon or MultiPolygon feature in the GeoJSON"
        }
    }
}
