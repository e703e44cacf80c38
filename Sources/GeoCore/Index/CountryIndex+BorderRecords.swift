/// Border-cell records: everything a lookup in a border cell reads, in one contiguous run of `UInt32`s.
///
/// A lookup in a border cell used to follow the cell to its entry range, then the entries' metadata in
/// four tables, then their edge references, then the vertices: five dependent loads, each a likely cache
/// miss in 20 MB of tables. With one record per cell the chain is cell → record → vertices: the entry
/// headers, toggle latitudes and the point's band of edge references sit together and usually share a
/// cache line or its neighbour.
///
/// Layout of a record at offset `o` of `borderData` (`cells` holds `borderBit | o`):
/// - `o`: the number of entries, at least 1; the first entry starts at `o + 1`, each next one right
///   after the previous one's edge references.
/// - entry at `e`: `e` area number, with `borderBit` set when the parity of the area's east-of-cell edges
///   at the cell's south edge is odd; `e + 1` the number of toggle latitudes `T`; `e + 2 ..< e + 2 + bands`
///   the cumulative ends of the latitude bands' edge lists (band `k` is `[end(k - 1), end(k))`, `end(-1)`
///   = 0, `end(bands - 1)` = `N`); then `T` toggle latitudes as the low and high halves of each `Double`'s
///   bits; then, for each of the `N` edge references in the order below, two words: the edge's two
///   vertices in the cell's quantised coordinates (`CountryIndex+Quantised.swift`); then the `N` edge
///   references, band after band.
///
/// An entry's tested edges are split by latitude into `bands` sub-bands of the cell; band `k` holds every
/// tested edge whose latitude span meets it (an edge spanning several bands is listed in each). A point
/// only needs its own band: an edge whose span misses the point's latitude can neither cross its ray nor
/// pass through it.
extension CountryIndex {
    /// Words before an entry's toggles: area and parity, toggle count, band ends.
    static let entryHeaderWords = 2 + bands

    @inline(__always)
    func entryArea(_ entry: Int) -> Int { Int(borderData[entry] & ~Self.borderBit) }

    @inline(__always)
    func entryParity(_ entry: Int) -> Bool { borderData[entry] & Self.borderBit != 0 }

    @inline(__always)
    func entryToggleCount(_ entry: Int) -> Int { Int(borderData[entry + 1]) }

    /// Toggle latitude `t` of the entry.
    @inline(__always)
    func toggle(entry: Int, _ t: Int) -> Double {
        let w = entry + Self.entryHeaderWords + 2 * t
        return Double(bitPattern: UInt64(borderData[w]) | UInt64(borderData[w + 1]) << 32)
    }

    /// The number of the entry's edge references (an edge in several bands counts once per band).
    @inline(__always)
    func entryRefCount(_ entry: Int) -> Int { Int(borderData[entry + 1 + Self.bands]) }

    /// Where the quantised vertices of the entry's references start: reference position `r` has its two
    /// words at `quantStart + 2 * (r - refsStart)`. They come right after the toggles, so the common
    /// lookup reads one contiguous run from the entry's start.
    @inline(__always)
    func quantStart(entry: Int) -> Int { entry + Self.entryHeaderWords + 2 * entryToggleCount(entry) }

    /// Where the entry's edge references start in `borderData` (after the quantised vertices).
    @inline(__always)
    func refsStart(entry: Int) -> Int { quantStart(entry: entry) + 2 * entryRefCount(entry) }

    /// The numbers (0 for the entry's first reference) of the edge references of band `k` of the entry.
    @inline(__always)
    func bandSlots(entry: Int, band k: Int) -> Range<Int> {
        let low = k == 0 ? 0 : Int(borderData[entry + 1 + k]), high = Int(borderData[entry + 2 + k])
        return low..<high
    }

    /// The positions in `borderData` of the edge references of band `k` of the entry.
    @inline(__always)
    func bandRefs(entry: Int, band k: Int) -> Range<Int> {
        let start = refsStart(entry: entry), slots = bandSlots(entry: entry, band: k)
        return (start + slots.lowerBound)..<(start + slots.upperBound)
    }

