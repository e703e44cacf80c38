#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// `geocoder-bench --placemark`: country-only vs full placemark in-process, side by side on the same
/// points, and the layers' exactness (grid answer vs whole-polygon test).
///
/// The layers are `admin1-polygons.geojson` and `timezones.geojson` next to the country file. Where one is
/// missing, the country polygons stand in for it (each country one "division" of itself, one "zone"),
/// so the figure measures the same work (a grid lookup, a nearest-border search at sea) over a layer of
/// the country layer's size; the report says which.
enum PlacemarkBench {
    static func run(countryPath: String, gazetteer: CountryGazetteer, uniform: [GeoPoint], nearBorder: [GeoPoint],
                    runs: Int, fullOnly: Bool = false) {
        let directory = countryPath.lastIndex(of: "/").map { String(countryPath[..<$0]) } ?? "."
        var standIn: [MultiPolygon]? = nil
        func countryAreas() -> [MultiPolygon] {
            if let standIn { return standIn }
            guard let bytes = readFile(countryPath),
                  let decoded = try? GeoJSONDecoder.decodeFeatures(bytes) else { return [] }
            let areas: [MultiPolygon] = decoded.features.compactMap { feature in
                switch feature.geometry {
                case .polygon(let p)?: return MultiPolygon(polygons: [p])
                case .multiPolygon(let m)?: return m
                default: return nil
                }
            }
            standIn = areas
            return areas
        }
        func layer(_ file: String, schema: [String], standInValues: (Int) -> [String?]) -> (AreaLayer, String) {
            var warnings: [GeoJSONWarning] = []
            if let bytes = readFile(directory + "/" + file),
               let loaded = try? AreaLayer.load(geoJSON: bytes, keeping: schema, warnings: &warnings) {
                return (loaded, directory + "/" + file)
            }
            let areas = countryAreas()
            var values: [String?] = []
            for k in areas.indices { values += standInValues(k) }
            return (AreaLayer(propertyNames: schema, values: values, areas: areas), "stand-in: the country polygons")
        }
        let admin1Schema = ["adm0_a3", "iso_3166_2", "name", "name_en", "type", "type_en", "geonames_admin1",
                            "territory_iso2", "territory_iso3", "territory_name"]
        let t0 = now()
        let (admin1, admin1Source) = layer("admin1-polygons.geojson", schema: admin1Schema) { k in
            [gazetteer.countries[k].adm0a3, nil, gazetteer.countries[k].name, nil, nil, nil, nil, nil, nil, nil]
        }
        let (zones, zoneSource) = layer("timezones.geojson", schema: ["tzid"]) { k in ["Zone/\(k)"] }
        let layersBuilt = now() - t0
        // The name tables too, so the full placemark has its locality, as the server answers it.
        func table(_ name: String) -> [UInt8] { readFile(directory + "/" + name) ?? [] }
        var places = gazetteer
        do throws(NameDataError) {
            places = gazetteer.withNames(try NameData.parse(countryNames: table("country-names.tsv"),
                                                            admin1: table("admin1.tsv"), cities: table("cities.tsv")))
        } catch {
            say("no name tables (\(error.message)): the placemark has no locality")
        }
        let full = places.withLayers(admin1: admin1, timezones: zones)
        say("places for the locality: \(full.cityCount) cities (name tables and layers joined in \(fixed((now() - t0 - layersBuilt) * 1000, 0)) ms)")
        say("placemark layers (built in \(fixed(layersBuilt * 1000, 0)) ms): admin-1 \(admin1.featureCount) features, \(admin1.index.edgeCount) edges (\(admin1Source)); time zones \(zones.featureCount) features, \(zones.index.edgeCount) edges (\(zoneSource))")
        for (name, layer) in [("admin-1", admin1), ("time zones", zones)] {
            let near = layer.index.nearListSizes
            say("  \(name): near lists \(near.references) listed chunk references, \(fixed(Double(near.bytes) / 1e6)) MB")
        }
        if fullOnly {
            for (label, points) in [("uniform on the sphere", uniform), ("within 5 km of borders/coasts", nearBorder)] {
                let placemark = rate(points, runs: runs) { readEveryMember(full.placemark(at: $0)) }
                let unread = rate(points, runs: runs) { full.placemark(at: $0) == nil ? 0 : 1 }
                say("  \(label): full placemark \(fixed(placemark / 1e6)) M/s every member read, \(fixed(unread / 1e6)) M/s none read")
            }
            // The admin-1 fallback alone: points in no division, the layer's nearest-border search at 10 km.
            let outside = nearBorder.filter { admin1.index.area(containing: $0) == nil }
            let nearest = rate(outside, runs: runs) { admin1.index.nearestArea(to: $0, withinKm: 10)?.area ?? -1 }
            say("  admin-1 nearest division within 10 km, \(outside.count) near-border points in no division: \(fixed(nearest / 1e6)) M/s")
            return
        }
        for (name, layer) in [("admin-1", admin1), ("time zones", zones)] {
            for (label, points) in [("uniform", uniform), ("within 5 km of borders", nearBorder)] {
                var differ = 0
                let sample = points.prefix(20_000)
                for p in sample where layer.index.area(containing: p) != layer.index.exactArea(containing: p) { differ += 1 }
                say("  exactness, \(name), \(label): \(sample.count - differ) identical, \(differ) different of \(sample.count) (grid vs whole-polygon test)")
            }
        }
        say("placemark in-process (one core, thread CPU time, median of \(runs) passes; default radius 10 km):")
        for (label, points) in [("uniform on the sphere", uniform), ("within 5 km of borders/coasts", nearBorder)] {
            let countryOnly = rate(points, runs: runs) { full.placemark(at: $0, fields: .country)?.country?.countryIndex ?? -1 }
            let placemark = rate(points, runs: runs) { readEveryMember(full.placemark(at: $0)) }
            let unread = rate(points, runs: runs) { full.placemark(at: $0) == nil ? 0 : 1 }
            let plain = rate(points, runs: runs) { gazetteer.reverse($0)?.countryIndex ?? -1 }
            var split: [String] = []
            for (name, field) in [("admin1", PlacemarkFields.admin1), ("territory", .territory),
                                  ("timezone", .timezone), ("locality", .locality)] {
                // The set outside the closure: an array literal per call would time an allocation too.
                let asked: PlacemarkFields = [.country, field]
                let r = rate(points, runs: runs) { readEveryMember(full.placemark(at: $0, fields: asked)) }
                split.append("[country,\(name)] \(fixed(r / 1e6)) M/s")
            }
            say("  \(label), per field: " + split.joined(separator: ", "))
            say("  \(label): reverse \(fixed(plain / 1e6)) M/s, fields [country] \(fixed(countryOnly / 1e6)) M/s, full placemark \(fixed(placemark / 1e6)) M/s every member read (\(fixed(countryOnly / placemark)) × slower), \(fixed(unread / 1e6)) M/s none read")
        }
    }

