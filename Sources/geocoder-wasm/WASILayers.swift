#if hasFeature(Embedded) && arch(wasm32)
import GeoCore

@_extern(c, "open") func c_open(_ path: UnsafePointer<UInt8>, _ flags: Int32, _ mode: Int32) -> Int32
@_extern(c, "close") func c_close(_ fd: Int32) -> Int32
/// WASI's `fd_filestat_get` (wasi-libc's wrapper): fills a 64-byte `filestat` (file type at byte 16, size
/// at byte 32) and returns a WASI errno, 0 for success. Used instead of `fstat`, whose struct layout is libc's.
@_extern(c, "__wasi_fd_filestat_get")
func wasi_fd_filestat_get(_ fd: Int32, _ stat: UnsafeMutableRawPointer) -> UInt16

/// The user's `--layer` files in the module: read from a pre-opened folder and built in memory.
///
/// Why files and not layers compiled in at build time: a layer is the user's data, which changes more often
/// than the module and is often private; one published module serves every user's layers, as the native
/// binary does. Why no index cache: a WASI module may write only where the host lets it, and the hosts
/// that run it (a node package, a browser shim) have no agreed writable folder; building is O(n log n)
/// in the vertices, done once per start (the 0.5 MB Helsinki fixture: about 0.4 s under node).
/// The layer is built by the same `FeatureLayer(name:geoJSON:nameKey:)` as the native one, so `nearby` and
/// `whereAmI` answer the same bytes (scripts/test-wasm compares them).
enum WASILayers {
    /// `--max-data-bytes`' default in the native binary: a file larger than this is refused, not read.
    static let maxBytes = 1 << 30
    /// WASI libc's `O_RDONLY` (not 0 as on Linux).
    static let readOnly: Int32 = 0x0400_0000

    /// Reads and builds every layer, in the order given.
    /// - Returns: the layers, or nil after one line on stderr as the native binary writes it.
    static func load(_ arguments: WASIArguments) -> FeatureLayers? {
        var layers: [FeatureLayer] = []
        for spec in arguments.layers {
            guard let bytes = read(spec.path, prefix: "layer \(spec.name): cannot read \(spec.path)") else { return nil }
            do throws(FeatureLayerError) {
                layers.append(try FeatureLayer(name: spec.name, geoJSON: bytes, nameKey: arguments.nameKey))
            } catch {
                WASIServer.report("cannot load layer \(spec.name) (\(spec.path)): \(error.message)")
                return nil
            }
        }
        return FeatureLayers(layers: layers)
    }

    /// The whole file at `path`, which must be a regular file of at most `maxBytes`.
    /// - Returns: nil after one line on stderr starting with `prefix`: the system's reason (`perror`,
    ///   "No such file or directory" when the path is outside every pre-opened folder), or why the file is refused.
    static func read(_ path: String, prefix: String) -> [UInt8]? {
        let fd = (Array(path.utf8) + [0]).withUnsafeBufferPointer { c_open($0.baseAddress!, readOnly, 0) }
        guard fd >= 0 else {
            systemError(prefix)
            return nil
        }
        defer { _ = c_close(fd) }
        var stat = [UInt8](repeating: 0, count: 64)
        let status = stat.withUnsafeMutableBytes { wasi_fd_filestat_get(fd, $0.baseAddress!) }
        guard status == 0 else {
            systemError(prefix)
            return nil
        }
        // filestat: dev u64, ino u64, filetype u8 (3 directory, 4 regular file), nlink u64, size u64 (little-endian).
        guard stat[16] == 4 else {
            WASIServer.report("\(prefix): it is \(kind(stat[16])), not a regular file")
            return nil
        }
        var size: UInt64 = 0
        for k in (32..<40).reversed() { size = size << 8 | UInt64(stat[k]) }
        guard size <= UInt64(maxBytes) else {
            WASIServer.report("\(prefix): it is \(size) bytes, more than --max-data-bytes (\(maxBytes))")
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { c_read(fd, $0.baseAddress! + filled, $0.count - filled) }
            guard count > 0 else {
                if count < 0 { systemError(prefix) } else { WASIServer.report("\(prefix): it changed while it was read") }
                return nil
            }
            filled += count
        }
        return bytes
    }

    /// "a directory", … for a WASI file type, in `RegularFile.kind`'s words.
    static func kind(_ type: UInt8) -> String {
        switch type {
        case 1: return "a block device"
        case 2: return "a character device"
        case 3: return "a directory"
        case 5, 6: return "a socket"
        case 7: return "a symbolic link"
        default: return "a special file"
        }
    }

    /// `prefix: <the system's reason>` on stderr, with the program name, as `FileProblem.system` writes it.
    static func systemError(_ prefix: String) {
        (Array("geocoder: \(prefix)".utf8) + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { c_perror($0) }
        }
    }
}
#endif
