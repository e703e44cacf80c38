import FuzzSupport
import GeoCore
import GeoRPC

/// Two unit squares side by side, "Left" and "Right", indexed with 10° cells: enough for every method to find, miss and touch
/// something, and built in microseconds, so each fuzz iteration costs only the request handling.
let squares = Array("""
    {"type":"FeatureCollection","features":[
    {"type":"Feature","properties":{"NAME":"Left","ISO_A2":"LL","ISO_A3":"LLL"},
     "geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}},
    {"type":"Feature","properties":{"NAME":"Right","ISO_A2":"RR","ISO_A3":"RRR"},
     "geometry":{"type":"Polygon","coordinates":[[[1,0],[2,0],[2,1],[1,1],[1,0]]]}}]}
    """.utf8)

/// Small caps, so the fuzzer reaches every limit with short inputs.
let limits = RPCLimits(maxLineBytes: 1024, maxDepth: 12, maxBatch: 8, maxStringBytes: 256, maxNumberChars: 40)

let server: RPCServer? = try? RPCServer(gazetteer: CountryGazetteer.load(geoJSON: squares, cellSize: 10), limits: limits)

/// Fuzzes the whole request-line handler: the input is a stream of lines fed through `RPCSession` (framing,
/// the line cap, decoding, dispatch, the methods and the error replies) in chunks whose size the first byte
/// picks. Every reply line must be one JSON object, or a non-empty array of them, with `"jsonrpc":"2.0"`.
/// Then the same bytes pick requests with hostile numbers in every numeric parameter (`numberRequests`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRPC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let server else {
        fuzzCheck(false, "the two-square dataset does not load")
        return 0
    }
    let input = UnsafeBufferPointer(start: size == 0 ? nil : data, count: size)
    let chunkSize = size == 0 ? 1 : Int(input[0] % 64) + 1
    var session = RPCSession(server: server, flushThreshold: 512)
    var output: [UInt8] = []
    let collect: ([UInt8]) -> Void = { output.append(contentsOf: $0) }
    var start = 0
    while start < size {
        let end = min(start + chunkSize, size)
        session.feed(UnsafeBufferPointer(rebasing: input[start..<end]), write: collect)
        start = end
    }
    session.finish(write: collect)
    fuzzCheck(output.isEmpty || output.last == 0x0A, "output does not end with a newline")
    var lineStart = 0
    for index in output.indices where output[index] == 0x0A {
        checkReply(Array(output[lineStart..<index]))
        lineStart = index + 1
    }
    numberRequests(input, server: server)
    return 0
}

/// Numbers that break naive code, as JSON text: the ends of the double range, subnormals, the point where
/// doubles stop holding fractions (2^53) and where `360 · q` stops being exact (7e16), signed zeros, a literal
/// that overflows to infinity, the antimeridian and its other spellings, and each parameter's bounds.
let hostileNumbers = [
    "1e308", "-1e308", "1.7976931348623157e308", "5e-324", "-5e-324", "2.2250738585072014e-308", "1e37", "-1e37",
    "70000000000000000.5", "72057594037927938.5", "9007199254740993", "-0.0", "-0", "0", "1e400", "-1e400",
    "180", "-180", "540", "-540", "180.00000000000003", "179.99999999999997", "-179.99999999999991", "1e300",
    "90", "-90", "90.00000000000001", "20037.5", "20037.500000000004", "250", "251", "1", "0.5", "2.0e0",
]

/// Every numeric parameter of every method; each `N` is replaced by a number the input picks, and the id
/// and closing brace are appended.
let numberTemplates = [
    #"{"jsonrpc":"2.0","method":"reverseGeocode","params":[N,N]"#,
    #"{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":N,"lon":N,"maxDistanceKm":N}"#,
    #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[[N,N],[N,N],[0.5,N]],"maxDistanceKm":N}"#,
    #"{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":[[[N,N]]]"#,
    #"{"jsonrpc":"2.0","method":"forwardGeocode","params":["Left",N]"#,
    #"{"jsonrpc":"2.0","method":"forwardGeocode","params":{"query":"Right","limit":N}"#,
    #"{"jsonrpc":"2.0","method":"countriesInBBox","params":[N,N,N,N]"#,
    #"{"jsonrpc":"2.0","method":"countriesInBBox","params":{"minLat":N,"minLon":N,"maxLat":N,"maxLon":N}"#,
]

/// A number for one placeholder: from the hostile list, or built from two input bytes as
/// `±d.ddde±x` with an exponent anywhere from -340 to 340 (subnormals, overflow and everything between).
func pickNumber(_ input: UnsafeBufferPointer<UInt8>, _ k: inout Int) -> String {
    func next() -> Int {
        defer { k += 1 }
        return input.isEmpty ? 0 : Int(input[k % input.count])
    }
    let choice = next()
    if choice < 192 { return hostileNumbers[choice % hostileNumbers.count] }
    let digits = next(), exponent = next() * 680 / 255 - 340
    return (choice & 1 == 0 ? "" : "-") + "\(digits % 10).\(digits)e\(exponent)"
}

/// The second half of the target: requests built from the input, with hostile numbers in every numeric
/// parameter (issue 13: `[10, 1e37]` killed the server). Each must get exactly one reply with its own id,
/// holding a result or a -32602 error, never anything else, and the server must stay up.
func numberRequests(_ input: UnsafeBufferPointer<UInt8>, server: RPCServer) {
    var k = 1
    for id in 0..<min(8, 1 + input.count / 4) {
        let template = numberTemplates[Int(input.isEmpty ? 0 : input[(k - 1) % input.count]) % numberTemplates.count]
        var line = ""
        for piece in template.split(separator: "N", omittingEmptySubsequences: false).enumerated() {
            if piece.offset > 0 { line += pickNumber(input, &k) }
            line += piece.element
        }
        line += #","id":\#(id)}"#
        k += 1
        var out = JSONWriter()
        let answered = Array(line.utf8).withUnsafeBufferPointer { server.handle(line: $0, into: &out) }
        fuzzCheck(answered && out.bytes.last == 0x0A, "no reply line for \(line)")
        guard case .object(let reply)? = try? JSONReader.parse(Array(out.bytes.dropLast())) else {
            fuzzCheck(false, "the reply to \(line) is not one JSON object")
            return
        }
        fuzzCheck(reply["id"] == .number(JSONNumber(text: "\(id)", value: Double(id))), "the reply to \(line) lost its id")
        if let error = reply["error"] {
            fuzzCheck(error["code"]?.doubleValue == -32602, "the reply to \(line) is an error other than -32602")
        } else {
            fuzzCheck(reply["result"] != nil, "the reply to \(line) has neither result nor error")
        }
    }
}

func checkReply(_ line: [UInt8]) {
    let value: JSONValue
    do throws(JSONError) {
        value = try JSONReader.parse(line)
    } catch {
        fuzzCheck(false, "a reply line is not JSON: \(error.message)")
        return
    }
    switch value {
    case .object:
        checkResponse(value)
    case .array(let elements):
        fuzzCheck(!elements.isEmpty, "an empty batch reply")
        for element in elements { checkResponse(element) }
    default:
        fuzzCheck(false, "a reply is neither an object nor an array")
    }
}

func checkResponse(_ value: JSONValue) {
    fuzzCheck(value["jsonrpc"] == .string("2.0"), "a response without jsonrpc 2.0")
    fuzzCheck((value["result"] == nil) != (value["error"] == nil), "a response needs exactly one of result/error")
}

/// Without libFuzzer (plain `swift build`), replays the files named on the command line.
let replay: Void = FuzzReplay.main(fuzzRPC)
