#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// `geocoder-bench --where LAYER.geojson`: making `whereAmI`'s index for a user layer loaded from its
/// binary form (the junctions and areas are built with the layer and cached with it), and `whereAmI` per
/// query in-process on one core, without and with a heading. Queries are uniform over the layer's box, so
/// in a city most are within 20 m of a street or inside a building. With `--check N`: N queries (headings
/// and sticky previous roads as a walker's) answered by `whereAmI` and by `whereAmIByNearby`, the
/// list-based reference; exit 1 on any difference.
enum WhereAmIBench {
    static func run(layerPath: String, queries: Int, runs: Int, check: Int?) -> Int32 {
        guard let bytes = readFile(layerPath) else {
            say("cannot read \(layerPath)")
            return 1
        }
        var layer: FeatureLayer
        do throws(FeatureLayerError) {
            layer = try FeatureLayer(name: "city", geoJSON: bytes)
        } catch {
            say("cannot load \(layerPath): \(error.message)")
            return 1
        }
        let binary = layer.binary(sourceKey: (18, 81))
        var builds: [Double] = []
        var index = WhereAmIIndex.empty
        for _ in 0..<3 {
            let storage = binary.withUnsafeBytes { ByteStorage(copying: $0) }
            let t = now()
            do throws(BinaryFormatError) {
                layer = try FeatureLayer(name: "city", binary: storage, sourceKey: (18, 81))
            } catch {
                say("cannot load the binary layer: \(error.message)")
                return 1
            }
            index = WhereAmIIndex(layers: FeatureLayers(layers: [layer]))
            builds.append(now() - t)
        }
        say("whereAmI: \(layerPath), \(layer.features.count) features, \(index.junctionCount) junctions; binary layer (\(fixed(Double(binary.count) / 1e6, 1)) MB, in memory) loaded and indexed in \(fixed(median(builds) * 1000, 1)) ms (median of 3)")
        let box = layer.bounds
        var random = SplitMix(state: 2026)
        if let check {
            var differ = 0
            var contexts = [0, 0, 0]
            var previous: String? = nil
            for n in 0..<check {
                let q = GeoPoint(lat: box.south + random.unit() * (box.north - box.south),
                                 lon: box.west + random.unit() * (box.east - box.west))
                let heading: Double? = n % 3 == 0 ? nil : random.unit() * 360
                let query = WhereAmIQuery(point: q, heading: heading, previousRoad: n % 2 == 0 ? previous : nil)
                let fast = index.whereAmI(query)
                let reference = index.whereAmIByNearby(query)
                if fast != reference {
                    differ += 1
                    if differ <= 3 { say("  differs at \(q.lat), \(q.lon) heading \(heading ?? -1): \(fast) vs \(reference)") }
                }
                switch fast.context {
                case .insidePOI: contexts[0] += 1
                case .alongsideRoad: contexts[1] += 1
                case .other: contexts[2] += 1
                }
                // A road of some answer (the nearest one otherwise), as a walker's next query would keep it.
                if let road = fast.road ?? fast.nearestRoad { previous = WhereAmI.roadKey(index.feature(road)) }
            }
            say("whereAmI exactness: \(check - differ) identical, \(differ) different of \(check) queries against whereAmIByNearby; insidePOI \(contexts[0]), alongsideRoad \(contexts[1]), other \(contexts[2])")
            return differ == 0 ? 0 : 1
        }
        let points = (0..<queries).map { _ in
            GeoPoint(lat: box.south + random.unit() * (box.north - box.south),
                     lon: box.west + random.unit() * (box.east - box.west))
        }
        for heading in [nil, 90.0] as [Double?] {
            var contexts = [0, 0, 0]
            let perSecond = rate(points, runs: runs) { q in
                let answer = index.whereAmI(WhereAmIQuery(point: q, heading: heading))
                switch answer.context {
                case .insidePOI: contexts[0] += 1
                case .alongsideRoad: contexts[1] += 1
                case .other: contexts[2] += 1
                }
                return answer.intersection == nil ? 0 : 1
            }
            let total = Double(queries * runs) / 100
            say("  whereAmI\(heading == nil ? "" : " heading 90°"): \(fixed(1e6 / perSecond, 2)) µs/query (median of \(runs) runs of \(queries)); insidePOI \(fixed(Double(contexts[0]) / total, 0)) %, alongsideRoad \(fixed(Double(contexts[1]) / total, 0)) %, other \(fixed(Double(contexts[2]) / total, 0)) %")
        }
        return 0
    }
}
