extension AreaLayer {
    /// Builds a layer from a GeoJSON FeatureCollection, keeping the properties named in `schema`.
    ///
    /// The same decoder, validation, limits and warnings as the country layer
    /// (`CountryGazetteer.load(geoJSON:cellSize:warnings:)`): features without a Polygon or MultiPolygon are
    /// skipped; a string value is trimmed and "", blanks and "-99" mean unknown; an integer number is kept as
    /// its text.
    /// - Parameters:
    ///   - bytes: the UTF-8 document.
    ///   - schema: the property names to keep, in slot order.
    ///   - warnings: receives the decoder's warnings (wrong ring winding), in document order.
    /// - Throws: `GazetteerError.geoJSON` for malformed input, `.noAreas` when nothing polygonal remains.
    public static func load(geoJSON bytes: [UInt8], keeping schema: [String],
                            cellSize: Double = CountryIndex.defaultCellSize,
                            warnings: inout [GeoJSONWarning]) throws(GazetteerError) -> AreaLayer {
        AreaLayer(try decode(geoJSON: bytes, keeping: schema, warnings: &warnings), cellSize: cellSize)
    }

    /// A layer's decoded features before its index is built: what `load` builds from.
    ///
    /// Split from the build so a caller can let go of the file's bytes (and the decoder's feature records)
    /// before the grid index is built: a first start then peaks at one of these, not at the bytes, the
    /// features and the index together.
    public struct Source {
        public let propertyNames: [String]
        let values: [String?]
        let areas: [MultiPolygon]
    }

    /// The features of a GeoJSON FeatureCollection, as `load(geoJSON:keeping:cellSize:warnings:)` reads them.
    /// - Throws: `GazetteerError.geoJSON` for malformed input, `.noAreas` when nothing polygonal remains.
    public static func decode(geoJSON bytes: [UInt8], keeping schema: [String],
                              warnings: inout [GeoJSONWarning]) throws(GazetteerError) -> Source {
        let features = try CountryGazetteer.decodeFeatures(bytes, warnings: &warnings)
        var values: [String?] = []
        var areas: [MultiPolygon] = []
        values.reserveCapacity(features.count * schema.count)
        areas.reserveCapacity(features.count)
        for feature in features {
            guard let area = feature.geometry.flatMap(CountryGazetteer.multiPolygon(of:)) else { continue }
            let properties = feature.properties ?? JSONObject()
            for name in schema { values.append(properties.text(name)) }
            areas.append(area)
        }
        if areas.isEmpty { throw .noAreas }
        return Source(propertyNames: schema, values: values, areas: areas)
    }

    /// Builds the layer (its grid index) from decoded features.
    public convenience init(_ source: Source, cellSize: Double = CountryIndex.defaultCellSize) {
        self.init(propertyNames: source.propertyNames, values: source.values, areas: source.areas, cellSize: cellSize)
    }
}
