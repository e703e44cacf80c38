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
    return 0
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
