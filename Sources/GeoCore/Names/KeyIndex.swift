/// Every name of every place, sorted by folded key, front-coded: the name index forward search walks.
///
/// Entry `i` is a name as the data spells it (its text) and a `Posting` (kind and place). Entries are
/// sorted by their search key (`NameFolding.fold` of the text), but the keys are not stored: they are
/// folded from the text when compared, which halves the size. Texts are front-coded in blocks of
/// `blockSize` (each one stores only what differs from the previous text in its block) so that ~700,000
/// names fit in about 6 MB, and a block's first text is whole, so a binary search over block heads finds a
/// key in O(log n) folds. Sorted keys also serve prefix ranges and act as an implicit trie for the fuzzy
/// walk (`KeyIndex+Fuzzy.swift`).
struct KeyIndex: Sendable {
    static let blockSize = 16
    /// The blocks: per block, the first text as `varint length, bytes`; each other text as a header byte
    /// `shared << 4 | suffix` (a nibble of 15 means "15 plus a varint that follows": shared's varint first),
    /// then the suffix bytes, where `shared` is how many leading bytes it has in common with the previous
    /// text and `suffix` how many follow. Most names need one header byte.
    let data: Table<UInt8>
    /// `blocks + 1` byte offsets into `data`.
    let blockStarts: Table<UInt32>
    /// One `Posting` per entry, 3 bytes each, little-endian.
    let postings: Table<UInt8>
    /// One byte per entry: its key's length, 255 for 255 or more. Prefix search scores a name by how much
    /// of it the query covers, and reads that here instead of decoding and folding every name under a
    /// short prefix (tens of thousands under "a").
    let keyLengths: Table<UInt8>
    /// The longest key's length in bytes: no key is within `bound` edits of a longer query than this plus
    /// `bound`, so the fuzzy walk refuses such queries at once (`forEachFuzzy`).
    let maxKeyLength: Int
    /// Per block, the first 8 bytes of its first key (`HeadPrefix.pack`): the cursor's skips search these
    /// instead of decoding and folding block heads, which was most of a fuzzy walk that finds nothing (it
    /// skips past every 3-byte prefix of ~550,000 keys). 8 bytes, not 4: a two-edit walk also prunes
    /// thousands of 5- to 8-byte prefixes. Built in memory when the index is made or loaded (one short fold
    /// per block, ~34,000 for the names: 270 KB), so the file format does not change.
    private(set) var heads: Table<UInt64> = Table([])
    /// Every distinct key start of up to 4 Unicode scalars and at most 8 bytes (`groupLength`), packed as
    /// `HeadPrefix.pack` packs (zero-padded), in key order, and the first entry that has it
    /// (`groupStarts`). The fuzzy walk runs over this table down to the groups' depth (~64,000 groups for
    /// the Latin names, against ~550,000 keys to decode and fold) and decodes only the groups it does not
    /// prune there (`forEachFuzzy`). Scalars, not a fixed 4 bytes: the walk counts edits in scalars, and
    /// 4 bytes of Cyrillic or Arabic are only 2 letters, which no bound of 2 prunes, so every such group
    /// was decoded. Stored in the index file: building them takes a pass over every entry, too slow for
    /// start-up.
    private(set) var groups: Table<UInt64> = Table([])
    private(set) var groupStarts: Table<UInt32> = Table([])
    /// The groups in runs by their first scalar (by its first 2 bytes when it has 3 or 4: the Han
    /// characters of one 64-character block share a run): the first group of each run, and per run which
    /// classes of scalars (`scalarClass`) its keys have in second and third place (bit 63: a key of fewer
    /// than 3 scalars). A fuzzy walk skips a whole run when none of those can match a query scalar and a
    /// first scalar that matches nothing already costs too much (`forEachFuzzy`): a Latin query then
    /// passes each Cyrillic or Arabic first letter, each block of Han characters, once, instead of each of
    /// their ~27,000 two-letter starts. Built in memory from the groups when the index is made or loaded.
    private(set) var runStarts: Table<UInt32> = Table([])
    private(set) var runClasses: Table<UInt64> = Table([])
    /// Per group, a summary of its keys past the group's whole scalars (their tails): the classes of the
    /// tails' scalars (`fuzzyClass`) and its longest key in scalars (`groupLongest`, 255 for 255 or more).
    /// A fuzzy walk passes a group whose keys are all too short for the query without computing a row, and
    /// skips one within the bound without decoding a key when the summary proves that every key is beyond
    /// the bound (`forEachFuzzy`): a query scalar of a class no tail has costs an edit, and so does each
    /// query scalar past the longest key. Most groups hold a few keys, so their classes are few:
    /// the walk of a typo in the first letter decoded thousands of groups whose keys share 2 of 4 letters
    /// with the query and nothing after ("nit Maarten": 5.3 ms). Stored in the index file (computing them
    /// folds every key); empty in an index built without them, whose walk then skips nothing this way.
    private(set) var groupClasses: Table<UInt64> = Table([])
    private(set) var groupLongest: Table<UInt8> = Table([])
    /// The longest of `groupLongest` per 16 groups: a walk for a long query passes 16 groups of short keys
    /// at a time (most groups, for a query of 10 letters or more). Built in memory.
    private(set) var blockLongest: Table<UInt8> = Table([])

    static func blockMaxima(_ longest: Table<UInt8>) -> Table<UInt8> {
        let values = longest.buffer
        var maxima = [UInt8](repeating: 0, count: (values.count + 15) / 16)
        for (g, value) in values.enumerated() { maxima[g / 16] = max(maxima[g / 16], value) }
        return Table(maxima)
    }

