#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoRPC
import GeocoderKit

extension CommandLineOptions {
    /// Tells apart indexes built from the same data file with other options (`IndexCache.forDataFile`).
    var cacheVariant: String { (noPlaces ? "-countries" : "") + (noLayers ? "-nolayers" : "") }
}

/// The host's half of `serverInfo`: the data files the server found (paths and sizes), their sources
/// and versions as the data's README.md states them (so a regenerated file's new version shows without
/// a code change), and the index file in use.
enum HostInfo {
    static func describe(_ options: CommandLineOptions) -> ServerHostInfo {
        var host = ServerHostInfo(program: Usage.version)
        guard case .success(let dataPath) = DataLocator.locate(explicit: options.dataPath) else { return host }
        let names = NameFiles.locate(dataPath: dataPath, places: !options.noPlaces)
        let layers = LayerFiles.locate(dataPath: dataPath, layers: !options.noLayers)
        let roles: [(String, String?)] = [("countries", dataPath), ("countryNames", names[0]), ("admin1", names[1]),
                                          ("cities", names[2]), ("localities", names[5]), ("admin1Polygons", layers[0]),
                                          ("timezones", layers[1]), ("admin1Names", names[4]), ("cityNames", names[6])]
        var sources: [(file: String, source: String)] = []
        if let folder = DataLocator.parent(of: dataPath) { sources = readmeSources(folder + "/README.md") }
        for (role, path) in roles {
            var bytes: Int?
            var status = stat()
            if let path, stat(path, &status) == 0 { bytes = Int(status.st_size) }
            let base = path.flatMap { $0.split(separator: "/").last.map(String.init) }
            let source = base.flatMap { name in sources.first { $0.file == name }?.source }
            host.files.append(ServerHostInfo.DataFile(role: role, path: path, bytes: bytes, source: source))
        }
        if !options.noCache, !IndexCache.disabledByEnvironment, let folder = IndexCache.directoryPath() {
            let index = folder + "/" + IndexCache.fileName(for: dataPath, variant: options.cacheVariant)
            if access(index, F_OK) == 0 { host.indexCachePath = index }
        }
        return host
    }

    /// The data table of Data/README.md: rows `| `file`, `file` | source | licence |`, each file with its
    /// source cell (backticks and bold marks dropped). Empty when the file is missing or unreadable.
    static func readmeSources(_ path: String) -> [(file: String, source: String)] {
        guard let file = try? RegularFile(path, maxBytes: 1 << 20) else { return [] }
        var bytes = [UInt8](repeating: 0, count: file.size)
        guard case .success(bytes.count) = bytes.withUnsafeMutableBytes({ file.readFully(into: $0, at: 0) }) else { return [] }
        var found: [(file: String, source: String)] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.filter { $0 != "`" && $0 != "*" }.trimmingSpaces()
            }
            guard cells.count >= 3 else { continue }
            for name in cells[1].split(separator: ",") {
                found.append((String(name).trimmingSpaces(), cells[2]))
            }
        }
        return found
    }
}

extension String {
    /// Without leading and trailing spaces.
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
