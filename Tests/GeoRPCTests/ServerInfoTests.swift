import GeoCore
import GeoRPC
import Testing

@Suite("serverInfo: what is loaded, counted from the gazetteer; the same object in rpc.discover's info")
struct ServerInfoTests {
    @Test("a countries-only server says its layers and name tables are absent, and counts its countries")
    func countriesOnly() throws {
        let gazetteer = try PlacemarkWorld.countries()
        let server = RPCServer(gazetteer: gazetteer, limits: RPCLimits(maxBatch: 7, maxWork: 1234))
        let info = try server.result("serverInfo", "[]")
        #expect(info["layers"]?["countries"] == .object(JSONObject(members: [
            .init(key: "present", value: .bool(true)),
            .init(key: "features", value: .number(JSONNumber(text: "\(gazetteer.countries.count)", value: Double(gazetteer.countries.count)))),
        ])))
        #expect(info["layers"]?["admin1"]?["present"] == .bool(false))
        #expect(info["layers"]?["admin1"]?["features"] == .null)
        #expect(info["layers"]?["timezones"]?["present"] == .bool(false))
        for table in ["cities", "admin1Names", "countryNames"] {
            #expect(info["tables"]?[table]?["present"] == .bool(false), "\(table)")
            #expect(info["tables"]?[table]?["entries"]?.doubleValue == 0, "\(table)")
        }
        #expect(info["limits"]?["maxBatch"]?.doubleValue == 7)
        #expect(info["limits"]?["maxWork"]?.doubleValue == 1234)
        #expect(info["binaryFormatVersion"]?.doubleValue == Double(CountryGazetteer.binaryFormatVersion))
        #expect(info["indexCache"] == .null)
        #expect(info["files"] == .array([]))
    }

    @Test("layers are reported with the feature counts the loaded layers have")
    func layered() throws {
        let gazetteer = try PlacemarkWorld.layered()
        let info = try RPCServer(gazetteer: gazetteer).result("serverInfo", "{}")
        let admin1 = try #require(gazetteer.admin1Layer?.featureCount)
        let zones = try #require(gazetteer.timezoneLayer?.featureCount)
        #expect(admin1 > 0 && zones > 0)
        #expect(info["layers"]?["admin1"]?["features"]?.doubleValue == Double(admin1))
        #expect(info["layers"]?["timezones"]?["features"]?.doubleValue == Double(zones))
        #expect(info["layers"]?["admin1"]?["present"] == .bool(true))
    }

    @Test("the host's files and cache path are passed through")
    func hostFacts() throws {
        var server = RPCServer(gazetteer: try PlacemarkWorld.countries())
        server.host = ServerHostInfo(program: "geocoder 9", runtime: "native", files: [
            .init(role: "countries", path: "/data/c.geojson", bytes: 42, source: "Natural Earth v5.1.1"),
            .init(role: "cities", path: nil, bytes: nil, source: nil),
        ], indexCachePath: "/cache/c.idx")
        let info = try server.result("serverInfo", "[]")
        #expect(info["program"]?.stringValue == "geocoder 9")
        #expect(info["indexCache"]?.stringValue == "/cache/c.idx")
        let files = try #require(info["files"]?.arrayValue)
        #expect(files.count == 2)
        #expect(files[0]["path"]?.stringValue == "/data/c.geojson" && files[0]["bytes"]?.doubleValue == 42)
        #expect(files[0]["source"]?.stringValue == "Natural Earth v5.1.1")
        #expect(files[1]["path"] == .null && files[1]["source"] == .null)
    }

    @Test("rpc.discover's info holds the serverInfo object; the rest is the embedded document")
    func discoverCarriesIt() throws {
        var server = RPCServer(gazetteer: try PlacemarkWorld.layered())
        server.host = ServerHostInfo(indexCachePath: "/x.idx")
        let document = try server.result("rpc.discover", "[]")
        let info = try #require(document["info"]?.objectValue)
        let extra = try #require(info.members.first { $0.key == "x-serverInfo" })
        #expect(extra.value == (try server.result("serverInfo", "[]")))
        var stripped = info
        stripped.members.removeAll { $0.key == "x-serverInfo" }
        let embedded = try JSONReader.parse(Array(OpenRPCDocument.json.utf8))
        #expect(stripped == embedded["info"]?.objectValue)
    }

    @Test("serverInfo takes no params")
    func refusesParams() throws {
        let server = RPCServer(gazetteer: try PlacemarkWorld.countries())
        for params in ["[1]", #"{"x":1}"#] {
            let reply = try server.reply(#"{"jsonrpc":"2.0","id":1,"method":"serverInfo","params":\#(params)}"#)
            #expect(reply["error"]?["code"]?.doubleValue == -32602, "\(params)")
        }
    }
}
