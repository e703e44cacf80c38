extension JSONScanner {
    /// Reads the value at the cursor as a tree.
    ///
    /// Iterative, so nesting depth is bounded by `maxDepth` only and never by the thread's stack size.
    /// Elements of all open containers wait in one flat buffer and are moved into their array or object
    /// when it closes, so no partially built container is ever copied.
    /// - Complexity: O(n) in the size of the value.
    public mutating func readValue() throws(JSONError) -> JSONValue {
        var values: [JSONValue] = []  // elements of the open containers, innermost last
        var keys: [String] = []  // keys of the open objects' members, parallel to their values
        var frames: [OpenContainer] = []
        descend: while true {
            var finished: JSONValue
            switch peek() {
            case UInt8(ascii: "{"):
                try beginObject()
                if let key = try nextKey() {
                    frames.append(OpenContainer(isObject: true, firstValue: values.count, firstKey: keys.count))
                    keys.append(key)
                    continue descend
                }
                finished = .object(JSONObject())
            case UInt8(ascii: "["):
                try beginArray()
                if try hasNext() {
                    frames.append(OpenContainer(isObject: false, firstValue: values.count, firstKey: keys.count))
                    continue descend
                }
                finished = .array([])
            default:
                finished = try readScalar()
            }
            // Hand the finished value to its container; close containers whose last element it was.
            while let frame = frames.last {
                values.append(finished)
                if frame.isObject {
                    if let key = try nextKey() {
                        keys.append(key)
                        continue descend
                    }
                    var members: [JSONObject.Member] = []
                    members.reserveCapacity(values.count - frame.firstValue)
                    for index in frame.firstValue..<values.count {
                        members.append(JSONObject.Member(key: keys[frame.firstKey + index - frame.firstValue],
                                                         value: values[index]))
                    }
                    keys.removeSubrange(frame.firstKey...)
                    finished = .object(JSONObject(members: members))
                } else {
                    if try hasNext() { continue descend }
                    finished = .array(Array(values[frame.firstValue...]))
                }
                values.removeSubrange(frame.firstValue...)
                frames.removeLast()
            }
            return finished
        }
    }

    /// Validates and steps over the value at the cursor without building anything.
    /// - Complexity: O(n) in the size of the value; allocates only for nesting deeper than 64 levels.
    public mutating func skipValue() throws(JSONError) {
        // One bit per open container, innermost lowest: 1 = object, 0 = array.
        var kinds: UInt64 = 0
        var overflowKinds: [Bool] = []
        var open = 0
        descend: while true {
            switch peek() {
            case UInt8(ascii: "{"):
                try beginObject()
                if try advanceToMember() {
                    try skipMemberKey()
                    push(object: true, &kinds, &overflowKinds, open)
                    open += 1
                    continue descend
                }
            case UInt8(ascii: "["):
                try beginArray()
                if try hasNext() {
                    push(object: false, &kinds, &overflowKinds, open)
                    open += 1
                    continue descend
                }
            default:
                try skipScalar()
            }
            while open > 0 {
                let inObject = open > 64 ? overflowKinds[open - 65] : (kinds >> UInt64(open - 1)) & 1 == 1
                if inObject {
                    if try advanceToMember() {
                        try skipMemberKey()
                        continue descend
                    }
                } else if try hasNext() {
                    continue descend
                }
                open -= 1
                if open >= 64 { overflowKinds.removeLast() }
            }
            return
        }
    }

    /// Reads `true` or `false`.
    public mutating func readBool() throws(JSONError) -> Bool {
        skipWhitespace()
        if try matchLiteral("true") { return true }
        if try matchLiteral("false") { return false }
        throw unexpected()
    }

    /// Reads `null`.
    public mutating func readNull() throws(JSONError) {
        skipWhitespace()
        guard try matchLiteral("null") else { throw unexpected() }
    }

    /// Consumes `null` if it is next and returns true; otherwise leaves the cursor alone and returns false.
    /// Handy for optional members such as a GeoJSON Feature's `"geometry": null`.
    public mutating func consumeNull() throws(JSONError) -> Bool {
        skipWhitespace()
        return try matchLiteral("null")
    }

    // MARK: - Internals

    /// An array or object still being read by `readValue`: where its elements start in the shared buffers.
    struct OpenContainer {
        var isObject: Bool
        var firstValue: Int
        var firstKey: Int
    }

    private func push(object: Bool, _ kinds: inout UInt64, _ overflow: inout [Bool], _ open: Int) {
        if open < 64 {
            let bit: UInt64 = 1 << UInt64(open)
            if object { kinds |= bit } else { kinds &= ~bit }
        } else {
            overflow.append(object)
        }
    }

    /// A string, number, `true`, `false` or `null` as a tree node.
    mutating func readScalar() throws(JSONError) -> JSONValue {
        switch peekKind() {
        case .string: return .string(try readString())
        case .bool: return .bool(try readBool())
        case .null:
            try readNull()
            return .null
        case .number: return .number(try readNumber())
        case .object, .array, nil: throw unexpected()
        }
    }

    mutating func skipScalar() throws(JSONError) {
        switch peekKind() {
        case .string: try skipString()
        case .bool: _ = try readBool()
        case .null: try readNull()
        case .number: _ = try scanNumber()
        case .object, .array, nil: throw unexpected()
        }
    }

    mutating func skipMemberKey() throws(JSONError) {
        try skipString()
        try consumeColon()
    }

    /// Consumes `literal` if the input continues with exactly it. A partial match such as `tru]` throws at the
    /// first wrong byte; no match at all returns false without moving.
    mutating func matchLiteral(_ literal: StaticString) throws(JSONError) -> Bool {
        let text = literal.utf8Start
        let length = literal.utf8CodeUnitCount
        guard offset < bytes.count, bytes[offset] == text[0] else { return false }
        for index in 1..<length {
            let at = offset + index
            guard at < bytes.count else { throw JSONError.unexpectedEnd(offset: at) }
            guard bytes[at] == text[index] else { throw JSONError.unexpectedByte(offset: at, byte: bytes[at]) }
        }
        offset += length
        position = .afterValue
        return true
    }
}
