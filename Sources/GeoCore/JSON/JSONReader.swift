/// Parses JSON texts (RFC 8259) into `JSONValue` trees.
///
/// Strict: exactly one value, surrounded by nothing but whitespace; no comments, trailing commas, BOM,
/// `NaN`/`Infinity`, single quotes or raw control characters; strings must be well-formed UTF-8 and may not
/// contain lone surrogate escapes. Numbers keep their literal text next to the correctly rounded `Double`.
public enum JSONReader {
    /// Deep enough for any real document, shallow enough that hostile input cannot exhaust memory.
    ///
    /// Parsing never recurses, but a `JSONValue` tree is freed, compared and written recursively, one call
    /// chain per level (about 140 bytes of stack natively): keep `maxDepth` in the low thousands at most
    /// (the server caps it at `RPCLimits.maxDepthCeiling`, 4096; 59,000 levels overflowed an 8 MiB stack).
    public static let defaultMaxDepth = 512

    /// Parses exactly one JSON text (whitespace around it allowed, nothing else).
    /// - Parameters:
    ///   - bytes: UTF-8 input.
    ///   - maxDepth: the deepest nesting of arrays/objects accepted.
    /// - Throws: `JSONError` with the byte offset of the first problem.
    /// - Complexity: O(n); nesting is handled without recursion.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth)
        throws(JSONError) -> JSONValue {
        var scanner = JSONScanner(bytes, maxDepth: maxDepth)
        guard scanner.peek() != nil else { throw JSONError.unexpectedEnd(offset: scanner.offset) }
        let value = try scanner.readValue()
        try scanner.expectEnd()
        return value
    }

    /// Parses exactly one JSON text, enforcing every cap in `limits`.
    /// - Throws: `JSONError` with the byte offset of the first problem; `depthLimitExceeded`,
    ///   `stringTooLong` or `numberTooLong` when the input breaks a cap.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) throws(JSONError) -> JSONValue {
        var scanner = JSONScanner(bytes, limits: limits)
        guard scanner.peek() != nil else { throw JSONError.unexpectedEnd(offset: scanner.offset) }
        let value = try scanner.readValue()
        try scanner.expectEnd()
        return value
    }

    /// Parses exactly one JSON text held in an array; see `parse(_:maxDepth:)` for the buffer form.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
            try parse(buffer, maxDepth: maxDepth)
        }
    }
}