    /// Reads every member of `m` as the server writes it (each string's bytes, the locality's numbers; a
    /// found locality's strings from the index's bytes, as `GeoCall.writePlacemark` reads them), so the
    /// figure includes decoding what the placemark holds as numbers (`Placemark`'s members are decoded when
    /// read). Per-field rates read the same way: a member not asked for is nil.
    static func readEveryMember(_ m: Placemark?) -> Int {
        guard let m else { return 0 }
        var sum = m.country?.countryIndex ?? -1
        if let a = m.admin1 {
            sum &+= a.name.utf8.count &+ (a.iso3166_2?.utf8.count ?? 0) &+ (a.type?.utf8.count ?? 0)
                &+ (a.geonamesCode?.utf8.count ?? 0) &+ a.feature
        }
        if let t = m.territory { sum &+= (t.iso2?.utf8.count ?? 0) &+ (t.iso3?.utf8.count ?? 0) &+ (t.name?.utf8.count ?? 0) }
        // The server writes a locality the gazetteer found from the index's bytes (`withFoundLocality`),
        // building no string; only one given as a value goes through the getter.
        if let found = m.withFoundLocality({ l in
            l.name.count &+ l.geonameid &+ l.population &+ (l.admin1?.count ?? 0) &+ Int(l.distanceKm)
                &+ Int(l.bearing) &+ l.direction.utf8.count
        }) {
            sum &+= found
        } else if let l = m.locality {
            sum &+= l.name.utf8.count &+ l.geonameid &+ l.population &+ l.countryISO2.utf8.count
                &+ (l.admin1?.utf8.count ?? 0) &+ Int(l.distanceKm) &+ Int(l.bearing) &+ l.direction.utf8.count
        }
        return sum &+ (m.timezone?.utf8.count ?? 0)
    }
}
