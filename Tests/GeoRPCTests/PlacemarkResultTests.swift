import Foundation
import GeoCore
import Testing
@testable import GeoRPC

/// The placemark fixture world (Tests/e2e/fixtures/placemark; see GeoCoreTests' PlacemarkFixture).
enum PlacemarkWorld {
    static func file(_ name: String) throws -> [UInt8] {
        try Fixture.bytes(Fixture.root.appendingPathComponent("Tests/e2e/fixtures/placemark").appendingPathComponent(name))
    }

    static func countries() throws -> CountryGazetteer {
        try CountryGazetteer.load(geoJSON: file("countries.geojson"), cellSize: 1)
    }

    static func layered() throws -> CountryGazetteer {
        var warnings: [GeoJSONWarning] = []
        let admin1 = try CountryGazetteer.admin1Layer(geoJSON: file("admin1-polygons.geojson"), cellSize: 1, warnings: &warnings)
        let zones = try CountryGazetteer.timezoneLayer(geoJSON: file("timezones.geojson"), cellSize: 1, warnings: &warnings)
        return try countries().withLayers(admin1: admin1, timezones: zones)
    }
}

@Suite("Placemark results: the fields param, the members, both paths byte for byte")
struct PlacemarkResultTests {
    let layered: RPCServer
    let bare: RPCServer

    init() throws {
        layered = RPCServer(gazetteer: try PlacemarkWorld.layered())
        bare = RPCServer(gazetteer: try PlacemarkWorld.countries())
    }

