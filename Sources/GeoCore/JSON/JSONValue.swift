/// A parsed JSON value (RFC 8259).
///
/// Objects keep their members in document order, and numbers keep the text they were written with,
/// so a JSON-RPC `id` such as `12345678901234567890` is echoed exactly as the client sent it.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON number: its literal text as written and its correctly rounded `Double` value.
public struct JSONNumber: Equatable, Sendable {
    /// The literal exactly as it appeared in the input, e.g. `-3.37e1`.
    public var text: String
    /// The nearest `Double` to the literal (IEEE 754 round-half-to-even); ±infinity when out of range.
    public var value: Double

    public init(text: String, value: Double) {
        self.text = text
        self.value = value
    }
}

/// A JSON object: members in document order. Lookup by key returns the last member with that key,
/// as most JSON readers do.
public struct JSONObject: Equatable, Sendable {
    public var members: [Member]

    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public init(members: [Member] = []) {
        self.members = members
    }

    /// The value of the last member named `key`, or nil.
    public subscript(key: String) -> JSONValue? {
        var index = members.count
        while index > 0 {
            index -= 1
            if members[index].key == key { return members[index].value }
        }
        return nil
    }
}
