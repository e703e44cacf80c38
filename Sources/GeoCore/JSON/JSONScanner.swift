/// A pull parser: a cursor over UTF-8 bytes that reads one JSON token at a time, without building a tree.
///
/// The GeoJSON decoder uses it to stream millions of coordinates straight into `[GeoPoint]`; `JSONReader`
/// uses it to build `JSONValue` trees. The caller drives the grammar:
///
/// ```swift
/// try scanner.beginObject()
/// while let key = try scanner.nextKey() {          // handles ',' and ':' and consumes the closing '}'
///     if key == "xs" {
///         try scanner.beginArray()
///         while try scanner.hasNext() { sum += try scanner.readDouble() }   // consumes ']' at the end
///     } else {
///         try scanner.skipValue()
///     }
/// }
/// try scanner.expectEnd()
/// ```
///
/// Commas are checked by the scanner itself (it remembers whether it has just opened a container, just read
/// a value, or just read a separator), so a caller that reads exactly one value after every `true` from
/// `hasNext()` and every key from `nextKey()` accepts only valid JSON. Nesting is capped at `maxDepth`.
///
/// The scanner borrows its bytes: it must not outlive the buffer (use it inside `withUnsafeBufferPointer`).
public struct JSONScanner {
    /// The whole input.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Index of the next unread byte.
    public internal(set) var offset: Int
    /// The deepest nesting of arrays and objects allowed; deeper input throws `depthLimitExceeded`.
    public let maxDepth: Int
    /// The longest string accepted, in bytes between its quotes; longer ones throw `stringTooLong`.
    public let maxStringBytes: Int
    /// The longest number literal accepted, in characters; longer ones throw `numberTooLong`.
    public let maxNumberChars: Int
    /// The number of containers currently open.
    public internal(set) var depth: Int = 0
    /// Where the cursor stands in the grammar, which decides whether a ',' is required, allowed or wrong.
    var position: Position = .value
    /// Reused buffer for strings that contain escapes, so reading them costs one `String` and nothing else.
    var scratch: [UInt8] = []

    enum Position: UInt8, Sendable {
        /// A value is expected: at the start, after ':' or after ','.
        case value
        /// Just after '[' or '{': a value/key or the closing bracket may follow.
        case opened
        /// Just after a complete value: ',' or a closing bracket (or, at top level, the end) must follow.
        case afterValue
    }

    /// The kind of value that starts at the cursor, found from its first byte.
    public enum ValueKind: Equatable, Sendable {
        case object, array, string, number, bool, null
    }

    /// A saved cursor position, to come back and read a value that was skipped earlier.
    public struct Checkpoint: Sendable {
        let offset: Int
        let depth: Int
        let position: Position
    }

