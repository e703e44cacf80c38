#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// The prebuilt binary index (`CountryGazetteer.binaryIndex`) kept on disk, so start-up reads tables
/// instead of parsing the GeoJSON and building the grid (about 15 ms to a first answer instead of 2 s).
///
/// - Where: `$GEOCODER_CACHE_DIR`, else `$XDG_CACHE_HOME/geocoder`, else `~/.cache/geocoder`; one file
///   per data file, named after the data file and a hash of its real path. Nothing is written next to the
///   data, so a read-only install, a checkout and the test suite all leave their folders untouched. The
///   folder must be the user's own and writable by no one else (`IndexCache+Directory.swift`).
/// - Key: every source file's identity and change times (`IndexCache+Key.swift`), in the index header.
/// - Trust: the file is read into memory the server owns (`RegularFile.readOwned`), then every load checks
///   magic, version, key, length, checksum and every table's bounds; anything wrong is a miss, and the
///   index is rebuilt and rewritten (a new file renamed over the old, `TemporaryFile`). Nothing another
///   process later does to the file reaches a running server: it holds no mapping and no descriptor of it.
/// - Off: `--no-cache` or `GEOCODER_NO_CACHE=1` load the GeoJSON directly and write nothing.
package final class IndexCache {
    /// The open cache folder.
    package let directory: Int32
    /// The index's file name in it.
    package let name: String

    private init(directory: Int32, name: String) {
        self.directory = directory
        self.name = name
    }

    deinit { close(directory) }

    /// The cache for `dataPath`, or nil when caching is off or no safe folder is available (after one
    /// line on stderr when a folder exists but is not safe to use).
    /// - Parameter variant: tells apart indexes built from the same file with other options
    ///   (`-countries` for `--no-places`), so switching options does not rebuild one file back and forth.
    package static func forDataFile(_ dataPath: String, variant: String = "", warn: (String) -> Void = report) -> IndexCache? {
        guard !disabledByEnvironment, let path = directoryPath() else { return nil }
        return inDirectory(path, for: dataPath, variant: variant, warn: warn)
    }

    /// The cache for `dataPath` in the folder at `path` (created when missing), whatever the environment
    /// says: for a `Geocoder` given its own cache folder. Nil when the folder is unusable, as above.
    package static func inDirectory(_ path: String, for dataPath: String, variant: String = "",
                                    warn: (String) -> Void = report) -> IndexCache? {
        guard let fd = openDirectory(path, warn: warn) else { return nil }
        return IndexCache(directory: fd, name: fileName(for: dataPath, variant: variant))
    }

    /// The cache folder's path, or nil when no location is known.
    package static func directoryPath() -> String? {
        if let dir = environment("GEOCODER_CACHE_DIR") { return dir }
        if let xdg = environment("XDG_CACHE_HOME") { return xdg + "/geocoder" }
        if let home = environment("HOME") { return home + "/.cache/geocoder" }
        return nil
    }

    package static var disabledByEnvironment: Bool {
        guard let value = environment("GEOCODER_NO_CACHE") else { return false }
        return value != "0"
    }

    /// `<data file name>-<hash of its real path><variant>.idx`. A data file name longer than 96 bytes is
    /// cut (at a character boundary) so the whole name stays far below NAME_MAX (255) with room for the
    /// temporary name's suffix; the hash of the full path still tells such files apart.
    package static func fileName(for dataPath: String, variant: String) -> String {
        var resolved = dataPath
        if let real = realpath(dataPath, nil) {
            resolved = String(cString: real)
            free(real)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in resolved.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var base = resolved.split(separator: "/").last.map(String.init) ?? "data"
        while base.utf8.count > 96 { base.removeLast() }
        return base + "-" + String(hash, radix: 16) + variant + ".idx"
    }

    /// The largest index file accepted for sources of `key.totalBytes` bytes: four times the sources plus
    /// 64 MiB (the 34 MB of bundled data make a 28 MB index). A larger file is not read at all.
    package static func maxIndexBytes(_ key: SourceKey) -> Int {
        let (scaled, overflow) = key.totalBytes.multipliedReportingOverflow(by: 4)
        return overflow || scaled > Int.max - (64 << 20) ? Int.max : scaled + (64 << 20)
    }

    /// The gazetteer from the cached index when it is valid for `key`; nil on any miss.
    ///
    /// The file must be a regular file (not a link, FIFO or device: it is opened with O_NOFOLLOW and
    /// O_NONBLOCK and checked with fstat), the user's own, writable by no one else, no larger than
    /// `maxIndexBytes`, and of the size its header declares, before more than its header and section
    /// directory are read. Then only the core section (countries and the country grid) is read and checked;
    /// the names and layer sections are read when a query first needs them (`IndexSectionFile`), unless
    /// `lazy` is false.
    /// - Parameter lazy: false reads and checks every section now (a host that needs all of it, or that
    ///   queries from many threads at full speed from the start).
    package func load(key: SourceKey, lazy: Bool = false) -> CountryGazetteer? {
        guard let file = try? RegularFile(name, in: directory, followLinks: false, maxBytes: Self.maxIndexBytes(key)),
              file.info.st_uid == geteuid(), file.info.st_mode & 0o022 == 0 else { return nil }
        let size = UInt64(file.size)
        var prefix = [UInt8](repeating: 0, count: CountryGazetteer.binaryPrefixSize)
        let prefixRead = prefix.withUnsafeMutableBytes { file.readFully(into: $0, at: 0) }
        guard case .success(prefix.count) = prefixRead,
              let directory = try? prefix.withUnsafeBytes({ raw throws(BinaryFormatError) in
                  try CountryGazetteer.binaryDirectory(raw, fileSize: size, sourceKey: key.header)
              }) else { return nil }
        let copy = dup(file.fd)
        guard copy >= 0 else { return nil }
        let sections = IndexSectionFile(fd: copy)
        guard case .success(let core) = sections.read(directory[.core]),
              var gazetteer = try? CountryGazetteer(directory: directory, core: core, fetch: { sections.read($0) },
                                                    lock: .mutex()) else { return nil }
        if !lazy {
            guard let whole = try? gazetteer.loadingAll() else { return nil }
            gazetteer = whole
        }
        return gazetteer
    }

    /// Writes the index (mode 0600); failures are silent (the cache is an optimisation). Nothing is
    /// written while a source's ctime is in the current clock tick (`SourceKey.settled`).
    package func store(_ gazetteer: CountryGazetteer, key: SourceKey, dataPath: String? = nil) {
        guard key.settled else { return }
        removeAbandonedTemporaries()
        guard case .success(let temporary) = TemporaryFile.create(in: directory, for: name, mode: 0o600) else { return }
        // Streamed (`FileSink`): the 78 MB index is never whole in memory next to the gazetteer just built.
        // An index larger than `load` accepts is not kept.
        let committed = temporary.commit(as: name) { fd in
            if let failure = FileSink.writeIndex(of: gazetteer, sourceKey: key.header, to: fd) { return failure }
            var info = stat()
            guard fstat(fd, &info) == 0 else { return errno }
            return Int(info.st_size) <= Self.maxIndexBytes(key) ? nil : EFBIG
        }
        guard case .success = committed else { return }
        if let dataPath { recordSourceAndPrune(dataPath: dataPath) }
    }

    /// Deletes this index's temporary files (`.<name>.<random>`) left by a process killed while writing one,
    /// so they do not pile up (28 MB each). Only regular files unchanged for 10 minutes go: a temporary
    /// another process is writing right now is left alone.
    package func removeAbandonedTemporaries() {
        let copy = dup(directory)
        guard copy >= 0, let folder = fdopendir(copy) else { return }
        defer { closedir(folder) }
        let prefix = "." + name + "."
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        while let entry = readdir(folder) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard entryName.hasPrefix(prefix) else { continue }
            var info = stat()
            guard fstatat(directory, entryName, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG,
                  info.st_mtim.tv_sec < now.tv_sec - 600 else { continue }
            unlinkat(directory, entryName, 0)
        }
    }

    package static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
