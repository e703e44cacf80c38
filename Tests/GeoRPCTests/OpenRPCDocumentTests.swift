import Foundation
import GeoCore
@testable import GeoRPC
import Testing

/// rpc-schema/openrpc.json, the embedded copy `rpc.discover` serves, and the dispatcher agree.
@Suite("OpenRPC document")
struct OpenRPCDocumentTests {
    static func fileDocument() throws -> JSONValue {
        try JSONReader.parse(try Fixture.bytes(Fixture.root.appendingPathComponent("rpc-schema/openrpc.json")))
    }

    @Test("the embedded copy is rpc-schema/openrpc.json (regenerate with scripts/gen-openrpc-swift.py)")
    func embeddedMatchesFile() throws {
        let embedded = try JSONReader.parse(Array(OpenRPCDocument.json.utf8))
        #expect(embedded == (try Self.fileDocument()))
        #expect(!OpenRPCDocument.json.contains("\n"), "the reply must stay on one line")
    }

    @Test("the document lists exactly the dispatcher's methods, with their params in positional order")
    func methodsMatchDispatcher() throws {
        let methods = try #require(try Self.fileDocument()["methods"]?.arrayValue)
        #expect(methods.compactMap { $0["name"]?.stringValue } == GeoMethod.allNames + [RPCServer.serverInfoMethod])
        for method in GeoMethod.allCases {
            let entry = try #require(methods.first { $0["name"]?.stringValue == method.name })
            let params = try #require(entry["params"]?.arrayValue)
            #expect(params.compactMap { $0["name"]?.stringValue } == method.parameterNames, "\(method.name)")
            let required = params.filter { $0["required"] == .bool(true) }.count
            #expect(required == method.requiredCount, "\(method.name) required params")
            #expect(entry["x-positionalCount"]?.doubleValue == Double(method.positionalCount), "\(method.name) positional")
            #expect(entry["paramStructure"]?.stringValue == "either")
        }
    }

    @Test("x-limits states RPCLimits' defaults, and the points schema the most points they let through")
    func limitsMatchServer() throws {
        let document = try Self.fileDocument()
        let limits = try #require(document["x-limits"])
        let defaults = RPCLimits()
        let expected: [(String, Int)] = [
            ("maxLineBytes", defaults.maxLineBytes), ("maxDepth", defaults.maxDepth), ("maxBatch", defaults.maxBatch),
            ("maxStringBytes", defaults.maxStringBytes), ("maxNumberChars", defaults.maxNumberChars),
            ("maxWork", defaults.maxWork), ("maxValues", defaults.maxValues),
        ]
        #expect(limits.objectValue?.members.count == expected.count)
        for (name, value) in expected { #expect(limits[name]?.doubleValue == Double(value), "\(name)") }

        let methods = try #require(document["methods"]?.arrayValue)
        func schema(_ method: String, _ param: String) throws -> JSONValue {
            let entry = try #require(methods.first { $0["name"]?.stringValue == method })
            let params = try #require(entry["params"]?.arrayValue)
            return try #require(params.first { $0["name"]?.stringValue == param }?["schema"])
        }
        // The most points one line may hold at the default radius: the work of the call must fit maxWork.
        let most = (defaults.maxWork - WorkCost.perCall) / WorkCost.reversePoint(radiusKm: 10)
        #expect(WorkCost.reverseMany(count: most, radiusKm: 10) <= defaults.maxWork)
        #expect(WorkCost.reverseMany(count: most + 1, radiusKm: 10) > defaults.maxWork)
        #expect(try schema("reverseGeocodeMany", "points")["maxItems"]?.doubleValue == Double(most))
        #expect(try schema("forwardGeocode", "query")["maxLength"]?.doubleValue == Double(defaults.maxStringBytes))
    }

    @Test("rpc.discover returns the document")
    func discover() throws {
        let server = try Fixture.server()
        for params in ["", #","params":[]"#, #","params":{}"#] {
            let reply = try server.reply(#"{"jsonrpc":"2.0","id":7,"method":"rpc.discover"\#(params)}"#)
            // The document, with the serving process's serverInfo as info["x-serverInfo"] (ServerInfoTests).
            guard case .object(var document)? = reply["result"], case .object(var info)? = document["info"] else {
                Issue.record("no document: \(reply)")
                continue
            }
            #expect(info.members.removeFirst().key == "x-serverInfo")
            document.members = document.members.map { $0.key == "info" ? .init(key: "info", value: .object(info)) : $0 }
            #expect(.object(document) == (try Self.fileDocument()), "params: \(params)")
        }
    }

    @Test("rpc.discover refuses params; other rpc.* names stay unknown")
    func discoverErrors() throws {
        let server = try Fixture.server()
        #expect(try server.error("rpc.discover", "[1]")["code"]?.doubleValue == -32602)
        #expect(try server.error("rpc.discover", #"{"x":1}"#)["code"]?.doubleValue == -32602)
        #expect(try server.error("rpc.noSuchExtension", "[]")["code"]?.doubleValue == -32601)
        #expect(try server.error("rpc.Discover", "[]")["code"]?.doubleValue == -32601)
    }
}
