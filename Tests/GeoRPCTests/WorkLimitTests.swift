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
        #expect(10_000 * (WorkCost.perCall + WorkCost.reversePoint(radiusKm: 100)) <= budget)
        #expect(10_000 * WorkCost.discover <= budget)
        #expect(10_000 * WorkCost.countriesInBBox(GeoBox(minLat: 40, minLon: 0, maxLat: 50, maxLon: 10)) <= budget)
        for city in ["paris", "São Paulo", "Cambridge, MA", "Llanfairpwllgwyngyll"] {
            #expect(10_000 * WorkCost.forward(queryBytes: city.utf8.count, limit: 5) <= budget, "\(city)")
        }
    }

    @Test("what the measurements put over 10 s of CPU does not fit: 10,000 [\"a\", 250], whole-world boxes, far-sea points")
    func heavyLinesDoNotFit() {
        let budget = RPCLimits.defaultMaxWork
        #expect(10_000 * WorkCost.forward(queryBytes: 1, limit: 250) > budget)  // 12–15 s measured
        #expect(10_000 * WorkCost.countriesInBBox(GeoBox(minLat: -90, minLon: -180, maxLat: 90, maxLon: 180)) > budget)
        #expect(WorkCost.reverseMany(count: 16_000, radiusKm: GeoCall.maxDistanceKmLimit) > budget)
        #expect(10_000 * (WorkCost.forward(queryBytes: 8, limit: 5) + WorkCost.fuzzy(editBound: 2)) > budget)
    }

    @Test("a forward query that matches a name is not charged the fuzzy walk; one that matches nothing is")
    func fuzzyChargedWhenReached() throws {
        let base = WorkCost.forward(queryBytes: 8, limit: 5)
        // Room for 3 base costs and one walk: two exact names and one no-match query fit, a second one does not.
        let server = try Fixture.server(limits: RPCLimits(maxWork: 4 * base + WorkCost.fuzzy(editBound: 2) - 1))
        let call = { (id: Int, query: String) in
            #"{"jsonrpc":"2.0","id":\#(id),"method":"forwardGeocode","params":["\#(query)",5]}"#
        }
        let replies = try #require(try server.reply("[\(call(1, "Portugal")),\(call(2, "Germany!")),\(call(3, "wvqzpkdh")),\(call(4, "wvqzpkdh"))]").arrayValue)
        #expect(replies.map { $0["result"] != nil } == [true, true, true, false])
        #expect(replies[3]["error"]?["data"]?["limit"] == .string("maxWork"))
        #expect(replies[3]["error"]?["data"]?["found"]?.doubleValue == Double(base))
    }

    @Test("a prefix scan is charged for the names under it, once their number is known: one unit short, refused")
    func prefixScanCharged() throws {
        let gazetteer = try Fixture.gazetteer.get()
        // How many names the search scores under "s" (country names in ~40 languages here; 40,040 with
        // the cities of the real index).
        var scanned = 0
        _ = gazetteer.forward("s", options: ForwardOptions(limit: 250), fuzzy: { _ in true }, prefix: { names in
            scanned = names
            return true
        })
        let charge = WorkCost.prefixScan(names: scanned)
        #expect(charge >= 1, "\(scanned) names")
        let base = WorkCost.forward(queryBytes: 1, limit: 250)
        let line = #"{"jsonrpc":"2.0","id":5,"method":"forwardGeocode","params":["s",250]}"#
        let fits = try Fixture.server(limits: RPCLimits(maxWork: base + charge))
        #expect(try fits.reply(line)["result"]?.arrayValue?.isEmpty == false)
        let short = try Fixture.server(limits: RPCLimits(maxWork: base + charge - 1))
        let refused = try short.reply(line)
        #expect(refused["id"]?.doubleValue == 5)
        #expect(refused["error"]?["data"]?["limit"] == .string("maxWork"))
        #expect(refused["error"]?["data"]?["found"]?.doubleValue == Double(charge))
        // An exact name scans what starts with it, far fewer: "france" costs its base and next to nothing.
        var exactScan = 0
        _ = gazetteer.forward("france", options: ForwardOptions(limit: 250), fuzzy: { _ in true }, prefix: { names in
            exactScan = names
            return true
        })
        #expect(exactScan < scanned / 10)
        #expect(WorkCost.prefixScan(names: 40_040) > 2 * WorkCost.prefixScan(names: 17_187))
    }

    @Test("estimates grow with what makes calls slow: radius, limit, query length, box area")
    func monotone() {
        let radii: [Double] = [0, 10, 100, 1000, 2000, 2500, 5000, 10000, 20037.5]
        let costs = radii.map { WorkCost.reversePoint(radiusKm: $0) }
        #expect(costs == costs.sorted())
        #expect(WorkCost.forward(queryBytes: 1, limit: 250) > WorkCost.forward(queryBytes: 1, limit: 5))
        #expect(WorkCost.forward(queryBytes: 4000, limit: 5) > WorkCost.forward(queryBytes: 100, limit: 5))
        #expect(WorkCost.fuzzy(editBound: 2) > WorkCost.fuzzy(editBound: 1))
        #expect(WorkCost.countriesInBBox(GeoBox(minLat: -90, minLon: -180, maxLat: 90, maxLon: 180))
                > WorkCost.countriesInBBox(GeoBox(minLat: 0, minLon: 0, maxLat: 1, maxLon: 1)))
        #expect(WorkCost.reverseMany(count: .max, radiusKm: 20037.5) == .max, "saturates")
    }
}

