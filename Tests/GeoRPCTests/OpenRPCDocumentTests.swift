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
        #expect(methods.compactMap { $0["name"]?.stringValue } == GeoMethod.allNames)
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

    @Test("rpc.discover returns the document")
    func discover() throws {
        let server = try Fixture.server()
        for params in ["", #","params":[]"#, #","params":{}"#] {
            let reply = try server.reply(#"{"jsonrpc":"2.0","id":7,"method":"rpc.discover"\#(params)}"#)
            #expect(reply["result"] == (try Self.fileDocument()), "params: \(params)")
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
