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
        try expectNoOptions(named, except: "--output", for: "index")
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
/// The source key is the data file's size and checksum rather than its modification time (which the
/// cache uses): the same data gives the same file on every machine, so a rebuild after a fresh checkout
/// produces the same module. Readers that have no data file to compare with (the wasm module) take the
/// key from the file's own header (`CountryGazetteer.binarySourceKey(_:)`).
enum IndexCommand {
    /// Writes the index, replacing `output` atomically (by rename) so a reader never sees half a file.
    /// - Returns: the exit status: 0, or 1 after one line on stderr when the data or the file fail.
    static func run(_ gazetteer: CountryGazetteer, dataPath explicit: String?, output: String) -> Int32 {
        let data: [UInt8]
        switch DataLocator.locate(explicit: explicit).flatMap(DataLocator.read) {
        case .success(let read): data = read
        case .failure(let error):
            report(error.message)
            return 1
        }
        let key = data.withUnsafeBytes { (UInt64(data.count), binaryChecksum($0)) }
        let bytes = gazetteer.binaryIndex(sourceKey: key)
        let temporary = output + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            report("cannot write \(output): \(String(cString: strerror(errno)))")
            return 1
        }
        var failure: Int32 = 0
        do throws(StdioServer.OutputError) {
            try writeAll(fd, bytes)
        } catch {
            if case .failed(let code) = error { failure = code } else { failure = EPIPE }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, output) != 0 { failure = errno }
        guard failure == 0 else {
            report("cannot write \(output): \(String(cString: strerror(failure)))")
            unlink(temporary)
            return 1
        }
        return 0
    }
}
