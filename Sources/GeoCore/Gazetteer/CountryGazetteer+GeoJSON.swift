extension CountryGazetteer {
    /// Loads countries from a GeoJSON FeatureCollection: the bundled Natural Earth file, or a user's own.
    ///
    /// Natural Earth property names are read first (ADM0_A3, ISO_A2_EH, NAME, …), then common lower-case
    /// or plain alternatives (`iso_a2`, `ISO_A2`, `name`, `id`), so other country-like files load too.
    /// Features without a Polygon or MultiPolygon geometry are skipped. Natural Earth's "-99" and empty
    /// strings mean "no value".
    /// - Throws: `GazetteerError.geoJSON` for malformed input, `.noAreas` when nothing polygonal remains.
    public static func load(geoJSON bytes: [UInt8], cellSize: Double = CountryIndex.defaultCellSize)
        throws(GazetteerError) -> CountryGazetteer {
        var warnings: [GeoJSONWarning] = []
        return try load(geoJSON: bytes, cellSize: cellSize, warnings: &warnings)
    }

    /// The features of a GeoJSON FeatureCollection, with the decoder's warnings (wrong ring winding) in
    /// document order: the one decoding step of the country layer and of every `AreaLayer`.
    /// - Throws: `GazetteerError.geoJSON` for malformed input.
    static func decodeFeatures(_ bytes: [UInt8], warnings: inout [GeoJSONWarning]) throws(GazetteerError) -> [GeoJSONFeature] {
        do {
            let decoded = try GeoJSONDecoder.decodeFeatures(bytes)
            warnings = decoded.warnings
            return decoded.features
        } catch {
            throw .geoJSON(error)
        }
    }

    /// Loads countries as ``load(geoJSON:cellSize:)`` does, and hands back what RFC 7946 accepts but
    /// discourages (wrong ring winding), so the caller can show it.
    /// - Parameter warnings: receives the decoder's warnings, in document order.
    public static func load(geoJSON bytes: [UInt8], cellSize: Double = CountryIndex.defaultCellSize,
                            warnings: inout [GeoJSONWarning]) throws(GazetteerError) -> CountryGazetteer {
        CountryGazetteer(countries: try countries(geoJSON: bytes, warnings: &warnings), cellSize: cellSize)
    }

    /// The countries of a GeoJSON FeatureCollection, with their geometry, as `load(geoJSON:cellSize:warnings:)`
    /// reads them before building the index: split so a caller can let go of the file's bytes first.
    /// - Throws: `GazetteerError.geoJSON` for malformed input, `.noAreas` when nothing polygonal remains.
    public static func countries(geoJSON bytes: [UInt8], warnings: inout [GeoJSONWarning]) throws(GazetteerError) -> [Country] {
        let features = try CountryGazetteer.decodeFeatures(bytes, warnings: &warnings)
        var countries: [Country] = []
        for (number, feature) in features.enumerated() {
            guard let area = feature.geometry.flatMap(multiPolygon(of:)) else { continue }
            countries.append(country(from: feature.properties ?? JSONObject(), area: area, number: number))
        }
        if countries.isEmpty { throw .noAreas }
        return countries
    }

    static func multiPolygon(of geometry: GeoJSONGeometry) -> MultiPolygon? {
        switch geometry {
        case .polygon(let polygon): return MultiPolygon(polygons: [polygon])
        case .multiPolygon(let area): return area
        case .geometryCollection(let parts):
            let polygons = parts.compactMap(multiPolygon(of:)).flatMap { $0.polygons }
            return polygons.isEmpty ? nil : MultiPolygon(polygons: polygons)
        default: return nil
        }
    }

    static func country(from p: JSONObject, area: MultiPolygon, number: Int) -> Country {
        let name = p.text("NAME", "ADMIN", "name", "NAME_EN", "name_en") ?? "Feature \(number + 1)"
        var label: GeoPoint? = nil
        if let x = p.number("LABEL_X", "label_x"), let y = p.number("LABEL_Y", "label_y"),
           y >= -90, y <= 90, x >= -180, x <= 180 {
            label = GeoPoint(lat: y, lon: x)
        }
        var locals: [Country.LocalName] = []
        for member in p.members {
            let key = member.key
            guard key.utf8.count >= 7, key.hasPrefix("NAME_"), case .string(let text) = member.value,
                  let value = Self.cleaned(text) else { continue }
            let language = String(key.dropFirst(5)).lowercased()
            if language == "len" || language == "alt" || language == "sort" || language == "long" { continue }
            locals.append(Country.LocalName(language: language, name: value))
        }
        var alternates: [String] = []
        if let alt = p.text("NAME_ALT") { alternates.append(alt) }
        if let admin = p.text("ADMIN"), admin != name { alternates.append(admin) }
        let iso3 = p.text("ISO_A3_EH", "ISO_A3", "iso_a3")
        return Country(
            adm0a3: p.text("ADM0_A3", "adm0_a3", "ISO_A3_EH", "ISO_A3", "iso_a3", "id") ?? "F\(number + 1)",
            iso2: p.text("ISO_A2_EH", "ISO_A2", "iso_a2"),
            iso3: iso3,
            isoNumeric: p.text("ISO_N3_EH", "ISO_N3", "iso_n3"),
            name: name,
            nameLong: p.text("NAME_LONG", "name_long"),
            formalName: p.text("FORMAL_EN", "formal_en"),
            sovereign: p.text("SOVEREIGNT", "sovereignt"),
            sovereignA3: p.text("SOV_A3", "sov_a3"),
            type: p.text("TYPE", "type"),
            continent: p.text("CONTINENT", "continent"),
            regionUN: p.text("REGION_UN", "region_un"),
            subregion: p.text("SUBREGION", "subregion"),
            wikidataID: p.text("WIKIDATAID", "wikidataid"),
            labelPoint: label,
            population: p.number("POP_EST", "pop_est").flatMap { $0 >= 0 && $0 < 2e9 ? Int($0) : nil },
            localNames: locals,
            alternateNames: alternates,
            geometry: area)
    }

    /// nil for Natural Earth's placeholders ("-99", "", blanks); the trimmed text otherwise.
    static func cleaned(_ text: String) -> String? {
        var trimmed = Substring(text)
        while let first = trimmed.first, first == " " { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, last == " " { trimmed = trimmed.dropLast() }
        if trimmed.isEmpty || trimmed == "-99" { return nil }
        return String(trimmed)
    }
}

extension JSONObject {
    /// The first of `keys` that holds a meaningful string (or an integer number, as text).
    func text(_ keys: String...) -> String? {
        for key in keys {
            switch self[key] {
            case .string(let s)?:
                if let value = CountryGazetteer.cleaned(s) { return value }
            case .number(let n)?:
                if n.value != -99 { return n.text }
            default:
                continue
            }
        }
        return nil
    }

    /// The first of `keys` that holds a finite number.
    func number(_ keys: String...) -> Double? {
        for key in keys {
            if case .number(let n)? = self[key], n.value.isFinite { return n.value }
        }
        return nil
    }
}
