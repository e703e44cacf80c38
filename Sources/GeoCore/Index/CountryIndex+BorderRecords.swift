/// Border-cell records: what a lookup in a border cell reads, in two streams of `UInt32`s.
///
/// A near-border lookup is bound by memory latency: measured on 1 M points within 5 km of a border, the
/// block and cell reads cost 25 ns (small tables, in cache), and each further read that misses the cache
/// about 170 ns. With one record per cell holding everything, a lookup made two such misses one after the
/// other: the record's header (to learn where the point's band of edges is), then that band. So the
/// records are split: the headers, toggles included (3.4 MB for Natural Earth's 10m countries), in
/// `borderHeads`, which is small enough to stay mostly in cache; the bulky quantised edges and edge
/// references (10.7 MB) in `borderEdges`, where a lookup touches only its band's run.
///
/// Layout of a cell's head at offset `h` of `borderHeads` (the cell's value is `borderBit | h`):
/// - `h`: the number of entries, at least 1;
/// - `h + 1`: where the first entry's edges start in `borderEdges`; each next entry's edges follow the
///   previous one's;
/// - from `h + 2`, one entry after another; an entry at `e`: `e` the area number, with `borderBit` set
///   when the parity of the area's east-of-cell edges at the cell's south edge is odd; `e + 1` the number
///   of toggle latitudes `T`; `e + 2 ..< e + 2 + bands` the cumulative ends of the latitude bands' edge
///   lists (band `k` is `[end(k - 1), end(k))`, `end(-1)` = 0, `end(bands - 1)` = `N`); then the `T`
///   toggle latitudes as the low and high halves of each `Double`'s bits.
///
/// An entry's edges at offset `b` of `borderEdges`: for each of its `N` edge references, band after band,
/// two words, the edge's two vertices in the cell's quantised coordinates (`CountryIndex+Quantised.swift`);
/// then the `N` edge references themselves (the first vertex's number), in the same order.
///
/// An entry's tested edges are split by latitude into `bands` sub-bands of the cell; band `k` holds every
/// tested edge whose latitude span meets it (an edge spanning several bands is listed in each). A point
/// only needs its own band: an edge whose span misses the point's latitude can neither cross its ray nor
/// pass through it.
extension CountryIndex {
    /// Words before an entry's toggles: area and parity, toggle count, band ends.
    static let entryHeaderWords = 2 + bands
    /// Words before a cell's first entry: entry count, where its edges start.
    static let cellHeaderWords = 2

    /// One entry of a border cell: where its header is in `borderHeads` and its edges in `borderEdges`.
    struct BorderEntry {
        var head: Int
        var edges: Int
    }

    /// The first entry of the border cell whose head is at `h`.
    @inline(__always)
    func firstEntry(ofCell h: Int) -> BorderEntry {
        BorderEntry(head: h &+ Self.cellHeaderWords, edges: Int(borderHeads[h &+ 1]))
    }

    /// The number of entries of the border cell whose head is at `h`.
    @inline(__always)
    func entryCount(ofCell h: Int) -> Int { Int(borderHeads[h]) }

    /// The entry after `entry` in the same cell (after the last, past the cell's end).
    @inline(__always)
    func nextEntry(after entry: BorderEntry) -> BorderEntry {
        BorderEntry(head: entry.head &+ Self.entryHeaderWords &+ 2 &* entryToggleCount(entry.head),
                    edges: entry.edges &+ 3 &* entryRefCount(entry.head))
    }

    @inline(__always)
    func entryArea(_ head: Int) -> Int { Int(borderHeads[head] & ~Self.borderBit) }

    @inline(__always)
    func entryParity(_ head: Int) -> Bool { borderHeads[head] & Self.borderBit != 0 }

    @inline(__always)
    func entryToggleCount(_ head: Int) -> Int { Int(borderHeads[head &+ 1]) }

    /// Toggle latitude `t` of the entry whose header is at `head`.
    @inline(__always)
    func toggle(entry head: Int, _ t: Int) -> Double {
        let w = head &+ Self.entryHeaderWords &+ 2 &* t
        return Double(bitPattern: UInt64(borderHeads[w]) | UInt64(borderHeads[w &+ 1]) << 32)
    }

    /// The number of the entry's edge references (an edge in several bands counts once per band).
    @inline(__always)
    func entryRefCount(_ head: Int) -> Int { Int(borderHeads[head &+ 1 &+ Self.bands]) }

    /// The numbers (0 for the entry's first reference) of the edge references of band `k` of the entry.
    @inline(__always)
    func bandSlots(entry head: Int, band k: Int) -> Range<Int> {
        let low = k == 0 ? 0 : Int(borderHeads[head &+ 1 &+ k]), high = Int(borderHeads[head &+ 2 &+ k])
        return low..<high
    }

