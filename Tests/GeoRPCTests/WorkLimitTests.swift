import GeoCore
@testable import GeoRPC
import Testing

/// `maxWork` (issue 13, item 9): a budget per line, estimated from params before anything runs.
@Suite("Work limit")
struct WorkLimitTests {
    static let nemo = "[-48.8767,-123.3933]"

    static func far(_ id: Int, points: Int) -> String {
        let list = Array(repeating: nemo, count: points).joined(separator: ",")
        return #"{"jsonrpc":"2.0","id":\#(id),"method":"reverseGeocodeMany","params":{"points":[\#(list)],"maxDistanceKm":20037.5}}"#
    }

    static let pointCost = WorkCost.reverseMany(count: 1, radiusKm: 20037.5)

    @Test("one call over the budget gets -32600 maxWork with its id, the estimate and the budget")
    func singleCall() throws {
        let server = try Fixture.server(limits: RPCLimits(maxWork: 10 * Self.pointCost))
        for line in [Self.far(7, points: 11), Self.far(7, points: 11).replacingOccurrences(of: "\"id\":7", with: "\"id\":7.0")] {
            let reply = try server.reply(line)
            #expect(reply["id"]?.doubleValue == 7)
            let error = try #require(reply["error"])
            #expect(error["code"]?.doubleValue == -32600)
            #expect(error["data"]?["limit"] == .string("maxWork"))
            #expect(error["data"]?["max"]?.doubleValue == Double(10 * Self.pointCost))
            #expect(error["data"]?["found"]?.doubleValue == Double(WorkCost.reverseMany(count: 11, radiusKm: 20037.5)))
        }
    }

    @Test("a batch spends one budget in order: the calls past it, and all after, get the error with their ids")
    func batchSharesTheBudget() throws {
        let server = try Fixture.server(limits: RPCLimits(maxWork: 25 * Self.pointCost))
        let cheap = #"{"jsonrpc":"2.0","id":9,"method":"reverseGeocode","params":[48.85,2.35]}"#
        let batch = "[\(Self.far(1, points: 10)),\(Self.far(2, points: 10)),\(Self.far(3, points: 10)),\(cheap)]"
        let replies = try #require(try server.reply(batch).arrayValue)
        #expect(replies.map { $0["id"]?.doubleValue } == [1, 2, 3, 9])
        #expect(replies[0]["result"] != nil && replies[1]["result"] != nil)
        for refused in replies[2...] {
            #expect(refused["error"]?["data"]?["limit"] == .string("maxWork"), "\(refused)")
        }
        // The budget is per line: each of these lines alone fits.
        for line in [Self.far(1, points: 10), Self.far(2, points: 10), Self.far(3, points: 10)] {
            #expect(try server.reply(line)["result"] != nil)
        }
    }

    @Test("the same line always gets the same answer")
    func deterministic() throws {
        let server = try Fixture.server(limits: RPCLimits(maxWork: 25 * Self.pointCost))
        let batch = "[\(Self.far(1, points: 10)),\(Self.far(2, points: 10)),\(Self.far(3, points: 10))]"
        let first = server.output(batch)
        for _ in 0..<3 { #expect(server.output(batch) == first) }
    }

    @Test("normal clients fit the default budget: a million default-radius points, 10,000 ordinary calls")
    func defaultsAreGenerous() {
        let budget = RPCLimits.defaultMaxWork
        #expect(WorkCost.reverseMany(count: 1_000_000, radiusKm: CountryGazetteer.defaultMaxDistanceKm) <= budget)
        // The most points a 16 MiB line can hold, `[0,0],` each.
        #expect(WorkCost.reverseMany(count: 16 * 1024 * 1024 / 6, radiusKm: CountryGazetteer.defaultMaxDistanceKm) <= budget)
        #expect(10_000 * (WorkCost.perCall + WorkCost.reversePoint(radiusKm: 100)) <= budget)
        #expect(10_000 * WorkCost.discover <= budget)
        #expect(10_000 * WorkCost.countriesInBBox(GeoBox(minLat: 45, minLon: 5, maxLat: 48, maxLon: 10)) <= budget)
    }

    @Test("estimates grow with what makes calls slow: radius, limit, query length, box area")
    func monotone() {
        let radii: [Double] = [0, 10, 100, 1000, 2000, 2500, 5000, 10000, 20037.5]
        let costs = radii.map { WorkCost.reversePoint(radiusKm: $0) }
        #expect(costs == costs.sorted())
        #expect(WorkCost.forward(queryBytes: 1, limit: 250) > WorkCost.forward(queryBytes: 1, limit: 5))
        #expect(WorkCost.forward(queryBytes: 4000, limit: 5) > WorkCost.forward(queryBytes: 100, limit: 5))
        #expect(WorkCost.countriesInBBox(GeoBox(minLat: -90, minLon: -180, maxLat: 90, maxLon: 180))
                > WorkCost.countriesInBBox(GeoBox(minLat: 0, minLon: 0, maxLat: 1, maxLon: 1)))
        #expect(WorkCost.reverseMany(count: .max, radiusKm: 20037.5) == .max, "saturates")
    }
}
