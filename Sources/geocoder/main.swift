#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore
import GeoCSV
import GeoRPC

// A closed reader must show up as EPIPE from write, not kill the process.
signal(SIGPIPE, SIG_IGN)

let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    report("\(error.message)\nRun 'geocoder --help' for usage.")
    exit(2)
}

/// Finds, reads and indexes the data file, or exits with status 1 and one line on stderr.
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
    // The name tables (CLDR names, admin-1, cities) and the polygon layers (admin-1, time zones) are part
    // of the index, so part of its key: a changed or added layer file rebuilds it.
    let namePaths = NameFiles.locate(dataPath: path, places: !options.noPlaces)
    if let note = NameFiles.missingReport(namePaths, places: !options.noPlaces) { report(note) }
    let layerPaths = LayerFiles.locate(dataPath: path, layers: !options.noLayers)
    // The server says once which layers it lacks (and so which members its answers lack).
    if case .serve = options.command, !options.noLayers {
        for note in LayerFiles.missingNotes(layerPaths) { report(note) }
    }
    let key = cache == nil ? nil : IndexCache.sourceKey([path] + namePaths + layerPaths, maxBytes: options.maxDataBytes)
    if let cache, let key, let cached = cache.load(key: key) { return cached }
    // Built one file at a time: each file's bytes and decoded features live only inside the call that reads
    // it, and are gone before the next file is read (a first start peaks at the gazetteer so far plus one
    // file, not at every file at once: issue 13's 200 MB bound).
    var warnings: [(path: String, warning: GeoJSONWarning)] = []
    var gazetteer = buildCountries(path, warnings: &warnings)
    switch NameFiles.load(namePaths, maxBytes: options.maxDataBytes) {
    case .success(let names): gazetteer = gazetteer.withNames(names)
    case .failure(let error):
        report(error.message)
        exit(1)
    }
    switch LayerFiles.load(layerPaths, maxBytes: options.maxDataBytes, warnings: &warnings) {
    case .success(let layers): gazetteer = gazetteer.withLayers(admin1: layers[0], timezones: layers[1])
    case .failure(let error):
        report(error.message)
        exit(1)
    }
    // A file with warnings is not cached, so its warnings show on every start, not only the first.
    if let cache, let key, warnings.isEmpty { cache.store(gazetteer, key: key, dataPath: path) }
    for (file, warning) in warnings.prefix(10) { report("warning: \(file): \(warning.message)") }
    if warnings.count > 10 { report("warning: \(warnings.count - 10) more warnings like these") }
    return gazetteer
}

/// Reads the country GeoJSON at `path` and builds its index, or exits with status 1 and one line on stderr.
/// The file's bytes are dropped once decoded, before the index is built.
func buildCountries(_ path: String, warnings: inout [(path: String, warning: GeoJSONWarning)]) -> CountryGazetteer {
    /// The decoded countries; the bytes go when this returns.
    func decode() -> [Country] {
        let bytes: [UInt8]
        switch DataLocator.read(path, maxBytes: options.maxDataBytes) {
        case .success(let read): bytes = read
        case .failure(let error):
            report(error.message)
            exit(1)
        }
        var found: [GeoJSONWarning] = []
        do throws(GazetteerError) {
            let countries = try CountryGazetteer.countries(geoJSON: bytes, warnings: &found)
            for warning in found { warnings.append((path, warning)) }
            return countries
        } catch {
            report("cannot load \(path): \(error.message)")
            exit(1)
        }
    }
    return CountryGazetteer(countries: decode())
}

/// Reads and indexes the `--layer` files, or exits with status 1 and one line on stderr.
func loadUserLayers() -> FeatureLayers {
    switch UserLayers.load(options.layers, nameKey: options.layerNameKey, maxBytes: options.maxDataBytes) {
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
    let gazetteer = loadGazetteer()
    call.writeResult(using: gazetteer, into: &out)
    guard options.format != .json else {
        out.bytes.append(0x0A)
        printOut(out.bytes)
    }
    var table = ResultTable(format: options.format)
    var rows: [UInt8] = []
    table.add(result: out.bytes, into: &rows)
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
    exit(ReverseLines.run(extra: extra, format: options.format, output: outputFD, gazetteer: loadGazetteer()))
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
    exit(CSVCommand.run(request, input: input, output: outputFD, gazetteer: loadGazetteer()))
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
