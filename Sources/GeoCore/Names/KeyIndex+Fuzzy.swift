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

    /// Calls `body(entry, distance)` for every entry whose key is within `bound` edits of `query`, where an
    /// edit inserts, deletes or substitutes a byte, or swaps two adjacent bytes (optimal string alignment,
    /// the restricted Damerau–Levenshtein distance: Damerau 1964; Navarro 2001, "A guided tour to
    /// approximate string matching", ACM Computing Surveys 33(1), §5).
    ///
    /// The sorted keys are walked as an implicit trie: a key reuses the dynamic-programming rows of the
    /// previous key for their common prefix, so each trie node costs one row. A row whose minimum exceeds
    /// the bound can only grow further down, so every key under that prefix is skipped (`Cursor.skip`).
    ///
    /// `firstByte` splits the trie at its root: `.same` walks only the keys that begin with the query's
    /// first byte (one subtree: most typos keep the first letter, and the whole walk costs milliseconds on
    /// ~550,000 keys, since every 3-byte prefix is within 2 edits of something); `.other` walks all the
    /// rest, so a search that tried `.same` first never walks that subtree twice; `.any` walks everything.
    /// - Complexity: O(visited trie nodes × query length); the bound keeps the visited part small.
    func forEachFuzzy(_ query: [UInt8], bound: Int, firstByte: FirstByte = .any, _ body: (Int, Int) -> Void) {
        let m = query.count
        guard bound > 0, m > 0, count > 0 else { return }
        let width = m + 1
        let maxDepth = m + bound
        // rows[d * width + j]: distance between the key's first d bytes and the query's first j bytes.
        var rows = [Int](repeating: 0, count: (maxDepth + 1) * width)
        for j in 0...m { rows[j] = j }
        var path = [UInt8](repeating: 0, count: maxDepth)
        var valid = 0  // rows 0...valid hold the path's first `valid` bytes
        var cursor = Cursor(self)
        if firstByte == .same {
            let first = query[0]
            let start = partitionPoint(&cursor) { key in key.isEmpty || key[0] < first }
            if cursor.position != start { cursor.load(start) }
        } else {
            cursor.load(0)
        }
        while cursor.position < count {
            if firstByte == .same && (cursor.key.isEmpty || cursor.key[0] != query[0]) { return }
            if firstByte == .other && cursor.key.first == query[0] {
                // The subtree `.same` walked: jump past it. No path rows survive the jump.
                valid = 0
                cursor.skip(prefix: query[0..<1])
                continue
            }
            let key = cursor.key  // a copy: `skip` moves the cursor
            var depth = 0
            let shared = min(valid, key.count)
            while depth < shared && path[depth] == key[depth] { depth += 1 }
            var pruned = -1
            while depth < key.count {
                if depth >= maxDepth {
                    pruned = depth
                    break
                }
                let c = key[depth]
                path[depth] = c
                let previous = depth * width, current = (depth + 1) * width
                rows[current] = depth + 1
                var rowMin = depth + 1
                for j in 1...m {
                    let cost = query[j - 1] == c ? 0 : 1
                    var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                    if depth >= 1 && j >= 2 && c == query[j - 2] && path[depth - 1] == query[j - 1] {
                        value = min(value, rows[previous - width + j - 2] + 1)
                    }
                    rows[current + j] = value
                    if value < rowMin { rowMin = value }
                }
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
                // A fresh array, not a slice of `key`: `skip` rewrites the cursor's key buffer while it compares.
                let prefix = Array(key[0..<pruned])
                cursor.skip(prefix: prefix[...])
                continue
            }
            valid = key.count
            let distance = rows[key.count * width + m]
            if distance <= bound { body(cursor.position, distance) }
            cursor.advance()
        }
    }
}
