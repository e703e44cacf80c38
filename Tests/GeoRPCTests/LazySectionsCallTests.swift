import GeoCore
import Testing
@testable import GeoRPC

/// A server over a lazily loaded index (`CountryGazetteer(lazyBinary:sourceKey:)`, what the wasm module and
/// the cache loader make): answers equal the eager server's, and a damaged section is a JSON-RPC error for
/// the requests that need it, never a crash and never a wrong answer.
@Suite("Server over an index read when first used")
struct LazySectionsCallTests {
    static let key: (UInt64, UInt64) = (22, 9)

    static func server(_ bytes: [UInt8]) throws -> RPCServer {
        let storage = bytes.withUnsafeBytes { ByteStorage(copying: $0) }
        return RPCServer(gazetteer: try CountryGazetteer(lazyBinary: storage, sourceKey: key))
    }

    static func reply(_ server: RPCServer, _ line: String) -> String {
        var out = JSONWriter()
        server.handle(line: Array(line.utf8), into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    static let lines = [
        #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocode","params":{"lat":2,"lon":15}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"reverseGeocode","params":{"lat":2,"lon":15,"fields":["timezone"]}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"reverseGeocode","params":{"lat":5,"lon":-0.05,"fields":["admin1","country"]}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"reverseGeocodeMany","params":{"points":[[2,15],[40,-30]],"fields":["country","admin1","territory","locality","timezone"]}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"forwardGeocode","params":{"query":"Betaland"}}"#,
        #"[{"jsonrpc":"2.0","id":6,"method":"reverseGeocode","params":{"lat":7,"lon":15,"fields":["admin1"]}},{"jsonrpc":"2.0","id":7,"method":"countriesInBBox","params":{"minLat":0,"minLon":0,"maxLat":1,"maxLon":1}}]"#,
        #"{"jsonrpc":"2.0","id":8,"method":"serverInfo"}"#,
    ]

    @Test("every answer equals the eagerly loaded server's")
    func sameAnswers() throws {
        let bytes = try PlacemarkWorld.layered().binaryIndex(sourceKey: Self.key)
        let eager = RPCServer(gazetteer: try CountryGazetteer(binary: bytes, sourceKey: Self.key))
        let lazy = try Self.server(bytes)
        for line in Self.lines { #expect(Self.reply(lazy, line) == Self.reply(eager, line), "\(line)") }
    }

    @Test("a damaged time-zone section: time-zone requests get an internal error, the others their answers")
    func damagedSection() throws {
        let layered = try PlacemarkWorld.layered()
        var bytes = layered.binaryIndex(sourceKey: Self.key)
        let good = RPCServer(gazetteer: try CountryGazetteer(binary: bytes, sourceKey: Self.key))
        let storage = bytes.withUnsafeBytes { ByteStorage(copying: $0) }
        let directory = try CountryGazetteer.binaryDirectory(storage.bytes, fileSize: UInt64(bytes.count), sourceKey: Self.key)
        let zones = directory[.timezones]
        bytes[Int(zones.offset + zones.length - 3)] ^= 0x01
        let server = try Self.server(bytes)
        for _ in 0..<2 {
            let reply = Self.reply(server, Self.lines[1])
            #expect(reply.hasPrefix(#"{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"#), "\(reply)")
            #expect(reply.contains("damaged") && reply.contains("checksum"), "\(reply)")
        }
        // The default fields (every member) need the time zones too, so that request fails as well.
        #expect(Self.reply(server, Self.lines[0]).contains(#""code":-32603"#))
        let countryOnly = #"{"jsonrpc":"2.0","id":1,"method":"reverseGeocode","params":{"lat":2,"lon":15,"fields":["country"]}}"#
        for line in [countryOnly, Self.lines[2], Self.lines[4]] {
            #expect(Self.reply(server, line) == Self.reply(good, line), "\(line)")
        }
    }
}
