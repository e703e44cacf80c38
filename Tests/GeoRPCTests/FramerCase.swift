import Testing

/// One line-framing scenario: input chunks and the lines (or `"!"` for an over-long line) the framer
/// must deliver. Shared by the framer's plain and limit tests.
struct FramerCase: CustomTestStringConvertible, Sendable {
    let name: String
    let chunks: [String]
    let expected: [String]
    var testDescription: String { name }
}
