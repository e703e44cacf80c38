import FuzzSupport
import GeoCore

/// Fuzzes the JSON reader: any bytes must either parse or throw a `JSONError`, never crash. Whatever parses
/// must survive a round trip through `JSONWriter`, and parsing under tight limits must give the same value
/// or a limit error, never a different value or another error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: size == 0 ? nil : data, count: size)
    let value: JSONValue
    do throws(JSONError) {
        value = try JSONReader.parse(input)
    } catch {
        fuzzCheck(error.offset >= 0 && error.offset <= size, "error offset \(error.offset) outside the input")
        _ = error.message
        return 0
    }
    var writer = JSONWriter()
    writer.value(value)
    do throws(JSONError) {
        let again = try JSONReader.parse(writer.bytes)
        fuzzCheck(again == value, "the written JSON reads back as a different value")
    } catch {
        fuzzCheck(false, "the written JSON does not parse: \(error.message)")
    }
    let tight = JSONLimits(maxDepth: 4, maxStringBytes: 8, maxNumberChars: 6)
    do throws(JSONError) {
        let limited = try JSONReader.parse(input, limits: tight)
        fuzzCheck(limited == value, "a parse under limits gave a different value")
    } catch {
        switch error {
        case .depthLimitExceeded, .stringTooLong, .numberTooLong: break
        default: fuzzCheck(false, "valid JSON failed under limits with \(error.message)")
        }
    }
    return 0
}

/// Without libFuzzer (plain `swift build`), replays the files named on the command line.
let replay: Void = FuzzReplay.main(fuzzJSON)
