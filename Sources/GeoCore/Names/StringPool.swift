/// Many strings kept as one UTF-8 blob and a table of start offsets: two allocations (or two views into a
/// mapped index file) instead of one heap object per string, which for ~700,000 names is the difference
/// between a few MB and hundreds.
struct StringPool: Sendable {
    let bytes: Table<UInt8>
    /// `count + 1` offsets into `bytes`: string `i` is `bytes[starts[i]..<starts[i + 1]]`.
    let starts: Table<UInt32>

    init(bytes: Table<UInt8>, starts: Table<UInt32>) {
        self.bytes = bytes
        self.starts = starts
    }

    /// No strings: the pool of a table that has none (a placeholder index, a layer without names).
    static let empty = StringPool(bytes: Table([]), starts: Table([0]))

    var count: Int { starts.count - 1 }

    /// String `i`'s bytes; valid while the pool lives.
    @inline(__always)
    func utf8(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(starts[i]), end = Int(starts[i + 1])
        return UnsafeBufferPointer(rebasing: bytes.buffer[start..<end])
    }

    /// String `i`, decoded.
    func string(_ i: Int) -> String { String(decoding: utf8(i), as: UTF8.self) }

    func write(to out: inout BinaryWriter) {
        out.array(bytes)
        out.array(starts)
    }

    /// Reads what `write(to:)` wrote and checks that every string lies inside the blob.
    /// - Throws: `.invalid(what)` when the offsets do not start at 0, decrease, or overrun the blob.
    init(reading input: inout BinaryReader, what: String) throws(BinaryFormatError) {
        bytes = try input.table(of: UInt8.self)
        starts = try input.table(of: UInt32.self)
        let s = starts.buffer
        guard s.count >= 1, s[0] == 0, Int(s[s.count - 1]) == bytes.count else { throw .invalid(what) }
        var previous: UInt32 = 0
        for value in s {
            if value < previous { throw .invalid(what) }
            previous = value
        }
    }
}

/// Collects strings for a `StringPool`.
struct StringPoolBuilder {
    var bytes: [UInt8] = []
    var starts: [UInt32] = [0]

    var count: Int { starts.count - 1 }

    /// Appends `text`; returns its number in the pool.
    @discardableResult
    mutating func append(_ text: String) -> UInt32 {
        bytes.append(contentsOf: text.utf8)
        starts.append(UInt32(bytes.count))
        return UInt32(starts.count - 2)
    }

    /// Appends raw bytes; returns their number in the pool.
    @discardableResult
    mutating func append(bytes utf8: [UInt8]) -> UInt32 {
        bytes.append(contentsOf: utf8)
        starts.append(UInt32(bytes.count))
        return UInt32(starts.count - 2)
    }

    func build() -> StringPool { StringPool(bytes: Table(bytes), starts: Table(starts)) }
}

/// Byte-wise comparison of two keys: negative, zero or positive as `a` sorts before, with or after `b`.
@inline(__always)
func compareKeys(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let n = min(a.count, b.count)
    var i = 0
    while i < n {
        let x = a[i], y = b[i]
        if x != y { return Int(x) - Int(y) }
        i += 1
    }
    return a.count - b.count
}
