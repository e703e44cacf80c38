#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore
import GeoCSV
import GeoRPC
import GeocoderKit

// A closed reader must show up as EPIPE from write, not kill the process.
signal(SIGPIPE, SIG_IGN)
// Big freed arrays go back to the system (MallocThreshold.swift).
MallocThreshold.fix()

let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    report("\(error.message)\nRun 'geocoder --help' for usage.")
    exit(2)
}

/// Finds, reads and indexes the data file (`GazetteerLoader`, shared with the library's `Geocoder`), or
/// exits with status 1 and one line on stderr.
func loadGazetteer() -> CountryGazetteer {
    let path: String
    switch DataLocator.locate(explicit: options.dataPath) {
    case .success(let found): path = found
    case .failure(let error):
        report(error.message)
        exit(1)
    }
    // The prebuilt binary index, when one matches this data file (see IndexCache).
    let cache = options.noCache ? nil : IndexCache.forDataFile(path, variant: options.cacheVariant)
    // The server says once which layers it lacks (and so which members its answers lack).
    var layerNotes = false
    if case .serve = options.command { layerNotes = true }
    switch GazetteerLoader.load(dataPath: path, places: !options.noPlaces, layers: !options.noLayers, cache: cache,
                                maxBytes: options.maxDataBytes, layerNotes: layerNotes, lazy: layerNotes,
                                note: { report($0) }) {
    case .success(let loaded):
        for line in GazetteerLoader.warningLines(loaded.warnings) { report(line) }
        MallocThreshold.serving()
        return loaded.gazetteer
    case .failure(let error):
        report(error.message)
        exit(1)
    }
}

/// Reads and indexes the `--layer` files, or exits with status 1 and one line on stderr.
func loadUserLayers() -> FeatureLayers {
    switch UserLayers.load(options.layers, nameKey: options.layerNameKey, maxBytes: options.maxDataBytes,
                            useCache: !options.noCache) {
    case .success(let layers): return layers
    case .failure(let error):
        report(error.message)
        exit(1)
    }
}

/// Writes to stdout; a closed reader is not an error.
func printOut(_ bytes: [UInt8]) -> Never {
    do throws(StdioServer.OutputError) {
        try writeAll(1, bytes)
    } catch {
        if case .failed(let code) = error {
            report("cannot write stdout: \(String(cString: strerror(code)))")
            exit(1)
        }
    }
    exit(0)
}

switch options.command {
case .help:
    printOut(Array((Usage.text + "\n" + OptionTable.helpSection).utf8))
case .version:
    printOut(Array((Usage.version + "\n").utf8))
case .query(let method, let params):
    // Arguments are checked before the 21 MB load, so a typo fails at once.
    let call: GeoCall
    do throws(RPCError) {
        call = try GeoCall.decode(method: method.name, params: params)
    } catch {
        if case .invalidParams(let invalid) = error { report(invalid.text) } else { report(error.message) }
        exit(2)
    }
    var out = JSONWriter()
    if case .nearby(let request) = call {
        // Only the user layers: the country data is not read.
        let layers = loadUserLayers()
        do throws(RPCError) {
            GeoCall.writeNearby(try GeoCall.nearbyHits(request, in: layers), layers: layers, into: &out)
        } catch {
            if case .invalidParams(let invalid) = error { report(invalid.text) } else { report(error.message) }
            exit(2)
        }
        out.bytes.append(0x0A)
        printOut(out.bytes)
    }
    if case .whereAmI = call {
        // Only the user layers, as for nearby.
        let index = WhereAmIIndex(layers: loadUserLayers())
        do throws(RPCError) {
            try GeoCall.answerAroundMe(call, index: index, into: &out)
        } catch {
            if case .invalidParams(let invalid) = error { report(invalid.text) } else { report(error.message) }
            exit(2)
        }
        out.bytes.append(0x0A)
        printOut(out.bytes)
    }
    let layers = ReverseLayers(layers: loadUserLayers(), radiusM: options.layerRadiusM)
    let gazetteer = loadGazetteer()
    call.writeResult(using: gazetteer, into: &out)
    let point = layers.isEmpty ? nil : ReverseLayers.point(of: call)
    guard options.format != .json else {
        if let point { out.bytes = layers.json(out.bytes, at: point) }
        out.bytes.append(0x0A)
        printOut(out.bytes)
    }
    var fixed: [String]? = nil
    if case .reverse(_, _, let fields) = call {
        fixed = ResultTable.reverseColumns(for: fields.intersection(gazetteer.availableFields))
    }
    var table = ResultTable(format: options.format, columns: fixed, trailingColumns: point == nil ? [] : layers.columns)
    var rows: [UInt8] = []
    table.add(result: out.bytes, trailing: point == nil ? [] : layers.cells(at: point), into: &rows)
    table.finish(into: &rows)
    printOut(rows)
case .reverseLines(let extra, let explicit):
    if !explicit && isatty(0) == 1 {
        report("reverse needs LAT LON or LAT,LON, or '-' to read one point per line from stdin\nRun 'geocoder --help' for usage.")
        exit(2)
    }
    if let problem = ReverseLines.check(extra: extra) {
        report(problem)
        exit(2)
    }
    guard let outputFD = protectStandardOutput() else {
        report("stdout is not open")
        exit(1)
    }
    let layers = ReverseLayers(layers: loadUserLayers(), radiusM: options.layerRadiusM)
    exit(ReverseLines.run(extra: extra, format: options.format, output: outputFD, gazetteer: loadGazetteer(),
                          layers: layers))
case .cache(let action):
    exit(CacheCommand.run(action))
case .generate(let what):
    printOut(Array(OptionTable.generate(what).utf8))
case .csv(let request):
    guard let input = CSVCommand.open(request) else { exit(1) }
    guard let outputFD = protectStandardOutput() else {
        report("stdout is not open")
        exit(1)
    }
    let layers = loadUserLayers()
    exit(CSVCommand.run(request, input: input, output: outputFD, gazetteer: loadGazetteer(), layers: layers,
                        layerRadiusM: options.layerRadiusM))
case .index(let output):
    exit(IndexCommand.run(dataPath: options.dataPath, output: output, maxDataBytes: options.maxDataBytes, load: loadGazetteer))
case .serve:
    guard let protocolFD = protectStandardOutput() else {
        report("stdout is not open")
        exit(1)
    }
    var server = RPCServer(gazetteer: loadGazetteer(), limits: options.limits, layers: loadUserLayers())
    server.host = HostInfo.describe(options)
    if isatty(0) == 1 {
        report("reading JSON-RPC 2.0 requests from the terminal, one per line; Ctrl-D ends (see --help)")
    }
    StopSignal.install()
    exit(StdioServer(server: server, outputFD: protocolFD).run())
}
