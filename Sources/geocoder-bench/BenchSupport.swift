#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// Seconds on the monotonic clock.
func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

/// Seconds of CPU time used by this thread: in-process rates are measured with it, so time the shared
/// machine gives to other processes is not counted against the geocoder.
func cpuNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

/// Lookups per second over `points`, median of `runs` passes.
func rate(_ points: [GeoPoint], runs: Int, _ body: (GeoPoint) -> Int) -> Double {
    var rates: [Double] = []
    var sink = 0
    for _ in 0..<runs {
        let t0 = cpuNow()
        for p in points { sink &+= body(p) }
        rates.append(Double(points.count) / (cpuNow() - t0))
    }
    if sink == 42 { say("") }
    return median(rates)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    if sorted.isEmpty { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// A fixed number with `digits` decimals, for printing figures without Foundation.
func fixed(_ value: Double, _ digits: Int = 2) -> String {
    if !value.isFinite { return "\(value)" }
    var scale = 1.0
    for _ in 0..<min(max(digits, 0), 15) { scale *= 10 }
    let scaled = (value.magnitude * scale).rounded()
    // Beyond 2^62 the conversions below would trap; such a figure is printed as Swift prints it.
    guard scaled < 0x1p62 else { return "\(value)" }
    let whole = Int(scaled / scale)
    var text = (value < 0 ? "-" : "") + "\(whole)"
    if digits > 0 {
        var fraction = "\(Int(scaled - Double(whole) * scale))"
        while fraction.count < digits { fraction = "0" + fraction }
        text += "." + fraction
    }
    return text
}

/// SplitMix64: small, fast and seedable, so every run measures the same points.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }
}

enum PointSets {
    /// Points uniform on the sphere: latitude = asin(2u − 1), longitude uniform.
    static func uniform(_ count: Int, seed: UInt64) -> [GeoPoint] {
        var random = SplitMix(state: seed)
        var points: [GeoPoint] = []
        points.reserveCapacity(count)
        for _ in 0..<count {
            let lat = asin(2 * random.unit() - 1) * 180 / Double.pi
            points.append(GeoPoint(lat: lat, lon: 360 * random.unit() - 180))
        }
        return points
    }

    /// Points within `maxKm` of borders and coasts: a random edge (each edge equally likely), a random
    /// point along it, then a random offset of up to `maxKm` in a random direction.
    static func nearBorders(_ count: Int, index: CountryIndex, maxKm: Double, seed: UInt64) -> [GeoPoint] {
        var edges: [(GeoPoint, GeoPoint)] = []
        edges.reserveCapacity(index.edgeCount)
        index.forEachEdge { a, b in edges.append((a, b)) }
        var random = SplitMix(state: seed)
        var points: [GeoPoint] = []
        points.reserveCapacity(count)
        let kmPerDegree = 6371.0088 * Double.pi / 180
        while points.count < count {
            let (a, b) = edges[Int(random.next() % UInt64(edges.count))]
            let t = random.unit()
            let lat = a.lat + t * (b.lat - a.lat), lon = a.lon + t * (b.lon - a.lon)
            let distance = maxKm * random.unit().squareRoot()   // uniform over the disc
            let angle = 2 * Double.pi * random.unit()
            let dLat = distance * cos(angle) / kmPerDegree
            let cosLat = max(cos(lat * Double.pi / 180), 1e-6)
            let dLon = distance * sin(angle) / (kmPerDegree * cosLat)
            let jLat = lat + dLat
            if jLat < -90 || jLat > 90 { continue }
            points.append(GeoPoint(lat: jLat, lon: CountryIndex.wrapLongitude(lon + dLon)))
        }
        return points
    }
}

/// The data file: `--data`, else `$GEOCODER_DATA`, else `Data/<file>` above the executable or here.
func locateData(_ explicit: String?) -> String {
    if let explicit { return explicit }
    if let environment = getenv("GEOCODER_DATA"), environment.pointee != 0 { return String(cString: environment) }
    let name = "Data/ne_10m_admin_0_countries.geojson"
    var directory = executableDirectory()
    while let current = directory {
        let path = current + "/" + name
        if access(path, F_OK) == 0 { return path }
        guard let slash = current.lastIndex(of: "/"), current != "/" else { break }
        directory = slash == current.startIndex ? (current == "/" ? nil : "/") : String(current[..<slash])
        if directory == current { break }
    }
    return name
}

func executableDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: 4097)
    let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, 4096) }
    guard count > 0 else { return nil }
    let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return String(path[..<slash])
}

func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 { bytes.append(contentsOf: chunk[0..<count]) } else if count == 0 { return bytes } else if errno != EINTR { return nil }
    }
}

/// VmRSS of a process in MB, from /proc/PID/status.
func residentMB(pid: String) -> Double? {
    guard let bytes = readFile("/proc/\(pid)/status") else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let digits = line.filter { $0 >= "0" && $0 <= "9" }
        if let kb = Int(digits) { return Double(kb) / 1024 }
    }
    return nil
}

func say(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}
