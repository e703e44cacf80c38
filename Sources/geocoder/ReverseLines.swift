#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore
import GeoRPC
import GeocoderKit

/// `geocoder reverse -`: one point per stdin line (`lat,lon` or `lat lon`), one answer per line on
/// stdout, in order, written as soon as the input read so far is answered (so it works in a pipe that
/// stays open). A line that is not a valid point gets an error in its place (json: `{"line":N,"error":…}`;
/// csv/tsv: a row with empty result cells) and one line on stderr naming its line number; the run goes on
/// and exits with status 1 at the end.
enum ReverseLines {
    /// The longest line read; a longer one is an error line, skipped to its newline unread.
    static let maxLineBytes = 4096

    /// Checks the other params (radius, fields) on a sample point, before the data file is loaded.
    /// - Returns: the message of the first problem, or nil.
    static func check(extra: [JSONObject.Member]) -> String? {
        switch call(lat: "0", lon: "0", extra: extra) {
        case .success: return nil
        case .failure(let error): return error.message
        }
    }

    /// Runs to the end of stdin; returns the exit status (0, or 1 after a bad line or an I/O error).
    /// - Parameter layers: `--layer`: each answer gains each layer's nearest feature (`ReverseLayers.swift`).
    static func run(extra: [JSONObject.Member], format: OutputFormat, output: Int32, gazetteer: CountryGazetteer,
                    layers: ReverseLayers) -> Int32 {
        var table = ResultTable(format: format, inputColumns: ["lat", "lon"],
                                columns: ResultTable.reverseColumns(for: fields(in: extra).intersection(gazetteer.availableFields)),
                                trailingColumns: layers.isEmpty ? [] : layers.columns)
        var pending: [UInt8] = []
        var skipping = false
        var lineNumber = 0
        var failed = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var out: [UInt8] = []
        func answer(_ line: ArraySlice<UInt8>, tooLong: Bool) {
            lineNumber += 1
            var text = String(decoding: line, as: UTF8.self)
            if text.hasSuffix("\r") { text.removeLast() }
            let outcome: Result<GeoCall, LineError>
            if tooLong {
                outcome = .failure(LineError(message: "longer than \(maxLineBytes) bytes"))
            } else if let point = CommandLineOptions.pointArguments(text) {
                outcome = call(lat: point.lat, lon: point.lon, extra: extra)
            } else {
                outcome = .failure(LineError(message: "not a point: expected 'LAT,LON' or 'LAT LON'"))
            }
            switch outcome {
            case .success(let call):
                var writer = JSONWriter()
                call.writeResult(using: gazetteer, into: &writer)
                let point = layers.isEmpty ? nil : ReverseLayers.point(of: call)
                if format == .json {
                    out += point.map { layers.json(writer.bytes, at: $0) } ?? writer.bytes
                    out.append(0x0A)
                } else {
                    let arguments = CommandLineOptions.pointArguments(text)!
                    table.add(result: writer.bytes, inputs: [arguments.lat, arguments.lon],
                              trailing: point.map { layers.cells(at: $0) } ?? [], into: &out)
                }
            case .failure(let error):
                failed = true
                report("line \(lineNumber): \(error.message)")
                if format == .json {
                    var writer = JSONWriter()
                    writer.beginObject()
                    writer.key("line")
                    writer.number(lineNumber)
                    writer.key("error")
                    writer.string(error.message)
                    writer.endObject()
                    out += writer.bytes
                    out.append(0x0A)
                } else {
                    table.addEmpty(inputs: [tooLong ? "" : text, ""], into: &out)
                }
            }
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                report("cannot read stdin: \(String(cString: strerror(errno)))")
                return 1
            }
            if count == 0 { break }
            var start = 0
            for k in 0..<count where chunk[k] == 0x0A {
                if skipping {
                    skipping = false
                } else {
                    pending += chunk[start..<k]
                    answer(pending[...], tooLong: false)
                }
                pending.removeAll(keepingCapacity: true)
                start = k + 1
            }
            if !skipping {
                pending += chunk[start..<count]
                if pending.count > maxLineBytes {
                    answer([], tooLong: true)
                    pending.removeAll()
                    skipping = true
                }
            }
            guard flush(&out, to: output) else { return 1 }
        }
        if !skipping && !pending.isEmpty { answer(pending[...], tooLong: false) }
        if format != .json { table.finish(into: &out) }
        guard flush(&out, to: output) else { return 1 }
        return failed ? 1 : 0
    }

    struct LineError: Error {
        let message: String
    }

    /// The placemark fields `extra` asks for (`--fields`, already checked by ``check(extra:)``), else the default.
    static func fields(in extra: [JSONObject.Member]) -> PlacemarkFields {
        guard case .array(let values)? = extra.first(where: { $0.key == "fields" })?.value else { return .requestDefault }
        let names = values.compactMap { value -> String? in
            if case .string(let name) = value { return name }
            return nil
        }
        return (try? PlacemarkFields(names: names)) ?? .requestDefault
    }

    private static func call(lat: String, lon: String, extra: [JSONObject.Member]) -> Result<GeoCall, LineError> {
        let members = [CommandLineOptions.member("lat", lat), CommandLineOptions.member("lon", lon)] + extra
        do throws(RPCError) {
            return .success(try GeoCall.decode(method: GeoMethod.reverseGeocode.name, params: .byName(JSONObject(members: members))))
        } catch {
            if case .invalidParams(let invalid) = error { return .failure(LineError(message: invalid.text)) }
            return .failure(LineError(message: error.message))
        }
    }

    /// Writes and empties `out`; false after reporting a write error (a closed reader ends quietly).
    private static func flush(_ out: inout [UInt8], to fd: Int32) -> Bool {
        defer { out.removeAll(keepingCapacity: true) }
        do throws(StdioServer.OutputError) {
            try writeAll(fd, out)
        } catch {
            if case .failed(let code) = error { report("cannot write stdout: \(String(cString: strerror(code)))") }
            return false
        }
        return true
    }
}
