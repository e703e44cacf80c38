/// Writes compact JSON into a byte array that can be reused between messages.
///
/// Commas are inserted automatically: the writer remembers whether the current container already holds a
/// value and whether a key is waiting for its value. One flag is enough, because closing a container always
/// leaves its parent "after a value". The caller keeps the structure balanced (every `beginObject` gets an
/// `endObject`, every object member gets a `key` then a value); the writer does not check that.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("jsonrpc"); writer.string("2.0")
/// writer.key("result"); writer.number(42)
/// writer.endObject()          // writer.bytes == Array(#"{"jsonrpc":"2.0","result":42}"#.utf8)
/// ```
public struct JSONWriter {
    /// The output so far.
    public var bytes: [UInt8]
    /// True once the current container (or the top level) holds a value, so the next one needs a comma.
    var needsComma = false
    /// True between `key(_:)` and the member's value, which must not get a comma.
    var afterKey = false

    /// - Parameter capacity: bytes to reserve up front.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Clears the output but keeps its capacity, so steady-state writing does not allocate.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
        afterKey = false
    }

    /// Ends a top-level value for line-delimited output (JSON Lines, JSON-RPC over stdio): appends `\n`,
    /// and the next value starts a fresh line without a comma.
    public mutating func endLine() {
        bytes.append(0x0A)
        needsComma = false
        afterKey = false
    }

    public mutating func beginObject() {
        startValue()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        startValue()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes the comma if needed, the escaped key and ':'; the next call writes the member's value.
    public mutating func key(_ key: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
        afterKey = true
    }

    public mutating func null() {
        startValue()
        appendLiteral("null")
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        startValue()
        if value {
            appendLiteral("true")
        } else {
            appendLiteral("false")
        }
        needsComma = true
    }

    /// Writes a string with `"`, `\` and control characters escaped; everything else verbatim UTF-8.
    public mutating func string(_ value: String) {
        startValue()
        appendQuoted(value)
        needsComma = true
    }

    /// Writes a number exactly as its literal text was given, e.g. to echo a JSON-RPC `id` unchanged.
    public mutating func number(_ value: JSONNumber) {
        startValue()
        bytes.append(contentsOf: value.text.utf8)
        needsComma = true
    }

    /// Writes an already encoded JSON value; it counts as one value for comma handling.
    public mutating func raw(_ encoded: [UInt8]) {
        startValue()
        bytes.append(contentsOf: encoded)
        needsComma = true
    }

    /// Writes an already encoded JSON value read in place (a layer's stored id or properties): no array
    /// is made for it; it counts as one value for comma handling.
    public mutating func raw(_ encoded: UnsafeBufferPointer<UInt8>) {
        startValue()
        bytes.append(contentsOf: encoded)
        needsComma = true
    }

    /// Writes a string given as UTF-8 bytes read in place (a layer's stored name), escaped as
    /// `string(_:)` escapes a `String` with those bytes: no `String` is made for it.
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        startValue()
        appendQuoted(utf8: utf8)
        needsComma = true
    }

    /// After `raw` bytes that end in a member's key and colon: the next value is that member's, so it gets
    /// no comma (as after `key(_:)`).
    public mutating func continueAfterKey() {
        afterKey = true
    }

    /// Writes a whole tree. Object members keep their order, numbers their literal text.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object.members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    // MARK: - Internals

    @inline(__always)
    mutating func startValue() {
        if afterKey {
            afterKey = false
        } else if needsComma {
            bytes.append(UInt8(ascii: ","))
        }
    }

    /// Appends `"text"` with the escapes RFC 8259 requires (and the short forms where they exist).
    /// Runs of bytes that need no escape are copied in bulk.
    mutating func appendQuoted(_ text: String) {
        // A native string's bytes in place, without the mutable copy `withUTF8` needs (a uniqueness check,
        // a retain and a release per key and value: a tenth of a 250-result forward reply's cost).
        if text.utf8.withContiguousStorageIfAvailable({ appendQuoted(utf8: $0) }) != nil { return }
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0) }
    }

    /// `appendQuoted(_:)` on the string's UTF-8 bytes.
    mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        // Most names need no escape: checked eight bytes at a time, then copied in one piece.
        if !Self.needsEscape(utf8) {
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            runStart = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                appendLiteral("u00")
                bytes.append(JSONWriter.hexDigit(byte >> 4))
                bytes.append(JSONWriter.hexDigit(byte & 0x0F))
            }
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether any byte of `utf8` is below 0x20, `"` or a backslash: the bytes `appendQuoted` escapes.
    ///
    /// Eight bytes a word: with ones = 0x0101…01 and highs = 0x8080…80, `(w - ones·n) & ~w & highs` is
    /// non-zero exactly when some byte of w is below n (n ≤ 0x80; a borrow only starts at such a byte), and
    /// a byte equal to c is a zero byte of `w ^ ones·c`.
    static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let count = utf8.count
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i &+ 8 <= count {
            let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
            let found = ((w &- ones &* 0x20) & ~w) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            if found & highs != 0 { return true }
            i &+= 8
        }
        while i < count {
            let byte = base[i]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            i &+= 1
        }
        return false
    }

    @inline(__always)
    mutating func appendLiteral(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
