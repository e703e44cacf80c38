extension JSONValue {
    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number's `Double` value, if this is a number.
    public var doubleValue: Double? {
        if case .number(let number) = self { return number.value }
        return nil
    }

    /// The flag, if this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The object, if this is one.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// The member named `key` when this is an object (the last one if the key repeats), else nil.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// Compact JSON text for this value (members in order, numbers as their original literal).
    public func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.value(self)
        return writer.bytes
    }
}
