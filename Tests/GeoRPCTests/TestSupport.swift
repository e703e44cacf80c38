import Foundation
import GeoCore
import GeoRPC
import Testing

/// Files next to the tests and the real dataset, located from this file's path.
enum Fixture {
    /// `Tests/GeoRPCTests`.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The repository root, two folders up.
    static let root = directory.deletingLastPathComponent().deletingLastPathComponent()

    static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    struct LoadFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The real Natural Earth data, loaded once per test process: it is 21 MB.
    static let gazetteer: Result<CountryGazetteer, LoadFailure> = {
        let url = root.appendingPathComponent("Data/ne_10m_admin_0_countries.geojson")
        guard let bytes = try? bytes(url) else {
            return .failure(LoadFailure(description: "cannot read \(url.path)"))
        }
        do throws(GazetteerError) {
            return .success(try CountryGazetteer.load(geoJSON: bytes))
        } catch {
            return .failure(LoadFailure(description: "cannot load \(url.path): \(error.message)"))
        }
    }()

    /// A server over the real data.
    static func server(limits: RPCLimits = RPCLimits()) throws -> RPCServer {
        RPCServer(gazetteer: try gazetteer.get(), limits: limits)
    }
}

extension RPCServer {
    /// The raw output for one line handed straight to the server.
    func output(_ line: String) -> String {
        var out = JSONWriter()
        handle(line: Array(line.utf8), into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The one reply line for `line`, parsed.
    func reply(_ line: String) throws -> JSONValue {
        let text = output(line)
        try #require(text.hasSuffix("\n"), "a reply line ends in a newline: \(text)")
        try #require(text.dropLast().contains("\n") == false, "exactly one reply line: \(text)")
        return try JSONReader.parse(Array(text.utf8))
    }

    /// The `result` of a call, after checking it is not an error.
    func result(_ method: String, _ params: String) throws -> JSONValue {
        let reply = try reply(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#)
        try #require(reply["error"] == nil, "no error expected: \(reply)")
        return try #require(reply["result"])
    }

    /// The `error` object of a call that must fail.
    func error(_ method: String, _ params: String) throws -> JSONValue {
        let reply = try reply(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#)
        return try #require(reply["error"], "an error expected: \(reply)")
    }
}

extension JSONValue {
    /// Member names in document order; empty for anything but an object.
    var keys: [String] { objectValue?.members.map(\.key) ?? [] }

    static func number(_ text: String) -> JSONValue {
        .number(JSONNumber(text: text, value: Double(text) ?? .nan))
    }
}
