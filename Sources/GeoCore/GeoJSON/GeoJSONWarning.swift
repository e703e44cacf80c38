/// Something RFC 7946 discourages but tells parsers to accept, reported instead of rejected.
public struct GeoJSONWarning: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// An exterior ring is clockwise; §3.1.6 asks for counterclockwise but says parsers SHOULD NOT reject it.
        case exteriorRingClockwise
        /// A hole is counterclockwise; §3.1.6 asks for clockwise.
        case holeCounterClockwise
    }

    /// Byte offset of the ring's opening '['.
    public var offset: Int
    public var kind: Kind

    public init(offset: Int, kind: Kind) {
        self.offset = offset
        self.kind = kind
    }

    /// One ASCII line, e.g. `exterior ring is clockwise (RFC 7946 section 3.1.6) at offset 120`.
    public var message: String {
        switch kind {
        case .exteriorRingClockwise: return "exterior ring is clockwise (RFC 7946 section 3.1.6) at offset \(offset)"
        case .holeCounterClockwise: return "hole is counterclockwise (RFC 7946 section 3.1.6) at offset \(offset)"
        }
    }
}
