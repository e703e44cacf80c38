#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

// geocoder-bench: prints every speed figure of the project (see BENCHMARKS.md, "Speed (issue 4)").
// No figure is asserted; only `--check N` fails (exit 1) when the grid and the exact test disagree.
let usage = """
    usage: geocoder-bench [--points N] [--runs R] [--requests N] [--data PATH] [--bin PATH] [--no-server]
           geocoder-bench --check N [--data PATH]    exactness only, N points of each kind; exit 1 on any mismatch
           geocoder-bench --nearest [--points N] [--runs R] [--bin PATH] [--no-server]
                                                   the nearest-border figures only (issue 14): in-process, then stdio
           geocoder-bench --nearest-point LAT,LON,KM       one point's nearest-border time (hot) and answer
           geocoder-bench --forward [--class PREFIX] [--query TEXT]... [--runs R] [--data PATH]
                                                   forwardGeocode latency per query class (name tables of Data/),
                                                   or per given query (--query, repeatable)
           geocoder-bench --placemark [--points N] [--runs R] [--data PATH] [--full-only]
                                                   country-only vs full placemark in-process, and the layers' exactness;
                                                   --full-only: the full placemark's rates alone (for a profiler)
           geocoder-bench --places [--points N] [--runs R] [--check N] [--export-points PATH]
                                                   the nearest-place layer (issue 15): build, exactness vs a scan, speed;
                                                   --export-points then writes lat, lon, geonameid, place lat, lon per point
           geocoder-bench --nearby LAYER.geojson [--points N] [--runs R] [--check N]
                                                   a user layer (issue 18): load + index time, nearby µs/query
                                                   (k = 10 at 100 m, 500 m, 2 km); --check N: N queries against a scan
           geocoder-bench --where LAYER.geojson [--points N] [--runs R] [--check N]
                                                   whereAmI's index from the binary layer, µs/query; --check N:
                                                   N queries against whereAmIByNearby (exit 1 on a difference)
           --export-points PATH writes both point sets (float64 lat, lon pairs; uniform, then near-border)
           for scripts/bench-peer.py, so the peer measures the very same points
    """

var pointCount = 1_000_000
var runs = 5
var requestCount = 1_000_000
var checkOnly: Int? = nil
var dataPath: String? = nil
var binary: String? = nil
var withServer = true
var exportPath: String? = nil
var forwardOnly = false
var forwardClass: String? = nil
var forwardQueries: [String] = []
var nearestOnly = false
var nearestPoint: [Double] = []
var placemarkOnly = false
var placemarkFullOnly = false
var placesOnly = false
var nearbyLayer: String? = nil
var whereLayer: String? = nil
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let name = arguments.removeFirst()
    func value() -> String {
        guard !arguments.isEmpty else { say(usage); exit(2) }
        return arguments.removeFirst()
    }
    switch name {
    case "--points": pointCount = Int(value()) ?? pointCount
    case "--runs": runs = max(1, Int(value()) ?? runs)
    case "--requests": requestCount = Int(value()) ?? requestCount
    case "--check": checkOnly = Int(value())
    case "--data": dataPath = value()
    case "--bin": binary = value()
    case "--no-server": withServer = false
    case "--export-points": exportPath = value()
    case "--forward": forwardOnly = true
    case "--class": forwardClass = value()
    case "--query": forwardQueries.append(value())
    case "--nearest": nearestOnly = true
    case "--nearest-point": nearestPoint = value().split(separator: ",").compactMap { Double(String($0)) }
    case "--placemark": placemarkOnly = true
    case "--full-only": placemarkFullOnly = true
    case "--places": placesOnly = true
    case "--nearby": nearbyLayer = value()
    case "--where": whereLayer = value()
    default: say(usage); exit(2)
    }
}

