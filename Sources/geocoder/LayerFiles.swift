import GeoCore

/// Finds and reads the placemark's polygon layers: `admin1-polygons.geojson` (admin-1 divisions) and
/// `timezones.geojson` (IANA time zones).
///
/// Looked for as the name tables are (`NameFiles`): next to the country GeoJSON first, then in the places
/// `DataLocator` searches for the bundled file. A layer found nowhere is left out, and the placemark lacks
/// its members; `--no-layers` leaves both out (the country answer alone, as before placemarks).
enum LayerFiles {
    static let admin1 = "admin1-polygons.geojson"
    static let timezones = "timezones.geojson"

    /// The two layers' paths (nil where not found, or `--no-layers`), in the order admin1, timezones.
    static func locate(dataPath: String, layers: Bool) -> [String?] {
        guard layers else { return [nil, nil] }
        return [NameFiles.find(admin1, near: dataPath), NameFiles.find(timezones, near: dataPath)]
    }

    /// One line per layer that was looked for and not found, for the server to say once at start-up.
    static func missingNotes(_ paths: [String?]) -> [String] {
        var notes: [String] = []
        if paths[0] == nil { notes.append("note: \(admin1) not found; answers have no admin1 or territory") }
        if paths[1] == nil { notes.append("note: \(timezones) not found; answers have no timezone") }
        return notes
    }

    /// Reads and builds the layers at `paths` (as `locate` returns them), each a regular file of at most
    /// `maxBytes` (`--max-data-bytes`, as for the country GeoJSON), with the country layer's decoder.
    /// - Parameter warnings: receives each file's decoder warnings, with the file's path.
    static func load(_ paths: [String?], maxBytes: Int,
                     warnings: inout [(path: String, warning: GeoJSONWarning)]) -> Result<[AreaLayer?], UsageError> {
        var layers: [AreaLayer?] = []
        for (k, path) in paths.enumerated() {
            guard let path else {
                layers.append(nil)
                continue
            }
            // Decoded first, so the file's bytes are gone before the index is built (a first start's peak).
            switch decode(path, layer: k, maxBytes: maxBytes, warnings: &warnings) {
            case .success(let source): layers.append(AreaLayer(source))
            case .failure(let error): return .failure(error)
            }
        }
        return .success(layers)
    }

    /// Reads and decodes layer `layer` (0: admin1, 1: timezones) at `path`; the bytes go when this returns.
    static func decode(_ path: String, layer: Int, maxBytes: Int,
                       warnings: inout [(path: String, warning: GeoJSONWarning)]) -> Result<AreaLayer.Source, UsageError> {
        let bytes: [UInt8]
        switch DataLocator.read(path, maxBytes: maxBytes) {
        case .success(let read): bytes = read
        case .failure(let error): return .failure(error)
        }
        var found: [GeoJSONWarning] = []
        do throws(GazetteerError) {
            let source = layer == 0 ? try CountryGazetteer.admin1Source(geoJSON: bytes, warnings: &found)
                                    : try CountryGazetteer.timezoneSource(geoJSON: bytes, warnings: &found)
            for warning in found { warnings.append((path, warning)) }
            return .success(source)
        } catch {
            return .failure(UsageError(message: "cannot load \(path): \(error.message)"))
        }
    }
}
