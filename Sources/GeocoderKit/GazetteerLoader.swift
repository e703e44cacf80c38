import GeoCore

/// Loads the gazetteer the way every front end does (the command line, the server and `Geocoder`): from
/// the binary index cache when one matches the data, else from the data files, one file at a time, then
/// into the cache.
///
/// One implementation, so the command line and library users share cache files (same folder, same
/// names, same key) and the same checks: a `Geocoder` opened on the data a server has used starts from
/// that server's index in milliseconds, and the other way round.
package enum GazetteerLoader {
    /// What `load` made, and how.
    package struct Loaded {
        package var gazetteer: CountryGazetteer
        /// Whether the gazetteer came from the binary index cache (no data file was parsed).
        package var fromCache: Bool
        /// The data files' decoder warnings, with each file's path; a load with warnings is not cached,
        /// so they show on every start.
        package var warnings: [(path: String, warning: GeoJSONWarning)]
        /// The name tables and polygon layers used (nil where not found), as `NameFiles.locate` and
        /// `LayerFiles.locate` give them.
        package var namePaths: [String?]
        package var layerPaths: [String?]
    }

    /// Loads the country GeoJSON at `dataPath` with the name tables and polygon layers found beside it.
    /// - Parameters:
    ///   - places: load the admin-1 and city tables (`--no-places` is false).
    ///   - layers: load the admin-1 and time-zone polygon layers (`--no-layers` is false).
    ///   - cache: the index cache to read and fill, or nil for none.
    ///   - maxBytes: the cap on every data file (`--max-data-bytes`).
    ///   - layerNotes: also say which polygon layers are missing (the server does; one-shot commands not).
    ///   - note: receives, before anything is read, one line per missing table or layer.
    /// - Returns: the gazetteer, or the first file that could not be read or parsed.
    ///   - lazy: from the cache, read the names and layer sections when first used (`IndexCache.load`);
    ///     the server does, for a first answer in milliseconds; one-shot commands and `Geocoder` load whole.
    package static func load(dataPath: String, places: Bool, layers: Bool, cache: IndexCache?, maxBytes: Int,
                             layerNotes: Bool, lazy: Bool = false, note: (String) -> Void) -> Result<Loaded, GeocoderError> {
        // The name tables (CLDR names, admin-1, cities) and the polygon layers (admin-1, time zones) are part
        // of the index, so part of its key: a changed or added layer file rebuilds it.
        let namePaths = NameFiles.locate(dataPath: dataPath, places: places)
        if let missing = NameFiles.missingReport(namePaths, places: places) { note(missing) }
        let layerPaths = LayerFiles.locate(dataPath: dataPath, layers: layers)
        if layerNotes && layers {
            for missing in LayerFiles.missingNotes(layerPaths) { note(missing) }
        }
        let key = cache == nil ? nil : IndexCache.sourceKey([dataPath] + namePaths + layerPaths, maxBytes: maxBytes)
        if let cache, let key, let cached = cache.load(key: key, lazy: lazy) {
            return .success(Loaded(gazetteer: cached, fromCache: true, warnings: [], namePaths: namePaths,
                                   layerPaths: layerPaths))
        }
        // Built one file at a time: each file's bytes and decoded features live only inside the call that reads
        // it, and are gone before the next file is read (a first start peaks at the gazetteer so far plus one
        // file, not at every file at once: issue 13's 200 MB bound).
        var warnings: [(path: String, warning: GeoJSONWarning)] = []
        var gazetteer: CountryGazetteer
        switch countries(dataPath, maxBytes: maxBytes, warnings: &warnings) {
        case .success(let countries): gazetteer = CountryGazetteer(countries: countries)
        case .failure(let error): return .failure(error)
        }
        // The admin-1 layer before the names (its divisions join forward search, `withNames`), the time zones
        // after them: the time-zone layer is not resident while the name index is built, which keeps a first
        // start's peak memory down (scripts/attack check 7).
        switch LayerFiles.load([layerPaths[0], nil], maxBytes: maxBytes, warnings: &warnings) {
        case .success(let layers): gazetteer = gazetteer.withLayers(admin1: layers[0], timezones: nil)
        case .failure(let error): return .failure(error)
        }
        releaseFreedMemory()
        // Freed memory is handed back before and after the names are built (`releaseFreedMemory`): glibc
        // keeps most freed pages (the GeoJSON decoders', the parsers', the builders' scratch), and each step
        // comes on top of them. That keeps a first start's peak under issue 13's 200 MB bound now that the
        // 100,000 localities are parsed and indexed too.
        do {
            let names: NameData
            switch NameFiles.load(namePaths, maxBytes: maxBytes) {
            case .success(let loaded): names = loaded
            case .failure(let error): return .failure(error)
            }
            releaseFreedMemory()
            gazetteer = gazetteer.withNames(consume names)  // its rows go as they are read
        }
        releaseFreedMemory()
        switch LayerFiles.load([nil, layerPaths[1]], maxBytes: maxBytes, warnings: &warnings) {
        case .success(let layers): gazetteer = gazetteer.withLayers(admin1: gazetteer.admin1Layer, timezones: layers[1])
        case .failure(let error): return .failure(error)
        }
        // A file with warnings is not cached, so its warnings show on every start, not only the first.
        if let cache, let key, warnings.isEmpty { cache.store(gazetteer, key: key, dataPath: dataPath) }
        return .success(Loaded(gazetteer: gazetteer, fromCache: false, warnings: warnings, namePaths: namePaths,
                               layerPaths: layerPaths))
    }

    /// The countries decoded from the GeoJSON at `path`; the file's bytes go when this returns, before the
    /// index is built.
    static func countries(_ path: String, maxBytes: Int,
                          warnings: inout [(path: String, warning: GeoJSONWarning)]) -> Result<[Country], GeocoderError> {
        decode(path, maxBytes: maxBytes, warnings: &warnings) { (bytes, found) throws(GazetteerError) in
            try CountryGazetteer.countries(geoJSON: bytes, warnings: &found)
        }
    }

    /// Reads the GeoJSON at `path` (a regular file of at most `maxBytes`) and decodes it with `parse`,
    /// adding its decoder warnings to `warnings` with the path. The bytes go when this returns.
    package static func decode<Decoded>(
        _ path: String, maxBytes: Int, warnings: inout [(path: String, warning: GeoJSONWarning)],
        parse: ([UInt8], inout [GeoJSONWarning]) throws(GazetteerError) -> Decoded
    ) -> Result<Decoded, GeocoderError> {
        let bytes: [UInt8]
        switch DataLocator.read(path, maxBytes: maxBytes) {
        case .success(let read): bytes = read
        case .failure(let error): return .failure(error)
        }
        var found: [GeoJSONWarning] = []
        do throws(GazetteerError) {
            let decoded = try parse(bytes, &found)
            for warning in found { warnings.append((path, warning)) }
            return .success(decoded)
        } catch {
            return .failure(.invalidGeoJSON(path: path, error))
        }
    }

    /// The warnings as the command line prints them: the first ten, one line each, then a count of the rest.
    package static func warningLines(_ warnings: [(path: String, warning: GeoJSONWarning)]) -> [String] {
        var lines = warnings.prefix(10).map { "warning: \($0.path): \($0.warning.message)" }
        if warnings.count > 10 { lines.append("warning: \(warnings.count - 10) more warnings like these") }
        return lines
    }
}

#if canImport(Glibc)
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32

/// Returns the heap's free pages to the system (glibc's `malloc_trim`). The mmap threshold is the
/// executable's to set (`MallocThreshold` in Sources/geocoder): a library changes no process-wide malloc
/// setting of its host's.
private func releaseFreedMemory() {
    _ = mallocTrim(0)
}
#else
private func releaseFreedMemory() {}
#endif
