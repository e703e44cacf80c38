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
        let features = try CountryGazetteer.decodeFeatures(bytes, warnings: &warnings)
        var values: [String?] = []
        var areas: [MultiPolygon] = []
        for feature in features {
            guard let area = feature.geometry.flatMap(CountryGazetteer.multiPolygon(of:)) else { continue }
            let properties = feature.properties ?? JSONObject()
            for name in schema { values.append(properties.text(name)) }
            areas.append(area)
        }
        if areas.isEmpty { throw .noAreas }
        return AreaLayer(propertyNames: schema, values: values, areas: areas, cellSize: cellSize)
    }
}
