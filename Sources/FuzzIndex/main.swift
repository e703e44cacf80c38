import FuzzSupport
import GeoCore

/// Fuzzes the binary index loader (`CountryGazetteer(binary:sourceKey:)`) and the user layers' one
/// (`FeatureLayer(name:binary:sourceKey:)`, `fuzzLayer`), which the server runs on its cache
/// file and the wasm module on its embedded index: no byte pattern may crash it, and whatever it accepts must
/// answer queries without crashing.
///
/// A file another process changes while the server reads it reaches the loader as some byte pattern (a mix
/// of the old and the new bytes, or a short read), since the server loads a copy it owns and never reads the
/// file again; so "any bytes" covers every such change. Each input is used twice:
/// 1. as a whole index file (seeded by scripts/fuzz with real indexes of a few countries);
/// 2. as a partial overwrite of a real index built here (two squares, names and cities, 30° cells): its
///    first four bytes pick an offset, the rest is written over the index there, as a torn write would.
/// Before loading, the header's magic, version and byte order are repaired and every checksum (sections,
/// directory) made to match (`CountryGazetteer.resealed`), so the
/// mutations reach the table checks instead of stopping at the checksum; the raw bytes are loaded too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIndex(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: size == 0 ? nil : data, count: size))
    threeWays(input, real: builtIndex, repair: repairedIndex, load)
    // The user-layer loader (`FeatureLayer(name:binary:sourceKey:)`, the `--layer` cache) gets the same
    // three uses, over a real binary layer (`builtLayer`).
    threeWays(input, real: builtLayer, repair: repairedLayer, loadLayer)
    return 0
}

/// Gives `input` to `load` three ways: as it is; repaired (`repair`: the header and checksums made valid);
/// and written over `real` at the offset its first four bytes pick, as a torn write would, repaired. One
/// function for the index and the layer loaders, so both get the same uses.
func threeWays(_ input: [UInt8], real: [UInt8], repair: ([UInt8]) -> [UInt8], _ load: ([UInt8]) -> Void) {
    load(input)
    load(repair(input))
    if input.count >= 4 {
        var torn = real
        let offset = Int(input[0]) | Int(input[1]) << 8 | Int(input[2]) << 16 | Int(input[3]) << 24
        let start = offset % (torn.count + 1)
        for (k, byte) in input.dropFirst(4).enumerated() {
            if start + k < torn.count { torn[start + k] = byte } else { torn.append(byte) }
        }
        load(repair(torn))
    }
}

/// Loads a binary layer and, when that succeeds, asks it for what `nearby` and `whereAmI` answer.
func loadLayer(_ bytes: [UInt8]) {
    let storage = bytes.withUnsafeBytes { ByteStorage(copying: $0) }
    guard let key = FeatureLayer.binarySourceKey(storage.bytes) else { return }
    let layer: FeatureLayer
    do throws(BinaryFormatError) {
        layer = try FeatureLayer(name: "fuzz", binary: storage, sourceKey: key)
    } catch {
        _ = error.message
        return
    }
    let layers = FeatureLayers(layers: [layer])
    for (lat, lon) in [(60.17, 24.94), (60.1705, 24.9405), (0.0, 0.0), (-16.9, 179.99), (89.99, 0), (-90, -180)] {
        for (radius, limit) in [(0.0, 1), (500.0, 10), (10_000.0, 1_000)] {
            for hit in layers.nearby(GeoPoint(lat: lat, lon: lon), radiusM: radius, limit: limit) {
                _ = layer.features[hit.feature]
                _ = hit.direction
            }
        }
    }
    // The junction table and areas, through whereAmI (every junction, its names, the phrase).
    let index = WhereAmIIndex(layers: layers)
    for j in 0..<min(index.junctionCount, 64) { _ = index.junction(j) }
    for (lat, lon) in [(60.17, 24.94), (60.1705, 24.9405), (-16.9, 179.99)] {
        let query = WhereAmIQuery(point: GeoPoint(lat: lat, lon: lon), heading: 90, previousRoad: "Main Street")
        _ = index.phrase(index.whereAmI(query), heading: 90)
    }
    _ = layer.bounds
    _ = layer.binary(sourceKey: key)
}

/// `bytes` with a binary layer's header made valid for its payload: magic, version and byte order from
/// `builtLayer`, the length and checksum of what follows. Shorter than a header: unchanged.
func repairedLayer(_ bytes: [UInt8]) -> [UInt8] {
    let header = FeatureLayer.binaryHeaderSize
    guard bytes.count >= header else { return bytes }
    var fixed = bytes
    for k in 0..<16 { fixed[k] = builtLayer[k] }
    let checksum = fixed.withUnsafeBytes { binaryChecksum(UnsafeRawBufferPointer(rebasing: $0[header...])) }
    BinaryHeader.patch(&fixed, payloadLength: UInt64(bytes.count - header), checksum: checksum)
    return fixed
}