    /// The positions of all the entry's edge references (an edge in several bands appears in each).
    @inline(__always)
    func allRefs(entry: Int) -> Range<Int> {
        let start = refsStart(entry: entry)
        return start..<(start + entryRefCount(entry))
    }

    /// The next entry of the same record (or, after the last, the next record).
    @inline(__always)
    func nextEntry(after entry: Int) -> Int { allRefs(entry: entry).upperBound }

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

        /// Appends one entry; `bandEnds` are the cumulative ends of the bands in `edges`; `quantised`
        /// holds two words per edge (`CountryIndex.quantise`).
        mutating func append(area: UInt32, parity: Bool, bandEnds: [Int], toggles: [Double], edges: [UInt32],
                             quantised: [UInt32]) {
            precondition(bandEnds.count == CountryIndex.bands && bandEnds.last == edges.count)
            precondition(quantised.count == 2 * edges.count)
            entryCount += 1
            edgeReferenceCount += edges.count
            toggleCount += toggles.count
            data.append(area | (parity ? CountryIndex.borderBit : 0))
            data.append(UInt32(toggles.count))
            for end in bandEnds { data.append(UInt32(end)) }
            for y in toggles {
                data.append(UInt32(truncatingIfNeeded: y.bitPattern))
                data.append(UInt32(truncatingIfNeeded: y.bitPattern >> 32))
            }
            data.append(contentsOf: quantised)
            data.append(contentsOf: edges)
        }
    }

    /// Checks `borderData` against `cells` (`blockCells`) so no lookup can read outside it or act on a bad
    /// value: the border cells, in table order, point at consecutive records that exactly fill the stream; every
    /// record has at least one entry; every entry has an area below `areaCount`, band ends that never
    /// decrease and stay in the stream (with their quantised vertices), toggle latitudes in [-90, 90], and
    /// edge references whose two vertices exist.
    /// - Returns: the counts of border cells, entries, edge references and toggles.
    static func checkBorderRecords(_ data: Table<UInt32>, cells: Table<UInt32>, areaCount: Int, vertexCount: Int)
        throws(BinaryFormatError) -> (cells: Int, entries: Int, edgeReferences: Int, toggles: Int)
    {
        let words = data.buffer
        var position = 0
        var counts = (cells: 0, entries: 0, edgeReferences: 0, toggles: 0)
        for cell in cells.buffer where cell != sea && cell & borderBit != 0 {
            guard Int(cell & ~borderBit) == position, position < words.count else { throw .invalid("border record offset") }
            let entries = Int(words[position])
            guard entries >= 1 else { throw .invalid("border record entry count") }
            position += 1
            counts.cells += 1
            for _ in 0..<entries {
                guard words.count - position >= entryHeaderWords else { throw .invalid("border entry header") }
                guard Int(words[position] & ~borderBit) < areaCount else { throw .invalid("entry area") }
                let toggles = Int(words[position + 1])
                var previous = 0
                for k in 0..<bands {
                    let end = Int(words[position + 2 + k])
                    guard end >= previous else { throw .invalid("band ends") }
                    previous = end
                }
                let quant = position + entryHeaderWords + 2 * toggles
                guard toggles <= (words.count - position) / 2, quant <= words.count, 3 * previous <= words.count - quant
                else { throw .invalid("border entry size") }
                let refs = quant + 2 * previous
                for t in 0..<toggles {
                    let w = position + entryHeaderWords + 2 * t
                    let y = Double(bitPattern: UInt64(words[w]) | UInt64(words[w + 1]) << 32)
                    guard y >= -90 && y <= 90 else { throw .invalid("toggle latitude") }
                }
                // Edge i reads vertices i and i + 1.
                for r in refs..<(refs + previous) where Int(words[r]) + 1 >= vertexCount { throw .invalid("edge reference") }
                counts.entries += 1
                counts.toggles += toggles
                counts.edgeReferences += previous
                // The quantised vertices need no check: any value only decides whether the exact test runs.
                position = refs + previous
            }
        }
        guard position == words.count else { throw .invalid("border record length") }
        return counts
    }
}
