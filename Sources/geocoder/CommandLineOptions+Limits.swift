import GeoRPC

/// The `--max-*` options, one per cap in `RPCLimits`, each a whole number of at least 1.
extension CommandLineOptions {
    /// Option name to the cap it sets.
    static let limitOptions: [String: RPCLimit] = [
        "--max-line-bytes": .lineBytes,
        "--max-depth": .depth,
        "--max-batch": .batch,
        "--max-string-bytes": .stringBytes,
        "--max-number-chars": .numberChars,
        "--max-work": .work,
        "--max-values": .values,
    ]

    /// Sets the cap that `option` names.
    /// - Throws: `UsageError` unless `text` is a whole number from 1 to 2^53 (for `--max-depth`, to
    ///   ``RPCLimits/maxDepthCeiling``).
    mutating func setLimit(_ option: String, _ text: String) throws(UsageError) {
        guard let limit = Self.limitOptions[option] else { throw UsageError(message: "unknown option '\(option)'") }
        guard let value = Int(text), value >= 1, value <= 1 << 53 else {
            throw UsageError(message: "\(option) must be a whole number of at least 1, got '\(text)'")
        }
        if limit == .depth && value > RPCLimits.maxDepthCeiling {
            throw UsageError(message: "\(option) must be at most \(RPCLimits.maxDepthCeiling) (deeper nesting could overflow the stack), got '\(text)'")
        }
        switch limit {
        case .lineBytes: limits.maxLineBytes = value
        case .depth: limits.maxDepth = value
        case .batch: limits.maxBatch = value
        case .stringBytes: limits.maxStringBytes = value
        case .numberChars: limits.maxNumberChars = value
        case .work: limits.maxWork = value
        case .values: limits.maxValues = value
        }
    }

    /// The argument after an option that needs a value.
    static func nextArgument(_ arguments: [String], _ index: inout Int, for name: String) throws(UsageError) -> String {
        guard index < arguments.count else { throw UsageError(message: "\(name) needs a value") }
        index += 1
        return arguments[index - 1]
    }
}
