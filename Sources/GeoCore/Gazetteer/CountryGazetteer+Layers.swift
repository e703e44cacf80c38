extension CountryGazetteer {
    /// This gazetteer with the placemark's polygon layers: `admin1` (schema `PlacemarkLayers.admin1Schema`,
    /// Data/admin1-polygons.geojson) and `timezones` (schema `["tzid"]`, Data/timezones.geojson); nil leaves
    /// a layer out, and the placemark then lacks its members.
    public func withLayers(admin1: AreaLayer?, timezones: AreaLayer?) -> CountryGazetteer {
        var copy = self
        copy.layers = PlacemarkLayers(admin1: admin1, timezones: timezones, countries: countries)
        return copy
    }

    /// The admin-1 layer, when loaded.
    public var admin1Layer: AreaLayer? { layers.admin1 }
    /// The time-zone layer, when loaded.
    public var timezoneLayer: AreaLayer? { layers.timezones }

    /// Builds the admin-1 layer from a GeoJSON file of the data contract's schema, with the country layer's
    /// decoder, validation and warnings.
    public static func admin1Layer(geoJSON bytes: [UInt8], cellSize: Double = CountryIndex.defaultCellSize,
                                   warnings: inout [GeoJSONWarning]) throws(GazetteerError) -> AreaLayer {
        try AreaLayer.load(geoJSON: bytes, keeping: PlacemarkLayers.admin1Schema, cellSize: cellSize, warnings: &warnings)
    }

    /// The admin-1 layer's features decoded (schema `PlacemarkLayers.admin1Schema`), for `AreaLayer.init(_:cellSize:)`.
    public static func admin1Source(geoJSON bytes: [UInt8], warnings: inout [GeoJSONWarning])
        throws(GazetteerError) -> AreaLayer.Source {
        try AreaLayer.decode(geoJSON: bytes, keeping: PlacemarkLayers.admin1Schema, warnings: &warnings)
    }

    /// The time-zone layer's features decoded (property `tzid`), for `AreaLayer.init(_:cellSize:)`.
    public static func timezoneSource(geoJSON bytes: [UInt8], warnings: inout [GeoJSONWarning])
        throws(GazetteerError) -> AreaLayer.Source {
        try AreaLayer.decode(geoJSON: bytes, keeping: PlacemarkLayers.timezoneSchema, warnings: &warnings)
    }

    /// Builds the time-zone layer (property `tzid`) from a GeoJSON file, as `admin1Layer` does.
    public static func timezoneLayer(geoJSON bytes: [UInt8], cellSize: Double = CountryIndex.defaultCellSize,
                                     warnings: inout [GeoJSONWarning]) throws(GazetteerError) -> AreaLayer {
        try AreaLayer.load(geoJSON: bytes, keeping: PlacemarkLayers.timezoneSchema, cellSize: cellSize, warnings: &warnings)
    }
}
