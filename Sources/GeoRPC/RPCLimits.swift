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
    /// The most work one line may ask for, in the units of ``WorkCost`` (about a microsecond of CPU each on
    /// the reference machine). Estimated from the params before anything runs, so the same line always gets
    /// the same answer; a batch's calls share one budget, spent in order (-32600 for each call past it).
    public var maxWork: Int
    /// The most JSON values in one request (a line, or one element of a batch) that the server reads into a
    /// tree (-32600): about 60 bytes of memory each. `reverseGeocode` and `reverseGeocodeMany` requests in
    /// their plain form are read without a tree and are not counted (see `ReverseFastPath`), so a million
    /// points per line stay possible; anything else this large is refused before it is built.
    public var maxValues: Int

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
    /// 10 s of estimated CPU, which with ``WorkCost``'s margin of about 2× is at most 5–6.5 s of real CPU:
    /// above a million default-radius points (8,000,002 units) or a batch of 10,000 ordinary calls of one
    /// method, far below what one line could otherwise ask for (hours).
    public static let defaultMaxWork = 10_000_000
    /// A tree of a million values takes about 60 MB; 16 MiB of `[0,0],` would otherwise build 490 MB.
    public static let defaultMaxValues = 1_000_000

    public init(
        maxLineBytes: Int = defaultMaxLineBytes, maxDepth: Int = defaultMaxDepth, maxBatch: Int = defaultMaxBatch,
        maxStringBytes: Int = defaultMaxStringBytes, maxNumberChars: Int = defaultMaxNumberChars,
        maxWork: Int = defaultMaxWork, maxValues: Int = defaultMaxValues
    ) {
        self.maxLineBytes = maxLineBytes
        self.maxDepth = maxDepth
        self.maxBatch = maxBatch
        self.maxStringBytes = maxStringBytes
        self.maxNumberChars = maxNumberChars
        self.maxWork = maxWork
        self.maxValues = maxValues
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
        case .work: return maxWork
        case .values: return maxValues
        }
    }
}

/// One of the caps in ``RPCLimits``.
public enum RPCLimit: Equatable, Sendable, CaseIterable {
    case lineBytes, depth, batch, stringBytes, numberChars, work, values

    /// The name used in error `data` (`"limit":"maxLineBytes"`), the same as the ``RPCLimits`` property.
    public var name: String {
        switch self {
        case .lineBytes: return "maxLineBytes"
        case .depth: return "maxDepth"
        case .batch: return "maxBatch"
        case .stringBytes: return "maxStringBytes"
        case .numberChars: return "maxNumberChars"
        case .work: return "maxWork"
        case .values: return "maxValues"
        }
    }

    /// True for the caps judged on a request that was read whole (batch size, work): -32600, and the
    /// request's id is known. The others stop reading the line: -32700.
    var isRequestLevel: Bool { self == .batch || self == .work || self == .values }

    /// Completes "… the limit of N …", e.g. "bytes in a line".
    var unit: String {
        switch self {
        case .lineBytes: return "bytes in a line"
        case .depth: return "levels of nesting"
        case .batch: return "requests in a batch"
        case .stringBytes: return "bytes in a string"
        case .numberChars: return "characters in a number"
        case .work: return "units of work in a line"
        case .values: return "JSON values in a request"
        }
    }
}

/// A line that broke one of the caps: which one, its value, and where (or how big the batch was).
public struct LimitExceeded: Equatable, Sendable {
    public var limit: RPCLimit
    public var max: Int
    /// Byte offset in the line where the cap was broken; nil for a whole-line or whole-batch cap.
    public var offset: Int?
    /// The batch's size, for ``RPCLimit/batch``; the call's estimated work, for ``RPCLimit/work``.
    public var found: Int?
    /// For ``RPCLimit/work``: what was left of the line's budget when the call came.
    public var remaining: Int?

    public init(limit: RPCLimit, max: Int, offset: Int? = nil, found: Int? = nil, remaining: Int? = nil) {
        self.limit = limit
        self.max = max
        self.offset = offset
        self.found = found
        self.remaining = remaining
    }

    /// E.g. "more than 16777216 bytes in a line (maxLineBytes); the line was skipped".
    public var reason: String {
        if limit == .work {
            return "the call needs about \(found ?? 0) units of work, more than the \(remaining ?? max) left of "
                + "the line's \(max) (maxWork); it was not run"
        }
        var text = "more than \(max) \(limit.unit) (\(limit.name))"
        if let offset { text += " at offset \(offset)" }
        if let found { text += ", got \(found)" }
        if limit == .lineBytes { text += "; the line was skipped" }
        return text
    }
}
