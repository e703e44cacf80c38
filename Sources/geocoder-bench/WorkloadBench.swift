#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// The server's resident memory once it has answered a bit of everything, next to the start-up figure.
///
/// Start-up maps the index file and hands its pages back once checked (Sources/geocoder/IndexCache+Pages.swift),
/// so "resident memory after the first answer" counts only what one lookup read. A server that has answered
/// every kind of query has most of the tables mapped again; this is that steady state, reported so neither
/// figure is quoted alone.
enum WorkloadBench {
    /// One server process: reverseGeocode on `reversePoints`, forwardGeocode on `forwardQueries`,
    /// countriesInBBox on `boxes`, sent in batches and every reply read; then its VmRSS and how much of the
    /// index file is mapped. Nil when the server does not answer every request.
    static func run(server binary: String, args: [String], reversePoints: [GeoPoint], forwardQueries: [String],
                    boxes: [GeoBox]) -> (rssMB: Double, indexMB: Double?, requests: Int)? {
        var requests: [String] = []
        requests.reserveCapacity(reversePoints.count + forwardQueries.count + boxes.count)
        for p in reversePoints {
            requests.append("{\"jsonrpc\":\"2.0\",\"method\":\"reverseGeocode\",\"params\":{\"lat\":\(fixed(p.lat, 6)),\"lon\":\(fixed(p.lon, 6))},\"id\":\(requests.count)}\n")
        }
        for q in forwardQueries {
            requests.append("{\"jsonrpc\":\"2.0\",\"method\":\"forwardGeocode\",\"params\":{\"query\":\(jsonString(q)),\"limit\":5},\"id\":\(requests.count)}\n")
        }
        for b in boxes {
            requests.append("{\"jsonrpc\":\"2.0\",\"method\":\"countriesInBBox\",\"params\":[\(fixed(b.minLat, 4)),\(fixed(b.minLon, 4)),\(fixed(b.maxLat, 4)),\(fixed(b.maxLon, 4))],\"id\":\(requests.count)}\n")
        }
        guard var server = ServerProcess.spawn(binary, args) else { return nil }
        // Small batches, each read back in full before the next, so neither side blocks on a full pipe.
        let batch = 64
        var sent = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var errors = 0
        while sent < requests.count {
            let end = min(sent + batch, requests.count)
            server.send(requests[sent..<end].joined())
            var lines = 0
            while lines < end - sent {
                let n = buffer.withUnsafeMutableBytes { read(server.output, $0.baseAddress, $0.count) }
                if n <= 0 { _ = server.finish(); return nil }
                for i in 0..<n where buffer[i] == 0x0A { lines += 1 }
                if String(decoding: buffer[0..<n], as: UTF8.self).contains("\"error\":") { errors += 1 }
            }
            sent = end
        }
        guard errors == 0 else { _ = server.finish(); return nil }
        let rss = residentMB(pid: "\(server.pid)") ?? .nan
        let index = mappedIndexMB(pid: "\(server.pid)")
        _ = server.finish()
        return (rss, index, requests.count)
    }

    /// The first `count` city names of Data/cities.tsv (second column), for forward queries.
    static func cityNames(dataPath: String, count: Int) -> [String] {
        let directory = dataPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        guard let bytes = readFile((directory.isEmpty ? "." : directory) + "/cities.tsv") else { return [] }
        var names: [String] = []
        for line in bytes.split(separator: UInt8(ascii: "\n")).dropFirst() {
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            if fields.count >= 2 { names.append(String(decoding: fields[1], as: UTF8.self)) }
            if names.count == count { break }
        }
        return names
    }

    /// The resident part of the server's mapping of its index file (a `.idx` path in /proc/PID/smaps), in MB.
    static func mappedIndexMB(pid: String) -> Double? {
        guard let bytes = readFile("/proc/\(pid)/smaps") else { return nil }
        var inIndex = false
        var total = 0
        var found = false
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if !first.hasSuffix(":") {
                // A mapping's header line: address range, permissions, offset, device, inode, path.
                inIndex = fields.count >= 6 && fields[5].hasSuffix(".idx")
                found = found || inIndex
            } else if inIndex, first == "Rss:", fields.count >= 2, let kb = Int(fields[1]) {
                total += kb
            }
        }
        return found ? Double(total) / 1024 : nil
    }

    /// `text` as a JSON string literal, quotes included (GeoCore's writer does the escaping).
    static func jsonString(_ text: String) -> String {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
