import GeoCore
import Testing
@testable import GeoCSV

@Suite("CSV batch: the nearest feature of each --layer")
struct CSVGeocoderLayersTests {
    /// A kiosk at (5, 5) and a road along lat 5.001 from lon 5 to 5.01, in two layers.
    func layers() throws -> FeatureLayers {
        let kiosk = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Kiosk, old"},"#
            + #""geometry":{"type":"Point","coordinates":[5,5]}}]}"#
        let road = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Main"},"#
            + #""geometry":{"type":"LineString","coordinates":[[5,5.001],[5.01,5.001]]}}]}"#
        return FeatureLayers(layers: [try FeatureLayer(name: "pois", geoJSON: Array(kiosk.utf8)),
                                      try FeatureLayer(name: "roads", geoJSON: Array(road.utf8))])
    }

    @Test("three columns per layer after the result's; empty cells beyond the radius and for bad rows")
    func columns() throws {
        let layers = try layers()
        var batch = CSVGeocoder(gazetteer: squareGazetteer(), options: CSVOptions(), flushThreshold: 7)
        batch.layers = layers
        batch.layerRadiusM = 200
        var output: [UInt8] = []
        let input = Array("lat,lon\n5,5.0001\n5.0015,5.005\nx,5\n7,7\n".utf8)
        try input.withUnsafeBufferPointer { (buffer) throws(CSVStreamError<Never>) in
            try batch.feed(buffer) { output += $0 }
        }
        try batch.finish { output += $0 }
        let rows = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(rows[0] == "lat,lon,iso2,iso3,name,match,distanceKm,pois_name,pois_distanceM,pois_direction,"
            + "roads_name,roads_distanceM,roads_direction")
        // Each layer's cells are its first `nearby` hit, measured and named as nearby measures and names it.
        for (row, point) in [(rows[1], GeoPoint(lat: 5, lon: 5.0001)), (rows[2], GeoPoint(lat: 5.0015, lon: 5.005))] {
            var expected: [String] = []
            for index in layers.layers.indices {
                if let hit = layers.nearby(point, radiusM: 200, limit: 1, layers: [index]).first {
                    let name = layers.layers[index].features[hit.feature].name ?? ""
                    expected += [name.contains(",") ? "\"\(name)\"" : name, CSVGeocoder.numberText(hit.distanceM),
                                 hit.direction ?? ""]
                } else {
                    expected += ["", "", ""]
                }
            }
            #expect(row.hasSuffix("," + expected.joined(separator: ",")), "\(row)")
        }
        #expect(rows[1].contains("\"Kiosk, old\",") && rows[1].contains(",Main,"))
        #expect(rows[2].hasPrefix("5.0015,5.005,SQ,SQR,Squareland,inside,0,,,,Main,"), "the kiosk is over 200 m away")
        #expect(rows[3] == "x,5,,,,,,,,,,,", "a row without a point: every added cell empty")
        #expect(rows[4].hasSuffix(",,,,,,"), "nothing within 200 m")
    }

    @Test("a layer column that is already in the header is refused")
    func clash() throws {
        var batch = CSVGeocoder(gazetteer: squareGazetteer(), options: CSVOptions())
        batch.layers = try layers()
        let input = Array("lat,lon,Roads_Name\n5,5,x\n".utf8)
        do throws(CSVStreamError<Never>) {
            try input.withUnsafeBufferPointer { (buffer) throws(CSVStreamError<Never>) in
                try batch.feed(buffer) { _ in }
            }
            Issue.record("the header was accepted")
        } catch {
            guard case .input(let problem) = error else { return }
            #expect(problem == .columnClash("roads_name"))
        }
    }
}
