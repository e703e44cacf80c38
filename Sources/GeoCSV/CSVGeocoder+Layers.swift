import GeoCore

/// `--layer NAME=PATH` in `geocoder csv` (reverse) and `geocoder reverse --format csv|tsv`: for each point, the
/// nearest feature of each layer within `layerRadiusM`, as three columns per layer, in the order the layers
/// were given, after the result's columns: `<layer>_name`, `<layer>_distanceM` (metres, as `nearby` writes
/// it), `<layer>_direction` (8-wind from the point, "NE"; empty when the point is inside a polygon). No
/// feature within the radius, or a row without a valid point: three empty cells.
///
/// The nearest feature is `FeatureLayers.nearby(_:radiusM:limit:layers:)` with limit 1 and the one layer,
/// so it is the first hit `nearby` would give for that layer alone.
extension CSVGeocoder {
    /// The three column names per layer, `prefix` first (`--prefix`, as for the other added columns).
    public static func layerColumns(_ layers: FeatureLayers, prefix: String = "") -> [String] {
        layers.layers.flatMap { layer in
            ["name", "distanceM", "direction"].map { prefix + layer.name + "_" + $0 }
        }
    }

    /// Each layer's nearest feature within `radiusM` of `point` (nil: none), in layer order. Any finite
    /// longitude is taken, as reverse takes it: wrapped into [-180, 180] first (a longitude too large to
    /// wrap to a meaningful meridian finds nothing).
    public static func layerHits(_ layers: FeatureLayers, at point: GeoPoint, radiusM: Double) -> [NearbyHit?] {
        var lon = point.lon
        if !(lon >= -180 && lon <= 180) { lon -= 360 * ((lon + 180) / 360).rounded(.down) }
        guard point.lat >= -90, point.lat <= 90, lon >= -180, lon <= 180 else {
            return Array(repeating: nil, count: layers.layers.count)
        }
        let query = GeoPoint(lat: point.lat, lon: lon)
        return layers.layers.indices.map { layers.nearby(query, radiusM: radiusM, limit: 1, layers: [$0]).first }
    }

    /// The three cells per layer for `point`; nil cells are empty.
    public static func layerCells(_ layers: FeatureLayers, at point: GeoPoint, radiusM: Double) -> [String?] {
        var cells: [String?] = []
        for hit in layerHits(layers, at: point, radiusM: radiusM) {
            guard let hit else {
                cells += [nil, nil, nil]
                continue
            }
            cells += [layers.layers[hit.layer].features[hit.feature].name, numberText(hit.distanceM), hit.direction]
        }
        return cells
    }

    /// Appends the layer cells for the row's point (nil: the row had none), delimiter-led.
    mutating func layerFields(_ point: GeoPoint?) {
        guard !layers.layers.isEmpty else { return }
        var encoded: [UInt8] = []
        if let point {
            for cell in Self.layerCells(layers, at: point, radiusM: layerRadiusM) {
                encoded.append(options.delimiter)
                if let cell { CSVField.append(cell, delimiter: options.delimiter, to: &encoded) }
            }
        } else {
            encoded = Array(repeating: options.delimiter, count: 3 * layers.layers.count)
        }
        encoded.withUnsafeBufferPointer { out.append($0) }
        out.reserve(maxAddedBytes)
    }
}
