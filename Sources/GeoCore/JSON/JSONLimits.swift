/// Size caps the JSON reader enforces while it reads, so hostile input is refused with a clear error
/// before it costs time or memory (a 10,000-digit number would otherwise go through the exact big-integer
/// conversion, and a 10 MB key would be built as a `String`).
///
/// Every cap counts what is written in the input: a string's bytes between its quotes as sent, escapes
/// included; a number literal's characters, sign and exponent included.
public struct JSONLimits: Equatable, Sendable {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// The longest string (object keys included) accepted, in bytes between the quotes.
    public var maxStringBytes: Int
    /// The longest number literal accepted, in characters.
    public var maxNumberChars: Int

    public init(maxDepth: Int = JSONReader.defaultMaxDepth, maxStringBytes: Int = .max, maxNumberChars: Int = .max) {
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
        self.maxNumberChars = maxNumberChars
    }
}
