#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// The nearest-border search (issue 14): its exactness against the full scan it replaced, and its speed
/// at the default radius near coasts, on uniform points, per radius in the worst case, and over stdio.
enum NearestBench {
    /// The radii whose worst case is reported, in km (20,037.5 is the largest the server accepts).
    static let radii: [Double] = [10, 50, 100, 1000, 20037.5]

    /// Named far-sea points: open ocean, the Southern Ocean, the poles.
    static let farSea: [(String, GeoPoint)] = [
        ("mid-Pacific", GeoPoint(lat: 0, lon: -140)),
        ("Point Nemo", GeoPoint(lat: -48.8767, lon: -123.3933)),
        ("North Pacific", GeoPoint(lat: 35, lon: -160)),
        ("South Atlantic", GeoPoint(lat: -40, lon: -15)),
        ("Indian Ocean", GeoPoint(lat: -30, lon: 80)),
        ("Southern Ocean", GeoPoint(lat: -58, lon: 100)),
        ("Southern Ocean near 180", GeoPoint(lat: -62, lon: 179.99)),
        ("North Pole", GeoPoint(lat: 90, lon: 0)),
        ("Arctic Ocean", GeoPoint(lat: 86, lon: 150)),
        ("antimeridian, equator", GeoPoint(lat: 0, lon: 180)),
    ]

    /// Sea points at various distances from land: the near-coast set's sea points (the first `near` of
    /// them), uniform sea points (the first `far`), and the named far-sea points.
    static func seaPoints(index: CountryIndex, nearCoast: [GeoPoint], uniform: [GeoPoint], near: Int, far: Int) -> [GeoPoint] {
        let nearSea = nearCoast.lazy.filter { index.area(containing: $0) == nil }.prefix(near)
        let farSea = uniform.lazy.filter { index.area(containing: $0) == nil }.prefix(far)
        return Array(nearSea) + Array(farSea) + Self.farSea.map { $0.1 }
    }

    /// Compares `nearestArea` with `nearestAreaByScan` (area and distance bit for bit): every sea point of
    /// `nearCoast` and `uniform` at the default radius, and some at larger radii.
    /// - Returns: the number of points that differ.
    static func check(index: CountryIndex, nearCoast: [GeoPoint], uniform: [GeoPoint]) -> Int {
        var failures = 0
        func compare(_ label: String, _ points: [GeoPoint], _ radius: Double) {
            var same = 0, differ = 0, found = 0
            for p in points where index.area(containing: p) == nil {
                let fast = index.nearestArea(to: p, withinKm: radius), scan = index.nearestAreaByScan(to: p, withinKm: radius)
                if fast?.area == scan?.area && fast?.distanceKm == scan?.distanceKm { same += 1 } else {
                    differ += 1
                    if differ <= 5 {
                        say("  DIFFERENT at \(p.lat), \(p.lon) radius \(radius): fast \(fast.map { "\($0.area) \($0.distanceKm)" } ?? "nil"), scan \(scan.map { "\($0.area) \($0.distanceKm)" } ?? "nil")")
                    }
                }
                if scan != nil { found += 1 }
            }
            say("exactness, nearest border, \(label), maxDistanceKm \(fixed(radius, radius < 100 ? 0 : 1)): \(same) identical, \(differ) different (\(found) with a border in range)")
            failures += differ
        }
        compare("sea points within 5 km of borders/coasts", nearCoast, 10)
        compare("uniform sea points", uniform, 10)
        compare("sea points within 5 km of borders/coasts", Array(nearCoast.prefix(max(100, nearCoast.count / 20))), 100)
        compare("uniform sea points", Array(uniform.prefix(max(100, uniform.count / 20))), 100)
        compare("uniform sea points", Array(uniform.prefix(max(50, uniform.count / 500))), 1000)
        compare("named far-sea points and uniform points", farSea.map { $0.1 } + Array(uniform.prefix(10)), 20037.5)
        return failures
    }

