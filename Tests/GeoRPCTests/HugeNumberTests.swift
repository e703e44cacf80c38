import GeoCore
import Testing
@testable import GeoRPC

/// Huge, tiny and infinite numbers in every numeric parameter of every method (issue 13, item 1):
/// `[10, 1e37]` killed the server with SIGILL. Each must get a correct answer or a clear -32602, by the
/// fast path and the general path alike.
@Suite("Huge and tiny numbers in every numeric parameter")
struct HugeNumberTests {
    let server: RPCServer

    init() throws {
        server = try Fixture.server()
    }

    /// The numbers the attack used, as JSON text: 1e400 reads as infinity.
    static let numbers = ["1e308", "-1e308", "5e-324", "-5e-324", "1e37", "-1e37", "70000000000000000.5", "-0.0", "-0",
                          "1e400", "-1e400", "180", "-180", "540", "-540", "1e300", "0.1e-320"]

    /// Every numeric parameter of every method, with `N` standing for the number.
    static let templates = [
        #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocode","params":[N,10]}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocode","params":[10,N]}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocode","params":{"lat":10,"lon":N}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocode","params":{"lat":66,"lon":N,"maxDistanceKm":0}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocode","params":{"lat":10,"lon":20,"maxDistanceKm":N}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocodeMany","params":[[[N,10],[10,N],[48.85,2.35]]]}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocodeMany","params":{"points":[[10,N],[66,N]],"maxDistanceKm":0}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocodeMany","params":{"points":[[10,20]],"maxDistanceKm":N}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"forwardGeocode","params":["paris",N]}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"forwardGeocode","params":{"query":"paris","limit":N}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"countriesInBBox","params":[N,0,10,10]}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"countriesInBBox","params":[0,N,10,10]}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"countriesInBBox","params":[-10,0,N,10]}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"countriesInBBox","params":[0,-10,10,N]}"#,
        #"{"jsonrpc":"2.0","id":N,"method":"reverseGeocode","params":[N,N]}"#,
    ]

    static let lines = templates.flatMap { t in numbers.map { t.replacingOccurrences(of: "N", with: $0) } }

    @Test("a result or -32602, with the request's id, by both paths", arguments: lines)
    func answers(line: String) throws {
        let reply = try server.reply(line)
        if let error = reply["error"] {
            #expect(error["code"] == .number("-32602"), "\(reply)")
        } else {
            #expect(reply["result"] != nil, "\(reply)")
        }
        // Whatever path the server took, the general path gives the same bytes.
        var general = JSONWriter()
        Array(line.utf8).withUnsafeBufferPointer { _ = server.handleGeneral(line: $0, into: &general) }
        #expect(server.output(line) == String(decoding: general.bytes, as: UTF8.self))
    }

    @Test("a huge longitude is the meridian it names: 1e37 ≡ 112, -1e308 ≡ 64, 6.6e300 ≡ -88 (mod 360)",
          arguments: [("1e37", 112.0), ("-1e308", 64.0), ("6.6e300", -88.0), ("72057594037927938.5", -104.0)])
    func meridian(text: String, wrapped: Double) throws {
        for lat in [-75.0, -30, 0, 10, 35, 50, 60] {
            let huge = try server.result("reverseGeocode", #"{"lat":\#(lat),"lon":\#(text),"maxDistanceKm":50}"#)
            let plain = try server.result("reverseGeocode", #"{"lat":\#(lat),"lon":\#(wrapped),"maxDistanceKm":50}"#)
            #expect(huge == plain, "\(lat), \(text)")
            let many = try server.result("reverseGeocodeMany", #"{"points":[[\#(lat),\#(text)]],"maxDistanceKm":50}"#)
            #expect(many == .array([plain]), "\(lat), \(text) batched")
        }
    }

    @Test("±180 and its other spellings agree through the RPC, one by one and batched, fast and general")
    func antimeridian() throws {
        for (lat, iso3) in [(66.0, "RUS"), (-16.5, "FJI"), (-85.0, "ATA")] {
            var answers: [JSONValue] = []
            for lon in ["180", "-180", "540", "-540", "180.00000000000003", "179.99999999999997"] {
                let one = try server.result("reverseGeocode", #"{"lat":\#(lat),"lon":\#(lon),"maxDistanceKm":0}"#)
                #expect(one["iso3"] == .string(iso3), "\(lat), \(lon)")
                answers.append(one)
            }
            let many = try server.result("reverseGeocodeMany", #"{"points":[[\#(lat),180],[\#(lat),-180]],"maxDistanceKm":0}"#)
            #expect(many == .array([answers[0], answers[1]]))
        }
        let west = try server.result("countriesInBBox", "[65,-180,67,-180]")
        let east = try server.result("countriesInBBox", "[65,180,67,180]")
        #expect(west == east)
        #expect(west.arrayValue?.first?["iso3"] == .string("RUS"))
    }
}
