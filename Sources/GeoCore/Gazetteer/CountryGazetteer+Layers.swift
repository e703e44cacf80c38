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

    /// Appends the layers to the binary payload: per layer a presence byte (0 or 1), then the layer.
    func writeLayers(to out: inout BinaryWriter) {
        for layer in [layers.admin1, layers.timezones] {
            if let layer {
                out.u8(1)
                layer.write(to: &out)
            } else {
                out.u8(0)
            }
        }
    }

    /// Reads what `writeLayers(to:)` wrote and composes it with the countries already read.
    mutating func readLayers(from input: inout BinaryReader) throws(BinaryFormatError) {
        var read: [AreaLayer?] = []
        for _ in 0..<2 {
            switch try input.u8() {
            case 0: read.append(nil)
            case 1: read.append(try AreaLayer(reading: &input))
            default: throw .invalid("layer flag")
            }
        }
        // The answers read these layers by their contract schemas; any other schema is not this program's.
        if let admin1 = read[0], admin1.propertyNames != PlacemarkLayers.admin1Schema { throw .invalid("admin-1 layer schema") }
        if let zones = read[1], zones.propertyNames != PlacemarkLayers.timezoneSchema { throw .invalid("time-zone layer schema") }
        layers = PlacemarkLayers(admin1: read[0], timezones: read[1], countries: countries)
    }
}