    init(data: Table<UInt8>, blockStarts: Table<UInt32>, postings: Table<UInt8>, keyLengths: Table<UInt8>, maxKeyLength: Int) {
        self.data = data
        self.blockStarts = blockStarts
        self.postings = postings
        self.keyLengths = keyLengths
        self.maxKeyLength = maxKeyLength
        heads = headPrefixes()
        (groups, groupStarts) = prefixGroups()
        (runStarts, runClasses) = Self.firstScalarRuns(groups)
    }

    /// A class of scalars for `runClasses`, from the scalar's first UTF-8 byte: equal scalars are always
    /// in one class (the bits only ever let a walk skip keys that cannot match). An ASCII letter has a bit
    /// of its own (either case), all digits one, the space one, other ASCII two. A lead byte of the scripts
    /// names are written in has a bit of its own: 0xC3–0xC5 (Latin with diacritics), 0xCE–0xDB (Greek,
    /// Cyrillic, Armenian, Hebrew, Arabic), 0xE0 (Indic, Thai, Lao), 0xE1 (Georgian, Khmer, Myanmar...), 0xE3
    /// (kana), 0xE4–0xE9 (Han), 0xEA–0xED (Hangul); the rare ones share three bits. With the low 5 bits of
    /// ASCII, as before, hyphens and digits shared the bits of `m` and of `p`–`y`, and a Latin query could
    /// not skip a Cyrillic run holding "о-в" or "1".
    @inline(__always)
    static func scalarClass(lead: UInt8) -> UInt64 {
        let b = Int(lead)
        if b < 0x80 {
            let letter = (b | 0x20) - 0x61
            if letter >= 0 && letter < 26 { return 1 << UInt64(letter) }
            if b >= 0x30 && b <= 0x39 { return 1 << 26 }
            return b == 0x20 ? 1 << 27 : 1 << UInt64(28 + (b & 1))
        }
        let bit: Int
        switch b {
        case 0xC3...0xC5: bit = 30 + b - 0xC3  // 30...32
        case 0xCE...0xDB: bit = 35 + b - 0xCE  // 35...48
        case 0xDC...0xDF, 0xE2: bit = 49
        case 0xE0: bit = 50
        case 0xE1: bit = 51
        case 0xE3...0xED: bit = 52 + b - 0xE3  // 52...62
        default: bit = 33 + (b & 1)  // 0xC2, 0xC6–0xCD, 0xEE–0xF4, bytes that cannot lead
        }
        return 1 << UInt64(bit)
    }

    /// A class of scalars for `groupClasses`: equal scalars are always in one class (a class bit only ever
    /// says "a key may have this scalar"). Lower-case ASCII letters (keys are folded) have a bit each, digits
    /// one, the space one, other ASCII two; other scalars share 34 bits by their value modulo 34, so the
    /// letters of one script, which lie in one or two blocks of 128, spread over all of them. A negative
    /// value (no scalar) is in every class.
    @inline(__always)
    static func fuzzyClass(_ scalar: Int) -> UInt64 {
        if scalar < 0 { return ~0 }
        if scalar < 0x80 {
            let letter = (scalar | 0x20) - 0x61
            if letter >= 0 && letter < 26 { return 1 << UInt64(letter) }
            if scalar >= 0x30 && scalar <= 0x39 { return 1 << 26 }
            return scalar == 0x20 ? 1 << 27 : 1 << UInt64(28 + (scalar & 1))
        }
        return 1 << UInt64(30 + scalar % 34)
    }

    /// The summaries of `groupClasses` and `groupLongest` for the sorted keys: `key(n)` is entry `n`'s key.
    static func groupSummaries(groupStarts: Table<UInt32>, count: Int, key: (Int) -> UnsafeBufferPointer<UInt8>)
        -> (Table<UInt64>, Table<UInt8>) {
        let starts = groupStarts.buffer
        var classes = [UInt64](repeating: 0, count: starts.count)
        var tails = [UInt8](repeating: 0, count: starts.count)
        var g = -1
        for n in 0..<count {
            while g + 1 < starts.count && Int(starts[g + 1]) <= n { g += 1 }
            guard g >= 0 else { continue }
            let bytes = key(n)
            // The tail begins at the first scalar the group's bytes do not hold whole.
            let length = groupLength(bytes)
            var at = 0, scalars = 0
            while at < length {
                let next = at + sequenceLength(bytes[at])
                if next > length { break }
                at = next
                scalars += 1
            }
            var mask: UInt64 = 0
            while at < bytes.count {
                // Decoded as the walk decodes a key (`forEachFuzzy`'s `step`), damaged bytes alike.
                let lead = bytes[at], length = sequenceLength(lead)
                var value = length == 1 ? (lead < 0x80 ? Int(lead) : 0x11_0000 | Int(lead)) : Int(lead) & (0x7F >> length)
                if length > 1 {
                    for k in 1..<length where at + k < bytes.count { value = value << 6 | Int(bytes[at + k] & 0x3F) }
                }
                mask |= at + length <= bytes.count ? fuzzyClass(value) : ~0
                scalars += 1
                at += length
            }
            classes[g] |= mask
            tails[g] = max(tails[g], UInt8(min(scalars, 255)))
        }
        return (Table(classes), Table(tails))
    }

    /// Sets the group summaries (`groupClasses`), as the builder computes them from its keys.
    mutating func setGroupSummaries(_ summaries: (Table<UInt64>, Table<UInt8>)) {
        (groupClasses, groupLongest) = summaries
        blockLongest = Self.blockMaxima(groupLongest)
    }

