import GeoCore
import GeoRPC
import Testing

@Suite("nearby: params, and answers from a server with and without layers")
struct NearbyCallTests {
    static func decode(_ params: String) throws -> GeoCall {
        try GeoCallTests.decode("nearby", params)
    }

    static func problem(_ params: String) -> InvalidParams? {
        do {
            _ = try decode(params)
            return nil
        } catch let RPCError.invalidParams(invalid) {
            return invalid
        } catch {
            return nil
        }
    }

    @Test func defaultsAndPositions() throws {
        #expect(try Self.decode("[60.17, 24.94]") == .nearby(NearbyRequest(point: GeoPoint(lat: 60.17, lon: 24.94))))
        #expect(try Self.decode(#"{"lat":1,"lon":2,"radiusM":0,"limit":1000,"layers":["a","b"]}"#)
                == .nearby(NearbyRequest(point: GeoPoint(lat: 1, lon: 2), radiusM: 0, limit: 1_000, layers: ["a", "b"])))
    }

    @Test func badParamsAreNamed() {
        #expect(Self.problem(#"{"lat":1,"lon":2,"radiusM":10000.5}"#)?.param == "radiusM")
        #expect(Self.problem(#"{"lat":1,"lon":2,"radiusM":-1}"#)?.param == "radiusM")
        #expect(Self.problem(#"{"lat":1,"lon":2,"limit":0}"#)?.param == "limit")
        #expect(Self.problem(#"{"lat":1,"lon":2,"limit":1001}"#)?.param == "limit")
        #expect(Self.problem(#"{"lat":1,"lon":180.5}"#)?.param == "lon")
        #expect(Self.problem(#"{"lat":1,"lon":2,"layers":[]}"#)?.param == "layers")
        #expect(Self.problem(#"{"lat":1,"lon":2,"layers":"a"}"#)?.param == "layers")
        #expect(Self.problem(#"{"lat":1,"lon":2,"layers":["a",3]}"#)?.param == "layers[1]")
        #expect(Self.problem("[1, 2, 500]")?.param == "params")
    }

    static let layers: FeatureLayers = {
        let json = #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"s","properties":{"name":"Main Street"},"geometry":{"type":"LineString","coordinates":[[24.94,60.17],[24.95,60.17]]}},{"type":"Feature","id":2,"properties":{"name":"Cafe","n":1.50},"geometry":{"type":"Point","coordinates":[24.945,60.1705]}}]}"#
        return FeatureLayers(layers: [try! FeatureLayer(name: "city", geoJSON: Array(json.utf8))])
    }()

    @Test func serverWithLayersAnswersNearestFirst() throws {
        let server = RPCServer(gazetteer: try Fixture.gazetteer.get(), layers: Self.layers)
        let result = try server.result("nearby", #"{"lat":60.1704,"lon":24.945}"#)
        let hits = try #require(result.arrayValue)
        #expect(hits.map { $0["id"] } == [.number(JSONNumber(text: "2", value: 2)), .string("s")])
        #expect(hits[0]["properties"] == .object(JSONObject(members: [
            .init(key: "name", value: .string("Cafe")), .init(key: "n", value: .number(JSONNumber(text: "1.50", value: 1.5)))])))
        #expect(hits[0]["direction"] == .string("N") && hits[0]["inside"] == .null && hits[0]["geometry"] == .string("Point"))
        #expect(hits[1]["direction"] == .string("S") && hits[1]["layer"] == .string("city"))
        let limited = try server.result("nearby", #"{"lat":60.1704,"lon":24.945,"limit":1,"layers":["city"]}"#)
        #expect(limited.arrayValue?.count == 1)
        let unknown = try server.reply(#"{"jsonrpc":"2.0","id":1,"method":"nearby","params":{"lat":0,"lon":0,"layers":["roads"]}}"#)
        #expect(unknown["error"]?["data"]?["param"] == .string("layers[0]"))
        #expect(unknown["error"]?["data"]?["reason"] == .string("names no loaded layer (loaded: city)"))
    }

    @Test func serverWithoutLayersAnswersAnEmptyList() throws {
        let server = try Fixture.server()
        #expect(try server.result("nearby", "[60.17, 24.94]") == .array([]))
        var out = JSONWriter()
        try Self.decode("[60.17, 24.94]").writeResult(using: try Fixture.gazetteer.get(), into: &out)
        #expect(out.bytes == Array("[]".utf8))
    }
}
