// Library users get GeoPoint, GeoBox, PlacemarkFields, MatchKind, Locality and the other value types the
// results are made of with `import GeocoderKit` alone.
@_exported import GeoCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The offline geocoder for Swift programs: reverse (point → country and placemark), forward (name →
/// countries and cities) and bounding-box queries over the bundled data, with typed results.
///
/// Why a class of its own: loading means finding the data files, reading them with the checks the
/// command line applies, and keeping the built index in the binary index cache, all of which used to live
/// in the executable. A `Geocoder` does exactly what `geocoder serve` does at start-up (`GazetteerLoader`),
/// so it finds the same files, and reads and writes the same cache files: the first load parses about
/// 34 MB of GeoJSON and TSV (seconds), every later one reads the index (tens of milliseconds).
///
/// Thread safety: a `Geocoder` is immutable once made (`Sendable`); its queries only read the loaded
/// tables, so any number of threads or tasks may query one instance at once.
public final class Geocoder: Sendable {
    /// Where the binary index cache lives.
    public enum CacheLocation: Sendable, Equatable {
        /// As the command line: `$GEOCODER_CACHE_DIR`, else `$XDG_CACHE_HOME/geocoder`, else
        /// `~/.cache/geocoder`; none when `GEOCODER_NO_CACHE` is set (and not "0").
        case standard
        /// This folder (created with mode 0700 when missing), whatever the environment says.
        case directory(String)
        /// No cache: parse the data files on every load and write nothing.
        case disabled
    }

    /// The largest data file read whole unless the caller says otherwise (`--max-data-bytes`): 1 GiB, about
    /// 50 times the bundled GeoJSON (21 MB); `/dev/zero` or a sparse file of terabytes stops here.
    public static let defaultMaxFileBytes = 1 << 30

    /// The country GeoJSON this geocoder was loaded from (`ne_10m_admin_0_countries.geojson`).
    public let dataFile: String
    /// Whether the load read the binary index cache instead of parsing the data files.
    public let loadedFromCache: Bool
    /// The index file in the cache folder for this data (present after a load that could store it), or
    /// nil when caching is off or no usable cache folder exists.
    public let cacheFile: String?
    /// What the load wants a person to know: missing name tables or layers (and what queries lack
    /// without them), a cache folder refused as unsafe, the data files' decoder warnings. The command line
    /// prints the same lines on stderr.
    public let notes: [String]
    /// The loaded data.
    public let gazetteer: CountryGazetteer

    /// Loads the data found where the command line looks for it: `$GEOCODER_DATA`, then
    /// `<executable dir>/../share/geocoder/` (an install), then `Data/` in the executable's folder or any
    /// folder above it, then `./Data/`.
    /// - Parameter cache: where the binary index cache is (the command line's folder by default).
    /// - Throws: `.dataNotFound` naming every place searched, or the first file that cannot be read or
    ///   parsed.
    public convenience init(cache: CacheLocation = .standard) throws(GeocoderError) {
        let path: String
        switch DataLocator.locate(explicit: nil) {
        case .success(let found): path = found
        case .failure(let error): throw error
        }
        try self.init(dataFile: path, cache: cache)
    }

    /// Loads the data in `dataDirectory`: the country GeoJSON, and the name tables and polygon layers
    /// beside it (a table missing there is looked for where `init(cache:)` looks; `notes` says what is
    /// missing everywhere).
    /// - Throws: `.dataNotFound` when the folder has no `ne_10m_admin_0_countries.geojson`, or the first
    ///   file that cannot be read or parsed.
    public convenience init(dataDirectory: String, cache: CacheLocation = .standard) throws(GeocoderError) {
        let path = (dataDirectory.hasSuffix("/") ? dataDirectory : dataDirectory + "/") + DataLocator.fileName
        guard access(path, F_OK) == 0 else { throw .dataNotFound(searched: [path]) }
        try self.init(dataFile: path, cache: cache)
    }

    /// Loads the country GeoJSON at `dataFile` (any file of that format, as `geocoder --data`), with the
    /// tables and layers found beside it.
    /// - Parameters:
    ///   - maxFileBytes: the largest data file read (`--max-data-bytes`): a FIFO, a device or a sparse
    ///     file of terabytes fails at once instead of being read until memory runs out.
    /// - Throws: the first file that cannot be read or parsed.
    public init(dataFile: String, cache: CacheLocation = .standard,
                maxFileBytes: Int = defaultMaxFileBytes) throws(GeocoderError) {
        var notes: [String] = []
        let index: IndexCache?
        var folder: String?
        switch cache {
        case .standard:
            folder = IndexCache.disabledByEnvironment ? nil : IndexCache.directoryPath()
            index = IndexCache.forDataFile(dataFile, warn: { notes.append($0) })
        case .directory(let path):
            folder = path
            index = IndexCache.inDirectory(path, for: dataFile, warn: { notes.append($0) })
        case .disabled:
            index = nil
        }
        let loaded: GazetteerLoader.Loaded
        switch GazetteerLoader.load(dataPath: dataFile, places: true, layers: true, cache: index,
                                    maxBytes: maxFileBytes, layerNotes: true, note: { notes.append($0) }) {
        case .success(let result): loaded = result
        case .failure(let error): throw error
        }
        self.dataFile = dataFile
        self.gazetteer = loaded.gazetteer
        self.loadedFromCache = loaded.fromCache
        self.cacheFile = index == nil ? nil : folder.map { $0 + "/" + IndexCache.fileName(for: dataFile, variant: "") }
        self.notes = notes + GazetteerLoader.warningLines(loaded.warnings)
    }
}