    /// The runs of groups by first scalar, and the classes of their second and third scalars (see
    /// `runStarts`).
    static func firstScalarRuns(_ groups: Table<UInt64>) -> (Table<UInt32>, Table<UInt64>) {
        var starts: [UInt32] = [], classes: [UInt64] = []
        var previous: UInt64 = 0, previousLength = 0
        for (g, value) in groups.buffer.enumerated() {
            var bytes = [UInt8](repeating: 0, count: 8)
            var length = 0
            for k in 0..<8 {
                bytes[k] = UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * k))
                if bytes[k] != 0 { length = k + 1 }
            }
            let first = min(sequenceLength(bytes[0]), 2, length)  // a run's key: at most 2 bytes (`runStarts`)
            let x = first == 0 ? 0 : value >> UInt64(64 - 8 * first)
            if g == 0 || first != previousLength || x != previous {
                starts.append(UInt32(g))
                classes.append(0)
                previous = x
                previousLength = first
            }
            // The classes of the second and third scalars; all of them when the third does not begin
            // within the group's 8 bytes; bit 63 for a key of fewer than 3 scalars.
            var mask: UInt64 = 0, at = min(sequenceLength(bytes[0]), length), scalars = 1
            while scalars < 3 && at < length {
                mask |= scalarClass(lead: bytes[at])
                at += sequenceLength(bytes[at])
                scalars += 1
            }
            if scalars < 3 { mask |= at >= length && length < 8 ? 1 << 63 : ~0 }
            classes[classes.count - 1] |= mask
        }
        return (Table(starts), Table(classes))
    }

    /// How many of `key`'s first bytes its group holds: those of its first 4 scalars, at most 8 (a scalar
    /// may be cut), all of a shorter key.
    static func groupLength<C: Collection>(_ key: C) -> Int where C.Element == UInt8, C.Index == Int {
        var length = 0, scalars = 0
        while scalars < 4 && length < key.count && length < 8 {
            length += KeyIndex.sequenceLength(key[key.startIndex + length])
            scalars += 1
        }
        return min(length, 8, key.count)
    }

    /// The groups of entries by their key's start (see `groups`).
    private func prefixGroups() -> (Table<UInt64>, Table<UInt32>) {
        var values: [UInt64] = [], starts: [UInt32] = []
        var cursor = Cursor(self)
        cursor.forEachKeyStart { entry, packed in
            if values.last != packed || values.isEmpty {
                values.append(packed)
                starts.append(UInt32(entry))
            }
        }
        return (Table(values), Table(starts))
    }

    /// The first key bytes of every block head, packed (see `heads`).
    private func headPrefixes() -> Table<UInt64> {
        var cursor = Cursor(self)
        var packed: [UInt64] = []
        packed.reserveCapacity(blockCount)
        let bytes = data.buffer, starts = blockStarts.buffer
        for block in 0..<blockCount {
            if let ascii = Self.asciiHead(bytes, from: Int(starts[block]), to: min(Int(starts[block + 1]), bytes.count)) {
                packed.append(ascii)
            } else {
                packed.append(HeadPrefix.pack(cursor.headKeyStart(block * Self.blockSize)))
            }
        }
        return Table(packed)
    }

    /// The packed head of the block at `start..<end` when its text is ASCII up to its key's 8th byte: then
    /// the key is folded here as `NameFolding.fold` folds ASCII (letters lower-cased, digits kept, a run of
    /// anything else one space between words; folding only appends, so what follows cannot change it):
    /// most blocks, without a call to the folder. nil when a non-ASCII byte or an apostrophe comes first
    /// (the caller folds: an apostrophe is dropped, not a space, in an entry's spelled key).
    private static func asciiHead(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64? {
        var offset = start, length = 0, shift = 0
        while true {
            guard offset < end, shift < 28 else { return nil }
            let byte = bytes[offset]
            offset += 1
            length |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        guard length > 0, length <= end - offset else { return nil }
        var packed: UInt64 = 0, n = 0, pendingSpace = false
        for k in 0..<length {
            if n == 8 { break }
            var c = bytes[offset + k]
            guard c < 0x80, c != 0x27, c != 0x60 else { return nil }
            if c >= 0x41 && c <= 0x5A { c += 0x20 }
            if (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) {
                if pendingSpace {
                    packed = packed << 8 | 0x20
                    n += 1
                    pendingSpace = false
                    if n == 8 { break }
                }
                packed = packed << 8 | UInt64(c)
                n += 1
            } else {
                pendingSpace = n > 0
            }
        }
        guard n > 0 else { return nil }
        return packed << UInt64(8 * (8 - n))
    }

    /// A key's first bytes packed into an integer that orders as they do: up to 8 bytes, big-endian, padded
    /// with zeros (no key holds a zero byte, so a shorter key still sorts first). Comparing `pack(key) >>
    /// shift` with a packed target of `length` ≤ 8 bytes compares the key cut to `length` bytes with it.
    struct HeadPrefix {
        let value: UInt64
        let shift: UInt64
        /// True: the skip goes past keys equal to the target when cut (`skip(prefix:)`); false: only below.
        let inclusive: Bool

        /// nil for targets of more than 8 bytes (or none): those skips fold block heads as before.
        init?(_ target: ArraySlice<UInt8>, inclusive: Bool) {
            guard target.count >= 1 && target.count <= 8 else { return nil }
            shift = UInt64(8 * (8 - target.count))
            value = Self.pack(target) >> shift
            self.inclusive = inclusive
        }

        static func pack<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
            var packed: UInt64 = 0, n = 0
            for b in bytes.prefix(8) {
                packed = packed << 8 | UInt64(b)
                n += 1
            }
            return n == 0 ? 0 : packed << UInt64(8 * (8 - n))
        }

        /// Whether a key whose packed head is `head` is still before the target (to be skipped), for keys at
        /// or after the skip's start.
        @inline(__always)
        func isBefore(_ head: UInt64) -> Bool {
            let cut = head >> shift
            return inclusive ? cut <= value : cut < value
        }
    }

    /// Entry `i`'s key length, or nil when it is 255 bytes or more (then fold the key to know).
    @inline(__always)
    func keyLength(_ i: Int) -> Int? {
        let length = Int(keyLengths[i])
        return length < 255 ? length : nil
    }

    /// Entry `i`'s key length: the stored one, else (255 bytes or more) folded with `cursor`.
    func keyLength(_ i: Int, decoding cursor: inout Cursor) -> Int {
        if let known = keyLength(i) { return known }
        cursor.seek(i)
        return cursor.key.count
    }

    static var empty: KeyIndex {
        var builder = KeyIndexBuilder()
        return builder.build()
    }

    var count: Int { postings.count / 3 }
    var blockCount: Int { blockStarts.count - 1 }

    @inline(__always)
    func posting(_ i: Int) -> Posting {
        let p = postings.buffer, k = 3 * i
        precondition(i >= 0 && k + 2 < p.count, "posting index out of range")
        return Posting(bits: UInt32(p[k]) | UInt32(p[k + 1]) << 8 | UInt32(p[k + 2]) << 16)
    }

    /// Entry `i`'s text, decoded.
    func text(_ i: Int) -> String {
        var cursor = Cursor(self)
        cursor.load(i)
        return String(decoding: cursor.text, as: UTF8.self)
    }

    /// Decodes entries in order, keeping the current text and its key in reused buffers.
    ///
    /// Holds plain pointers into the index's tables (valid while the index lives, which the caller's own
    /// reference guarantees), so walking entries costs no reference counting.
    struct Cursor {
        private let data: UnsafeBufferPointer<UInt8>
        private let starts: UnsafeBufferPointer<UInt32>
        private let postings: UnsafeBufferPointer<UInt8>
        /// `KeyIndex.heads` (empty while the index builds them).
        private let heads: UnsafeBufferPointer<UInt64>
        let count: Int
        private(set) var position = -1
        /// The current text is `storage`'s first `textCount` bytes.
        private var storage: TextStorage
        private var textCount = 0
        private(set) var key: [UInt8] = []
        /// The start of the key, folded by `keyStart(_:)`.
        private var probe: [UInt8] = []
        private var offset = 0
        private var end = 0
        /// How many leading text bytes the current entry shares with the one decoded before it (0 after a
        /// move to a block's start).
        private var shared = 0

        /// Borrows `index` (an owned parameter copied the index, a retain and release of each table, per cursor).
        init(_ index: borrowing KeyIndex) {
            data = index.data.buffer
            starts = index.blockStarts.buffer
            postings = index.postings.buffer
            heads = index.heads.buffer
            count = index.count
            storage = TextStorage(capacity: 64)
            key.reserveCapacity(64)
            probe.reserveCapacity(64)
        }

        /// Moves to entry `i` (decoding from its block's start); `i == count` is the end.
        mutating func load(_ i: Int) {
            loadText(i)
            if i < count { foldKey() } else { key.removeAll(keepingCapacity: true) }
        }

        /// Moves to the next entry.
        mutating func advance() {
            advanceText()
            if position < count { foldKey() } else { key.removeAll(keepingCapacity: true) }
        }

        /// Moves to the next entry without folding its key: `key` is stale until `foldCurrentKey` (for a walk
        /// that can tell from `KeyIndex.keyLength` that it needs no key).
        mutating func advanceUnfolded() {
            advanceText()
            key.removeAll(keepingCapacity: true)
        }

        /// Folds the current entry's key into `key` (after `advanceUnfolded`).
        mutating func foldCurrentKey() {
            if position < count { foldKey() } else { key.removeAll(keepingCapacity: true) }
        }

        /// The current entry's text as the data spells it.
        var text: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage.base, count: textCount) }

        /// `load` without folding the key (`key` is left as it was: `skip` folds it when done): for moves that
        /// only look at the key's start.
        private mutating func loadText(_ i: Int) {
            position = i
            textCount = 0
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            guard i < count else { return }
            let block = i / KeyIndex.blockSize
            offset = Int(starts[block])
            end = min(Int(starts[block + 1]), data.count)
            copy(varint())
            for _ in 0..<(i % KeyIndex.blockSize) { decodeNext() }
            shared = 0
        }

        /// `advance` without folding the key.
        private mutating func advanceText() {
            if position + 1 >= count || (position + 1) % KeyIndex.blockSize == 0 {
                loadText(position + 1)
                return
            }
            position += 1
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            decodeNext()
        }

        /// The current entry's key folded up to at least `length` bytes (all of it if shorter): a few bytes for
        /// the short prefixes the fuzzy walk skips, whatever the name's length.
        private mutating func keyStart(_ length: Int) -> [UInt8] {
            probe.removeAll(keepingCapacity: true)
            guard position < count else { return probe }
            NameFolding.fold(text, spelled: posting.spelled, into: &probe, limit: length)
            return probe
        }

        /// Entry `i`'s key, folded to its first 8 bytes or more (for `KeyIndex.heads`).
        mutating func headKeyStart(_ i: Int) -> [UInt8] {
            loadText(i)
            return keyStart(8)
        }

        /// Moves to entry `i`, decoding forward from the current entry when `i` lies ahead of it in the same
        /// block (else from the block's start, as `load`), and folding only entry `i`'s key.
        mutating func seek(_ i: Int) {
            guard position >= 0, i > position, i < count, i / KeyIndex.blockSize == position / KeyIndex.blockSize else {
                if i != position { load(i) }
                return
            }
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            while position < i {
                position += 1
                decodeNext()
            }
            foldKey()
        }

        /// Moves to the first entry after the current one whose key does not start with `prefix`, given that
        /// the current key does (the keys under a prefix are contiguous).
        mutating func skip(prefix: ArraySlice<UInt8>) {
            skip(probing: prefix.count, head: HeadPrefix(prefix, inclusive: true)) { $0.starts(with: prefix) }
        }

        /// Moves to the first entry after the current one whose key is not below `target` in the order of
        /// keys cut to `target.count` bytes (the first key ≥ target, or one that starts with it), given that
        /// the current key is below it.
        mutating func skip(to target: ArraySlice<UInt8>) {
            skip(probing: target.count, head: HeadPrefix(target, inclusive: false)) {
                $0.prefix(target.count).lexicographicallyPrecedes(target)
            }
        }

        /// Moves to the first entry after the current one for which `isBefore` is false, given that it holds
        /// for the current entry and then for a leading run of entries (false ever after). `isBefore` sees
        /// the key's first `length` bytes or more (`keyStart`): only that much of each name is folded.
        /// Without packed heads, a few steps ahead first, since most skipped runs are short; then galloping
        /// over block heads and a binary search; then a scan of the last block, from the current entry when
        /// that block is the one the cursor is in.
        /// `head`, when given, answers `isBefore` for block heads from `KeyIndex.heads` without decoding them.
        /// - Complexity: O(log(entries skipped)) block heads, plus at most two blocks decoded.
        private mutating func skip(probing length: Int, head: HeadPrefix?, while isBefore: ([UInt8]) -> Bool) {
            defer { if position < count { foldKey() } else { key.removeAll(keepingCapacity: true) } }
            let blocks = starts.count - 1
            let packed = heads.count == blocks ? head : nil
            if packed == nil {
                for _ in 0..<2 {
                    advanceText()
                    if position >= count || !isBefore(keyStart(length)) { return }
                }
            }
            let origin = position
            var inside = position / KeyIndex.blockSize  // a block whose entries from `position` on are before
            var step = 1
            var outside = blocks  // a block whose head no longer is (or the end)
            func headIsBefore(_ block: Int) -> Bool {
                if let packed { return packed.isBefore(heads[block]) }
                loadText(block * KeyIndex.blockSize)
                return isBefore(keyStart(length))
            }
            while inside + step < blocks {
                if !headIsBefore(inside + step) {
                    outside = inside + step
                    break
                }
                inside += step
                step *= 2
            }
            while outside - inside > 1 {
                let mid = (inside + outside) / 2
                if headIsBefore(mid) { inside = mid } else { outside = mid }
            }
            if packed == nil {
                loadText(max(inside * KeyIndex.blockSize, origin))
            } else if inside * KeyIndex.blockSize > origin {
                loadText(inside * KeyIndex.blockSize)
            } else {
                advanceText()  // still in the starting block, which the cursor has not left: no decoding again
            }
            let limit = min(outside * KeyIndex.blockSize, count)
            // An entry whose text shares its first `fixed` bytes with the previous one (which was before)
            // has the same key start, so it is before too: no fold (most entries of a skipped run).
            var fixed = 0
            while position < limit {
                if fixed == 0 || shared < fixed {
                    guard isBefore(keyStart(length)) else { return }
                    fixed = asciiKeyStart(length)
                }
                advanceText()
            }
        }

        /// Calls `body(entry, its group's key start packed)` (`KeyIndex.groupLength`) for every entry in
        /// order, from the first. A text that shares its ASCII start with the previous one has the same 4 key
        /// bytes, which are 4 scalars, its whole group: only the others are folded.
        mutating func forEachKeyStart(_ body: (Int, UInt64) -> Void) {
            guard count > 0 else { return }
            loadText(0)
            var fixed = 0, packed: UInt64 = 0
            while position < count {
                if fixed == 0 || shared < fixed {
                    let start = keyStart(8)
                    packed = HeadPrefix.pack(start.prefix(KeyIndex.groupLength(start)))
                    fixed = asciiKeyStart(4)
                }
                body(position, packed)
                advanceText()
            }
            key.removeAll(keepingCapacity: true)
        }

        /// `length` when the current text's first `length` bytes are ASCII letters and digits (then they fix
        /// the key's first `length` bytes: folding lower-cases them and only appends after them), else 0.
        private func asciiKeyStart(_ length: Int) -> Int {
            guard length > 0, textCount >= length else { return 0 }
            for k in 0..<length {
                let c = storage.base[k] | 0x20
                guard (c >= 0x61 && c <= 0x7A) || (storage.base[k] >= 0x30 && storage.base[k] <= 0x39) else { return 0 }
            }
            return length
        }

        /// Moves to entry `from`, then on while the key is below `target`, stopping at `limit` at the latest;
        /// returns the position, its key folded. An ASCII text is compared with `target` as it would fold,
        /// byte by byte up to the first difference (`asciiFoldPrecedes`), not folded: the lookups' scan of a
        /// block compares up to 15 names.
        mutating func advance(from: Int, to limit: Int, whileBelow target: [UInt8]) -> Int {
            loadText(from)
            while position < limit {
                var below = KeyIndex.asciiFoldPrecedes(text, target)
                if below == nil {
                    foldKey()
                    below = key.lexicographicallyPrecedes(target)
                }
                if below != true { break }
                advanceText()
            }
            if position < count { foldKey() } else { key.removeAll(keepingCapacity: true) }
            return position
        }

        /// The current entry's posting.
        var posting: Posting {
            let k = 3 * position
            guard position >= 0, k + 2 < postings.count else { return Posting(bits: 0x0F) }
            return Posting(bits: UInt32(postings[k]) | UInt32(postings[k + 1]) << 8 | UInt32(postings[k + 2]) << 16)
        }

        private mutating func foldKey() {
            key.removeAll(keepingCapacity: true)
            NameFolding.fold(text, spelled: posting.spelled, into: &key)
        }

        private mutating func decodeNext() {
            guard offset < end else { return }
            let header = Int(data[offset])
            offset += 1
            var shared = header >> 4, suffix = header & 15
            if shared == 15 { shared += varint() }
            if suffix == 15 { suffix += varint() }
            if shared < textCount { textCount = shared }
            self.shared = textCount
            copy(suffix)
        }

        /// Bytes are read only inside the block; a damaged block yields shorter texts, never a bad read.
        private mutating func copy(_ length: Int) {
            let n = min(length, end - offset)
            guard n > 0 else { return }
            storage.reserve(textCount + n, keeping: textCount)
            (storage.base + textCount).update(from: data.baseAddress! + offset, count: n)
            textCount += n
            offset += n
        }

        private mutating func varint() -> Int {
            var value = 0, shift = 0
            while offset < end && shift < 28 {
                let byte = data[offset]
                offset += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return value
        }
    }

    /// The bytes behind a cursor's current text: a buffer it owns and grows, so that decoding a text costs a
    /// copy of its new bytes and no array bookkeeping (truncating and appending to a Swift array was a third
    /// of a fuzzy walk that finds nothing). Copied when a copied cursor moves, so cursors never share it.
    final class TextStorage {
        private(set) var base: UnsafeMutablePointer<UInt8>
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        /// Makes room for `needed` bytes, keeping the first `kept`.
        @inline(__always)
        func reserve(_ needed: Int, keeping kept: Int) {
            if needed > capacity { grow(needed, keeping: kept) }
        }

        private func grow(_ needed: Int, keeping kept: Int) {
            let larger = max(needed, 2 * capacity)
            let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
            fresh.update(from: base, count: kept)
            base.deallocate()
            base = fresh
            capacity = larger
        }

        func copy() -> TextStorage {
            let twin = TextStorage(capacity: capacity)
            twin.base.update(from: base, count: capacity)
            return twin
        }
    }

    /// The first entry for which `before(key)` is false, where `before` is true for a leading run of
    /// entries and false after (key order). The cursor is usually left on that entry (check `position`).
    /// - Complexity: O(log(blocks) + blockSize) folds.
    func partitionPoint(_ cursor: inout Cursor, _ before: ([UInt8]) -> Bool) -> Int {
        var lo = 0, hi = blockCount
        while lo < hi {
            let mid = (lo + hi) / 2
            cursor.load(mid * Self.blockSize)
            if before(cursor.key) { lo = mid + 1 } else { hi = mid }
        }
        return scanBlock(before: lo, &cursor, before)
    }

    /// The end of `partitionPoint` once block `lo` is known to be the first whose head is not before: the
    /// answer lies in block lo - 1 or is that head.
    private func scanBlock(before lo: Int, _ cursor: inout Cursor, _ before: ([UInt8]) -> Bool) -> Int {
        guard lo > 0 else { return 0 }
        let first = (lo - 1) * Self.blockSize
        let limit = min(lo * Self.blockSize, count)
        cursor.load(first + 1)
        var i = first + 1
        while i < limit {
            if !before(cursor.key) { return i }
            cursor.advance()
            i += 1
        }
        return limit
    }

    /// Whether `NameFolding.fold(text)` orders before `key`, found without folding while `text` is ASCII:
    /// as the folder does, letters lower-cased, digits kept, a run of anything else one space between
    /// words; the first folded byte that differs decides. nil when a non-ASCII byte or an apostrophe comes
    /// before that (the caller folds, with the entry's posting: a spelled key drops apostrophes).
    static func asciiFoldPrecedes(_ text: UnsafeBufferPointer<UInt8>, _ key: [UInt8]) -> Bool? {
        key.withUnsafeBufferPointer { key in
            var j = 0, pendingSpace = false
            for b in text {
                guard b < 0x80, b != 0x27, b != 0x60 else { return nil }
                let c = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
                guard (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) else {
                    pendingSpace = j > 0
                    continue
                }
                if pendingSpace {
                    if j == key.count { return false }  // the key is a proper prefix of the name's
                    if key[j] != 0x20 { return 0x20 < key[j] }
                    j += 1
                    pendingSpace = false
                }
                if j == key.count { return false }
                if key[j] != c { return c < key[j] }
                j += 1
            }
            return j < key.count  // the name's key is `key`'s first j bytes
        }
    }

    /// Calls `body` with each entry whose key is exactly `key` (in index order) and its posting: one
    /// `lowerBound`, then a cursor walk while the keys stay equal.
    func forEachEntry(equalTo key: [UInt8], _ body: (Int, Posting) -> Void) {
        var cursor = Cursor(self)
        var i = lowerBound(key, &cursor)
        if cursor.position != i { cursor.load(i) }  // the search usually ends on the entry it returns
        while i < count && cursor.key == key {
            body(i, cursor.posting)
            cursor.advance()
            i += 1
        }
    }

    /// The first entry whose key is not less than `key`.
    ///
    /// The binary search over blocks compares the packed first 8 bytes of each block head (`heads`) with
    /// the key's, and decodes and folds a head only when those are equal and the key is longer than 8
    /// bytes: a lookup folds one block's entries instead of ~16 block heads as well (every exact lookup of
    /// a forward query, and a query tries several readings).
    /// - Complexity: O(log(blocks)) integer comparisons, plus at most a block decoded.
    func lowerBound(_ key: [UInt8], _ cursor: inout Cursor) -> Int {
        let packedHeads = heads.buffer
        guard packedHeads.count == blockCount else { return partitionPoint(&cursor) { $0.lexicographicallyPrecedes(key) } }
        let target = HeadPrefix.pack(key)
        // A key of at most 8 bytes is all in `target`: equal packed heads then mean a head that is the key
        // or starts with it, never one before it. Heads and key are zero-padded, and no key holds a zero
        // byte, so the packed order is the order of the keys cut to 8 bytes.
        let whole = key.count <= 8
        var lo = 0, hi = blockCount
        while lo < hi {
            let mid = (lo + hi) / 2
            let head = packedHeads[mid]
            let before: Bool
            if head != target || whole {
                before = head < target
            } else {
                cursor.load(mid * Self.blockSize)
                before = cursor.key.lexicographicallyPrecedes(key)
            }
            if before { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return 0 }
        return cursor.advance(from: (lo - 1) * Self.blockSize + 1, to: min(lo * Self.blockSize, count), whileBelow: key)
    }

    /// The first entry after the keys that start with `prefix` (they are contiguous; used by tests and lookups).
    func prefixEnd(_ prefix: ArraySlice<UInt8>, _ cursor: inout Cursor) -> Int {
        partitionPoint(&cursor) { key in
            let head = key.prefix(prefix.count)
            return head.elementsEqual(prefix) || head.lexicographicallyPrecedes(prefix)
        }
    }

    func write(to out: inout BinaryWriter) {
        out.array(data)
        out.array(blockStarts)
        out.array(postings)
        out.array(keyLengths)
        out.u64(UInt64(maxKeyLength))
        out.array(groups)
        out.array(groupStarts)
        out.array(groupClasses)
        out.array(groupLongest)
    }

    /// Reads what `write(to:)` wrote; checks the block offsets. (Texts and postings are not scanned:
    /// decoding is bounds-checked, every posting is checked where it is used, and the checksum covers all.)
    /// - Parameter targets: how many targets each kind may address (0: the kind is not allowed here).
    init(reading input: inout BinaryReader, targets: (NameKind) -> Int) throws(BinaryFormatError) {
        data = try input.table(of: UInt8.self)
        blockStarts = try input.table(of: UInt32.self)
        postings = try input.table(of: UInt8.self)
        keyLengths = try input.table(of: UInt8.self)
        let longest = try input.u64()
        guard postings.count % 3 == 0 else { throw .invalid("name postings") }
        guard keyLengths.count == postings.count / 3 else { throw .invalid("name key lengths") }
        // A wrong length can only drop fuzzy matches; one past any text's reach is refused as damage.
        guard longest <= UInt64(data.count) * 3 else { throw .invalid("name key length") }
        maxKeyLength = Int(longest)
        let s = blockStarts.buffer
        let blocks = (postings.count / 3 + Self.blockSize - 1) / Self.blockSize
        guard s.count == blocks + 1, s[0] == 0, Int(s[s.count - 1]) == data.count else { throw .invalid("name blocks") }
        var previous: UInt32 = 0
        for value in s {
            if value < previous { throw .invalid("name block order") }
            previous = value
        }
        // The postings' kinds and targets are not scanned here (545,000 entries would cost start-up time):
        // every use checks them (`NameKind(rawValue:)` is optional, targets are compared with their table's
        // count before indexing), so a damaged one can only give a wrong answer, never a bad read.
        _ = targets
        groups = try input.table(of: UInt64.self)
        groupStarts = try input.table(of: UInt32.self)
        // Groups in order, each starting after the previous, the first at entry 0: the walk then never
        // reads past the entries. (That each group's keys start with its bytes is not checked: a damaged
        // group can only give wrong matches.)
        let entries = postings.count / 3
        guard groups.count == groupStarts.count, (entries == 0) == groups.isEmpty else { throw .invalid("name groups") }
        let values = groups.buffer, starts = groupStarts.buffer
        for k in 0..<values.count {
            let ordered = k == 0 ? starts[0] == 0 : (values[k - 1] < values[k] && starts[k - 1] < starts[k])
            guard ordered, Int(starts[k]) < entries else { throw .invalid("name group order") }
        }
        // Summaries for every group or none (a wrong one can only drop fuzzy matches).
        groupClasses = try input.table(of: UInt64.self)
        groupLongest = try input.table(of: UInt8.self)
        guard groupClasses.count == groupLongest.count, groupClasses.isEmpty || groupClasses.count == groups.count else {
            throw .invalid("name group summaries")
        }
        blockLongest = Self.blockMaxima(groupLongest)
        heads = headPrefixes()
        (runStarts, runClasses) = Self.firstScalarRuns(groups)
    }
}