    /// The in-process figures: default radius near coasts (one call per point and batched), uniform.
    static func run(gazetteer: CountryGazetteer, nearCoast: [GeoPoint], uniform: [GeoPoint], runs: Int) {
        say("")
        say("nearest border (issue 14), in-process, one core, thread CPU time, median of \(runs) passes:")
        // The search alone, this build's against the full scan it replaced, passes alternated.
        let index = gazetteer.spatialIndex
        let sea = nearCoast.filter { index.area(containing: $0) == nil }
        var fast: [Double] = [], scan: [Double] = []
        for _ in 0..<runs {
            fast.append(rate(sea, runs: 1) { index.nearestArea(to: $0, withinKm: 10)?.area ?? -1 })
            scan.append(rate(Array(sea.prefix(20_000)), runs: 1) { index.nearestAreaByScan(to: $0, withinKm: 10)?.area ?? -1 })
        }
        var before: [Double] = [], after: [Double] = []
        let sample = Array(nearCoast.prefix(100_000))
        for _ in 0..<runs {
            before.append(rate(sample, runs: 1) { p in
                index.area(containing: p) ?? index.nearestAreaByScan(to: p, withinKm: 10)?.area ?? -1
            })
            after.append(rate(sample, runs: 1) { gazetteer.reverse($0)?.countryIndex ?? -1 })
        }
        say("  reverse at the default 10 km, within 5 km of borders/coasts (\(sample.count) points), one call per point: \(fixed(median(after) / 1e6)) M/s; before issue 14 (containment, then the full scan): \(fixed(median(before) / 1e6)) M/s (\(fixed(median(after) / median(before), 1))×)")
        say("  the search alone, sea points within 5 km of borders/coasts (\(sea.count)), 10 km: \(fixed(1e6 / median(fast), 3)) µs/point; the full scan before issue 14: \(fixed(1e6 / median(scan), 3)) µs/point (\(fixed(median(fast) / median(scan), 1))×)")
        for (label, points) in [("within 5 km of borders/coasts", nearCoast), ("uniform on the sphere", uniform)] {
            let strict = rate(points, runs: runs) { gazetteer.reverse($0, maxDistanceKm: 0)?.countryIndex ?? -1 }
            let radius = rate(points, runs: runs) { gazetteer.reverse($0)?.countryIndex ?? -1 }
            say("  \(label), one call per point: strict \(fixed(strict / 1e6)) M/s, default 10 km \(fixed(radius / 1e6)) M/s")
            var rates: [Double] = []
            for _ in 0..<runs {
                var sink = 0
                let t0 = cpuNow()
                var start = 0
                while start < points.count {
                    let end = min(points.count, start + 1000)
                    for match in gazetteer.reverse(Array(points[start..<end])) { sink &+= match?.countryIndex ?? -1 }
                    start = end
                }
                rates.append(Double(points.count) / (cpuNow() - t0))
                if sink == 42 { say("") }
            }
            say("  \(label), batched (reverse of 1,000 points, the reverseGeocodeMany path), default 10 km: \(fixed(median(rates) / 1e6)) M points/s")
        }
    }