/// `maxValues` (issue 13, item 10): no request is read into a tree larger than the cap.
@Suite("Tree size limit")
struct TreeSizeTests {
    static let limits = RPCLimits(maxValues: 50)

    static func points(_ count: Int, last: String = "[1,2]") -> String {
        (Array(repeating: "[1,2]", count: count - 1) + [last]).joined(separator: ",")
    }

    @Test("a request over the cap that the fast path does not take is refused with its id, before a tree is built")
    func refusedWithID() throws {
        let server = try Fixture.server(limits: Self.limits)
        // The last point is out of range: only the general path could say so, and it would need a tree.
        let line = #"{"jsonrpc":"2.0","id":"big","method":"reverseGeocodeMany","params":{"points":[\#(Self.points(40, last: "[91,0]"))]}}"#
        let reply = try server.reply(line)
        #expect(reply["id"] == .string("big"))
        #expect(reply["error"]?["code"]?.doubleValue == -32600)
        #expect(reply["error"]?["data"]?["limit"] == .string("maxValues"))
        let bound = Array(line.utf8).withUnsafeBufferPointer { RPCServer.valueCountBound($0) }
        #expect(reply["error"]?["data"]?["found"]?.doubleValue == Double(bound))
        // Under the cap, the same mistake gets its usual error.
        let small = #"{"jsonrpc":"2.0","id":"small","method":"reverseGeocodeMany","params":{"points":[\#(Self.points(5, last: "[91,0]"))]}}"#
        #expect(try server.reply(small)["error"]?["data"]?["param"] == .string("points[4][0]"))
    }

    @Test("plain reverseGeocodeMany lines are not counted: the fast path reads them without a tree")
    func fastPathUncounted() throws {
        let server = try Fixture.server(limits: Self.limits)
        let line = #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocodeMany","params":{"points":[\#(Self.points(400))]}}"#
        #expect(try server.reply(line)["result"]?.arrayValue?.count == 400)
    }

    @Test("a broken line over the cap keeps its parse error; batch elements are counted one by one")
    func parseErrorsAndBatches() throws {
        let server = try Fixture.server(limits: Self.limits)
        let broken = #"{"jsonrpc":"2.0","id":1,"method":"x","params":[\#(Self.points(40))"#
        #expect(try server.reply(broken)["error"]?["code"]?.doubleValue == -32700)
        let big = #"{"jsonrpc":"2.0","id":2,"method":"forwardGeocode","params":{"query":"x","countryCodes":[\#(Array(repeating: "\"FR\"", count: 60).joined(separator: ","))]}}"#
        let ok = #"{"jsonrpc":"2.0","id":3,"method":"forwardGeocode","params":["Paris"]}"#
        let replies = try #require(try server.reply("[\(big),\(ok),[\(Self.points(60))]]").arrayValue)
        #expect(replies.map { $0["id"] } == [.number(JSONNumber(text: "2", value: 2)), .number(JSONNumber(text: "3", value: 3)), .null])
        #expect(replies[0]["error"]?["data"]?["limit"] == .string("maxValues"))
        #expect(replies[1]["result"] != nil)
        #expect(replies[2]["error"]?["code"]?.doubleValue == -32600)
    }
}