/// Collects (text, posting) entries and sorts them into a `KeyIndex`.
///
/// Keys and texts go into two growing blobs rather than an array each, so building from 700,000 names
/// stays within tens of MB. A key repeated for the same place is kept once, with its best kind.
struct KeyIndexBuilder {
    private var keys: [UInt8] = []
    private var texts: [UInt8] = []
    private var entries: [(key: UInt32, keyCount: UInt32, text: UInt32, textCount: UInt32, posting: UInt32)] = []

    /// Adds `text` under its plain key, and also under its spelled key (`NameFolding.spelledKey`: German
    /// umlauts spelled out, apostrophes dropped) when that differs.
    mutating func add(_ text: String, _ kind: NameKind, _ target: Int) {
        var copy = text
        copy.withUTF8 { utf8 in
            var plain: [UInt8] = [], spelled: [UInt8] = []
            NameFolding.fold(utf8, spelled: false, into: &plain)
            if plain.isEmpty { return }
            NameFolding.fold(utf8, spelled: true, into: &spelled)
            let textStart = UInt32(texts.count)
            texts.append(contentsOf: utf8)
            for (key, isSpelled) in [(plain, false), (spelled, true)] where !isSpelled || spelled != plain {
                entries.append((UInt32(keys.count), UInt32(key.count), textStart, UInt32(utf8.count),
                                Posting(kind: kind, target: target, spelled: isSpelled).bits))
                keys.append(contentsOf: key)
            }
        }
    }

