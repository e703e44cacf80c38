import GeoCore

enum ManyBench {
    /// `reverseGeocodeMany` with 1,000 points per request; with `countryOnly`, `fields: ["country"]` (the
    /// country answer issue 14 measures, without the placemark's other members); with `strict`,
    /// `maxDistanceKm: 0`.
    static func run(server: String, args: [String], points: [GeoPoint], total: Int, label: String = "uniform points",
                    countryOnly: Bool = false, strict: Bool = false) {
        let perRequest = 1000
        let requests = max(1, total / perRequest)
        var payload: [UInt8] = []
        var k = 0
        for id in 0..<requests {
            var line = "{\"jsonrpc\":\"2.0\",\"method\":\"reverseGeocodeMany\",\"params\":{\"points\":["
            for j in 0..<perRequest {
                let p = points[k % points.count]
                k += 1
                line += (j == 0 ? "[" : ",[") + fixed(p.lat, 6) + "," + fixed(p.lon, 6) + "]"
            }
            line += "]" + (countryOnly ? ",\"fields\":[\"country\"]" : "") + (strict ? ",\"maxDistanceKm\":0" : "")
            line += "},\"id\":\(id)}\n"
            payload += Array(line.utf8)
        }
        var rates: [Double] = []
        for _ in 0..<3 {
            if let seconds = ServerBench.pipelined(server, args, payload: payload, expectedLines: requests) {
                rates.append(Double(requests * perRequest) / seconds)
            }
        }
        if rates.isEmpty {
            say("  stdio, reverseGeocodeMany: not answered")
        } else {
            say("  stdio, reverseGeocodeMany (\(requests) requests × \(perRequest) points, \(label)\(countryOnly ? ", fields [country]" : "")): \(fixed(median(rates) / 1000, 0)) k points/s (median of 3)")
        }
    }
}
