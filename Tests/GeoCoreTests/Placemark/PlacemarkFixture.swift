import Foundation
@testable import GeoCore

/// The placemark fixture world in Tests/e2e/fixtures/placemark (shared with the end-to-end tests): Alphaland
/// (AAA, lon 0–10) and Betaland (BBB, lon 10–20), both lat 0–10; admin-1 divisions West (0–5) and East
/// (5–10.5: 0.5° into Betaland, so the layers disagree there), Betaland's Nord (10.5–20, lat 5–10) and Sud
/// (10.5–20, lat 0–5, in the folded territory TT), and a division of a country the file lacks (ZZZ, lon
/// 30–40); time zones Test/West (0–10) and Test/East (10–20), no ocean zones.
enum PlacemarkFixture {
    static func file(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../e2e/fixtures/placemark").appendingPathComponent(name)
        return Array(try Data(contentsOf: url))
    }

    /// The countries alone.
    static func countries() throws -> CountryGazetteer {
        try CountryGazetteer.load(geoJSON: file("countries.geojson"), cellSize: 1)
    }

    static func admin1() throws -> AreaLayer {
        var warnings: [GeoJSONWarning] = []
        return try CountryGazetteer.admin1Layer(geoJSON: file("admin1-polygons.geojson"), cellSize: 1, warnings: &warnings)
    }

    static func timezones() throws -> AreaLayer {
        var warnings: [GeoJSONWarning] = []
        return try CountryGazetteer.timezoneLayer(geoJSON: file("timezones.geojson"), cellSize: 1, warnings: &warnings)
    }

    /// The countries with both layers.
    static func gazetteer() throws -> CountryGazetteer {
        try countries().withLayers(admin1: admin1(), timezones: timezones())
    }
}
