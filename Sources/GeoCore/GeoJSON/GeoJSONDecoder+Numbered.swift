/// A GeoJSON error together with the feature it happened in, for user files of many thousand features,
/// where "feature 1234" is quicker to find than a byte offset alone.
public struct NumberedGeoJSONError: Error, Equatable, Sendable {
    /// The 0-based index in `features` of the feature being read, nil when the error lies outside every
    /// feature (the collection itself, or a document that is a lone Feature or geometry).
    public var featureIndex: Int?
    public var error: GeoJSONError

    public init(featureIndex: Int?, error: GeoJSONError) {
        self.featureIndex = featureIndex
        self.error = error
    }

    /// One ASCII line, e.g. `feature 12: line needs at least two positions at offset 5120`.
    public var message: String {
        guard let featureIndex else { return error.message }
        return "feature \(featureIndex): \(error.message)"
    }
}

extension GeoJSONDecoder {
    /// `decodeFeatures(_:)`, whose error also names the feature it happened in.
    public static func decodeNumberedFeatures(_ bytes: [UInt8])
        throws(NumberedGeoJSONError) -> (features: [GeoJSONFeature], warnings: [GeoJSONWarning]) {
        try bytes.withUnsafeBufferPointer {
            (buffer) throws(NumberedGeoJSONError) -> (features: [GeoJSONFeature], warnings: [GeoJSONWarning]) in
            var parser = GeoJSONParser(scanner: JSONScanner(buffer, maxDepth: maxDepth))
            do throws(GeoJSONError) {
                let root = try parser.readObject(in: .root)
                try parser.json { (scanner) throws(JSONError) in try scanner.expectEnd() }
                switch root {
                case .featureCollection(let features): return (features, parser.warnings)
                case .feature(let feature): return ([feature], parser.warnings)
                case .geometry(let geometry): return ([GeoJSONFeature(geometry: geometry)], parser.warnings)
                }
            } catch {
                // An error after the last feature ended (e.g. trailing bytes) names no feature.
                let inside = parser.featuresBegun > 0 && !parser.featureListEnded
                throw NumberedGeoJSONError(featureIndex: inside ? parser.featuresBegun - 1 : nil, error: error)
            }
        }
    }
}
