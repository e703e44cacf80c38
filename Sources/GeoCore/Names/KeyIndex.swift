/// Folded name keys, sorted and unique, each with the run of postings (countries, cities, divisions) that
/// carry a name with that key.
///
/// Compact by design: the keys are one byte blob with offsets (`StringPool`) and the postings one table of
/// 64-bit words, so ~700,000 city and country names cost bytes per name, not a heap object each, and a
/// binary index serves all of it straight from the mapped file. Sorted keys answer exact lookups and
/// prefix ranges by binary search, and act as an implicit trie for the fuzzy walk (`KeyIndex+Fuzzy.swift`).
struct KeyIndex: Sendable {
    let keys: StringPool
    /// `keys.count + 1` offsets into `postings`.
    let postingStarts: Table<UInt32>
    let postings: Table<UInt64>

    init(keys: StringPool, postingStarts: Table<UInt32>, postings: Table<UInt64>) {
        self.keys = keys
        self.postingStarts = postingStarts
        self.postings = postings
    }

    /// An index with no keys.
    static var empty: KeyIndex { KeyIndexBuilder().build() }

    var count: Int { keys.count }

    @inline(__always)
    func postingRange(_ key: Int) -> Range<Int> { Int(postingStarts[key])..<Int(postingStarts[key + 1]) }

    @inline(__always)
    func posting(_ k: Int) -> Posting { Posting(bits: postings[k]) }

    /// The first key not less than `key`.
    /// - Complexity: O(log n) key comparisons.
    func lowerBound(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if compareKeys(keys.utf8(mid), key) < 0 { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The position of `key`, if present.
    func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let k = lowerBound(key)
        return k < count && compareKeys(keys.utf8(k), key) == 0 ? k : nil
    }

    /// The first position at or after `from` whose key does not start with `prefix` (keys starting with it
    /// are contiguous).
    func prefixEnd(_ prefix: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var lo = from, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            let key = keys.utf8(mid)
            let head = UnsafeBufferPointer(rebasing: key[0..<min(key.count, prefix.count)])
            if compareKeys(head, prefix) <= 0 { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func write(to out: inout BinaryWriter) {
        keys.write(to: &out)
        out.array(postingStarts)
        out.array(postings)
    }

    /// Reads what `write(to:)` wrote; checks offsets and every posting's kind and target against `limits`.
    /// - Parameter targets: for each kind's raw value, how many targets exist (0: the kind is not allowed).
    init(reading input: inout BinaryReader, targets: (NameKind) -> Int, textCount: Int) throws(BinaryFormatError) {
        keys = try StringPool(reading: &input, what: "name keys")
        postingStarts = try input.table(of: UInt32.self)
        postings = try input.table(of: UInt64.self)
        let s = postingStarts.buffer
        guard s.count == keys.count + 1, s[0] == 0, Int(s[s.count - 1]) == postings.count else {
            throw .invalid("name postings")
        }
        var previous: UInt32 = 0
        for value in s {
            if value < previous { throw .invalid("name posting order") }
            previous = value
        }
        for bits in postings.buffer {
            let posting = Posting(bits: bits)
            guard let kind = posting.kind, posting.target < targets(kind), posting.text < textCount else {
                throw .invalid("name posting")
            }
        }
    }
}

/// Collects (key, posting) pairs and sorts them into a `KeyIndex`.
///
/// Keys go into one growing blob rather than an array each, so building from 700,000 names stays within a
/// few tens of MB. The same key for the same place is kept once, with its best kind.
struct KeyIndexBuilder {
    private var blob: [UInt8] = []
    private var spans: [(start: UInt32, count: UInt32, posting: UInt64)] = []

    mutating func add(_ key: [UInt8], _ posting: Posting) {
        if key.isEmpty { return }
        spans.append((UInt32(blob.count), UInt32(key.count), posting.bits))
        blob.append(contentsOf: key)
    }

    /// - Complexity: O(n log n) key comparisons.
    func build() -> KeyIndex {
        var order = Array(spans.indices)
        blob.withUnsafeBufferPointer { base in
            func key(_ k: Int) -> UnsafeBufferPointer<UInt8> {
                let span = spans[k]
                return UnsafeBufferPointer(rebasing: base[Int(span.start)..<Int(span.start + span.count)])
            }
            order.sort { a, b in
                let c = compareKeys(key(a), key(b))
                if c != 0 { return c < 0 }
                let pa = Posting(bits: spans[a].posting), pb = Posting(bits: spans[b].posting)
                let ga = Self.placeGroup(pa), gb = Self.placeGroup(pb)
                if ga != gb { return ga < gb }
                if pa.target != pb.target { return pa.target < pb.target }
                return (pa.kind?.rawValue ?? 0, pa.text) < (pb.kind?.rawValue ?? 0, pb.text)
            }
        }
        var keys = StringPoolBuilder()
        var starts: [UInt32] = [0]
        var postings: [UInt64] = []
        var previous: Int? = nil
        blob.withUnsafeBufferPointer { base in
            for k in order {
                let span = spans[k]
                let key = UnsafeBufferPointer(rebasing: base[Int(span.start)..<Int(span.start + span.count)])
                let posting = Posting(bits: span.posting)
                if let p = previous {
                    let before = spans[p]
                    let previousKey = UnsafeBufferPointer(rebasing: base[Int(before.start)..<Int(before.start + before.count)])
                    if compareKeys(previousKey, key) == 0 {
                        let last = Posting(bits: before.posting)
                        // Sorted by place then kind: a repeat of the place is a worse name for it.
                        if Self.placeGroup(last) == Self.placeGroup(posting) && last.target == posting.target { continue }
                        postings.append(posting.bits)
                        previous = k
                        starts[starts.count - 1] = UInt32(postings.count)
                        continue
                    }
                }
                keys.append(bytes: Array(key))
                postings.append(posting.bits)
                starts.append(UInt32(postings.count))
                previous = k
            }
        }
        return KeyIndex(keys: keys.build(), postingStarts: Table(starts), postings: Table(postings))
    }

    /// Countries, cities and divisions are numbered separately; this tells the numberings apart.
    private static func placeGroup(_ posting: Posting) -> Int {
        guard let kind = posting.kind else { return 3 }
        return kind.isCity ? 1 : (kind == .admin1 ? 2 : 0)
    }
}