    func general(_ server: RPCServer, _ line: String) -> String {
        var out = JSONWriter()
        Array(line.utf8).withUnsafeBufferPointer { _ = server.handleGeneral(line: $0, into: &out) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    func fast(_ server: RPCServer, _ line: String) -> String? {
        var out = JSONWriter()
        let answered = Array(line.utf8).withUnsafeBufferPointer {
            ReverseFastPath.answer($0, gazetteer: server.gazetteer, replies: server.replies, into: &out)
        }
        return answered ? String(decoding: out.bytes, as: UTF8.self) : nil
    }

    @Test("a locality's distance and bearing are written as the rounded number() writes them")
    func decimalsAsNumber() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var values: [Double] = [0, 0.0004, 0.0005, 0.001, 0.05, 0.1, 0.5, 1, 9.9995, 10, 359.95, 359.96, 1752.495,
                                20015.086, 99999999999.9994, 1e11, 1e12, 1e14, -0.3, -2, .nan, .infinity]
        for _ in 0..<20_000 {
            let magnitude = [1.0, 10, 360, 2e4, 1e9][Int(next() * 5)]
            values.append(next() * magnitude)
        }
        for value in values {
            for places in 1...3 {
                let scale = places == 1 ? 10.0 : (places == 2 ? 100.0 : 1000.0)
                var expected = JSONWriter(), written = JSONWriter()
                expected.beginArray(); written.beginArray()
                expected.number(7); written.number(7)
                expected.number((value * scale).rounded() / scale)
                GeoCall.decimal(value, places: places, &written)
                expected.null(); written.null()
                expected.endArray(); written.endArray()
                #expect(written.bytes == expected.bytes, "\(value), \(places) places")
            }
        }
    }

    @Test("members and their order", arguments: [
        (#"{"lat":2,"lon":15,"fields":["country","admin1","territory","locality","timezone"]}"#,
         #"{"iso2":"BB","iso3":"BBB","isoNumeric":null,"name":"Betaland","nameLong":null,"formalName":null,"adm0a3":"BBB","sovereign":null,"sovereignA3":null,"type":"Sovereign country","continent":null,"regionUN":null,"subregion":null,"wikidataId":null,"match":"inside","distanceKm":0,"admin1":{"name":"South","iso3166_2":"BB-S","type":"Region","geonamesCode":"S1"},"territory":{"iso2":"TT","iso3":"TTT","name":"Tee Territory"},"timezone":"Test/East"}"#),
        (#"{"lat":5,"lon":-0.05,"fields":["timezone","admin1"]}"#,
         #"{"admin1":{"name":"West","iso3166_2":"AA-W","type":"Province","geonamesCode":"01"},"timezone":"Test/West"}"#),
        (#"{"lat":40,"lon":-30,"fields":["country","admin1","territory","timezone"]}"#,
         #"{"admin1":null,"territory":null,"timezone":"Etc/GMT+2"}"#),
        // No fields: every member the data answers (issue 15: default all); the places index is not
        // loaded, so locality is left out. At sea: no country, the nautical time zone.
        (#"{"lat":2,"lon":15}"#,
         #"{"iso2":"BB","iso3":"BBB","isoNumeric":null,"name":"Betaland","nameLong":null,"formalName":null,"adm0a3":"BBB","sovereign":null,"sovereignA3":null,"type":"Sovereign country","continent":null,"regionUN":null,"subregion":null,"wikidataId":null,"match":"inside","distanceKm":0,"admin1":{"name":"South","iso3166_2":"BB-S","type":"Region","geonamesCode":"S1"},"territory":{"iso2":"TT","iso3":"TTT","name":"Tee Territory"},"timezone":"Test/East"}"#),
        (#"{"lat":40,"lon":-30}"#, #"{"admin1":null,"territory":null,"timezone":"Etc/GMT+2"}"#),
        (#"{"lat":40,"lon":-30,"fields":["country"]}"#, "null"),
        (#"{"lat":40,"lon":-30,"fields":["admin1"]}"#, "null"),
        // Locality is asked for but no places index is loaded: the member is left out; the territory is
        // unknown there, so nothing at all is known: null.
        (#"{"lat":7,"lon":15,"fields":["locality","territory"]}"#, "null"),
        (#"{"lat":7,"lon":15,"fields":["locality","territory","admin1"]}"#,
         #"{"admin1":{"name":"Nord","iso3166_2":"BB-N","type":"Region","geonamesCode":null},"territory":null}"#),
    ])
    func members(params: String, expected: String) throws {
        let line = #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocode","params":\#(params)}"#
        let reply = general(layered, line)
        #expect(reply == #"{"jsonrpc":"2.0","id":1,"result":\#(expected)}"# + "\n")
    }

    @Test("the fast path answers placemark requests as the general path does", arguments: [
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":2,"lon":15},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[-0.05,10.4],"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"fields":["country","timezone"],"lat":2,"lon":10.2},"id":"x"}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":40,"lon":-30,"fields":[ "timezone" ]},"id":2}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":40,"lon":-30,"fields":["admin1"]},"id":2}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[2,15],[40,-30],[5,-0.05]]},"id":3}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"fields":["territory"],"points":[[2,15],[7,15]],"maxDistanceKm":0},"id":3}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[2,15]],"fields":["country"]},"id":3}"#,
    ])
    func fastMatchesGeneral(line: String) throws {
        for server in [layered, bare] {
            let answer = try #require(fast(server, line), "the fast path should take this line")
            #expect(answer == general(server, line))
        }
    }

    @Test("fields [\"country\"] on a server with layers answers byte for byte as a server without them")
    func countryOnlyUnchanged() throws {
        var random = SplitMix(seed: 5)
        for _ in 0..<300 {
            let lat = random.uniform(-10, 20), lon = random.uniform(-10, 30)
            let asked = #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":\#(lat),"lon":\#(lon),"fields":["country"]},"id":7}"#
            let plain = #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":\#(lat),"lon":\#(lon)},"id":7}"#
            let today = general(bare, plain)
            #expect(general(layered, asked) == today)
            #expect(fast(layered, asked) == today)
            #expect(general(bare, asked) == today)
        }
    }

    @Test("bad fields are refused with the allowed names", arguments: [
        (#"{"lat":1,"lon":2,"fields":["tz"]}"#, "fields", "unknown field \"tz\""),
        (#"{"lat":1,"lon":2,"fields":[]}"#, "fields", "no field named"),
        (#"{"lat":1,"lon":2,"fields":"timezone"}"#, "fields", "must be an array"),
        (#"{"lat":1,"lon":2,"fields":["country",3]}"#, "fields[1]", "must be a string"),
    ])
    func refused(params: String, param: String, fragment: String) throws {
        let line = #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocode","params":\#(params)}"#
        #expect(fast(layered, line) == nil, "errors are the general path's")
        let error = try layered.error("reverseGeocode", params)
        #expect(error["code"]?.doubleValue == -32602)
        #expect(error["data"]?["param"]?.stringValue == param)
        let message = error["message"]?.stringValue ?? ""
        #expect(message.contains(fragment), "\(message)")
        if param == "fields" && fragment != "must be an array" {
            for name in PlacemarkFields.allNames { #expect(message.contains("\"\(name)\""), "\(message)") }
        }
        let many = try layered.error("reverseGeocodeMany", params.replacingOccurrences(of: #""lat":1,"lon":2"#, with: #""points":[[1,2]]"#))
        #expect(many["data"]?["param"]?.stringValue == param)
    }

    @Test("WorkCost charges each layer asked for and loaded; the country alone costs what it did")
    func cost() throws {
        let point = GeoPoint(lat: 1, lon: 2)
        let countryOnly = WorkCost.estimate(.reverse(point, maxDistanceKm: 10, fields: .country), available: .all)
        #expect(countryOnly == WorkCost.perCall + WorkCost.reversePoint(radiusKm: 10))
        // No fields asks for every member: with layers loaded it costs what fields .all costs.
        let full = WorkCost.estimate(.reverse(point, maxDistanceKm: 10, fields: .all), available: layered.gazetteer.availableFields)
        #expect(full > countryOnly)
        #expect(WorkCost.estimate(.reverse(point, maxDistanceKm: 10), available: layered.gazetteer.availableFields) == full)
        // A server without layers charges the default request as before.
        #expect(WorkCost.estimate(.reverse(point, maxDistanceKm: 10), available: bare.gazetteer.availableFields) == countryOnly)
        // The charge grows with the radius as the country lookup's does, for every layer searched.
        let wide = WorkCost.estimate(.reverseMany([point, point], maxDistanceKm: 20037.5, fields: .all), available: .all)
        #expect(wide >= 2 * 3 * WorkCost.reversePoint(radiusKm: 20037.5))
        // The fast path charges what the general path charges.
        let line = #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[1,2],[3,4]],"fields":["timezone"]},"id":1}"#
        let plan = try #require(Array(line.utf8).withUnsafeBufferPointer { ReverseFastPath.plan($0, limits: RPCLimits()) })
        #expect(plan.cost(available: .all)
            == WorkCost.estimate(.reverseMany([point, point], maxDistanceKm: 10, fields: .timezone), available: .all))
    }

    @Test("a locality given as a value is written with escapes, as a found one's bytes are")
    func localityValueAndFound() throws {
        func written(_ placemark: Placemark) -> String {
            var out = JSONWriter()
            GeoCall.writePlacemark(placemark, fields: .locality, gazetteer: layered.gazetteer, replies: nil, into: &out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        let quoted = Locality(name: "Quote \"A\" \\ Back", geonameid: 7, population: 1234, countryISO2: "AA",
                              admin1: "Line\nBreak", distanceKm: 2.0004, bearing: 359.94, direction: "N")
        #expect(written(Placemark(locality: quoted))
                == #"{"locality":{"name":"Quote \"A\" \\ Back","geonameid":7,"population":1234,"admin1":"Line\nBreak","distanceKm":2,"bearing":359.9,"direction":"N"}}"#)
        let plain = Locality(name: "Zürich", geonameid: 2657896, population: 341730, countryISO2: "CH", admin1: nil,
                             distanceKm: 1.5, bearing: 45, direction: "NE")
        #expect(written(Placemark(locality: plain))
                == #"{"locality":{"name":"Zürich","geonameid":2657896,"population":341730,"admin1":null,"distanceKm":1.5,"bearing":45,"direction":"NE"}}"#)
        #expect(written(Placemark()) == #"{"locality":null}"#, "an empty placemark still names the member asked for")
    }
}

/// A small deterministic generator for test points.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
