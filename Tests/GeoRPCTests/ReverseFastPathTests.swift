import GeoCore
import Testing
@testable import GeoRPC

@Suite("The reverseGeocode fast path answers byte for byte as the general path")
struct ReverseFastPathTests {
    let server: RPCServer

    init() throws {
        server = try Fixture.server()
    }

    func general(_ line: String) -> String {
        var out = JSONWriter()
        Array(line.utf8).withUnsafeBufferPointer { _ = server.handleGeneral(line: $0, into: &out) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    func fast(_ line: String) -> String? {
        var out = JSONWriter()
        let answered = Array(line.utf8).withUnsafeBufferPointer {
            ReverseFastPath.answer($0, gazetteer: server.gazetteer, replies: server.replies, into: &out)
        }
        return answered ? String(decoding: out.bytes, as: UTF8.self) : nil
    }

    @Test("common shapes are taken by the fast path and match the general path", arguments: [
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":48.8566,"lon":2.3522},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8566,2.3522],"id":"a-1"}"#,
        #"{"id":12345678901234567890,"params":{"lon":7.27,"lat":43.67},"method":"reverseGeocode","jsonrpc":"2.0"}"#,
        #" { "jsonrpc" : "2.0" , "method" : "reverseGeocode" , "params" : { "lat" : -9.07 , "lon" : 125.11 } , "id" : -7 } "#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":43.67,"lon":7.27,"maxDistanceKm":0},"id":1.5e3}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"maxDistanceKm":20037.5,"lat":0,"lon":0},"id":""}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":90,"lon":540},"id":0}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":-90,"lon":-1e300},"id":-0}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[0.0000000000000000000000001,-0.0],"id":"x y/z"}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":12.34567890123456789012345,"lon":5},"id":3}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[48.8566,2.3522],[43.67,7.27],[0,0]]},"id":9}"#,
        #"{"params":{"maxDistanceKm":0,"points":[ [43.67 , 7.27] ]},"id":"m","jsonrpc":"2.0","method":"reverseGeocodeMany"}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[]},"id":1}"#,
        // Ids the fast path decodes and writes as the general path does (a million-point line with such
        // an id must not be read into a tree).
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":48.8,"lon":2.3},"id":null}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":48.8,"lon":2.3},"id":"\u0041"}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":48.8,"lon":2.3},"id":"é"}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[1,2]]},"id":"tab\there \"q\" \ud83d\ude00"}"#,
    ])
    func fastMatchesGeneral(line: String) throws {
        let answer = try #require(fast(line), "the fast path should take this line")
        #expect(answer == general(line))
    }

    @Test("unusual or wrong requests go to the general path, which answers them", arguments: [
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":48.8,"lon":2.3}}"#,                 // notification
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":48.8,"lon":2.3},"id":1,"id":2}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":48.8,"lat":2.3,"lon":1},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":91,"lon":2.3},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1e400,"lon":2.3},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":-1e400},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2,"maxDistanceKm":-1},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2,"maxDistanceKm":20037.6},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":"1","lon":2},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2,"extra":3},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[1,2,3],"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[1],"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[01,2],"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[1.,2],"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2},"id":1,"x":0}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2},"id":1} x"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2},"id":01}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2},"id":true}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2},"id":"\ud800"}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2},"id":"a\x"}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocod","params":{"lat":1,"lon":2},"id":1}"#,
        #"{"jsonrpc":"1.0","method":"reverseGeocode","params":{"lat":1,"lon":2},"id":1}"#,
        #"{"method":"reverseGeocode","params":{"lat":1,"lon":2},"id":1}"#,
        #"[{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2},"id":1}]"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":1,"lon":2},"id":1"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"l\u0061t":1,"lon":2},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[1,2],[91,2]]},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[1,2],[1,2,3]]},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[1,2]],"maxDistanceKm":-1},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"lat":1,"lon":2},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"points":[[1,2]]},"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":[[[1,2]]],"id":1}"#,
        #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[1,2]]}}"#,
    ])
    func unusualFallsBack(line: String) {
        #expect(fast(line) == nil, "the fast path must not take this line")
        #expect(server.output(line) == general(line), "handle(line:) gives the general path's reply")
    }

    @Test("20,000 random points, with and without a radius, give the same bytes on both paths")
    func randomPoints() {
        var state: UInt64 = 77
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
        var differ = 0
        for k in 0..<20_000 {
            let lat = unit() * 180 - 90, lon = unit() * 360 - 180
            let radius = k % 3 == 0 ? "" : #","maxDistanceKm":\#(k % 3 == 1 ? "0" : "50")"#
            let line = #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":\#(lat),"lon":\#(lon)\#(radius)},"id":\#(k)}"#
            guard let answer = fast(line), answer == general(line) else {
                differ += 1
                continue
            }
        }
        #expect(differ == 0, "\(differ) of 20,000 lines differ or were refused")
    }

    @Test("pre-encoded reverse results equal the writer's, for every country and for nearest matches")
    func preEncodedResults() {
        var state: UInt64 = 5
        var differ = 0
        for k in 0..<5_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let lat = Double(state >> 11) / Double(UInt64(1) << 53) * 180 - 90
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let lon = Double(state >> 11) / Double(UInt64(1) << 53) * 360 - 180
            let call = GeoCall.reverse(GeoPoint(lat: lat, lon: lon), maxDistanceKm: k % 2 == 0 ? 10 : 300)
            var plain = JSONWriter(), cached = JSONWriter()
            call.writeResult(using: server.gazetteer, into: &plain)
            call.writeResult(using: server.gazetteer, replies: server.replies, into: &cached)
            if plain.bytes != cached.bytes { differ += 1 }
        }
        #expect(differ == 0)
    }
}

@Suite("The fast path leaves to the general path every line a tighter limit could refuse")
struct ReverseFastPathLimitTests {
    @Test("with tight limits, the whole server answers exactly as the general path does", arguments: [
        (RPCLimits(maxNumberChars: 5), #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.856600,2.35],"id":1}"#),
        (RPCLimits(maxNumberChars: 5), #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8,2.3],"id":1234567}"#),
        (RPCLimits(maxStringBytes: 20), #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8,2.3],"id":"an-id-of-21-bytes-xyz"}"#),
        (RPCLimits(maxStringBytes: 6), #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8,2.3],"id":1}"#),
        (RPCLimits(maxDepth: 2), #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[48.8,2.3]]},"id":1}"#),
        (RPCLimits(maxDepth: 3), #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":[[[48.8,2.3]]],"id":1}"#),
    ] as [(RPCLimits, String)])
    func limitsAreHonoured(limits: RPCLimits, line: String) throws {
        let server = try Fixture.server(limits: limits)
        var whole = JSONWriter()
        var general = JSONWriter()
        Array(line.utf8).withUnsafeBufferPointer {
            _ = server.handle(line: $0, into: &whole)
            _ = server.handleGeneral(line: $0, into: &general)
        }
        let reply = String(decoding: whole.bytes, as: UTF8.self)
        #expect(reply == String(decoding: general.bytes, as: UTF8.self))
        #expect(reply.contains("\"limit\""), "a limit error is expected here: \(reply)")
    }
}