    /// The worst and median time per point of `nearestArea` at each radius over `points` (each point timed
    /// as the least of 3 rounds of `repeats` calls, so a preempted round does not count).
    static func worstCase(index: CountryIndex, points: [GeoPoint], repeats: Int = 8) {
        say("")
        say("nearest border per point, \(points.count) sea points at various distances from land (near coasts, uniform, far sea), µs per call (least of 3 rounds of \(repeats) calls):")
        for radius in radii {
            var times: [Double] = []
            var worstPoint = points[0]
            var worst = 0.0
            var sink = 0
            for p in points {
                var least = Double.infinity
                for _ in 0..<3 {
                    let t0 = now()
                    for _ in 0..<repeats { sink &+= index.nearestArea(to: p, withinKm: radius)?.area ?? -1 }
                    least = min(least, (now() - t0) / Double(repeats))
                }
                times.append(least * 1e6)
                if least * 1e6 > worst { worst = least * 1e6; worstPoint = p }
            }
            if sink == 42 { say("") }
            let sorted = times.sorted()
            let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
            say("  maxDistanceKm \(fixed(radius, 1)): median \(fixed(median(times), 3)) µs, 99th percentile \(fixed(p99, 3)) µs, worst \(fixed(worst, 3)) µs (at \(fixed(worstPoint.lat, 4)), \(fixed(worstPoint.lon, 4)))")
        }
        var named: [String] = []
        for (name, p) in farSea {
            var least = Double.infinity
            for _ in 0..<3 {
                let t0 = now()
                for _ in 0..<repeats { _ = index.nearestArea(to: p, withinKm: 20037.5) }
                least = min(least, (now() - t0) / Double(repeats))
            }
            let km = index.nearestArea(to: p, withinKm: 20037.5).map { fixed($0.distanceKm, 0) } ?? "—"
            named.append("\(name) \(fixed(least * 1e6, 1)) µs (\(km) km)")
        }
        say("  maxDistanceKm 20037.5, named points: " + named.joined(separator: "; "))
        // The remotest ocean on a 1° grid (Point Nemo's neighbourhood, 2,700 km from any land).
        var grid: [Double] = []
        var worst = (µs: 0.0, lat: 0.0, lon: 0.0)
        for lat in stride(from: -65.0, through: -15, by: 1) {
            for lon in stride(from: -160.0, through: -80, by: 1) {
                let p = GeoPoint(lat: lat, lon: lon)
                guard index.area(containing: p) == nil else { continue }
                var least = Double.infinity
                for _ in 0..<2 {
                    let t0 = now()
                    _ = index.nearestArea(to: p, withinKm: 20037.5)
                    least = min(least, now() - t0)
                }
                grid.append(least * 1e6)
                if least * 1e6 > worst.µs { worst = (least * 1e6, lat, lon) }
            }
        }
        say("  maxDistanceKm 20037.5, South Pacific 1° grid (65° S–15° S, 160° W–80° W, \(grid.count) sea points): median \(fixed(median(grid), 1)) µs, worst \(fixed(worst.µs, 1)) µs (at \(worst.lat), \(worst.lon))")
    }

    /// The time per call of `nearestArea` for one point and radius (`--nearest-point LAT,LON,KM`): the
    /// least of 21 rounds of 64 calls, hot, and the answer.
    static func point(index: CountryIndex, _ p: GeoPoint, radius: Double) {
        var least = Double.infinity, sink = 0
        for _ in 0..<21 {
            let t0 = now()
            for _ in 0..<64 { sink &+= index.nearestArea(to: p, withinKm: radius)?.area ?? -1 }
            least = min(least, (now() - t0) / 64)
        }
        let answer = index.nearestArea(to: p, withinKm: radius)
        let scan = index.nearestAreaByScan(to: p, withinKm: radius)
        let same = answer?.area == scan?.area && answer?.distanceKm == scan?.distanceKm
        say("nearest border at \(p.lat), \(p.lon), maxDistanceKm \(radius): \(fixed(least * 1e6, 3)) µs per call (least of 21 rounds of 64), area \(answer?.area ?? -1) at \(answer.map { fixed($0.distanceKm, 3) } ?? "—") km, \(same ? "identical to" : "DIFFERENT from") the scan\(sink == 42 ? " " : "")")
    }

    /// Pipelined `reverseGeocode` over stdio on the near-coast points, default radius and strict, with
    /// `fields: ["country"]` (the country answer, as issue 14 measures it).
    static func stdio(server: String, args: [String], nearCoast: [GeoPoint], requests: Int) {
        for strict in [false, true] {
            var payload: [UInt8] = []
            payload.reserveCapacity(requests * 96)
            let radius = (strict ? ",\"maxDistanceKm\":0" : "") + ",\"fields\":[\"country\"]"
            for k in 0..<requests {
                let p = nearCoast[k % nearCoast.count]
                payload += Array("{\"jsonrpc\":\"2.0\",\"method\":\"reverseGeocode\",\"params\":{\"lat\":\(fixed(p.lat, 6)),\"lon\":\(fixed(p.lon, 6))\(radius)},\"id\":\(k)}\n".utf8)
            }
            var rates: [Double] = []
            for _ in 0..<3 {
                if let seconds = ServerBench.pipelined(server, args, payload: payload, expectedLines: requests) {
                    rates.append(Double(requests) / seconds)
                }
            }
            say("  stdio, pipelined reverseGeocode (\(requests) requests, within 5 km of borders/coasts, fields [country], \(strict ? "strict, maxDistanceKm 0" : "default 10 km")): \(fixed(median(rates) / 1000, 0)) k requests/s (median of 3)")
        }
    }
}
