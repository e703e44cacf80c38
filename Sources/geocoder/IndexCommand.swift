#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

extension CommandLineOptions {
    static let indexUsage = "index --output FILE [--data PATH]"

    /// The `--output` path of `geocoder index`; `--data` has already been taken out of `named`.
    /// - Throws: `UsageError` for a positional argument, another option, or a missing `--output`.
    static func indexOutput(_ rest: [String], _ named: [String: String]) throws(UsageError) -> String {
        try expectNoOptions(named, except: ["--output"], for: "index")
        guard rest.isEmpty else {
            throw UsageError(message: "index takes no arguments, got \(rest.count) (usage: \(indexUsage))")
        }
        guard let output = named["--output"], !output.isEmpty else {
            throw UsageError(message: "index needs --output FILE (usage: \(indexUsage))")
        }
        return output
    }
}

/// `geocoder index --output FILE`: writes the binary index the server would load for its data file.
///
/// This is how `scripts/build-wasm` gets the index it compiles into `geocoder.wasm`, so the module starts
/// from tables instead of parsing GeoJSON. The bytes are `CountryGazetteer.binaryIndex` of the gazetteer the
/// server itself loads (`loadGazetteer()`), so whatever the gazetteer holds reaches the file unchanged.
///
/// `--output` is written without ever replacing what the user did not mean to replace (`write(_:to:)`):
/// `/dev/null` stays a device and `/dev/stdout` a link, whoever runs it.
///
/// The source key is the data file's size and checksum rather than its modification time (which the
/// cache uses): the same data gives the same file on every machine, so a rebuild after a fresh checkout
/// produces the same module. Readers that have no data file to compare with (the wasm module) take the
/// key from the file's own header (`CountryGazetteer.binarySourceKey(_:)`).
enum IndexCommand {
    /// Writes the index to `output` (see `write(_:to:)`).
    /// - Returns: the exit status: 0, or 1 after one line on stderr when the data or the file fail.
    /// - Parameter load: the gazetteer (`loadGazetteer()`), called once the data file's checksum is known:
    ///   the 21 MB read for the checksum are freed before the build, not held next to the built gazetteer.
    static func run(dataPath explicit: String?, output: String, maxDataBytes: Int, load: () -> CountryGazetteer) -> Int32 {
        let key: (UInt64, UInt64)
        switch DataLocator.locate(explicit: explicit).flatMap({ DataLocator.read($0, maxBytes: maxDataBytes) }) {
        case .success(let data): key = data.withUnsafeBytes { (UInt64(data.count), binaryChecksum($0)) }
        case .failure(let error):
            report(error.message)
            return 1
        }
        let gazetteer = load()
        // Streamed (`FileSink`), so the index is never whole in memory next to the gazetteer.
        let fill = { (fd: Int32) -> Int32? in FileSink.writeIndex(of: gazetteer, sourceKey: key, to: fd) }
        if let problem = write(fill, to: output) {
            report("cannot write \(output): \(problem)")
            return 1
        }
        return 0
    }

    /// Puts what `fill` writes to a descriptor (returning the errno of a failure, or nil) at `output`, as
    /// what is there asks:
    /// - nothing, or a regular file: a new file in the same folder (`TemporaryFile`: random name,
    ///   O_EXCL|O_NOFOLLOW) renamed over it, so a reader never sees half an index; a replaced file keeps
    ///   its permissions;
    /// - a symbolic link, a character device or a FIFO: written in place, through the link (`/dev/stdout`
    ///   streams the bytes, `/dev/null` swallows them, a link to a file truncates and rewrites that file,
    ///   as `cp` does), never replaced by a regular file;
    /// - a directory or a block device: refused.
    /// - Returns: nil when written, else why not (one line).
    static func write(_ fill: (Int32) -> Int32?, to output: String) -> String? {
        var info = stat()
        if lstat(output, &info) != 0 {
            guard errno == ENOENT else { return String(cString: strerror(errno)) }
            return replace(output, with: fill, keeping: nil)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return replace(output, with: fill, keeping: info.st_mode & 0o777)
        case S_IFDIR, S_IFBLK: return "it is \(RegularFile.kind(info.st_mode)); give a file name"
        default: return writeInPlace(output, fill)
        }
    }

    /// The atomic replace: a temporary file next to `output`, then `renameat`.
    /// - Parameter mode: the replaced file's permissions, given to the new one; nil for a new file (0644
    ///   less the umask).
    private static func replace(_ output: String, with fill: (Int32) -> Int32?, keeping mode: mode_t?) -> String? {
        let folder = DataLocator.parent(of: output) ?? "."
        let name = output.split(separator: "/").last.map(String.init) ?? output
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return String(cString: strerror(errno)) }
        defer { close(directory) }
        switch TemporaryFile.create(in: directory, for: name, mode: 0o644) {
        case .failure(let failure): return failure.text
        case .success(let temporary):
            if let mode { fchmod(temporary.fd, mode) }
            if case .failure(let failure) = temporary.commit(as: name, fill: fill) { return failure.text }
            return nil
        }
    }

    /// Opens what `output` is or links to, and writes into it.
    private static func writeInPlace(_ output: String, _ fill: (Int32) -> Int32?) -> String? {
        let fd = open(output, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return String(cString: strerror(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFBLK: return "it links to \(RegularFile.kind(info.st_mode)); give a file name"
        case S_IFREG: if ftruncate(fd, 0) != 0 { return String(cString: strerror(errno)) }
        default: break
        }
        return fill(fd).map { String(cString: strerror($0)) }
    }
}
