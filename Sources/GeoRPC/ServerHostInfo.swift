/// What only the program hosting the server knows, for `serverInfo`: the files it loaded and where from,
/// the index cache in use, its version. GeoRPC reads no files (the wasm build has none), so the host
/// passes these in (`RPCServer.host`); the counts and limits the server reports itself.
public struct ServerHostInfo: Equatable, Sendable {
    /// One data file the gazetteer was built from, or looked for.
    public struct DataFile: Equatable, Sendable {
        /// `countries`, `countryNames`, `admin1`, `cities`, `admin1Polygons`, `timezones`.
        public var role: String
        /// Where it was read; nil when it was not found (or is compiled in).
        public var path: String?
        /// Its size in bytes when read.
        public var bytes: Int?
        /// Its source and version as the data's README states them (`Natural Earth 1:10m admin-0 v5.1.1`).
        public var source: String?

        public init(role: String, path: String?, bytes: Int?, source: String?) {
            self.role = role
            self.path = path
            self.bytes = bytes
            self.source = source
        }
    }

    /// The program and version (`geocoder 0.1.0`).
    public var program: String
    /// `native` or `wasm`.
    public var runtime: String
    public var files: [DataFile]
    /// The index file the gazetteer was read from or written to; nil when none (cache off, wasm).
    public var indexCachePath: String?

    public init(program: String = "geocoder", runtime: String = "native", files: [DataFile] = [],
                indexCachePath: String? = nil) {
        self.program = program
        self.runtime = runtime
        self.files = files
        self.indexCachePath = indexCachePath
    }
}
