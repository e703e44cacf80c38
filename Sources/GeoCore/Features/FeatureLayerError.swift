/// Why a user layer file was refused.
public enum FeatureLayerError: Error, Equatable, Sendable {
    /// The file is not valid GeoJSON; the error names the feature and the byte offset.
    case geoJSON(NumberedGeoJSONError)
    /// A polygon ring crosses the antimeridian (two consecutive vertices more than 180° of longitude
    /// apart). Containment is tested in longitude/latitude, so such a ring would cover the rest of the
    /// world; RFC 7946 §3.1.9 asks for polygons cut at ±180° instead, as Natural Earth does.
    case ringCrossesAntimeridian(featureIndex: Int)
    /// More vertices or features than the layer's 32-bit indexes hold.
    case tooLarge

    /// One ASCII line naming the feature and the problem.
    public var message: String {
        switch self {
        case .geoJSON(let error):
            return error.message
        case .ringCrossesAntimeridian(let index):
            return "feature \(index): a polygon ring crosses the antimeridian; split it at 180° (RFC 7946 §3.1.9)"
        case .tooLarge:
            return "the layer has more than 2^31 vertices or features"
        }
    }
}
