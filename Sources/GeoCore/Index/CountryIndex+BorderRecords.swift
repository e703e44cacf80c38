/// Border-cell records: everything a lookup in a border cell reads, in one contiguous run of `UInt32`s.
///
/// A lookup in a border cell used to follow the cell to its entry range, then the entries' metadata in
/// four tables, then their edge references, then the vertices: five dependent loads, each a likely cache
/// miss in 20 MB of tables. With one record per cell the chain is cell → record → vertices: the entry
/// headers, toggle latitudes and the point's band of edge references sit together and usually share a
/// cache line or its neighbour. Most lookups no longer come here at all: the cell's sketch
/// (`CountryIndex+Sketches.swift`) answers them, and the record is the exact answer for the rest.
///
/// Layout of a record at offset `o` of `borderData` (its cell's sketch names `o`):
/// - `o`: the number of entries, at least 1; the first entry starts at `o + 1`, each next one right
///   after the previous one's edge references.
/// - entry at `e`: `e` area number, with `borderBit` set when the parity of the area's east-of-cell edges
///   at the cell's south edge is odd; `e + 1` the number of toggle latitudes `T`, with `borderBit` set for
///   a *wide* entry; then the cumulative ends of the latitude bands' edge lists (band `k` is
///   `[end(k - 1), end(k))`, `end(-1)` = 0, `end(bands - 1)` = `N`), as 16-bit halves of `bands / 2`
///   words (two per word, low half first), or in a wide entry one word each; then the base `B` of the
///   edge references; then `T` toggle latitudes as the low and high halves of each `Double`'s bits; then
///   the `N` edge references, band after band, as `B +` a 16-bit half (two per word, low half first;
///   `⌈N / 2⌉` words), or in a wide entry one word each.
/// - An entry is wide only when `N` or its references' spread exceeds 16 bits, which Natural Earth's
///   10m countries never need: halving the band ends and the references saved 2.4 MB.
/// - Records held 16-bit quantised copies of their edges too (7.1 MB) until the sketches took over what
///   they were for; a lookup that reaches the record now tests the real vertices directly, which measured
///   no slower.
///
/// An entry's tested edges are split by latitude into `bands` sub-bands of the cell; band `k` holds every
/// tested edge whose latitude span meets it (an edge spanning several bands is listed in each). A point
/// only needs its own band: an edge whose span misses the point's latitude can neither cross its ray nor
/// pass through it.
extension CountryIndex {
    @inline(__always)
    func entryArea(_ entry: Int) -> Int { Int(borderData[entry] & ~Self.borderBit) }

    @inline(__always)
    func entryParity(_ entry: Int) -> Bool { borderData[entry] & Self.borderBit != 0 }

    @inline(__always)
    func entryIsWide(_ entry: Int) -> Bool { borderData[entry &+ 1] & Self.borderBit != 0 }

    @inline(__always)
    func entryToggleCount(_ entry: Int) -> Int { Int(borderData[entry &+ 1] & ~Self.borderBit) }

    /// Words before an entry's toggles: area and parity, toggle count, band ends, reference base.
    @inline(__always)
    static func entryHeaderWords(wide: Bool) -> Int { wide ? 3 + bands : 3 + bands / 2 }

    @inline(__always)
    func entryHeaderWords(_ entry: Int) -> Int { Self.entryHeaderWords(wide: entryIsWide(entry)) }

    /// The `k`-th 16-bit value of a run of halves starting at `words[start]` (two per word, low half first).
    @inline(__always)
    static func half(_ words: Table<UInt32>, _ start: Int, _ k: Int) -> Int {
        Int(words[start &+ k >> 1] >> (16 * UInt32(k & 1)) & 0xFFFF)
    }

    /// The end of band `k`'s slots in the entry (the start of band `k + 1`'s).
    @inline(__always)
    func bandEnd(entry: Int, _ k: Int) -> Int {
        if entryIsWide(entry) { return Int(borderData[entry &+ 2 &+ k]) }
        return Self.half(borderData, entry &+ 2, k)
    }

    /// Toggle latitude `t` of the entry.
    @inline(__always)
    func toggle(entry: Int, _ t: Int) -> Double {
        let w = entry &+ entryHeaderWords(entry) &+ 2 &* t
        return Double(bitPattern: UInt64(borderData[w]) | UInt64(borderData[w &+ 1]) << 32)
    }

    /// The number of the entry's edge references (an edge in several bands counts once per band).
    @inline(__always)
    func entryRefCount(_ entry: Int) -> Int { bandEnd(entry: entry, Self.bands - 1) }

    /// Where the entry's edge references start in `borderData` (after the toggles).
    @inline(__always)
    func refsStart(entry: Int) -> Int { entry &+ entryHeaderWords(entry) &+ 2 &* entryToggleCount(entry) }

    /// The edge (its first vertex's number) of slot `j` of the entry.
    @inline(__always)
    func edgeRef(entry: Int, slot j: Int) -> Int {
        let start = refsStart(entry: entry)
        if entryIsWide(entry) { return Int(borderData[start &+ j]) }
        let base = Int(borderData[entry &+ Self.entryHeaderWords(wide: false) &- 1])
        return base &+ Self.half(borderData, start, j)
    }

    /// The slots (0 for the entry's first reference) of band `k` of the entry.
    @inline(__always)
    func bandSlots(entry: Int, band k: Int) -> Range<Int> {
        let low = k == 0 ? 0 : bandEnd(entry: entry, k - 1), high = bandEnd(entry: entry, k)
        return low..<high
    }

    /// The next entry of the same record (or, after the last, the next record).
    @inline(__always)
    func nextEntry(after entry: Int) -> Int {
        let n = entryRefCount(entry)
        return refsStart(entry: entry) &+ (entryIsWide(entry) ? n : (n &+ 1) >> 1)
    }