    /// Where the entry's edge references start in `borderEdges` (after its quantised vertices): slot `j`
    /// has its reference at `refsStart + j` and its quantised vertices at `entry.edges + 2 j`.
    @inline(__always)
    func refsStart(_ entry: BorderEntry) -> Int { entry.edges &+ 2 &* entryRefCount(entry.head) }

    /// The edge (its first vertex's number) of slot `j` of the entry.
    @inline(__always)
    func edge(_ entry: BorderEntry, slot j: Int) -> Int { Int(borderEdges[refsStart(entry) &+ j]) }

    /// Builds `borderHeads` and `borderEdges`, one record per border cell in the order cells are begun.
    struct BorderRecordWriter {
        var heads: [UInt32] = []
        var edges: [UInt32] = []
        var cellCount = 0, entryCount = 0, edgeReferenceCount = 0, toggleCount = 0

        /// Starts a cell's record; returns its head's offset, for the cell's value.
        mutating func beginCell(entryCount: Int) -> UInt32 {
            precondition(heads.count < 0x7FFF_FFFF && edges.count <= UInt32.max, "border records beyond 2^31 words")
            cellCount += 1
            let offset = UInt32(heads.count)
            heads.append(UInt32(entryCount))
            heads.append(UInt32(edges.count))
            return offset
        }

        /// Appends one entry; `bandEnds` are the cumulative ends of the bands in `edges`; `quantised`
        /// holds two words per edge (`CountryIndex.quantise`).
        mutating func append(area: UInt32, parity: Bool, bandEnds: [Int], toggles: [Double], edges refs: [UInt32],
                             quantised: [UInt32]) {
            precondition(bandEnds.count == CountryIndex.bands && bandEnds.last == refs.count)
            precondition(quantised.count == 2 * refs.count)
            entryCount += 1
            edgeReferenceCount += refs.count
            toggleCount += toggles.count
            heads.append(area | (parity ? CountryIndex.borderBit : 0))
            heads.append(UInt32(toggles.count))
            for end in bandEnds { heads.append(UInt32(end)) }
            for y in toggles {
                heads.append(UInt32(truncatingIfNeeded: y.bitPattern))
                heads.append(UInt32(truncatingIfNeeded: y.bitPattern >> 32))
            }
            edges.append(contentsOf: quantised)
            edges.append(contentsOf: refs)
        }
    }

    /// Checks `borderHeads` and `borderEdges` against `cells` (`blockCells`) so no lookup can read outside
    /// them or act on a bad value: the border cells, in table order, point at consecutive heads whose
    /// edges are consecutive too, and together they exactly fill both streams; every cell has at least
    /// one entry; every entry has an area below `areaCount`, band ends that never decrease and whose edges
    /// stay in the stream, toggle latitudes in [-90, 90], and edge references whose two vertices exist.
    /// - Returns: the counts of border cells, entries, edge references and toggles.
    static func checkBorderRecords(heads: Table<UInt32>, edges: Table<UInt32>, cells: Table<UInt32>,
                                   areaCount: Int, vertexCount: Int)
        throws(BinaryFormatError) -> (cells: Int, entries: Int, edgeReferences: Int, toggles: Int)
    {
        let words = heads.buffer, edgeWords = edges.buffer
        var position = 0, edgePosition = 0
        var counts = (cells: 0, entries: 0, edgeReferences: 0, toggles: 0)
        for cell in cells.buffer where cell != sea && cell & borderBit != 0 {
            guard Int(cell & ~borderBit) == position, words.count - position >= cellHeaderWords
            else { throw .invalid("border record offset") }
            let entries = Int(words[position])
            guard entries >= 1 else { throw .invalid("border record entry count") }
            guard Int(words[position + 1]) == edgePosition else { throw .invalid("border record edges offset") }
            position += cellHeaderWords
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
                guard toggles <= (words.count - position - entryHeaderWords) / 2 else { throw .invalid("border entry toggles") }
                for t in 0..<toggles {
                    let w = position + entryHeaderWords + 2 * t
                    let y = Double(bitPattern: UInt64(words[w]) | UInt64(words[w + 1]) << 32)
                    guard y >= -90 && y <= 90 else { throw .invalid("toggle latitude") }
                }
                guard previous <= (edgeWords.count - edgePosition) / 3 else { throw .invalid("border entry size") }
                // Edge i reads vertices i and i + 1. The quantised vertices need no check: any value only
                // decides whether the exact test runs.
                let refs = edgePosition + 2 * previous
                for r in refs..<(refs + previous) where Int(edgeWords[r]) + 1 >= vertexCount {
                    throw .invalid("edge reference")
                }
                counts.entries += 1
                counts.toggles += toggles
                counts.edgeReferences += previous
                position += entryHeaderWords + 2 * toggles
                edgePosition = refs + previous
            }
        }
        guard position == words.count, edgePosition == edgeWords.count else { throw .invalid("border record length") }
        return counts
    }
}
