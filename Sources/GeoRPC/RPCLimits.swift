import GeoCore

/// The caps the server puts on one line, so that no input can make it use unbounded time or memory.
///
/// Each cap, when broken, gets one error reply whose `data` names the cap (`limit`) and its value (`max`),
/// and the server goes on with the next line. The defaults are far above anything a geocoding client
/// sends; the command line can change each one.
public struct RPCLimits: Equatable, Sendable {
    /// The longest line, in bytes before its `\n`. A longer line is answered once (-32700, id null: it
    /// cannot be read) and skipped up to its `\n` without being stored.
    public var maxLineBytes: Int
    /// The deepest nesting of arrays and objects in a line (-32700); at most ``maxDepthCeiling``
    /// (``RPCServer`` lowers a higher value to it).
    public var maxDepth: Int
    /// The most requests in one batch (-32600, one error object for the whole batch).
    public var maxBatch: Int
    /// The longest string, keys included, in bytes as written between the quotes (-32700).
    public var maxStringBytes: Int
    /// The longest number literal, in characters (-32700).
    public var maxNumberChars: Int

    public static let defaultMaxLineBytes = 16 * 1024 * 1024
    public static let defaultMaxDepth = 64
    /// The highest `maxDepth` the server accepts. The reader is iterative, but a parsed tree is freed
    /// (and compared, and written) recursively, one call chain per level: about 140 bytes of stack a
    /// level natively, so 59,000 levels overflowed the main thread's 8 MiB (issue 13, item 3). At 4,096
    /// levels that is under 0.6 MiB: within an 8 MiB stack with a wide margin, within a 1 MiB one
    /// (Tests/e2e/test_numbers_antimeridian.py runs the server so), and within the wasm build's 1 MiB
    /// (which keeps the default). No JSON-RPC request needs more than a handful of levels.
    public static let maxDepthCeiling = 4_096
    public static let defaultMaxBatch = 10_000
    public static let defaultMaxStringBytes = 64 * 1024
    public static let defaultMaxNumberChars = 1_000

    public init(
        maxLineBytes: Int = defaultMaxLineBytes, maxDepth: Int = defaultMaxDepth, maxBatch: Int = defaultMaxBatch,
        maxStringBytes: Int = defaultMaxStringBytes, maxNumberChars: Int = defaultMaxNumberChars
    ) {
        self.maxLineBytes = maxLineBytes
        self.maxDepth = maxDepth
        self.maxBatch = maxBatch
        self.maxStringBytes = maxStringBytes
        self.maxNumberChars = maxNumberChars
    }

    /// The caps the JSON reader enforces while it parses a line.
    public var json: JSONLimits {
        JSONLimits(maxDepth: maxDepth, maxStringBytes: maxStringBytes, maxNumberChars: maxNumberChars)
    }

    /// The value of one cap.
    public func max(of limit: RPCLimit) -> Int {
        switch limit {
        case .lineBytes: return maxLineBytes
        case .depth: return maxDepth
        case .batch: return maxBatch
        case .stringBytes: return maxStringBytes
        case .numberChars: return maxNumberChars
        }
    }
}

/// One of the caps in ``RPCLimits``.
public enum RPCLimit: Equatable, Sendable, CaseIterable {
    case lineBytes, depth, batch, stringBytes, numberChars

    /// The name used in error `data` (`"limit":"maxLineBytes"`), the same as the ``RPCLimits`` property.
    public var name: String {
        switch self {
        case .lineBytes: return "maxLineBytes"
        case .depth: return "maxDepth"
        case .batch: return "maxBatch"
        case .stringBytes: return "maxStringBytes"
        case .numberChars: return "maxNumberChars"
        }
    }

    /// Completes "… the limit of N …", e.g. "bytes in a line".
    var unit: String {
        switch self {
        case .lineBytes: return "bytes in a line"
        case .depth: return "levels of nesting"
        case .batch: return "requests in a batch"
        case .stringBytes: return "bytes in a string"
        case .numberChars: return "characters in a number"
        }
    }
}

/// A line that broke one of the caps: which one, its value, and where (or how big the batch was).
public struct LimitExceeded: Equatable, Sendable {
    public var limit: RPCLimit
    public var max: Int
    /// Byte offset in the line where the cap was broken; nil for a whole-line or whole-batch cap.
    public var offset: Int?
    /// The batch's size, for ``RPCLimit/batch``.
    public var found: Int?

    public init(limit: RPCLimit, max: Int, offset: Int? = nil, found: Int? = nil) {
        self.limit = limit
        self.max = max
        self.offset = offset
        self.found = found
    }

    /// E.g. "more than 16777216 bytes in a line (maxLineBytes); the line was skipped".
    public var reason: String {
        var text = "more than \(max) \(limit.unit) (\(limit.name))"
        if let offset { text += " at offset \(offset)" }
        if let found { text += ", got \(found)" }
        if limit == .lineBytes { text += "; the line was skipped" }
        return text
    }
}
