import FuzzSupport
import GeoCore

/// Fuzzes the GeoJSON decoder and, for what it accepts, the gazetteer built on it: any bytes must decode
/// or throw a `GeoJSONError`; anything with polygons must index and answer queries without crashing, and
/// as a user layer (`FeatureLayer`) answer `nearby` as a scan does.
/// The index uses 30° cells so that one iteration stays fast.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: size == 0 ? nil : data, count: size)
    do throws(GeoJSONError) {
        let decoded = try GeoJSONDecoder.decodeFeatures(input)
        for warning in decoded.warnings {
            fuzzCheck(warning.offset >= 0 && warning.offset < size, "warning offset outside the input")
        }
    } catch {
        _ = error.message
        return 0
    }
    guard size <= 1 << 16 else { return 0 }
    // The user-layer decoder (issue 18): any accepted document indexes and answers `nearby` without crashing,
    // through the grid and the scan alike, with the same answer.
    do throws(FeatureLayerError) {
        let layers = FeatureLayers(layers: [try FeatureLayer(name: "fuzz", geoJSON: Array(input))])
        for (lat, lon) in [(0.0, 0.0), (45.5, 7.25), (-89.9, 179.9), (90, -180)] {
            let q = GeoPoint(lat: lat, lon: lon)
            fuzzCheck(layers.nearby(q, radiusM: 10_000, limit: 5) == layers.nearbyByScan(q, radiusM: 10_000, limit: 5),
                      "nearby through the grid differs from the scan")
        }
    } catch {
        _ = error.message
    }
    let gazetteer: CountryGazetteer
    do throws(GazetteerError) {
        gazetteer = try CountryGazetteer.load(geoJSON: Array(input), cellSize: 30)
    } catch {
        return 0
    }
    for (lat, lon) in [(0.0, 0.0), (45.5, 7.25), (-89.9, 179.9), (90, -180)] {
        _ = gazetteer.reverse(GeoPoint(lat: lat, lon: lon))
        _ = gazetteer.reverse(GeoPoint(lat: lat, lon: lon), maxDistanceKm: 0)
    }
    _ = gazetteer.countries(in: GeoBox(minLat: -10, minLon: 170, maxLat: 10, maxLon: -170))
    _ = gazetteer.forward("a", limit: 3)
    return 0
}

/// Without libFuzzer (plain `swift build`), replays the files named on the command line.
let replay: Void = FuzzReplay.main(fuzzGeoJSON)
