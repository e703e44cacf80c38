#if hasFeature(Embedded) && arch(wasm32)
import GeoCore
import GeoRPC
import GeocoderData

// There is no Glibc module for wasm32-unknown-none-wasm: these are wasi-libc's functions, linked by
// scripts/build-wasm. Only the few the loop needs.
@_extern(c, "read") func c_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int
@_extern(c, "write") func c_write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int
@_extern(c, "perror") func c_perror(_ prefix: UnsafePointer<CChar>?)
@_extern(c, "exit") func c_exit(_ status: Int32)  // never returns; C's _Noreturn has no Swift spelling here

/// The WASI stdin/stdout loop around ``RPCSession``.
///
/// Input is read in 64 KiB chunks; every line a chunk completes is answered, and the answers are written
/// once the chunk is used up. A `read` returns what the host has ready, so an interactive host gets each
/// answer as soon as its line is complete, and piped input is answered in large writes. Unlike the native
/// loop this does not `poll` stdin, since WASI hosts differ in how they support polling a pipe.
enum WASIServer {
    static let chunkSize = 64 * 1024

    /// Why output stopped.
    enum OutputError: Error {
        case failed
    }

    /// Reads the arguments, loads the embedded dataset and the `--layer` files, and serves until end of input.
    /// - Returns: the exit status: 0 at end of input, 1 when the data, a layer or stdio fail, 2 for a usage
    ///   error (each with one line on stderr).
    static func main() -> Int32 {
        let arguments: WASIArguments
        do throws(WASIArguments.UsageError) {
            arguments = try WASIArguments.parse(WASIArguments.fromHost())
        } catch {
            report(error.message)
            return 2
        }
        guard let layers = WASILayers.load(arguments), let server = loadServer(layers: layers) else { return 1 }
        var session = RPCSession(server: server)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        do throws(OutputError) {
            while true {
                let count = chunk.withUnsafeMutableBytes { c_read(0, $0.baseAddress, $0.count) }
                if count == 0 { break }
                if count < 0 {
                    try session.flush(write: writeOut)
                    c_perror("geocoder: cannot read stdin")
                    return 1
                }
                try chunk.withUnsafeBufferPointer { (buffer) throws(OutputError) in
                    try session.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]), write: writeOut)
                }
                try session.flush(write: writeOut)
            }
            try session.finish(write: writeOut)
            return 0
        } catch {
            c_perror("geocoder: cannot write stdout")
            return 1
        }
    }

    /// Loads the gazetteer from the binary index compiled into the module (`Sources/GeocoderData`).
    ///
    /// The index goes through the same checks as the native index cache (magic, version, length, the section
    /// directory, then each section's checksum and tables: the core now, the names and layers when a request
    /// first needs them), and its tables are views into the embedded array, which is aligned
    /// for them: nothing is parsed, built or copied. The array is part of the module's data segment and
    /// lives as long as the instance, so it is adopted with nothing to release.
    /// - Parameter layers: the `--layer` files (`WASILayers`), which `nearby` and `whereAmI` search.
    /// - Returns: nil, after one line on stderr, when the module holds no index or the index is invalid.
    static func loadServer(layers: FeatureLayers) -> RPCServer? {
        let count = Int(geocoder_data_count())
        guard count > 0, let start = geocoder_data_bytes() else {
            report("this module was built without its dataset")
            return nil
        }
        let bytes = UnsafeRawBufferPointer(start: start, count: count)
        // No data file exists here to be stale against: the key is the one the build recorded.
        guard let key = CountryGazetteer.binarySourceKey(bytes) else {
            report("cannot load the embedded dataset: \(BinaryFormatError.notAnIndex.message)")
            return nil
        }
        let storage = ByteStorage(adopting: bytes) { _ in }
        do throws(BinaryFormatError) {
            var server = RPCServer(gazetteer: try CountryGazetteer(lazyBinary: storage, sourceKey: key), layers: layers)
            // The dataset is compiled in: no files, no cache; serverInfo still counts every table.
            server.host = ServerHostInfo(program: "geocoder-wasm", runtime: "wasm", files: [
                ServerHostInfo.DataFile(role: "embedded", path: nil, bytes: count, source: nil),
            ])
            return server
        } catch {
            report("cannot load the embedded dataset: \(error.message)")
            return nil
        }
    }

    /// Writes every byte to stdout, retrying partial writes.
    /// - Throws: `.failed` when the host refuses the write.
    static func writeOut(_ bytes: [UInt8]) throws(OutputError) {
        try writeAll(1, bytes)
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(OutputError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                c_write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written <= 0 { throw .failed }
            offset += written
        }
    }

    /// One line on stderr, prefixed with the program name, as the native binary does.
    static func report(_ message: String) {
        try? writeAll(2, Array("geocoder: \(message)\n".utf8))
    }

    /// Ends the module with a status the host reports (wasmkit's and node's exit code, wasmtime's ExitTrap).
    ///
    /// Only for a failure: `proc_exit` unwinds the host's stack with an exception (node's `returnOnExit`,
    /// wasmtime's ExitTrap), and node 20 can crash while doing so after a long run (see
    /// scripts/run-wasm-node.mjs). A status of 0 is reported by returning from `main` instead.
    static func exit(_ status: Int32) {
        c_exit(status)
    }
}
#endif
