#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// The prebuilt binary index (`CountryGazetteer.binaryIndex`) kept on disk, so start-up reads tables
/// instead of parsing the GeoJSON and building the grid (about 20 ms to a first answer instead of 250 ms).
///
/// - Where: `$GEOCODER_CACHE_DIR`, else `$XDG_CACHE_HOME/geocoder`, else `~/.cache/geocoder`; one file
///   per data file, named after the data file and a hash of its real path. Nothing is written next to the
///   data, so a read-only install, a checkout and the test suite all leave their folders untouched.
/// - Key: the data file's size and modification time, stored in the index header. A data file that
///   changes gets a new index on the next start.
/// - Trust: every load checks magic, version, key, length, checksum and every table's bounds; anything
///   wrong is treated as a miss and the index is rebuilt and rewritten (atomically, by rename).
/// - Off: `--no-cache` or `GEOCODER_NO_CACHE=1` load the GeoJSON directly and write nothing.
enum IndexCache {
    /// The data file's size and modification time in nanoseconds, or nil when it cannot be stat'ed.
    static func sourceKey(_ path: String) -> (UInt64, UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let mtime = UInt64(truncatingIfNeeded: info.st_mtim.tv_sec) &* 1_000_000_000
            &+ UInt64(truncatingIfNeeded: info.st_mtim.tv_nsec)
        return (UInt64(truncatingIfNeeded: info.st_size), mtime)
    }

    /// The cache folder, or nil when no location is known.
    static func directory() -> String? {
        if let dir = environment("GEOCODER_CACHE_DIR") { return dir }
        if let xdg = environment("XDG_CACHE_HOME") { return xdg + "/geocoder" }
        if let home = environment("HOME") { return home + "/.cache/geocoder" }
        return nil
    }

    static var disabledByEnvironment: Bool {
        guard let value = environment("GEOCODER_NO_CACHE") else { return false }
        return value != "0"
    }

    /// The index file for `dataPath`: `<dir>/<data file name>-<hash of its real path><variant>.idx`.
    /// - Parameter variant: tells apart indexes built from the same file with other options
    ///   (`-countries` for `--no-places`), so switching options does not rebuild one file back and forth.
    static func file(for dataPath: String, variant: String = "") -> String? {
        guard let dir = directory() else { return nil }
        var resolved = dataPath
        if let real = realpath(dataPath, nil) {
            resolved = String(cString: real)
            free(real)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in resolved.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let name = resolved.split(separator: "/").last.map(String.init) ?? "data"
        return dir + "/" + name + "-" + String(hash, radix: 16) + variant + ".idx"
    }

    /// The gazetteer from the cached index when it is valid for `dataPath`; nil on any miss.
    ///
    /// The file is mapped with MAP_POPULATE rather than read: the kernel fills the mapping from the page
    /// cache in one call, where a read would first fault in and copy into a fresh 20 MB buffer. The index
    /// tables then point into the mapping (`CountryGazetteer(binary: ByteStorage, …)`), so nothing is copied;
    /// MAP_PRIVATE means a later rewrite of the file (by rename) never changes the bytes under a running server.
    /// Once every check has passed, the pages are handed back (`releaseCheckedPages`) and come back as
    /// queries read them.
    static func load(dataPath: String, key: (UInt64, UInt64), variant: String = "") -> CountryGazetteer? {
        guard let cache = file(for: dataPath, variant: variant) else { return nil }
        let fd = open(cache, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), base != MAP_FAILED else {
            return nil
        }
        // The gazetteer's tables are views into the mapping (no copy); it is unmapped with the last of them.
        let mapping = ByteStorage(adopting: UnsafeRawBufferPointer(start: base, count: size)) { bytes in
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        }
        guard let gazetteer = try? CountryGazetteer(binary: mapping, sourceKey: key) else { return nil }
        releaseCheckedPages(base, size)
        return gazetteer
    }

    /// Writes the index for `dataPath`; failures are silent (the cache is an optimisation).
    static func store(_ gazetteer: CountryGazetteer, dataPath: String, key: (UInt64, UInt64), variant: String = "") {
        guard let dir = directory(), let cache = file(for: dataPath, variant: variant) else { return }
        makeDirectories(dir)
        let temporary = cache + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        let bytes = gazetteer.binaryIndex(sourceKey: key)
        let written = (try? writeAll(fd, bytes)) != nil
        if close(fd) == 0 && written && rename(temporary, cache) == 0 { return }
        unlink(temporary)
    }

    /// `mkdir -p`.
    static func makeDirectories(_ path: String) {
        var current = ""
        for (k, part) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            current = k == 0 ? String(part) : current + "/" + part
            if !current.isEmpty { mkdir(current, 0o755) }
        }
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
