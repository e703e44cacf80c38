extension KeyIndex {
    /// Which part of the key trie a fuzzy walk covers, by the keys' first scalar (see `forEachFuzzy`).
    enum FirstByte {
        case any, same, other
    }

    /// The most edits a fuzzy match may need for a query key of `length` Unicode scalars: none below 4
    /// (too many short names are one edit apart), 1 for 4–7, 2 from 8. Scalars, not bytes, so a Cyrillic,
    /// Arabic or Thai name gets the bound a Latin name of as many letters gets.
    static func editBound(forQueryLength length: Int) -> Int {
        length < 4 ? 0 : (length < 8 ? 1 : 2)
    }

    /// `editBound(forQueryLength:)` for a folded key, from its scalar count.
    static func editBound(forKey key: [UInt8]) -> Int {
        editBound(forQueryLength: scalarCount(key))
    }

    /// How many Unicode scalars the UTF-8 `bytes` hold: the bytes that are not continuation bytes.
    static func scalarCount(_ bytes: [UInt8]) -> Int {
        var n = 0
        for b in bytes where b & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// The UTF-8 length a lead byte announces: 1 for ASCII and for a byte that cannot lead (a damaged key:
    /// then that byte counts as one scalar of its own, equal to no query scalar).
    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xC2 ? 1 : (lead < 0xE0 ? 2 : (lead < 0xF0 ? 3 : (lead < 0xF5 ? 4 : 1)))
    }

    /// What one fuzzy walk cost, for tests and benchmarks: the work is bounded by these, not by the query.
    struct FuzzyWork: Equatable {
        /// Trie nodes that end a scalar: one dynamic-programming row each.
        var rows = 0
        /// Cells computed: `2·bound + 1` per row.
        var cells = 0
        /// Subtrees skipped because no key under them comes within the bound.
        var skips = 0
        /// Keys decoded and folded: only those of the groups not pruned from the group table.
        var keys = 0
        /// Keys of those groups passed over unfolded: fewer bytes than the query has scalars less the bound.
        var shortKeys = 0
        /// Groups within the bound at their depth, skipped by their summary (`groupClasses`), not decoded.
        var summarySkips = 0
    }

    /// Calls `body(entry, distance)` for every entry whose key is within `bound` edits of `query`, where an
    /// edit inserts, deletes or substitutes a Unicode scalar, or swaps two adjacent scalars (optimal string
    /// alignment, the restricted Damerau–Levenshtein distance: Damerau 1964; Navarro 2001, "A guided tour to
    /// approximate string matching", ACM Computing Surveys 33(1), §5). Scalars, not bytes: one wrong
    /// Cyrillic, Arabic, Devanagari or Thai letter is one edit, as a wrong Latin letter is (in bytes it was
    /// two or three, beyond the bound of most names).
    ///
    /// The sorted keys are walked as an implicit trie of bytes: a key reuses the dynamic-programming rows of
    /// the previous key for their common prefix. The query is decoded to scalars once; the walk advances a
    /// row only at the byte that ends one of the key's scalars (`sequenceLength` of its lead byte), so each
    /// trie node that ends a scalar costs one row and the bytes inside a scalar cost none. A row whose
    /// minimum exceeds the bound can only grow further down, so every key under that prefix is skipped
    /// (`Cursor.skip`). Its siblings are mostly skipped with it: a last scalar that equals none of the few
    /// query scalars the row compares with gives one and the same row, so when that row is pruned too, the
    /// walk jumps to the next sibling whose byte can still spell one of them (or past the parent), instead
    /// of visiting each sibling.
    ///
    /// The top of the trie comes from the table of distinct key starts of up to 4 scalars and 8 bytes
    /// (`groups`), not from the keys: a wrong first letter leaves one edit for the rest, yet with a bound
    /// of 2 every 2-letter prefix and thousands of 3- and 4-letter ones stay within reach, and each was a
    /// key to decode and fold ("uangladwsh": 25,000 keys, 11 ms). Walking ~64,000 packed groups costs no
    /// decoding; the cursor decodes only the keys of the groups that survive the groups' depth. A group may
    /// end inside a scalar (3 bytes a letter: 8 bytes are 2 letters and a part): a row is computed inside a
    /// scalar only when its bytes so far spell the start of no query scalar it compares with, for then its
    /// row is the one of a scalar equal to none, whatever the rest (`step`); so the pruning is exact in
    /// scalars, and a key in another script is pruned at the lead byte of its third letter, not decoded.
    /// The matches and their order are the same as a walk over the keys alone.
    ///
    /// Only a band of each row is computed: the cell for a key prefix of `d` scalars and a query prefix of
    /// `j` scalars is at least `|d − j|`, so cells with `|d − j| > bound` can never lead to a match and
    /// stand for "too far" (Ukkonen 1985, "Algorithms for approximate string matching", Information and
    /// Control 64, cutoff diagonals). A row is `2·bound + 1` cells whatever the query's length, and a query
    /// longer than every key by more than the bound is answered at once, so a 64 KiB query costs no more
    /// than a short one.
    ///
    /// `firstByte` splits the trie at its root by the first scalar: `.same` walks only the keys that begin
    /// with the query's first scalar (one subtree: most typos keep the first letter, and the whole walk
    /// costs milliseconds on ~550,000 keys, since every 3-scalar prefix is within 2 edits of something);
    /// `.other` walks all the rest, so a search that tried `.same` first never walks that subtree twice,
    /// less the consonant skeletons (keys that start with `NameFolding.skeletonMarker`, sorted before every
    /// other key) unless the query is one: they are matched by a skeleton query's walks only, whose `.same`
    /// reads the skeletons that start with the query's first letter; `.any` walks everything.
    /// - Returns: the work done (rows, cells, skips, keys decoded).
    /// - Complexity: O(visited trie nodes × bound); visited nodes are at most 4·(query scalars + bound)
    ///   bytes deep, and the bound keeps the visited part small.
    @discardableResult
    func forEachFuzzy(_ query: [UInt8], bound: Int, firstByte: FirstByte = .any, summaries: Bool = true,
                      _ body: (Int, Int) -> Void) -> FuzzyWork {
        var work = FuzzyWork()
        // A query of more scalars than any key has bytes, plus the bound, is refused before it is decoded
        // (a 64 KiB query costs one pass over its bytes).
        guard bound > 0, count > 0, Self.scalarCount(query) <= maxKeyLength + bound else { return work }
        // The query's scalars, decoded once.
        var scalars: [Int] = []
        scalars.reserveCapacity(query.count)
        query.withUnsafeBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                if bytes[i] < 0x80 {
                    scalars.append(Int(bytes[i]))
                    i += 1
                } else {
                    let (value, next) = NameFolding.decodeScalar(bytes, at: i)
                    scalars.append(Int(value))
                    i = next
                }
            }
        }
        let m = scalars.count
        guard bound > 0, m > 0, count > 0, m <= maxKeyLength + bound else { return work }
        // The query's first scalar as bytes: the root split of `.same` and `.other`. For a consonant
        // skeleton, the marker and its first letter: a skeleton's `.same` walk reads the skeletons that
        // start with that letter, as a plain query's reads the keys that start with its first letter.
        var leadLength = Self.sequenceLength(query[0])
        if query[0] == NameFolding.skeletonMarker && query.count > 1 { leadLength += Self.sequenceLength(query[1]) }
        let lead = Array(query.prefix(leadLength))
        let band = 2 * bound + 1
        let far = bound + 1  // any value above the bound: all mean "no match", so values are capped here
        let maxDepth = m + bound  // in scalars: a longer key is more than `bound` deletions away
        let shortest = m - bound  // in scalars: a shorter key is more than `bound` edits away
        // rows[d * band + (j − d + bound)]: distance between the key's first d scalars and the query's first j
        // scalars, for |j − d| ≤ bound.
        // One spare row at the end, for a row computed only to be looked at.
        // Plain buffers, not arrays: the nested `fill` writes them on every trie node, and a captured array
        // costs a dynamic exclusivity check per access (a fifth of the walk).
        // The group walk below fills rows down to the group's bytes (at most 8: 8 scalars in a damaged
        // index), and one scalar past `maxDepth` before the row's minimum prunes it: the rows are sized for
        // the deeper of the two.
        let deepest = Swift.max(maxDepth + 1, 8)
        let rowCount = (deepest + 2) * band
        let rows = UnsafeMutablePointer<Int>.allocate(capacity: rowCount)
        rows.initialize(repeating: far, count: rowCount)
        let q = UnsafeMutablePointer<Int>.allocate(capacity: m)
        for j in 0..<m { q[j] = scalars[j] }
        // Each query scalar's UTF-8 bytes (4 per scalar) and their count: the sibling jumps look for the
        // bytes that can still spell one.
        let utf8 = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * m)
        utf8.initialize(repeating: 0, count: 4 * m)
        let utf8Count = UnsafeMutablePointer<Int>.allocate(capacity: m)
        var encoded: [UInt8] = []
        for j in 0..<m {
            encoded.removeAll(keepingCapacity: true)
            NameFolding.appendUTF8(UInt32(scalars[j]), to: &encoded)
            utf8Count[j] = encoded.count
            for k in 0..<encoded.count { utf8[4 * j + k] = encoded[k] }
        }
        // Per byte depth d of the path: `path[d]` the byte, `done[d]` how many whole scalars the first d bytes
        // hold, `open[d]` where the scalar that byte d continues began (d itself at a scalar boundary). A key
        // is cut when its scalars reach `maxDepth`, so a path is at most 4 bytes per scalar deep.
        let deepestBytes = 4 * (deepest + 1) + 8
        let path = UnsafeMutablePointer<UInt8>.allocate(capacity: deepestBytes)
        path.initialize(repeating: 0, count: deepestBytes)
        let done = UnsafeMutablePointer<Int>.allocate(capacity: deepestBytes + 1)
        done.initialize(repeating: 0, count: deepestBytes + 1)
        let open = UnsafeMutablePointer<Int>.allocate(capacity: deepestBytes + 1)
        open.initialize(repeating: 0, count: deepestBytes + 1)
        // `inside[d]`: what `step` gave for the first d bytes when byte d − 1 does not end a scalar (the
        // minimum of the row every completion gives, or −1). Once a scalar's first bytes spell the start of no
        // query scalar, longer ones spell none either: its further bytes give the same row, not computed again.
        let inside = UnsafeMutablePointer<Int>.allocate(capacity: deepestBytes + 1)
        inside.initialize(repeating: -1, count: deepestBytes + 1)
        // The key's scalars along the path, for swaps.
        let keyScalars = UnsafeMutablePointer<Int>.allocate(capacity: deepest + 2)
        keyScalars.initialize(repeating: -1, count: deepest + 2)
        // The rows computed (`work.rows`), counted through a pointer: a `var` the nested `step` and `jump`
        // wrote cost a dynamic exclusivity check per access.
        let rowTally = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        rowTally.initialize(to: 0)
        // Each query scalar's class (`fuzzyClass`), for the group summaries.
        let queryClass = UnsafeMutablePointer<UInt64>.allocate(capacity: m)
        for j in 0..<m { queryClass[j] = Self.fuzzyClass(scalars[j]) }
        defer {
            queryClass.deallocate()
            rows.deallocate()
            q.deallocate()
            utf8.deallocate()
            utf8Count.deallocate()
            path.deallocate()
            done.deallocate()
            open.deallocate()
            inside.deallocate()
            keyScalars.deallocate()
            rowTally.deallocate()
        }
        let spare = (deepest + 1) * band  // past every row the walks fill
        for j in 0...min(bound, m) { rows[j + bound] = j }
        var valid = 0  // rows and states hold the path's first `valid` bytes
        // The prefix to skip, in a reused buffer: `prefix[0..<n]` (written in place, never resized). The key
        // is read from the cursor in place: it is not held across a move (a copy held then would make the
        // cursor's next fold reallocate).
        var prefix = [UInt8](repeating: 0, count: deepestBytes + 1)
        /// Computes the row for the key's first `depth + 1` scalars, the last being `scalar` (−1: a scalar
        /// equal to no query scalar), from the rows above it, into `rows[base..<base + band]`; returns its
        /// minimum.
        func fill(depth: Int, scalar: Int, at base: Int) -> Int {
            let previous = depth * band
            let row = depth + 1
            var rowMin = far
            for o in 0..<band {
                let j = row + o - bound  // the query prefix this cell stands for
                var value = far
                if j == 0 {
                    value = row
                } else if j > 0 && j <= m {
                    // Substitution or match from (d, j − 1); deletion from (d, j); insertion from (d + 1, j − 1).
                    value = rows[previous + o] + (q[j - 1] == scalar ? 0 : 1)
                    if o + 1 < band { value = min(value, rows[previous + o + 1] + 1) }
                    if o > 0 { value = min(value, rows[base + o - 1] + 1) }
                    if depth >= 1 && j >= 2 && scalar == q[j - 2] && keyScalars[depth - 1] == q[j - 1] {
                        value = min(value, rows[previous - band + o] + 1)  // a swap, from (d − 1, j − 2)
                    }
                    value = min(value, far)
                }
                rows[base + o] = value
                if value < rowMin { rowMin = value }
            }
            return rowMin
        }

        /// Takes byte `c` as path byte `depth`: sets the state after it and, when it ends a scalar, computes
        /// that scalar's row. Returns the row's minimum; inside a scalar, the minimum of the row every
        /// completion gives when they all give one (see below), else −1 (no row).
        @inline(__always)
        func step(_ depth: Int, _ c: UInt8) -> Int {
            path[depth] = c
            let start = open[depth]
            if start == depth && c < 0x80 {
                let d = done[depth]
                done[depth + 1] = d + 1
                open[depth + 1] = depth + 1
                keyScalars[d] = Int(c)
                rowTally.pointee += 1
                return fill(depth: d, scalar: Int(c), at: (d + 1) * band)
            }
            let length = Self.sequenceLength(path[start])
            guard depth + 1 - start >= length else {
                let d = done[depth]
                done[depth + 1] = d
                open[depth + 1] = start
                // Inside a scalar: when no query scalar the next row compares with starts with these bytes,
                // the scalar equals none of them whatever its last bytes, and its row is the one of a
                // scalar equal to none (−1): exact, so it prunes here, before the scalar ends.
                let position = depth - start
                if position > 0 && inside[depth] >= 0 {
                    inside[depth + 1] = inside[depth]
                    return inside[depth]
                }
                let first = max(0, d - bound - 1), last = min(m - 1, d + bound)
                for i in first..<max(first, last + 1) where utf8Count[i] > position {
                    var same = true
                    for k in 0...position where utf8[4 * i + k] != path[start + k] { same = false }
                    if same {
                        inside[depth + 1] = -1
                        return -1
                    }
                }
                rowTally.pointee += 1
                let rowMin = fill(depth: d, scalar: -1, at: spare)
                inside[depth + 1] = rowMin
                return rowMin
            }
            var value: Int
            if length == 1 {
                value = 0x11_0000 | Int(c)  // a byte that cannot lead: a scalar of its own, equal to none
            } else {
                value = Int(path[start]) & (0x7F >> length)
                for k in (start + 1)...depth { value = value << 6 | Int(path[k] & 0x3F) }
            }
            let d = done[depth]
            done[depth + 1] = d + 1
            open[depth + 1] = depth + 1
            keyScalars[d] = value
            rowTally.pointee += 1
            return fill(depth: d, scalar: value, at: (d + 1) * band)
        }

        /// Where the walk goes after the row ending at byte `pruned` exceeded the bound: past every key that
        /// starts with the first `length` path bytes, or (`next` set) to the first key whose first `length`
        /// bytes are not below those with the last one replaced by `next`.
        /// Its siblings: a last scalar that equals no query scalar the row compares with gives one and the
        /// same row, so when that row is pruned too, only siblings whose last byte can still spell one of
        /// those query scalars (its bytes before that one being the path's) can match. Jump to the next such
        /// sibling, or past the parent when none is left.
        @inline(__always)
        func jump(pruned: Int, tooLong: Bool) -> (length: Int, next: UInt8?) {
            let parent = pruned - 1
            let start = open[parent]  // where the pruned row's last scalar began
            // The row above the pruned one: the scalars before the last; a row pruned inside a scalar
            // (`step`) has not counted that scalar yet.
            let parentScalars = open[pruned] == pruned ? done[pruned] - 1 : done[pruned]
            if !tooLong && parent >= 1 && parentScalars >= 0 {
                rowTally.pointee += 1
                if fill(depth: parentScalars, scalar: -1, at: spare) > bound {
                    let c = Int(path[parent])
                    let position = parent - start  // the byte's place in its scalar
                    var next = 256
                    for j in max(1, parentScalars - bound)...min(m, parentScalars + bound + 1) {
                        let v = q[j - 1]
                        if v < 0x80 {
                            if position == 0 && v > c { next = min(next, v) }
                            continue
                        }
                        let encoded = utf8 + 4 * (j - 1)
                        guard utf8Count[j - 1] > position, Int(encoded[position]) > c else { continue }
                        var same = true
                        for k in 0..<position where encoded[k] != path[start + k] { same = false }
                        if same { next = min(next, Int(encoded[position])) }
                    }
                    return next < 256 ? (pruned, UInt8(next)) : (parent, nil)
                }
            }
            return (pruned, nil)
        }

        /// The distance of the key whose path ends at byte `keyEnd` (rows computed down to there), when it
        /// ends a scalar and lies within the bound: the cell (key scalars, m), if it lies in the band.
        @inline(__always)
        func distance(keyEnd: Int) -> Int? {
            let keyScalarCount = done[keyEnd]
            let offset = m - keyScalarCount + bound
            guard open[keyEnd] == keyEnd && offset >= 0 && offset < band else { return nil }
            let distance = rows[keyScalarCount * band + offset]
            return distance <= bound ? distance : nil
        }

        // Down to the groups' depth the walk runs over the table of distinct key starts (`groups`), which
        // needs no decoding; a group it does not prune there is walked key by key with a cursor.
        let groupCount = groups.count
        let groupValues = groups.buffer, starts = groupStarts.buffer
        /// The first group at or after `from` whose 8 bytes, cut to `length`, are not below the first
        /// `length` path bytes (`above`: not below and not equal to them), with `next` replacing the last.
        @inline(__always)
        func findGroup(from: Int, length: Int, next: UInt8?, above: Bool) -> Int {
            var target: UInt64 = 0
            for k in 0..<8 {
                let b = k < length ? (k == length - 1 ? next ?? path[k] : path[k]) : 0
                target = target << 8 | UInt64(b)
            }
            if above { target += 1 << UInt64(8 * (8 - length)) }
            // Galloping first: most jumps land a few groups ahead (the next sibling).
            var lo = from, hi = groupCount, step = 1
            while lo < hi && UInt64(groupValues[lo]) < target {
                let probe = lo + step
                if probe >= hi || UInt64(groupValues[probe]) >= target {
                    lo += 1
                    hi = min(probe, hi)
                    break
                }
                lo = probe + 1
                step *= 2
            }
            while lo < hi {
                let mid = (lo + hi) / 2
                if UInt64(groupValues[mid]) < target { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        /// Whether the group's bytes begin with the query's first scalar (at most 4 bytes: within the 8).
        func startsWithLead(_ value: UInt64) -> Bool {
            for k in 0..<lead.count where UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * k)) != lead[k] { return false }
            return true
        }
        // The classes of the query scalars rows 2 and 3 compare with (bit 63 when a key of 2 scalars can be
        // within the bound): a run of groups whose second and third scalars are in none of them is skipped
        // whole once a first scalar matching nothing prunes at row 3 (`runStarts`).
        var queryClasses: UInt64 = m <= bound + 2 ? 1 << 63 : 0
        for i in 0..<min(m, bound + 3) { queryClasses |= Self.scalarClass(lead: utf8[4 * i]) }
        let runCount = runStarts.count
        let runStartValues = runStarts.buffer, runClassValues = runClasses.buffer
        var run = 0
        let summarized = summaries && groupClasses.count == groupCount && groupLongest.count == groupCount
        let classValues = groupClasses.buffer, tailValues = groupLongest.buffer, blockValues = blockLongest.buffer
        /// Whether group `g`'s summary proves every key of it beyond the bound, its path rows computed
        /// down to its `length` bytes. A key is the group's `d` whole scalars and a tail; an alignment of
        /// key and query either splits at some query prefix `j` (cost at least the row's cell for `j`, plus
        /// that of the tail against the rest of the query) or a swap crosses the split, exchanging the
        /// last whole scalar with the tail's first (then the split after the query's next scalar costs at
        /// most one more, and that scalar is the last whole one: its class is added to the tail's). The
        /// tail costs at least one edit per scalar of the rest of the query in no class of the tails, and
        /// at least as many as the rest of the query is longer than the longest tail.
        func beyondBound(_ g: Int, length: Int) -> Bool {
            let d = done[length]
            let mask = classValues[g] | (d >= 1 ? Self.fuzzyClass(keyScalars[d - 1]) : 0)
            // The longest tail (255 stands for 255 scalars or more: no bound from it).
            let longest = tailValues[g] == 255 ? m : Int(tailValues[g]) - d
            var missing = 0
            var j = m
            let lowest = Swift.max(0, d - bound)
            while j >= lowest {
                if j < m && queryClass[j] & mask == 0 { missing += 1 }
                if j <= d + bound {
                    let cell = rows[d * band + (j - d + bound)]
                    if cell <= bound && cell + Swift.max(missing, m - j - longest) <= bound { return false }
                }
                j -= 1
            }
            return true
        }
        var cursor = Cursor(self)
        var folded = true  // whether `cursor.key` is the current entry's (see `advanceUnfolded`)
        var g = 0
        if firstByte == .same {
            for k in 0..<lead.count { path[k] = lead[k] }
            g = findGroup(from: 0, length: lead.count, next: nil, above: false)
        } else if firstByte == .other && lead[0] != NameFolding.skeletonMarker {
            path[0] = NameFolding.skeletonMarker
            g = findGroup(from: 0, length: 1, next: nil, above: true)
        }
        while g < groupCount {
            let value = groupValues[g]
            if firstByte == .same && !startsWithLead(value) { break }
            if firstByte == .other && startsWithLead(value) {
                // The subtree `.same` walked: jump past it. No path rows survive the jump.
                valid = 0
                work.skips += 1
                for k in 0..<lead.count { path[k] = lead[k] }
                g = findGroup(from: g, length: lead.count, next: nil, above: true)
                continue
            }
            if summarized && g & 15 == 0 && blockValues[g >> 4] < 255 && Int(blockValues[g >> 4]) < shortest {
                // 16 groups of short keys (255: some key may have 255 scalars or more).
                work.summarySkips += 1
                g += 16
                continue
            }
            if summarized && tailValues[g] < 255 && Int(tailValues[g]) < shortest {
                // Every key of the group has fewer scalars than the query less the bound. Its bytes are not
                // stepped: the path and its rows stay those of the groups before.
                work.summarySkips += 1
                g += 1
                continue
            }
            // The group's bytes: up to 8, zero-padded (no key holds a zero byte).
            var length = 8
            while length > 1 && value & (0xFF << UInt64(64 - 8 * length)) == 0 { length -= 1 }
            func byte(_ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * k)) }
            var depth = 0
            let shared = min(valid, length)
            while depth < shared && path[depth] == byte(depth) { depth += 1 }
            while run + 1 < runCount && Int(runStartValues[run + 1]) <= g { run += 1 }
            let skippable = run < runCount && runClassValues[run] & queryClasses == 0
            let runKeyLength = min(Self.sequenceLength(byte(0)), 2, length)
            var pruned = -1, skipRun = false
            while depth < length {
                let rowMin = step(depth, byte(depth))
                depth += 1
                valid = depth
                if rowMin > bound {
                    pruned = depth
                    break
                }
                if skippable && depth == runKeyLength && (open[depth] == depth || rowMin >= 0) {
                    // The run's key is read: the first scalar whole, or its first 2 bytes, which spell the
                    // start of no query scalar row 1 compares with (`step` gave a row: the first scalar's,
                    // whatever its last bytes). No key of the run has a second or third scalar the rows 2
                    // and 3 compare with: their rows are those of scalars equal to none (−1). If that row 3
                    // exceeds the bound, no key of the run comes within it (rows only grow).
                    if open[depth] != depth {
                        keyScalars[0] = -1
                        rowTally.pointee += 1
                        _ = fill(depth: 0, scalar: -1, at: band)
                    }
                    keyScalars[1] = -1
                    rowTally.pointee += 2
                    _ = fill(depth: 1, scalar: -1, at: 2 * band)
                    if fill(depth: 2, scalar: -1, at: spare) > bound {
                        skipRun = true
                        break
                    }
                }
            }
            if skipRun {
                work.skips += 1
                g = run + 1 < runCount ? Int(runStartValues[run + 1]) : groupCount
                continue
            }
            if pruned >= 0 {
                // No key starting with these bytes comes within the bound.
                valid = min(valid, pruned)
                work.skips += 1
                let (to, next) = jump(pruned: pruned, tooLong: false)
                g = findGroup(from: g + 1, length: to, next: next, above: next == nil)
                continue
            }
            let groupStart = Int(starts[g])
            let groupEnd = g + 1 < groupCount ? Int(starts[g + 1]) : count
            g += 1
            if length < 8 && open[length] == length && done[length] < 4 {
                // Keys of fewer than 4 scalars: every entry of the group has this very key.
                if let distance = distance(keyEnd: length) { for entry in groupStart..<groupEnd { body(entry, distance) } }
                continue
            }
            if summarized && beyondBound(g - 1, length: length) {
                work.summarySkips += 1
                continue
            }
            // Every key of the group starts with its path bytes, whose rows stay valid.
            if cursor.position != groupStart {
                cursor.seek(groupStart)
                folded = true
            }
            while cursor.position < groupEnd {
                // A key of fewer bytes than `shortest` has fewer scalars: more than `bound` edits away.
                // Passed over without folding it (its length is in the index); the path's rows stay valid.
                if let bytes = keyLength(cursor.position), bytes < shortest {
                    work.shortKeys += 1
                    cursor.advanceUnfolded()
                    folded = false
                    continue
                }
                if !folded {
                    cursor.foldCurrentKey()
                    folded = true
                }
                work.keys += 1
                var depth = length
                let keyCount = cursor.key.count
                let shared = min(valid, keyCount)
                while depth < shared && path[depth] == cursor.key[depth] { depth += 1 }
                var pruned = -1, tooLong = false
                while depth < keyCount {
                    if open[depth] == depth && done[depth] >= maxDepth {
                        pruned = depth
                        tooLong = true
                        break
                    }
                    let rowMin = step(depth, cursor.key[depth])
                    depth += 1
                    valid = depth
                    if rowMin > bound {
                        pruned = depth
                        break
                    }
                }
                if pruned >= 0 {
                    // No key starting with these bytes comes within the bound.
                    valid = min(valid, pruned)
                    work.skips += 1
                    let (to, next) = jump(pruned: pruned, tooLong: tooLong)
                    for k in 0..<to { prefix[k] = path[k] }
                    if let next {
                        prefix[to - 1] = next
                        cursor.skip(to: prefix[0..<to])
                    } else {
                        cursor.skip(prefix: prefix[0..<to])
                    }
                    continue
                }
                valid = keyCount
                if let distance = distance(keyEnd: keyCount) { body(cursor.position, distance) }
                cursor.advance()
            }
            valid = min(valid, length)
        }
        work.rows = rowTally.pointee
        work.cells = work.rows * band
        return work
    }
}