    /// Where the entry at `e` of a record stream read through `word` ends (for the builder's walk over
    /// its own records).
    static func entryEnd(at e: Int, _ word: (Int) -> UInt32) -> Int {
        let wide = word(e + 1) & borderBit != 0
        let toggles = Int(word(e + 1) & ~borderBit)
        let n = wide ? Int(word(e + 1 + bands)) : Int(word(e + 2 + (bands - 1) / 2) >> 16)
        return e + entryHeaderWords(wide: wide) + 2 * toggles + (wide ? n : (n + 1) / 2)
    }

    /// Builds `borderData`, one record per border cell in row-major cell order.
    struct BorderRecordWriter {
        var data: [UInt32] = []
        var cellCount = 0, entryCount = 0, edgeReferenceCount = 0, toggleCount = 0

        /// Starts a cell's record; returns its offset, for the cell's value.
        mutating func beginCell(entryCount: Int) -> UInt32 {
            precondition(data.count < 0x7FFF_FFFF, "border records beyond 2^31 words")
            cellCount += 1
            let offset = UInt32(data.count)
            data.append(UInt32(entryCount))
            return offset
        }

        /// Appends one entry; `bandEnds` are the cumulative ends of the bands in `edges`.
        mutating func append(area: UInt32, parity: Bool, bandEnds: [Int], toggles: [Double], edges: [UInt32]) {
            precondition(bandEnds.count == CountryIndex.bands && bandEnds.last == edges.count)
            precondition(toggles.count < 0x7FFF_FFFF)
            entryCount += 1
            edgeReferenceCount += edges.count
            toggleCount += toggles.count
            let base = edges.min() ?? 0
            let wide = edges.count > 0xFFFF || edges.contains { $0 - base > 0xFFFF }
            data.append(area | (parity ? CountryIndex.borderBit : 0))
            data.append(UInt32(toggles.count) | (wide ? CountryIndex.borderBit : 0))
            if wide {
                for end in bandEnds { data.append(UInt32(end)) }
            } else {
                appendHalves(bandEnds.map { UInt32($0) })
            }
            data.append(wide ? 0 : base)
            for y in toggles {
                data.append(UInt32(truncatingIfNeeded: y.bitPattern))
                data.append(UInt32(truncatingIfNeeded: y.bitPattern >> 32))
            }
            if wide {
                data.append(contentsOf: edges)
            } else {
                appendHalves(edges.map { $0 - base })
            }
        }

        /// Appends 16-bit values two to a word, low half first (a last odd one alone).
        private mutating func appendHalves(_ values: [UInt32]) {
            var k = 0
            while k < values.count {
                data.append(values[k] | (k + 1 < values.count ? values[k + 1] << 16 : 0))
                k += 2
            }
        }
    }

    /// Checks `borderData` against `records` (the record offsets the border cells' sketches name, in table
    /// order) so no lookup can read outside it or act on a bad value: the records are consecutive and
    /// exactly fill the stream; every record has at least one entry; every entry has an area below
    /// `areaCount`, band ends that never decrease and stay in the stream, toggle latitudes in [-90, 90],
    /// and edge references whose two vertices exist.
    /// - Returns: the counts of border cells, entries, edge references and toggles.
    static func checkBorderRecords(_ data: Table<UInt32>, records: [Int], areaCount: Int, vertexCount: Int)
        throws(BinaryFormatError) -> (cells: Int, entries: Int, edgeReferences: Int, toggles: Int)
    {
        let words = data.buffer
        var position = 0
        var counts = (cells: 0, entries: 0, edgeReferences: 0, toggles: 0)
        for record in records {
            guard record == position, position < words.count else { throw .invalid("border record offset") }
            let entries = Int(words[position])
            guard entries >= 1 else { throw .invalid("border record entry count") }
            position += 1
            counts.cells += 1
            for _ in 0..<entries {
                guard words.count - position >= 2 else { throw .invalid("border entry header") }
                let wide = words[position + 1] & borderBit != 0
                let headerWords = entryHeaderWords(wide: wide)
                guard words.count - position >= headerWords else { throw .invalid("border entry header") }
                guard Int(words[position] & ~borderBit) < areaCount else { throw .invalid("entry area") }
                let toggles = Int(words[position + 1] & ~borderBit)
                var previous = 0
                for k in 0..<bands {
                    let end = wide ? Int(words[position + 2 + k]) : half(data, position + 2, k)
                    guard end >= previous else { throw .invalid("band ends") }
                    previous = end
                }
                let n = previous
                let base = Int(words[position + headerWords - 1])
                guard toggles <= (words.count - position - headerWords) / 2 else { throw .invalid("border entry size") }
                let refs = position + headerWords + 2 * toggles
                let refWords = wide ? n : (n + 1) / 2
                guard refWords <= words.count - refs else { throw .invalid("border entry size") }
                for t in 0..<toggles {
                    let w = position + headerWords + 2 * t
                    let y = Double(bitPattern: UInt64(words[w]) | UInt64(words[w + 1]) << 32)
                    guard y >= -90 && y <= 90 else { throw .invalid("toggle latitude") }
                }
                // Edge i reads vertices i and i + 1.
                for j in 0..<n {
                    let i = wide ? Int(words[refs + j]) : base + half(data, refs, j)
                    guard i + 1 < vertexCount else { throw .invalid("edge reference") }
                }
                counts.entries += 1
                counts.toggles += toggles
                counts.edgeReferences += n
                position = refs + refWords
            }
        }
        guard position == words.count else { throw .invalid("border record length") }
        return counts
    }
}