    /// Builds the index and empties the builder. Its arrays are moved out and each is freed as soon as the
    /// build no longer needs it (the texts, entries and order once the blocks are written; each block
    /// array once it is a table): a first start without an index cache builds this for ~1.1 million names,
    /// and tens of MB held to the end of the build raised its peak memory (BENCHMARKS.md, "First start:
    /// peak memory").
    /// - Complexity: O(n log n) key comparisons.
    mutating func build() -> KeyIndex {
        let keys = self.keys
        var texts = self.texts, entries = self.entries
        self = KeyIndexBuilder()
        var order = Array(entries.indices)
        keys.withUnsafeBufferPointer { base in
            func key(_ k: Int) -> UnsafeBufferPointer<UInt8> {
                let e = entries[k]
                return UnsafeBufferPointer(rebasing: base[Int(e.key)..<Int(e.key + e.keyCount)])
            }
            order.sort { a, b in
                let c = compareKeys(key(a), key(b))
                if c != 0 { return c < 0 }
                let pa = Posting(bits: entries[a].posting), pb = Posting(bits: entries[b].posting)
                let ga = Self.placeGroup(pa), gb = Self.placeGroup(pb)
                if ga != gb { return ga < gb }
                if pa.target != pb.target { return pa.target < pb.target }
                if pa.kindBits != pb.kindBits { return pa.kindBits < pb.kindBits }
                return a < b
            }
            // Same key, same place: keep the first (best kind).
            var kept: [Int] = []
            kept.reserveCapacity(order.count)
            for k in order {
                if let last = kept.last, compareKeys(key(last), key(k)) == 0 {
                    let pl = Posting(bits: entries[last].posting), pk = Posting(bits: entries[k].posting)
                    if Self.placeGroup(pl) == Self.placeGroup(pk) && pl.target == pk.target { continue }
                }
                kept.append(k)
            }
            order = kept
        }
        var data: [UInt8] = []
        var starts: [UInt32] = []
        var postings: [UInt8] = []
        var previous: ArraySlice<UInt8> = []
        var keyLengths: [UInt8] = []
        keyLengths.reserveCapacity(order.count)
        var maxKeyLength = 0
        // Each sorted entry's key, as `offset << 32 | count` in `keys`: for the group summaries, after the
        // entries are freed.
        var keyRanges: [UInt64] = []
        keyRanges.reserveCapacity(order.count)
        for (n, k) in order.enumerated() {
            let e = entries[k]
            keyRanges.append(UInt64(e.key) << 32 | UInt64(e.keyCount))
            maxKeyLength = max(maxKeyLength, Int(e.keyCount))
            keyLengths.append(UInt8(min(e.keyCount, 255)))
            let text = texts[Int(e.text)..<Int(e.text + e.textCount)]
            if n % KeyIndex.blockSize == 0 {
                starts.append(UInt32(data.count))
                Self.appendVarint(text.count, to: &data)
                data.append(contentsOf: text)
            } else {
                var shared = 0
                let limit = min(previous.count, text.count)
                while shared < limit && previous[previous.startIndex + shared] == text[text.startIndex + shared] { shared += 1 }
                let suffix = text.count - shared
                data.append(UInt8(min(shared, 15) << 4 | min(suffix, 15)))
                if shared >= 15 { Self.appendVarint(shared - 15, to: &data) }
                if suffix >= 15 { Self.appendVarint(suffix - 15, to: &data) }
                data.append(contentsOf: text.dropFirst(shared))
            }
            previous = text
            postings.append(UInt8(truncatingIfNeeded: e.posting))
            postings.append(UInt8(truncatingIfNeeded: e.posting >> 8))
            postings.append(UInt8(truncatingIfNeeded: e.posting >> 16))
        }
        starts.append(UInt32(data.count))
        previous = []
        texts = []
        entries = []
        order = []
        let dataTable = Table(data)
        data = []
        let postingTable = Table(postings)
        postings = []
        let lengthTable = Table(keyLengths)
        keyLengths = []
        var index = KeyIndex(data: dataTable, blockStarts: Table(starts), postings: postingTable,
                             keyLengths: lengthTable, maxKeyLength: maxKeyLength)
        keys.withUnsafeBufferPointer { base in
            index.setGroupSummaries(KeyIndex.groupSummaries(groupStarts: index.groupStarts, count: keyRanges.count) { n in
                let start = Int(keyRanges[n] >> 32), count = Int(keyRanges[n] & 0xFFFF_FFFF)
                return UnsafeBufferPointer(rebasing: base[start..<start + count])
            })
        }
        return index
    }

    static func appendVarint(_ value: Int, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// Countries, cities, qualifier divisions and forward divisions are numbered separately; this tells the numberings apart.
    private static func placeGroup(_ posting: Posting) -> Int {
        guard let kind = posting.kind else { return 4 }
        return kind.isCity ? 1 : (kind == .admin1 ? 2 : (kind.isDivision ? 3 : 0))
    }
}
