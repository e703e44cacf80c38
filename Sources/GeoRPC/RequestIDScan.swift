import GeoCore

/// Finds a request's `id` in a line that could not be read whole, so that its error can carry the id
/// (STYLE.md: "a request that fails to decode still gets its id back when the id could be read").
///
/// Used for the caps that stop the reader part-way: a line over ``RPCLimits/maxLineBytes`` (only its first
/// bytes were kept: `prefix`), a string, number or nesting cap broken inside `params` (the whole line).
/// The scan reads the top-level object's members in order, stepping over values without building them and
/// without the caps, and keeps the last `id` member it can read whole, as the tree reader would.
///
/// It gives nil, so the error says `null`, for a batch (spec §6: a batch that cannot be read gets one
/// error with id null), for an id that is not a string, number or null, for an id that itself breaks a
/// cap, for an id whose end was not seen (a number cut by the end of a prefix could be a different number),
/// and for a whole line that would not be JSON even without the caps (spec §5: a parse error has id null).
enum RequestIDScan {
    /// The request's id, when the line is an object whose `id` member can be read.
    /// - Parameters:
    ///   - line: the whole line, or only its first bytes when `prefix` is true.
    ///   - prefix: true when the line was cut: an id read before the cut is kept.
    /// - Complexity: O(n) in the line's length; builds only the id.
    static func id(in line: UnsafeBufferPointer<UInt8>, limits: RPCLimits, prefix: Bool = false) -> JSONValue? {
        guard line.count > 0 else { return nil }
        // No caps while stepping over values: the scan only looks for the id. Nesting is stepped over
        // without recursion, so it costs no stack.
        var scanner = JSONScanner(line, maxDepth: .max)
        var found: JSONValue?
        do throws(JSONError) {
            try scanner.beginObject()
            while let key = try scanner.nextKey() {
                guard key == "id" else {
                    try scanner.skipValue()
                    continue
                }
                let start = scanner.checkpoint
                switch scanner.peekKind() {
                case .string, .number, .null:
                    let value = try scanner.readValue()
                    // The value's end must be seen: a ',' or '}' follows it.
                    guard let next = scanner.peek(), next == UInt8(ascii: ",") || next == UInt8(ascii: "}") else {
                        return prefix ? found : nil
                    }
                    found = fitsCaps(value, limits) ? value : nil
                default:
                    scanner.restore(start)
                    try scanner.skipValue()
                    found = nil  // the last id wins, and this one is not a legal id
                }
            }
            try scanner.expectEnd()
        } catch {
            return prefix ? found : nil
        }
        return found
    }

    /// True when the id is one the reader would have accepted under the caps.
    private static func fitsCaps(_ value: JSONValue, _ limits: RPCLimits) -> Bool {
        switch value {
        case .string(let text): return text.utf8.count <= limits.maxStringBytes
        case .number(let number): return number.text.utf8.count <= limits.maxNumberChars
        default: return true
        }
    }
}