if let whereLayer {
    exit(WhereAmIBench.run(layerPath: whereLayer, queries: min(pointCount, 200_000), runs: runs, check: checkOnly))
}
if let nearbyLayer {
    exit(NearbyBench.run(layerPath: nearbyLayer, queries: min(pointCount, 200_000), runs: runs, check: checkOnly))
}
let path = locateData(dataPath)
if forwardOnly {
    forwardBench(dataPath: path, runs: runs, only: forwardClass, queries: forwardQueries)
    exit(0)
}
guard let bytes = readFile(path) else { say("cannot read \(path)"); exit(1) }
let loadStart = now()
let gazetteer: CountryGazetteer
do throws(GazetteerError) {
    gazetteer = try CountryGazetteer.load(geoJSON: bytes)
} catch {
    say("cannot load \(path): \(error.message)")
    exit(1)
}
let index = gazetteer.spatialIndex
say("data: \(path) — \(gazetteer.countries.count) areas, \(index.edgeCount) edges, \(index.borderCellCount) border cells; GeoJSON load + build \(fixed((now() - loadStart) * 1000, 1)) ms (no cache, in-process)")

let sizes = index.tableSizes
say("index tables: \(sizes.entries) border-cell entries, \(sizes.edgeReferences) edge references, \(sizes.toggles) toggle latitudes; border records \(fixed(Double(sizes.recordBytes) / 1e6)) MB, cell sketches \(fixed(Double(sizes.sketchBytes) / 1e6)) MB")
let near = index.nearListSizes
say("near lists (\(fixed(CountryIndex.nearListRadiusKm)) km): \(near.references) listed chunk references, \(fixed(Double(near.bytes) / 1e6)) MB")

if nearestPoint.count == 3 {
    NearestBench.point(index: index, GeoPoint(lat: nearestPoint[0], lon: nearestPoint[1]), radius: nearestPoint[2])
    exit(0)
}

let exactPoints = placesOnly ? pointCount : checkOnly ?? pointCount
let uniform = PointSets.uniform(exactPoints, seed: 2024)
let nearBorder = PointSets.nearBorders(exactPoints, index: index, maxKm: 5, seed: 4202)
if placesOnly {
    PlacesBench.run(geoJSONPath: path, gazetteer: gazetteer, uniform: uniform, nearBorder: nearBorder, runs: runs,
                    checkCount: checkOnly ?? 20_000, exportPath: exportPath)
    exit(0)
}

