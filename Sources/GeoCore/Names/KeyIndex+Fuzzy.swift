extension KeyIndex {
    /// Which part of the key trie a fuzzy walk covers, by the keys' first byte (see `forEachFuzzy`).
    enum FirstByte {
        case any, same, other
    }

    /// The most edits a fuzzy match may need for a query key of `length` bytes: none below 4 bytes (too
    /// many short names are one edit apart), 1 for 4–7, 2 from 8.
    static func editBound(forQueryLength length: Int) -> Int {
        length < 4 ? 0 : (length < 8 ? 1 : 2)
    }

    /// What one fuzzy walk cost, for tests and benchmarks: the work is bounded by these, not by the query.
    struct FuzzyWork: Equatable {
        /// Trie nodes visited: one dynamic-programming row each.
        var rows = 0
        /// Cells computed: `2·bound + 1` per row.
        var cells = 0
        /// Subtrees skipped because no key under them comes within the bound.
        var skips = 0
        /// Keys decoded and folded: only those of the 4-byte groups not pruned from the group table.
        var keys = 0
    }

    /// Calls `body(entry, distance)` for every entry whose key is within `bound` edits of `query`, where an
    /// edit inserts, deletes or substitutes a byte, or swaps two adjacent bytes (optimal string alignment,
    /// the restricted Damerau–Levenshtein distance: Damerau 1964; Navarro 2001, "A guided tour to
    /// approximate string matching", ACM Computing Surveys 33(1), §5).
    ///
    /// The sorted keys are walked as an implicit trie: a key reuses the dynamic-programming rows of the
    /// previous key for their common prefix, so each trie node costs one row. A row whose minimum exceeds
    /// the bound can only grow further down, so every key under that prefix is skipped (`Cursor.skip`).
    /// Its siblings are mostly skipped with it: a last byte that equals none of the few query bytes the
    /// row compares with gives one and the same row, so when that row is pruned too, the walk jumps to the
    /// next sibling whose byte is one of them (or past the parent), instead of visiting each sibling.
    ///
    /// The top of the trie comes from the table of distinct 4-byte key starts (`groups`), not from the
    /// keys: a wrong first letter leaves one edit for the rest, yet with a bound of 2 every 2-byte prefix
    /// and thousands of 3- and 4-byte ones stay within reach, and each was a key to decode and fold
    /// ("uangladwsh": 25,000 keys, 11 ms). Walking ~64,000 packed groups costs no decoding; the cursor
    /// decodes only the keys of the groups that survive depth 4 (~2,400 for that query, 4.7 ms). The
    /// matches and their order are the same as a walk over the keys alone.
    ///
    /// Only a band of each row is computed: the cell for a key prefix of `d` bytes and a query prefix of
    /// `j` bytes is at least `|d − j|`, so cells with `|d − j| > bound` can never lead to a match and stand
    /// for "too far" (Ukkonen 1985, "Algorithms for approximate string matching", Information and Control
    /// 64, cutoff diagonals). A row is `2·bound + 1` cells whatever the query's length, and a query longer
    /// than every key by more than the bound is answered at once, so a 64 KiB query costs no more than a
    /// short one.
    ///
    /// `firstByte` splits the trie at its root: `.same` walks only the keys that begin with the query's
    /// first byte (one subtree: most typos keep the first letter, and the whole walk costs milliseconds on
    /// ~550,000 keys, since every 3-byte prefix is within 2 edits of something); `.other` walks all the
    /// rest, so a search that tried `.same` first never walks that subtree twice; `.any` walks everything.
    /// - Returns: the work done (visited nodes, cells, skips, keys decoded).
    /// - Complexity: O(visited trie nodes × bound); visited nodes are at most `maxKeyLength` deep, and the
    ///   bound keeps the visited part small.
    @discardableResult
    func forEachFuzzy(_ query: [UInt8], bound: Int, firstByte: FirstByte = .any, _ body: (Int, Int) -> Void) -> FuzzyWork {
        var work = FuzzyWork()
        let m = query.count
        guard bound > 0, m > 0, count > 0, m <= maxKeyLength + bound else { return work }
        let band = 2 * bound + 1
        let far = bound + 1  // any value above the bound: all mean "no match", so values are capped here
        let maxDepth = m + bound  // a longer key is more than `bound` deletions away
        // rows[d * band + (j − d + bound)]: distance between the key's first d bytes and the query's first j
        // bytes, for |j − d| ≤ bound.
        // One spare row at the end, for a row computed only to be looked at.
        // Plain buffers, not arrays: the nested `fill` writes them on every trie node, and a captured array
        // costs a dynamic exclusivity check per access (a fifth of the walk).
        // The group walk below fills rows and path bytes down to the group's 4 bytes, and one byte past
        // `maxDepth` before the row's minimum prunes it: both buffers are sized for the deeper of the two
        // (a 1-byte query at bound 1 has maxDepth 2; AddressSanitizer caught the write at path[2]).
        let deepest = Swift.max(maxDepth + 1, 4)
        let rowCount = (deepest + 2) * band
        let rows = UnsafeMutablePointer<Int>.allocate(capacity: rowCount)
        rows.initialize(repeating: far, count: rowCount)
        let q = UnsafeMutablePointer<Int>.allocate(capacity: m)
        for j in 0..<m { q[j] = Int(query[j]) }
        let path = UnsafeMutablePointer<UInt8>.allocate(capacity: deepest)
        path.initialize(repeating: 0, count: deepest)
        defer {
            rows.deallocate()
            q.deallocate()
            path.deallocate()
        }
        let spare = (deepest + 1) * band  // past every row the walks fill
        for j in 0...min(bound, m) { rows[j + bound] = j }
        var valid = 0  // rows 0...valid hold the path's first `valid` bytes
        // The prefix to skip, in a reused buffer: `prefix[0..<n]` (written in place, never resized). The key
        // is read from the cursor in place: it is not held across a move (a copy held then would make the
        // cursor's next fold reallocate).
        var prefix = [UInt8](repeating: 0, count: maxDepth + 1)
        /// Computes the row for the key's first `depth + 1` bytes, the last being `byte` (−1: a byte equal to
        /// no query byte), from the rows above it, into `rows[base..<base + band]`; returns its minimum.
        func fill(depth: Int, byte: Int, at base: Int) -> Int {
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
                    value = rows[previous + o] + (q[j - 1] == byte ? 0 : 1)
                    if o + 1 < band { value = min(value, rows[previous + o + 1] + 1) }
                    if o > 0 { value = min(value, rows[base + o - 1] + 1) }
                    if depth >= 1 && j >= 2 && byte == q[j - 2] && Int(path[depth - 1]) == q[j - 1] {
                        value = min(value, rows[previous - band + o] + 1)  // a swap, from (d − 1, j − 2)
                    }
                    value = min(value, far)
                }
                rows[base + o] = value
                if value < rowMin { rowMin = value }
            }
            return rowMin
        }

        /// Where the walk goes after a row at `pruned` bytes exceeded the bound: past every key that starts
        /// with the first `length` path bytes, or (`next` set) to the first key whose first `length` bytes
        /// are not below those with the last one replaced by `next`.
        /// Its siblings: a byte that equals no query byte the row compares with gives one and the same row,
        /// so when that row is pruned too, only siblings whose last byte is one of those query bytes can
        /// match. Jump to the next such sibling, or past the parent when none is left.
        func jump(pruned: Int, tooLong: Bool) -> (length: Int, next: UInt8?) {
            let parent = pruned - 1
            if !tooLong && parent >= 1 {
                work.rows += 1
                if fill(depth: parent, byte: -1, at: spare) > bound {
                    let c = Int(path[parent])
                    var next = 256
                    for j in max(1, parent - bound)...min(m, parent + bound + 1) where q[j - 1] > c {
                        next = min(next, q[j - 1])
                    }
                    return next < 256 ? (pruned, UInt8(next)) : (parent, nil)
                }
            }
            return (pruned, nil)
        }

        // Down to depth 4 the walk runs over the table of distinct 4-byte key starts (`groups`), which needs
        // no decoding; a group it does not prune there is walked key by key with a cursor.
        let groupCount = groups.count
        let groupValues = groups.buffer, starts = groupStarts.buffer
        /// The first group at or after `from` whose 4 bytes, cut to `length`, are not below the first
        /// `length` path bytes (`above`: not below and not equal to them), with `next` replacing the last.
        func findGroup(from: Int, length: Int, next: UInt8?, above: Bool) -> Int {
            var target: UInt64 = 0
            for k in 0..<4 {
                let b = k < length ? (k == length - 1 ? next ?? path[k] : path[k]) : 0
                target = target << 8 | UInt64(b)
            }
            if above { target += 1 << UInt64(8 * (4 - length)) }
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
        var cursor = Cursor(self)
        var g = 0
        if firstByte == .same {
            path[0] = query[0]
            g = findGroup(from: 0, length: 1, next: nil, above: false)
        }
        while g < groupCount {
            let value = groupValues[g]
            let first = UInt8(truncatingIfNeeded: value >> 24)
            if firstByte == .same && first != query[0] { break }
            if firstByte == .other && first == query[0] {
                // The subtree `.same` walked: jump past it. No path rows survive the jump.
                valid = 0
                work.skips += 1
                path[0] = first
                g = findGroup(from: g, length: 1, next: nil, above: true)
                continue
            }
            // The group's bytes: 4, or fewer for keys shorter than 4 (zero-padded).
            let length = value & 0xFF != 0 ? 4 : (value & 0xFF00 != 0 ? 3 : (value & 0xFF_0000 != 0 ? 2 : 1))
            func byte(_ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * k)) }
            var depth = 0
            let shared = min(valid, length)
            while depth < shared && path[depth] == byte(depth) { depth += 1 }
            var pruned = -1
            while depth < length {
                let c = byte(depth)
                path[depth] = c
                let rowMin = fill(depth: depth, byte: Int(c), at: (depth + 1) * band)
                work.rows += 1
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
                let (to, next) = jump(pruned: pruned, tooLong: false)
                g = findGroup(from: g + 1, length: to, next: next, above: next == nil)
                continue
            }
            let groupStart = Int(starts[g])
            let groupEnd = g + 1 < groupCount ? Int(starts[g + 1]) : count
            g += 1
            if length < 4 {
                // Keys of fewer than 4 bytes: every entry of the group has this very key.
                let offset = m - length + bound  // the cell (length, m), if it lies in the band
                if offset >= 0 && offset < band {
                    let distance = rows[length * band + offset]
                    if distance <= bound { for entry in groupStart..<groupEnd { body(entry, distance) } }
                }
                continue
            }
            // Every key of the group starts with the 4 path bytes, whose rows stay valid.
            if cursor.position != groupStart { cursor.seek(groupStart) }
            while cursor.position < groupEnd {
                work.keys += 1
                var depth = 4
                let keyCount = cursor.key.count
                let shared = min(valid, keyCount)
                while depth < shared && path[depth] == cursor.key[depth] { depth += 1 }
                var pruned = -1, tooLong = false
                while depth < keyCount {
                    if depth >= maxDepth {
                        pruned = depth
                        tooLong = true
                        break
                    }
                    let c = cursor.key[depth]
                    path[depth] = c
                    let rowMin = fill(depth: depth, byte: Int(c), at: (depth + 1) * band)
                    work.rows += 1
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
                let offset = m - keyCount + bound  // the cell (keyCount, m), if it lies in the band
                if offset >= 0 && offset < band {
                    let distance = rows[keyCount * band + offset]
                    if distance <= bound { body(cursor.position, distance) }
                }
                cursor.advance()
            }
            valid = min(valid, 4)
        }
        work.cells = work.rows * band
        return work
    }
}
