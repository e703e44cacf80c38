#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// `geocoder-bench --places`: the nearest-place layer (issue 15, `locality`), in-process, one core.
///
/// Prints the index's build time and size, its agreement with a scan of every place (great-circle distance
/// of the answer equal to the scan's smallest, and the same place), and queries per second, median of `runs`
/// passes over the same uniform and near-border points as the other figures: the index alone
/// (`nearestPlace`, no country preference), and the whole `locality` answer (name, admin-1, distance, bearing,
/// direction) with the country `reverse` answered, so the same-country rule runs where it would.
/// `exportPath` writes, per point, lat, lon and the answer's geonameid, lat, lon (float64 each) for
/// scripts/bench-peer.py --places, which compares reverse_geocoder on the same points.
enum PlacesBench {
    static func run(geoJSONPath: String, gazetteer countriesOnly: CountryGazetteer, uniform: [GeoPoint], nearBorder: [GeoPoint],
                    runs: Int, checkCount: Int, exportPath: String?) {
        let directory = geoJSONPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        func table(_ name: String) -> [UInt8] { readFile((directory.isEmpty ? "." : directory) + "/" + name) ?? [] }
        var names: NameData
        do throws(NameDataError) {
            names = try NameData.parse(countryNames: table("country-names.tsv"), admin1: table("admin1.tsv"), cities: table("cities.tsv"))
            // The places of 1,000+ that the cities lack, as the geocoder loads them (absent: cities only).
            let localities = table("localities.tsv")
            if !localities.isEmpty { names.localities = try NameData.parseLocalities(localities) }
        } catch {
            say("cannot load the name tables: \(error.message)")
            exit(1)
        }
        let t0 = now()
        let gazetteer = countriesOnly.withNames(names)
        let withNames = now() - t0
        var builds: [Double] = []
        for _ in 0..<3 {
            let t = now()
            _ = gazetteer.rebuildPlacesIndex()
            builds.append(now() - t)
        }
        let size = gazetteer.placesIndexSize
        say("places: \(size.places) GeoNames places; index \(size.leaves) leaves, \(size.candidates) candidate entries (\(fixed(Double(size.candidates) / Double(max(size.leaves, 1)), 2)) a leaf), \(fixed(Double(size.bytes) / 1e6, 2)) MB in the binary index")
        say("  build (when the binary index is written, not at start-up): \(fixed(median(builds) * 1000, 0)) ms (median of 3); all name tables with it \(fixed(withNames * 1000, 0)) ms")

        // Exactness against a scan of every place by great-circle distance.
        // Every place the locality chooses from: the cities and the localities.
        let cityPoints = (0..<gazetteer.placeCount).map { gazetteer.place($0).point }
        var sameDistance = 0, samePlace = 0, checked = 0
        for p in Array(uniform.prefix(checkCount / 2)) + Array(nearBorder.prefix(checkCount / 2)) {
            guard let found = gazetteer.nearestPlace(to: p, countryISO2: nil) else { continue }
            var best = Double.infinity, bestIndex = -1
            for (i, q) in cityPoints.enumerated() {
                let d = Spherical.distanceKm(p, q)
                if d < best { best = d; bestIndex = i }
            }
            checked += 1
            if Spherical.distanceKm(p, cityPoints[found]) <= best + 1e-9 { sameDistance += 1 }
            if found == bestIndex { samePlace += 1 }
        }
        say("  exactness vs a scan of all places (haversine), \(checked) points (half uniform, half near borders): \(sameDistance) at the scan's smallest distance (±1e-9 km), \(samePlace) the very same place")
        // scripts/test runs this as a check: a place farther than the scan's nearest is a failure.
        if sameDistance != checked {
            say("places: \(checked - sameDistance) points answered a place farther than the nearest")
            exit(1)
        }

        var countries: [String?] = []
        for set in [uniform, nearBorder] {
            for p in set { countries.append(gazetteer.reverse(p).flatMap { gazetteer.countries[$0.countryIndex].iso2 }) }
        }
        say("  in-process, one core, thread CPU time, median of \(runs) passes:")
        for (label, points, offset) in [("uniform on the sphere", uniform, 0), ("within 5 km of borders/coasts", nearBorder, uniform.count)] {
            let bare = rate(points, runs: runs) { gazetteer.nearestPlace(to: $0, countryISO2: nil) ?? -1 }
            var ruleRates: [Double] = []
            for _ in 0..<runs {
                var sum = 0
                let t = cpuNow()
                for (k, p) in points.enumerated() { sum &+= gazetteer.nearestPlace(to: p, countryISO2: countries[offset + k]) ?? 0 }
                ruleRates.append(Double(points.count) / (cpuNow() - t))
                if sum == -1 { say("") }
            }
            let bareLocality = rate(points, runs: runs) { Int(gazetteer.locality(near: $0, countryISO2: nil)?.bearing ?? 0) }
            var rates: [Double] = []
            var sink = 0.0
            var switched = 0
            for _ in 0..<runs {
                let t = cpuNow()
                for (k, p) in points.enumerated() { sink += gazetteer.locality(near: p, countryISO2: countries[offset + k])?.distanceKm ?? 0 }
                rates.append(Double(points.count) / (cpuNow() - t))
            }
            for (k, p) in points.enumerated() where gazetteer.nearestPlace(to: p, countryISO2: countries[offset + k]) != gazetteer.nearestPlace(to: p, countryISO2: nil) { switched += 1 }
            if sink == -1 { say("") }
            say("    \(label): \(fixed(bare / 1e6)) M/s nearest place (index alone), \(fixed(median(ruleRates) / 1e6)) M/s with the same-country rule; \(fixed(bareLocality / 1e6)) M/s locality without a country, \(fixed(median(rates) / 1e6)) M/s full locality with the answered country (same-country rule changed \(switched) of \(points.count) answers)")
        }

        if let exportPath {
            var bytes: [UInt8] = []
            for p in uniform + nearBorder {
                let c = gazetteer.nearestPlace(to: p, countryISO2: nil).map { gazetteer.place($0) }
                for value in [p.lat, p.lon, Double(c?.geonameid ?? -1), c?.point.lat ?? .nan, c?.point.lon ?? .nan] {
                    let bits = value.bitPattern
                    for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(8 * k))) }
                }
            }
            let fd = open(exportPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { say("cannot write \(exportPath)"); exit(1) }
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
    }
}
