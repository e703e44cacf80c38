/// Decodes GeoJSON (RFC 7946) into features, streaming coordinates straight into `[GeoPoint]`.
///
/// Validation follows the RFC's MUSTs: required members and their types, case-sensitive `type` names,
/// coordinate nesting per geometry type, positions of two or more numbers, lines of two or more positions,
/// closed rings of four or more positions, well-formed `bbox`, and §7.1's ban on members that change
/// meaning (e.g. `coordinates` on a Feature). On top of that, longitudes must lie in [-180, 180] and
/// latitudes in [-90, 90], because everything downstream assumes WGS 84 degrees. Wrong ring winding is
/// accepted with a warning, as §3.1.6 asks.
///
/// Members may come in any order: when `type` comes late, members whose meaning depends on it are skipped
/// first and read after the object ends. Foreign members are validated as JSON and ignored, as is `bbox`.
public enum GeoJSONDecoder {
    /// Nesting limit for GeoJSON input: far deeper than any real document (Natural Earth needs 8), and
    /// shallow enough that nested GeometryCollections cannot exhaust the stack.
    public static let maxDepth = 128

    /// Decodes a FeatureCollection; a lone Feature or a bare geometry is accepted too and returned as one feature.
    /// - Parameter bytes: the UTF-8 document.
    /// - Returns: the features in document order and any warnings (wrong winding), in document order.
    /// - Throws: `GeoJSONError` with the byte offset of the first problem.
    /// - Complexity: O(n) in the input size; coordinates never pass through `JSONValue`.
    public static func decodeFeatures(_ bytes: [UInt8])
        throws(GeoJSONError) -> (features: [GeoJSONFeature], warnings: [GeoJSONWarning]) {
        try bytes.withUnsafeBufferPointer {
            (buffer) throws(GeoJSONError) -> (features: [GeoJSONFeature], warnings: [GeoJSONWarning]) in
            try decodeFeatures(buffer)
        }
    }

    /// The buffer form of `decodeFeatures(_:)`, for input that is already in memory elsewhere.
    public static func decodeFeatures(_ bytes: UnsafeBufferPointer<UInt8>)
        throws(GeoJSONError) -> (features: [GeoJSONFeature], warnings: [GeoJSONWarning]) {
        var parser = GeoJSONParser(scanner: JSONScanner(bytes, maxDepth: maxDepth))
        let root = try parser.readObject(in: .root)
        try parser.json { (scanner) throws(JSONError) in try scanner.expectEnd() }
        switch root {
        case .featureCollection(let features):
            return (features, parser.warnings)
        case .feature(let feature):
            return ([feature], parser.warnings)
        case .geometry(let geometry):
            return ([GeoJSONFeature(geometry: geometry)], parser.warnings)
        }
    }
}
