import GeoCore
import GeoRPC
import Testing

@Suite("whereAmI, nearbyMany, whereAmIMany: params, work cost, answers from a server with layers")
struct WhereAmICallTests {
    static func problem(_ method: String, _ params: String) -> InvalidParams? {
        do {
            _ = try GeoCallTests.decode(method, params)
            return nil
        } catch let RPCError.invalidParams(invalid) {
            return invalid
        } catch {
            return nil
        }
    }

    @Test func paramsDecode() throws {
        let here = GeoPoint(lat: 60.17, lon: 24.94)
        #expect(try GeoCallTests.decode("whereAmI", "[60.17, 24.94]") == .whereAmI(WhereAmIRequest(point: TracePoint(point: here))))
        #expect(try GeoCallTests.decode("whereAmI", #"{"lat":60.17,"lon":24.94,"heading":360,"previousRoad":"Main","roadLayer":"r","poiLayer":"p"}"#)
                == .whereAmI(WhereAmIRequest(point: TracePoint(point: here, heading: 360), previousRoad: "Main", roadLayer: "r", poiLayer: "p")))
        #expect(try GeoCallTests.decode("whereAmIMany", #"[[{"lat":60.17,"lon":24.94,"heading":5},[60.17,24.94],[60.17,24.94,7]]]"#)
                == .whereAmIMany(WhereAmIManyRequest(points: [TracePoint(point: here, heading: 5), TracePoint(point: here),
                                                              TracePoint(point: here, heading: 7)])))
        #expect(try GeoCallTests.decode("nearbyMany", #"{"points":[[60.17,24.94]],"limit":3}"#)
                == .nearbyMany(NearbyManyRequest(points: [here], limit: 3)))
    }

    @Test func badParamsAreNamedByTheirPath() {
        #expect(Self.problem("whereAmI", #"{"lat":1,"lon":2,"heading":-1}"#)?.param == "heading")
        #expect(Self.problem("whereAmI", #"{"lat":1,"lon":2,"heading":360.5}"#)?.param == "heading")
        #expect(Self.problem("whereAmI", #"{"lat":1,"lon":200}"#)?.param == "lon")
        #expect(Self.problem("whereAmI", #"{"lat":1,"lon":2,"previousRoad":3}"#)?.param == "previousRoad")
        #expect(Self.problem("whereAmI", #"{"lat":1,"lon":2,"roadLayer":["a"]}"#)?.param == "roadLayer")
        #expect(Self.problem("whereAmIMany", #"{"points":[{"lat":1,"lon":2},{"lat":1}]}"#)?.param == "points[1].lon")
        #expect(Self.problem("whereAmIMany", #"{"points":[{"lat":1,"lon":2,"speed":3}]}"#)?.param == "points[0].speed")
        #expect(Self.problem("whereAmIMany", #"{"points":[{"lat":1,"lon":2,"heading":"N"}]}"#)?.param == "points[0].heading")
        #expect(Self.problem("whereAmIMany", #"{"points":[[1,2,3,4]]}"#)?.param == "points[0]")
        #expect(Self.problem("nearbyMany", #"{"points":[[1,2,3]]}"#)?.param == "points[0]")
        #expect(Self.problem("nearbyMany", #"{"points":[{"lat":1,"lon":2}]}"#)?.param == "points[0]")
        #expect(Self.problem("nearbyMany", #"{"points":[[1,181]]}"#)?.param == "points[0][1]")
        #expect(Self.problem("nearbyMany", #"{"points":[[1,2]],"limit":0}"#)?.param == "limit")
        #expect(Self.problem("nearby", #"{"lat":1,"lon":2,"geometry":"area"}"#)?.param == "geometry")
        #expect(Self.problem("nearby", #"{"lat":1,"lon":2,"geometry":[]}"#)?.param == "geometry")
        #expect(Self.problem("nearby", #"{"lat":1,"lon":2,"geometry":["line",3]}"#)?.param == "geometry[1]")
        #expect(Self.problem("nearbyMany", #"{"points":[[1,2]],"geometry":"Point"}"#)?.param == "geometry")
    }

    @Test func batchFormsCostTheirPointsAndAFullTraceFitsTheDefaultBudget() throws {
        let point = TracePoint(point: GeoPoint(lat: 0, lon: 0))
        let single = WorkCost.estimate(.whereAmI(WhereAmIRequest(point: point)))
        let trace = WorkCost.estimate(.whereAmIMany(WhereAmIManyRequest(points: Array(repeating: point, count: 10_000))))
        #expect(trace == 2 + 10_000 * (single - 2))
        #expect(trace <= RPCLimits.defaultMaxWork)
        let nearby = WorkCost.estimate(.nearby(NearbyRequest(point: point.point)))
        let many = WorkCost.estimate(.nearbyMany(NearbyManyRequest(points: Array(repeating: point.point, count: 10_000))))
        #expect(many == 2 + 10_000 * (nearby - 2) && many <= RPCLimits.defaultMaxWork)
        // A geometry filter asks the search again with larger k: it costs more, in either form.
        let filtered = WorkCost.estimate(.nearby(NearbyRequest(point: point.point, geometry: [.point])))
        #expect(filtered == 2 + 3 * (nearby - 2))
        let filteredMany = WorkCost.estimate(.nearbyMany(NearbyManyRequest(points: Array(repeating: point.point, count: 10),
                                                                           geometry: [.line])))
        #expect(filteredMany == 2 + 10 * (filtered - 2))
        // A trace past the budget is refused before it runs.
        let huge = WorkCost.estimate(.whereAmIMany(WhereAmIManyRequest(points: Array(repeating: point, count: 100_000))))
        #expect(huge > RPCLimits.defaultMaxWork)
    }

    @Test func serverAnswersWhereAmIAndCarriesTheRoadAlongATrace() throws {
        let server = RPCServer(gazetteer: try Fixture.gazetteer.get(), layers: NearbyCallTests.layers)
        let answer = try server.result("whereAmI", #"{"lat":60.1701,"lon":24.945,"heading":90}"#)
        #expect(answer["context"] == .string("alongsideRoad"))
        #expect(answer["road"]?["name"] == .string("Main Street"))
        #expect(answer["phrase"] == .string("You are facing east along Main Street. Cafe is 45 m north."))
        let trace = try server.result("whereAmIMany", #"[[[60.1701,24.945],[60.18,24.945]]]"#)
        #expect(trace.arrayValue?.map { $0["context"] } == [.string("alongsideRoad"), .string("other")])
        let unknown = try server.reply(#"{"jsonrpc":"2.0","id":1,"method":"whereAmI","params":{"lat":0,"lon":0,"poiLayer":"x"}}"#)
        #expect(unknown["error"]?["data"]?["param"] == .string("poiLayer"))
        let many = try server.result("nearbyMany", #"[[[60.1704,24.945],[0,0]]]"#)
        #expect(many.arrayValue?.map { $0.arrayValue?.count } == [2, 0])
        // The street is nearer; asking for points answers the cafe, for lines the street, one each.
        let points = try server.result("nearby", #"{"lat":60.1701,"lon":24.945,"limit":1,"geometry":"point"}"#)
        #expect(points.arrayValue?.map { $0["name"] } == [.string("Cafe")])
        let lines = try server.result("nearbyMany", #"{"points":[[60.1704,24.945]],"limit":5,"geometry":["line"]}"#)
        #expect(lines.arrayValue?.first?.arrayValue?.map { $0["name"] } == [.string("Main Street")])
    }
}