if let exportPath {
    var bytes: [UInt8] = []
    for p in uniform + nearBorder {
        for value in [p.lat, p.lon] {
            let bits = value.bitPattern
            for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(8 * k))) }
        }
    }
    let fd = open(exportPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { say("cannot write \(exportPath)"); exit(1) }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

// The full placemark's rates alone: no exactness pass before them, so a profile shows the queries.
if placemarkOnly && placemarkFullOnly {
    PlacemarkBench.run(countryPath: path, gazetteer: gazetteer, uniform: uniform, nearBorder: nearBorder, runs: runs,
                       fullOnly: true)
    exit(0)
}

// Exactness: grid answer == whole-polygon crossing-number answer, on every point.
let reference = CountryIndex.Reference(index)
var failures = 0
for (label, points) in [("uniform on the sphere", uniform), ("within 5 km of borders/coasts", nearBorder)] {
    var same = 0, differ = 0, inside = 0
    for p in points {
        let grid = index.area(containing: p)
        if grid == reference.area(containing: p) { same += 1 } else { differ += 1 }
        if grid != nil { inside += 1 }
    }
    // The fast reference itself against the unfiltered whole-polygon test, on a sample.
    var referenceChecked = 0, referenceDiffer = 0
    for p in points.prefix(300) {
        referenceChecked += 1
        if reference.area(containing: p) != index.exactArea(containing: p) { referenceDiffer += 1 }
    }
    say("exactness, \(label): \(same) identical, \(differ) different of \(points.count) (\(inside) inside a country); reference vs unfiltered whole-polygon test: \(referenceChecked - referenceDiffer) identical, \(referenceDiffer) different")
    failures += differ + referenceDiffer
}
// The nearest-border search against the full scan it replaced (issue 14).
failures += NearestBench.check(index: index, nearCoast: nearBorder, uniform: uniform)
if let checkOnly {
    say("\(failures == 0 ? "all" : "not all") passed: \(failures) failed of \(2 * checkOnly) points and the nearest-border comparisons")
    exit(failures == 0 ? 0 : 1)
}

if placemarkOnly {
    PlacemarkBench.run(countryPath: path, gazetteer: gazetteer, uniform: uniform, nearBorder: nearBorder, runs: runs,
                       fullOnly: placemarkFullOnly)
    exit(0)
}

if nearestOnly {
    NearestBench.run(gazetteer: gazetteer, nearCoast: nearBorder, uniform: uniform, runs: runs)
    NearestBench.worstCase(index: index, points: NearestBench.seaPoints(index: index, nearCoast: nearBorder, uniform: uniform, near: 2000, far: 2000))
    if withServer {
        let server = binary ?? ((executableDirectory() ?? ".") + "/geocoder")
        let serverArgs = dataPath.map { ["--data", $0] } ?? []
        say("")
        say("server process: \(server) \(serverArgs.joined(separator: " "))")
        NearestBench.stdio(server: server, args: serverArgs, nearCoast: nearBorder, requests: requestCount)
        ManyBench.run(server: server, args: serverArgs, points: nearBorder, total: requestCount, label: "within 5 km of borders/coasts, default 10 km", countryOnly: true)
        ManyBench.run(server: server, args: serverArgs, points: nearBorder, total: requestCount, label: "within 5 km of borders/coasts, strict", countryOnly: true, strict: true)
    }
    exit(failures == 0 ? 0 : 1)
}


say("")
say("reverseGeocode in-process (one core, thread CPU time, median of \(runs) passes over \(pointCount) points):")
for (label, points) in [("uniform on the sphere", uniform), ("within 5 km of borders/coasts", nearBorder)] {
    let strict = rate(points, runs: runs) { gazetteer.reverse($0, maxDistanceKm: 0)?.countryIndex ?? -1 }
    say("  \(label): \(fixed(strict / 1e6)) M lookups/s (strict containment, maxDistanceKm 0)")
    if label.hasPrefix("uniform") {
        let sample = Array(points.prefix(200_000))
        let radius = rate(sample, runs: runs) { gazetteer.reverse($0)?.countryIndex ?? -1 }
        say("  \(label): \(fixed(radius / 1e6)) M lookups/s (default maxDistanceKm 10: sea points near a coast search for the nearest border)")
    }
}

// The batch lookup (group prefetching), strict containment, on the same points.
for (label, points) in [("uniform on the sphere", uniform), ("within 5 km of borders/coasts", nearBorder)] {
    var results = [Int32](repeating: 0, count: points.count)
    var rates: [Double] = []
    var agree = true
    for _ in 0..<runs {
        let t0 = cpuNow()
        points.withUnsafeBufferPointer { p in results.withUnsafeMutableBufferPointer { index.areas(containing: p, into: $0) } }
        rates.append(Double(points.count) / (cpuNow() - t0))
    }
    for k in points.indices where Int(results[k]) != (index.area(containing: points[k]) ?? -1) { agree = false }
    say("  \(label): \(fixed(median(rates) / 1e6)) M lookups/s batched (CountryIndex.areas(containing:into:), groups of 16)\(agree ? "" : " — ANSWERS DIFFER")")
    if !agree { failures += 1 }
}

// forwardGeocode: every English name, ISO code and a 3-letter prefix of each name.
var queries: [String] = []
for country in gazetteer.countries {
    queries.append(country.name)
    if let iso2 = country.iso2 { queries.append(iso2) }
    queries.append(String(country.name.prefix(3)))
}
var forwardTimes: [Double] = []
for _ in 0..<runs {
    var sink = 0
    let t0 = cpuNow()
    for _ in 0..<20 { for q in queries { sink &+= gazetteer.forward(q, limit: 5).count } }
    forwardTimes.append((cpuNow() - t0) / Double(20 * queries.count) * 1e6)
    if sink == -1 { say("") }
}
say("forwardGeocode in-process: \(fixed(median(forwardTimes), 2)) µs/query (names, ISO codes and 3-letter prefixes, limit 5)")

var random = SplitMix(state: 99)
var boxes: [GeoBox] = []
for _ in 0..<10_000 {
    let south = -80 + 160 * random.unit(), west = -180 + 350 * random.unit()
    boxes.append(GeoBox(minLat: south, minLon: west, maxLat: south + 10, maxLon: west + 10))
}
var boxTimes: [Double] = []
for _ in 0..<runs {
    var sink = 0
    let t0 = cpuNow()
    for box in boxes { sink &+= gazetteer.countries(in: box).count }
    boxTimes.append((cpuNow() - t0) / Double(boxes.count) * 1e6)
    if sink == -1 { say("") }
}
say("countriesInBBox in-process: \(fixed(median(boxTimes), 2)) µs per 10°×10° box (10,000 random boxes)")

NearestBench.run(gazetteer: gazetteer, nearCoast: nearBorder, uniform: uniform, runs: runs)
NearestBench.worstCase(index: index, points: NearestBench.seaPoints(index: index, nearCoast: nearBorder, uniform: uniform, near: 2000, far: 2000))

guard withServer else { exit(failures == 0 ? 0 : 1) }
let server = binary ?? ((executableDirectory() ?? ".") + "/geocoder")
let serverArgs = dataPath.map { ["--data", $0] } ?? []
say("")
say("server process: \(server) \(serverArgs.joined(separator: " "))")
if let first = ServerBench.startUp(server, serverArgs) {
    say("  first start (may build the index cache): \(fixed(first.ms, 1)) ms, RSS \(fixed(first.rssMB, 1)) MB")
}
var starts: [Double] = [], rss: [Double] = []
for _ in 0..<11 {
    if let s = ServerBench.startUp(server, serverArgs) {
        starts.append(s.ms)
        rss.append(s.rssMB)
    }
}
say("  start-up, spawn → first reverseGeocode answer: median \(fixed(median(starts), 1)) ms, min \(fixed(starts.min() ?? .nan, 1)) ms (11 runs)")
say("  resident memory after the first answer (VmRSS): \(fixed(median(rss), 1)) MB")

// The steady state: one server after reverse lookups all over the grid and along borders, forward searches
// (countries, cities, misspelled cities) and boxes — most of the index file mapped back in.
let cities = WorkloadBench.cityNames(dataPath: path, count: 100_000)
var misspelled: [String] = []
for name in cities where name.count >= 8 && misspelled.count < 5_000 {
    var letters = Array(name)
    letters.remove(at: letters.count / 2)
    misspelled.append(String(letters))
}
let workloadPoints = Array(uniform.prefix(100_000)) + Array(nearBorder.prefix(100_000))
if let steady = WorkloadBench.run(server: server, args: serverArgs, reversePoints: workloadPoints,
                                  forwardQueries: queries + cities + misspelled, boxes: boxes) {
    let mapped = steady.indexMB.map { ", \(fixed($0, 1)) MB of it the index file" } ?? ""
    say("  resident memory after a mixed workload (VmRSS): \(fixed(steady.rssMB, 1)) MB\(mapped) (\(steady.requests) requests: \(workloadPoints.count) reverseGeocode uniform and near borders, \(queries.count + cities.count + misspelled.count) forwardGeocode countries, cities and misspelled cities, \(boxes.count) countriesInBBox)")
} else {
    say("  resident memory after a mixed workload: the server did not answer every request")
}

/// Six decimals, as GPS fixes usually have.
func coordinate(_ value: Double) -> String { fixed(value, 6) }
var payload: [UInt8] = []
for k in 0..<requestCount {
    let p = uniform[k % uniform.count]
    payload += Array("{\"jsonrpc\":\"2.0\",\"method\":\"reverseGeocode\",\"params\":{\"lat\":\(coordinate(p.lat)),\"lon\":\(coordinate(p.lon))},\"id\":\(k)}\n".utf8)
}
var stdioRates: [Double] = []
for _ in 0..<3 {
    if let seconds = ServerBench.pipelined(server, serverArgs, payload: payload, expectedLines: requestCount) {
        stdioRates.append(Double(requestCount) / seconds)
    }
}
say("  stdio, pipelined reverseGeocode (\(requestCount) requests, uniform points, 6 decimals): \(fixed(median(stdioRates) / 1000, 0)) k requests/s (median of 3)")

NearestBench.stdio(server: server, args: serverArgs, nearCoast: nearBorder, requests: requestCount)
ManyBench.run(server: server, args: serverArgs, points: uniform, total: requestCount)
ManyBench.run(server: server, args: serverArgs, points: nearBorder, total: requestCount, label: "within 5 km of borders/coasts, default 10 km")
exit(failures == 0 ? 0 : 1)
