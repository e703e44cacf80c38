import GeoCore

/// The cap on the trees the general path builds (``RPCLimits/maxValues``).
///
/// A `JSONValue` tree costs about 60 bytes per value, so a 16 MiB line of `[0,0],` would take ~490 MB as a
/// tree. The count is made on the bytes before anything is built, and a request over the cap is refused
/// with its id, after the line is checked to be valid JSON without building it (so a broken line still
/// gets its parse error, at the same offset).
extension RPCServer {
    /// An upper bound on the values in a JSON text: one, plus one for each `[`, `{` and `,` outside strings
    /// (exact for non-empty containers; an empty one counts twice).
    /// - Complexity: O(n), no allocation.
    static func valueCountBound(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 1
        var index = 0
        let end = bytes.count
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","):
                count += 1
            case UInt8(ascii: "\""):
                index += 1
                while index < end && bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            default:
                break
            }
            index += 1
        }
        return count
    }

    /// The error for a request too large to read as a tree, or nil when it may be read.
    ///
    /// A line that is not valid JSON (or breaks a reading cap) is left to the reader, which reports it as
    /// it always does; only a well-formed request over the cap gets the `maxValues` error.
    func treeTooLarge(_ bytes: UnsafeBufferPointer<UInt8>) -> LimitExceeded? {
        let count = Self.valueCountBound(bytes)
        guard count > limits.maxValues else { return nil }
        var scanner = JSONScanner(bytes, limits: limits.json)
        do throws(JSONError) {
            guard scanner.peek() != nil else { return nil }
            try scanner.skipValue()
            try scanner.expectEnd()
        } catch {
            return nil
        }
        return LimitExceeded(limit: .values, max: limits.maxValues, found: count)
    }
}