/// A real binary layer: a street, a point, a building with a courtyard, near Helsinki.
let builtLayer: [UInt8] = {
    let geoJSON = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","id":"s1","properties":{"name":"Main Street"},
         "geometry":{"type":"LineString","coordinates":[[24.93,60.17],[24.94,60.17],[24.95,60.171]]}},
        {"type":"Feature","id":7,"properties":{"name":"Library","amenity":"library"},
         "geometry":{"type":"Point","coordinates":[24.9402,60.1703]}},
        {"type":"Feature","properties":null,"geometry":{"type":"Polygon","coordinates":[
          [[24.941,60.1695],[24.943,60.1695],[24.943,60.1705],[24.941,60.1705],[24.941,60.1695]],
          [[24.9415,60.1698],[24.9415,60.1702],[24.9425,60.1702],[24.9425,60.1698],[24.9415,60.1698]]]}},
        {"type":"Feature","properties":{"name":"Null"},"geometry":null}]}
        """
    do throws(FeatureLayerError) {
        return try FeatureLayer(name: "built", geoJSON: Array(geoJSON.utf8)).binary(sourceKey: (3, 4))
    } catch {
        fuzzCheck(false, "the built-in layer does not build: \(error.message)")
        return []
    }
}()

/// Loads `bytes` as the server does (tables as views into one storage) and, when that succeeds, queries it.
func load(_ bytes: [UInt8]) {
    let storage = bytes.withUnsafeBytes { ByteStorage(copying: $0) }
    guard let key = CountryGazetteer.binarySourceKey(storage.bytes) else { return }
    loadLazily(storage, key: key)
    let gazetteer: CountryGazetteer
    do throws(BinaryFormatError) {
        gazetteer = try CountryGazetteer(binary: storage, sourceKey: key)
    } catch {
        _ = error.message
        return
    }
    query(gazetteer)
}

/// Loads `storage` as the server does with a lazily read index (`CountryGazetteer(lazyBinary:sourceKey:)`):
/// the core at once, then each other section alone and all together, as requests would ask for them; a
/// damaged section must fail its load (the request's error), never a query.
func loadLazily(_ storage: ByteStorage, key: (UInt64, UInt64)) {
    let base: CountryGazetteer
    do throws(BinaryFormatError) {
        base = try CountryGazetteer(lazyBinary: storage, sourceKey: key)
    } catch {
        _ = error.message
        return
    }
    query(base)
    for sections in [GazetteerSections.places, .names, .admin1, .timezones, .all] {
        do throws(BinaryFormatError) {
            if let snapshot = try base.loading(sections) { query(snapshot.gazetteer) }
        } catch {
            _ = error.message
        }
    }
}

/// Every kind of query on a loaded gazetteer.
func query(_ gazetteer: CountryGazetteer) {
    let key = (UInt64(1), UInt64(2))
    for (lat, lon) in [(0.0, 0.0), (5.0, 5.0), (45.5, 7.25), (-89.9, 179.9), (90, -180), (10, 10), (-5, 20)] {
        _ = gazetteer.reverse(GeoPoint(lat: lat, lon: lon))
        _ = gazetteer.reverse(GeoPoint(lat: lat, lon: lon), maxDistanceKm: 0)
        _ = gazetteer.reverse(GeoPoint(lat: lat, lon: lon), maxDistanceKm: 20_000)
        // The placemark layers (admin-1, time zones) read from the same index, with their fallbacks.
        _ = gazetteer.placemark(at: GeoPoint(lat: lat, lon: lon))
        _ = gazetteer.placemark(at: GeoPoint(lat: lat, lon: lon), maxDistanceKm: 20_000)
    }
    _ = gazetteer.reverse([GeoPoint(lat: 1, lon: 1), GeoPoint(lat: 50, lon: 50)], maxDistanceKm: 500)
    _ = gazetteer.countries(in: GeoBox(minLat: -10, minLon: 170, maxLat: 10, maxLon: -170))
    _ = gazetteer.countries(in: GeoBox(minLat: -90, minLon: -180, maxLat: 90, maxLon: 180))
    for query in ["a", "Squareland", "Boxton", "squarelnd", "Quadrat", "x, Squareland", "Ω"] {
        _ = gazetteer.forward(query, limit: 5)
    }
    _ = gazetteer.binaryIndex(sourceKey: key)
}

/// `bytes` with the header made valid for its payload: magic, version and byte order from a real index,
/// the length and checksum of what follows. Shorter than a header: unchanged.
func repairedIndex(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= CountryGazetteer.binaryHeaderSize else { return bytes }
    var fixed = bytes
    for k in 0..<16 { fixed[k] = builtIndex[k] }
    return CountryGazetteer.resealed(fixed)
}

/// A real index: two squares (one with a hole) with names, an admin-1 division and two cities.
let builtIndex: [UInt8] = {
    let geoJSON = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"NAME":"Squareland","ADM0_A3":"SQL","ISO_A2":"SQ","ISO_A3":"SQL"},
         "geometry":{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[4,4],[4,6],[6,6],[6,4],[4,4]]]}},
        {"type":"Feature","properties":{"NAME":"Boxland","ADM0_A3":"BXL","ISO_A2":"BX"},
         "geometry":{"type":"MultiPolygon","coordinates":[[[[170,-5],[180,-5],[180,5],[170,5],[170,-5]]],
                                                          [[[-180,-5],[-170,-5],[-170,5],[-180,5],[-180,-5]]]]}}]}
        """
    let countryNames = "code\tlang\tkind\tname\nSQ\tde\tname\tQuadratland\nBX\tfr\tname\tBoîteland\n"
    let admin1 = "country\tcode\tname\talternates\nSQ\t01\tNorth Square\tNorthsquare\n"
    let cities = "geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\talternatenames\n"
        + "1\tSquareton\t5.5\t5.5\tSQ\t01\t1000\tSq Town|Quadratstadt\n2\tBoxton\t0\t175\tBX\t\t50\t\n"
    do {
        let gazetteer = try CountryGazetteer.load(geoJSON: Array(geoJSON.utf8), cellSize: 30)
        let names = try NameData.parse(countryNames: Array(countryNames.utf8), admin1: Array(admin1.utf8),
                                       cities: Array(cities.utf8))
        return gazetteer.withNames(names).binaryIndex(sourceKey: (1, 2))
    } catch {
        fuzzCheck(false, "the built-in index does not build: \(error)")
        return []
    }
}()

/// Without libFuzzer (plain `swift build`), replays the files named on the command line.
let replay: Void = FuzzReplay.main(fuzzIndex)
