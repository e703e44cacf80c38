#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore
import GeoCSV
import GeocoderKit

/// `geocoder csv`: streams a file or stdin through `CSVGeocoder` to stdout, with a progress bar on a
/// terminal and a summary on stderr. Everything about CSV itself lives in GeoCSV; this is only the OS.
enum CSVCommand {
    /// Bytes per read; with the unfinished record and the output buffer, the whole memory a run needs.
    static let chunkSize = 1 << 20

    /// Opens the input before the data file is loaded, so a wrong path fails at once.
    /// - Returns: the descriptor, or nil after reporting why.
    static func open(_ request: CSVRequest) -> Int32? {
        guard let path = request.path else { return 0 }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            report("cannot open \(path): \(String(cString: strerror(errno)))")
            return nil
        }
        return fd
    }

    /// Runs the batch.
    /// - Returns: the exit status: 0 when every row was written (bad rows included), 1 on an I/O error or
    ///   a record longer than `--max-record-bytes` (the rows before it are written), 2 when the header does
    ///   not fit the options.
    /// - Parameters:
    ///   - layers: `--layer`: each reverse row gets each layer's nearest feature (`CSVGeocoder+Layers.swift`).
    ///   - layerRadiusM: `--layer-radius`.
    static func run(_ request: CSVRequest, input: Int32, output: Int32, gazetteer: CountryGazetteer,
                    layers: FeatureLayers = .empty, layerRadiusM: Double = 500) -> Int32 {
        var batch = CSVGeocoder(gazetteer: gazetteer, options: request.options)
        batch.layers = layers
        batch.layerRadiusM = layerRadiusM
        var progress = ProgressBar(totalBytes: inputSize(input))
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        let send: ([UInt8]) throws(StdioServer.OutputError) -> Void = { (bytes) throws(StdioServer.OutputError) in
            try writeAll(output, bytes)
        }
        do throws(CSVStreamError<StdioServer.OutputError>) {
            while true {
                let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    progress.clear()
                    report("cannot read \(request.path ?? "stdin"): \(String(cString: strerror(errno)))")
                    return 1
                }
                try chunk.withUnsafeBufferPointer { (buffer) throws(CSVStreamError<StdioServer.OutputError>) in
                    try batch.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]), write: send)
                }
                progress.update(bytes: batch.stats.bytes, rows: batch.stats.rows)
            }
            try batch.finish(write: send)
        } catch {
            progress.clear()
            switch error {
            case .input(let problem):
                report(problem.message)
                if case .recordTooLong = problem { return 1 }
                return 2
            case .output(.closed):
                return 0
            case .output(.failed(let code)):
                report("cannot write stdout: \(String(cString: strerror(code)))")
                return 1
            }
        }
        progress.clear()
        report(summary(batch.stats, seconds: progress.elapsed))
        return 0
    }

    /// The size of a regular file, for the progress bar's percentage; nil for pipes and terminals.
    private static func inputSize(_ fd: Int32) -> Int? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        return Int(info.st_size)
    }

    /// "csv: 1000 rows in 0.2 s (5.0 M rows/s): 950 inside, 30 nearest, 10 none, 10 bad (…)".
    static func summary(_ stats: CSVStats, seconds: Double) -> String {
        var text = "csv: \(stats.rows) rows in \(fixed(seconds, 2)) s"
        if seconds > 0 { text += " (\(ProgressBar.rate(Double(stats.rows) / seconds)) rows/s)" }
        text += ": \(stats.inside) found, \(stats.nearest) nearest, \(stats.notFound) none, \(stats.bad) bad"
        if stats.bad > 0 {
            var parts: [String] = []
            if stats.empty > 0 { parts.append("\(stats.empty) empty") }
            if stats.notANumber > 0 { parts.append("\(stats.notANumber) not a number") }
            if stats.outOfRange > 0 { parts.append("\(stats.outOfRange) out of range") }
            if stats.missingField > 0 { parts.append("\(stats.missingField) missing the column") }
            if stats.unclosedQuote > 0 { parts.append("\(stats.unclosedQuote) unclosed quote") }
            text += " (\(parts.joined(separator: ", ")))"
        }
        if stats.ragged > 0 { text += "; \(stats.ragged) rows with a different number of fields than the header" }
        if stats.blankLines > 0 { text += "; \(stats.blankLines) blank lines kept" }
        return text
    }
}

/// `value` with `digits` decimals (0...15), without Foundation.
///
/// A value whose scaled form would not fit an `Int` (infinite, NaN, or beyond 2^62 once scaled) is
/// written as Swift writes it instead of trapping in the conversion.
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<min(max(digits, 0), 15) { scale *= 10 }
    let product = (value * scale).rounded()
    guard product.magnitude < 0x1p62 else { return "\(value)" }  // false for NaN too
    let scaled = Int(product)
    let whole = scaled / Int(scale)
    var fraction = String(scaled % Int(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return digits == 0 ? "\(whole)" : "\(whole).\(fraction)"
}