    /// - Parameters:
    ///   - bytes: UTF-8 input; it must stay valid while the scanner is used.
    ///   - maxDepth: the deepest nesting allowed (default 512).
    public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth) {
        self.bytes = bytes
        self.offset = 0
        self.maxDepth = maxDepth
        self.maxStringBytes = .max
        self.maxNumberChars = .max
    }

    /// - Parameters:
    ///   - bytes: UTF-8 input; it must stay valid while the scanner is used.
    ///   - limits: the caps on nesting, string and number sizes.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.offset = 0
        self.maxDepth = limits.maxDepth
        self.maxStringBytes = limits.maxStringBytes
        self.maxNumberChars = limits.maxNumberChars
    }

    // MARK: - Looking ahead

    /// Moves past spaces, tabs, line feeds and carriage returns (the only whitespace RFC 8259 allows).
    @inline(__always)
    public mutating func skipWhitespace() {
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            offset += 1
        }
    }

    /// The next non-whitespace byte without consuming it, or nil at the end of input.
    public mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    /// The kind of the value at the cursor, or nil at the end or when the next byte cannot start a value.
    public mutating func peekKind() -> ValueKind? {
        guard let byte = peek() else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: return nil
        }
    }

    /// The position to come back to with `restore(_:)`.
    public var checkpoint: Checkpoint { Checkpoint(offset: offset, depth: depth, position: position) }

    /// Moves the cursor back (or forward) to a saved position of this same scanner.
    public mutating func restore(_ checkpoint: Checkpoint) {
        offset = checkpoint.offset
        depth = checkpoint.depth
        position = checkpoint.position
    }

    // MARK: - Containers

    /// Consumes '{'.
    /// - Throws: `unexpectedByte`/`unexpectedEnd` if no object starts here; `depthLimitExceeded`.
    public mutating func beginObject() throws(JSONError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else { throw unexpected() }
        try enterContainer()
    }

    /// Consumes '['.
    /// - Throws: `unexpectedByte`/`unexpectedEnd` if no array starts here; `depthLimitExceeded`.
    public mutating func beginArray() throws(JSONError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "[") else { throw unexpected() }
        try enterContainer()
    }

    /// Inside an object: moves to the next member and returns its key (the ':' is consumed too), or
    /// consumes the closing '}' and returns nil.
    public mutating func nextKey() throws(JSONError) -> String? {
        guard try advanceToMember() else { return nil }
        let key = try readStringToken()
        try consumeColon()
        return key
    }

    /// Inside an array: true if another element follows (its ',' is consumed), or consumes the closing ']'
    /// and returns false. After `true`, read or skip exactly one value.
    public mutating func hasNext() throws(JSONError) -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { throw JSONError.unexpectedEnd(offset: offset) }
        let byte = bytes[offset]
        switch position {
        case .afterValue:
            if byte == UInt8(ascii: ",") {
                offset += 1
                position = .value
                return true
            }
            if byte == UInt8(ascii: "]") {
                leaveContainer()
                return false
            }
            throw JSONError.unexpectedByte(offset: offset, byte: byte)
        case .opened:
            if byte == UInt8(ascii: "]") {
                leaveContainer()
                return false
            }
            position = .value
            return true
        case .value:
            return true
        }
    }

    /// Succeeds only if nothing but whitespace is left.
    /// - Throws: `trailingData` at the first extra byte.
    public mutating func expectEnd() throws(JSONError) {
        skipWhitespace()
        if offset < bytes.count { throw JSONError.trailingData(offset: offset) }
    }

    // MARK: - Internals shared by the readers

    @inline(__always)
    mutating func enterContainer() throws(JSONError) {
        if depth >= maxDepth { throw JSONError.depthLimitExceeded(offset: offset) }
        depth += 1
        offset += 1
        position = .opened
    }

    @inline(__always)
    mutating func leaveContainer() {
        offset += 1
        depth -= 1
        position = .afterValue
    }

    /// Handles the ',' or '}' before an object member; true when the cursor is left on the key's '"'.
    mutating func advanceToMember() throws(JSONError) -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { throw JSONError.unexpectedEnd(offset: offset) }
        let byte = bytes[offset]
        if position == .afterValue {
            if byte == UInt8(ascii: "}") {
                leaveContainer()
                return false
            }
            guard byte == UInt8(ascii: ",") else { throw JSONError.unexpectedByte(offset: offset, byte: byte) }
            offset += 1
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected() }
            return true
        }
        if byte == UInt8(ascii: "}") && position == .opened {
            leaveContainer()
            return false
        }
        guard byte == UInt8(ascii: "\"") else { throw JSONError.unexpectedByte(offset: offset, byte: byte) }
        return true
    }

    mutating func consumeColon() throws(JSONError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw unexpected() }
        offset += 1
        position = .value
    }

    /// The error for "the byte at the cursor is not what the grammar needs here".
    func unexpected() -> JSONError {
        offset < bytes.count
            ? JSONError.unexpectedByte(offset: offset, byte: bytes[offset])
            : JSONError.unexpectedEnd(offset: offset)
    }
}
