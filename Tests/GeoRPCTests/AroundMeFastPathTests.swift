import GeoCore
import Testing
@testable import GeoRPC

@Suite("The nearby/whereAmI fast path answers byte for byte as the general path")
struct AroundMeFastPathTests {
    static func server(_ limits: RPCLimits = RPCLimits()) throws -> RPCServer {
        RPCServer(gazetteer: try Fixture.gazetteer.get(), limits: limits, layers: NearbyCallTests.layers)
    }

    /// The server's output through `handle` (fast path first) and through the general path alone.
    static func both(_ line: String, _ server: RPCServer) -> (handled: String, general: String) {
        var fast = JSONWriter(), general = JSONWriter()
        Array(line.utf8).withUnsafeBufferPointer {
            server.handle(line: $0, into: &fast)
            _ = server.handleGeneral(line: $0, into: &general)
        }
        return (String(decoding: fast.bytes, as: UTF8.self), String(decoding: general.bytes, as: UTF8.self))
    }

    static func plan(_ line: String, _ limits: RPCLimits = RPCLimits()) -> AroundMeFastPath.Plan? {
        Array(line.utf8).withUnsafeBufferPointer { AroundMeFastPath.plan($0, limits: limits) }
    }

    @Test("common shapes are taken by the fast path and match the general path", arguments: [
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.1704,"lon":24.945,"radiusM":500,"limit":10},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.1704,"lon":24.945},"id":"n-1"}"#,
        #"{"id":7,"params":[60.1704,24.945],"method":"nearby","jsonrpc":"2.0"}"#,
        #" { "jsonrpc" : "2.0" , "method" : "nearby" , "params" : { "limit" : 1e0 , "lon" : 24.945 , "lat" : 60.1704 } , "id" : -7 } "#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.1704,"lon":24.945,"radiusM":0,"limit":1000},"id":1.5e3}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.1704,"lon":24.945,"radiusM":10000,"limit":2.0},"id":null}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":-90,"lon":180},"id":"\u0041\t"}"#,
        #"{"jsonrpc":"2.0","method":"whereAmI","params":{"lat":60.17005,"lon":24.9451,"heading":90},"id":2}"#,
        #"{"jsonrpc":"2.0","method":"whereAmI","params":{"heading":0,"lat":60.1704,"lon":24.945},"id":"w"}"#,
        #"{"jsonrpc":"2.0","method":"whereAmI","params":{"lat":60.1704,"lon":24.945,"heading":360},"id":3}"#,
        #"{"params":[60.1704,24.945],"jsonrpc":"2.0","id":4,"method":"whereAmI"}"#,
        #"{"jsonrpc":"2.0","method":"whereAmI","params":{"lat":0,"lon":-180},"id":5}"#,
    ])
    func fastMatchesGeneral(line: String) throws {
        #expect(Self.plan(line) != nil, "the fast path should take this line")
        let (handled, general) = Self.both(line, try Self.server())
        #expect(handled == general)
        #expect(handled.contains(#""result":"#))
    }

    @Test("anything else goes to the general path, which answers it (errors too)", arguments: [
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94}}"#,                        // notification
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94,"layers":["city"]},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94,"geometry":"point"},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lat":60.18,"lon":24.94},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":91,"lon":24.94},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":180.5},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94,"radiusM":10000.5},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94,"radiusM":-1},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94,"limit":0},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94,"limit":1.5},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94,"limit":1001},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94,"heading":90},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":"60.17","lon":24.94},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":1e400,"lon":24.94},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lon":24.94},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":[60.17,24.94,500],"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94},"id":1,"id":2}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94},"id":true}"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.17,"lon":24.94},"id":1} x"#,
        #"{"jsonrpc":"2.0","method":"nearby","params":{"l\u0061t":60.17,"lon":24.94},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"nearbyMany","params":{"points":[[60.17,24.94]]},"id":1}"#,
        #"{"jsonrpc":"1.0","method":"nearby","params":{"lat":60.17,"lon":24.94},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"whereAmI","params":{"lat":60.17,"lon":24.94,"heading":360.5},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"whereAmI","params":{"lat":60.17,"lon":24.94,"heading":-1},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"whereAmI","params":{"lat":60.17,"lon":24.94,"radiusM":5},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"whereAmI","params":{"lat":60.17,"lon":24.94,"previousRoad":"s"},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"whereAmI","params":{"lat":60.17,"lon":24.94,"roadLayer":"roads"},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"whereAmI","params":[60.17,24.94,90],"id":1}"#,
        #"[{"jsonrpc":"2.0","method":"whereAmI","params":[60.17,24.94],"id":1}]"#,
    ])
    func othersGoToTheGeneralPath(line: String) throws {
        #expect(Self.plan(line) == nil, "the fast path must leave this line alone")
        let (handled, general) = Self.both(line, try Self.server())
        #expect(handled == general)
    }

    @Test("caps the fast path cannot honour leave every line to the general path, and the work charge is the same")
    func limits() throws {
        let line = #"{"jsonrpc":"2.0","method":"nearby","params":{"lat":60.1704,"lon":24.945,"limit":10},"id":12345}"#
        for limits in [RPCLimits(maxDepth: 1), RPCLimits(maxStringBytes: 7), RPCLimits(maxNumberChars: 4),
                       RPCLimits(maxValues: 5)] {
            #expect(Self.plan(line, limits) == nil)
            let (handled, general) = Self.both(line, try Self.server(limits))
            #expect(handled == general)
        }
        // The most values the fast path takes: exactly what the general path allows at that cap.
        #expect(Self.plan(line, RPCLimits(maxValues: 9)) != nil)
        let (atCap, generalAtCap) = Self.both(line, try Self.server(RPCLimits(maxValues: 9)))
        #expect(atCap == generalAtCap && atCap.contains(#""result":"#))
        // A budget too small for the call: the same refusal from both paths.
        let tight = RPCLimits(maxWork: 10)
        #expect(Self.plan(line, tight) != nil)
        let (handled, general) = Self.both(line, try Self.server(tight))
        #expect(handled == general && handled.contains(#""maxWork""#))
    }
}
