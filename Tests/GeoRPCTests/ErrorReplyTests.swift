import GeoCore
import GeoRPC
import Testing

/// What a client reads in an error: the code, a message that says what to fix, and `data` members a
/// program can use.
@Suite("Error replies")
struct ErrorReplyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let line: String
        let code: Int
        /// Fragments the message must contain.
        let message: [String]
        /// Members `data` must hold, as JSON text.
        let data: [(String, String)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "parse error gives the offset",
             line: #"{"jsonrpc":"2.0","method":"x",}"#, code: -32700,
             message: ["Parse error", "offset 30"], data: [("offset", "30")]),
        Case(name: "empty batch",
             line: "[]", code: -32600, message: ["Invalid Request", "batch"], data: []),
        Case(name: "wrong version names the member",
             line: #"{"jsonrpc":"1.0","method":"x","id":1}"#, code: -32600,
             message: ["jsonrpc", "\"2.0\""], data: [("member", #""jsonrpc""#)]),
        Case(name: "bad id names its type",
             line: #"{"jsonrpc":"2.0","method":"x","id":[1]}"#, code: -32600,
             message: ["id must be a string, a number or null", "got array"],
             data: [("member", #""id""#), ("found", #""array""#)]),
        Case(name: "params scalar",
             line: #"{"jsonrpc":"2.0","method":"x","params":"Berlin","id":1}"#, code: -32600,
             message: ["params must be an array or an object"], data: [("member", #""params""#), ("found", #""string""#)]),
        Case(name: "unknown method is named and the real ones listed",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocod","id":1}"#, code: -32601,
             message: ["\"reverseGeocod\"", "reverseGeocode, forwardGeocode, countriesInBBox"],
             data: [("method", #""reverseGeocod""#), ("available", #"["reverseGeocode","forwardGeocode","countriesInBBox","reverseGeocodeMany","nearby","whereAmI","nearbyMany","whereAmIMany"]"#)]),
        Case(name: "latitude out of range gives limits and value",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":91,"lon":0},"id":1}"#, code: -32602,
             message: ["Invalid params: lat must be within [-90, 90], got 91"],
             data: [("param", #""lat""#), ("min", "-90"), ("max", "90"), ("value", "91")]),
        Case(name: "radius limit is written exactly",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":0,"lon":0,"maxDistanceKm":3e4},"id":1}"#, code: -32602,
             message: ["maxDistanceKm must be within [0, 20037.5], got 3e4"], data: [("max", "20037.5"), ("value", "3e4")]),
        Case(name: "wrong type says what was expected",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":"north","lon":0},"id":1}"#, code: -32602,
             message: ["lat must be a number, got string"],
             data: [("param", #""lat""#), ("reason", #""must be a number, got string""#), ("expected", #""number""#)]),
        Case(name: "integer parameter says integer",
             line: #"{"jsonrpc":"2.0","method":"forwardGeocode","params":["x",true],"id":1}"#, code: -32602,
             message: ["limit must be an integer, got boolean"], data: [("expected", #""integer""#)]),
        Case(name: "positional count lists the parameters",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[1],"id":1}"#, code: -32602,
             message: ["expected 2 positional parameters [lat, lon], got 1 (maxDistanceKm, fields only by name)"],
             data: [("param", #""params""#), ("required", "2"), ("found", "1")]),
        Case(name: "unknown named param lists the accepted ones",
             line: #"{"jsonrpc":"2.0","method":"forwardGeocode","params":{"q":"x"},"id":1}"#, code: -32602,
             message: ["q is not a parameter", "query, limit, lang, countryCodes, kinds, match"],
             data: [("accepted", #"["query","limit","lang","countryCodes","kinds","match"]"#)]),
        Case(name: "a bad option value says what is wanted",
             line: #"{"jsonrpc":"2.0","method":"forwardGeocode","params":{"query":"x","kinds":["town"]},"id":1}"#,
             code: -32602, message: ["kinds must be a non-empty array of \"country\", \"city\" and \"admin1\""],
             data: [("param", #""kinds""#)]),
        Case(name: "missing parameter",
             line: #"{"jsonrpc":"2.0","method":"countriesInBBox","params":{"minLat":1,"minLon":2,"maxLat":3},"id":1}"#,
             code: -32602, message: ["maxLon is required"], data: [("param", #""maxLon""#)]),
        Case(name: "box upside down",
             line: #"{"jsonrpc":"2.0","method":"countriesInBBox","params":[10,0,-10,5],"id":1}"#, code: -32602,
             message: ["minLat must not be greater than maxLat"], data: [("maximum", #""maxLat""#)]),
        // Issue 13, item 16: "must be a array" and "[lat, lon] array, got array" said nothing useful.
        Case(name: "an array parameter takes \"an\"",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":{"lat":1}},"id":1}"#, code: -32602,
             message: ["points must be an array, got object"], data: [("expected", #""array""#), ("found", #""object""#)]),
        Case(name: "a point of three numbers says how many it had",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":[[[1,2],[1,2,3]]],"id":1}"#, code: -32602,
             message: ["points[1] must be a [lat, lon] pair of 2 numbers, got an array of 3 elements"],
             data: [("param", #""points[1]""#), ("found", "3")]),
        Case(name: "an empty point",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":[[[]]],"id":1}"#, code: -32602,
             message: ["points[0] must be a [lat, lon] pair of 2 numbers, got an array of 0 elements"], data: [("found", "0")]),
        Case(name: "a point that is an object",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":[[{"lat":1,"lon":2}]],"id":1}"#, code: -32602,
             message: ["points[0] must be a [lat, lon] pair of 2 numbers, got an object"], data: [("found", #""object""#)]),
        Case(name: "a point that is null",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":[[null]],"id":1}"#, code: -32602,
             message: ["points[0] must be a [lat, lon] pair of 2 numbers, got null"], data: [("found", #""null""#)]),
        Case(name: "infinite number",
             line: #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[1e999,0],"id":1}"#, code: -32602,
             message: ["lat must be a finite number"], data: [("param", #""lat""#)]),
    ]

    @Test("explains", arguments: cases)
    func explains(_ example: Case) throws {
        let server = try Fixture.server()
        let reply = try server.reply(example.line)
        let error = try #require(reply["error"])
        #expect(error["code"]?.doubleValue == Double(example.code))
        let message = try #require(error["message"]?.stringValue)
        for fragment in example.message {
            #expect(message.contains(fragment), "message \"\(message)\" should contain \"\(fragment)\"")
        }
        let data = try #require(error["data"], "every error carries data")
        #expect(data["reason"]?.stringValue?.isEmpty == false, "data.reason is present")
        for (key, json) in example.data {
            let expected = try JSONReader.parse(Array(json.utf8))
            #expect(data[key] == expected, "data.\(key)")
        }
    }

    @Test("invalid UTF-8 anywhere is a parse error with an offset")
    func invalidUTF8() throws {
        let server = try Fixture.server()
        let line = Array(#"{"jsonrpc":"2.0","method":"forwardGeocode","params":{"query":"Z"#.utf8) + [0xFC]
            + Array(#"rich"},"id":95}"#.utf8)
        var out = JSONWriter()
        server.handle(line: line, into: &out)
        let reply = try JSONReader.parse(out.bytes)
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"]?.doubleValue == -32700)
        #expect(reply["error"]?["data"]?["offset"]?.doubleValue != nil)
    }

    @Test("a huge method name is cut short in the message but kept in data")
    func longMethodName() throws {
        let server = try Fixture.server()
        let name = String(repeating: "é", count: 5000)
        let error = try server.error(name, "[]")
        let message = try #require(error["message"]?.stringValue)
        #expect(message.utf8.count < 300)
        #expect(message.contains("…"))
        #expect(error["data"]?["method"]?.stringValue == name)
    }

    @Test("codes", arguments: [
        (RPCError.parseError(.unexpectedEnd(offset: 0)), -32700),
        (.invalidRequest(.emptyBatch), -32600),
        (.methodNotFound("x"), -32601),
        (.invalidParams(InvalidParams(param: "lat", problem: .missing)), -32602),
        (.internalError("index out of step"), -32603),
    ])
    func codes(_ error: RPCError, _ code: Int) {
        #expect(error.code == code)
        var out = JSONWriter()
        error.writeData(into: &out)
        #expect((try? JSONReader.parse(out.bytes))?["reason"] != nil, "data is an object with a reason")
    }

    @Test("internal errors say so")
    func internalError() {
        #expect(RPCError.internalError("index out of step").message == "Internal error: index out of step")
    }
}
