#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// `geocoder-bench --where LAYER.geojson`: building `whereAmI`'s junctions and areas for a user layer, and
/// `whereAmI` per query in-process on one core, without and with a heading. Queries are uniform over the
/// layer's box, so in a city most are within 20 m of a street or inside a building.
enum WhereAmIBench {
    static func run(layerPath: String, queries: Int, runs: Int) -> Int32 {
        guard let bytes = readFile(layerPath) else {
            say("cannot read \(layerPath)")
            return 1
        }
        let layer: FeatureLayer
        do throws(FeatureLayerError) {
            layer = try FeatureLayer(name: "city", geoJSON: bytes)
        } catch {
            say("cannot load \(layerPath): \(error.message)")
            return 1
        }
        var builds: [Double] = []
        var index = WhereAmIIndex.empty
        for _ in 0..<3 {
            let t = now()
            index = WhereAmIIndex(layers: FeatureLayers(layers: [layer]))
            builds.append(now() - t)
        }
        say("whereAmI: \(layerPath), \(layer.features.count) features, \(index.junctions.count) junctions; junctions + areas \(fixed(median(builds) * 1000, 0)) ms (median of 3)")
        let box = layer.bounds
        var random = SplitMix(state: 2026)
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
