/// Per block of 64 entries of the name index, the best prefix score any of its names could reach: the
/// prefix scan passes a whole block when that is below the worst score it keeps.
///
/// A query of one or two letters has tens of thousands of names under it ("s": 40,000), and scoring each
/// took 0.6–1.7 ms even at limit 5, where the five kept are a few countries' short names. Sorted by key,
/// a block's names are neighbours in the alphabet, so most blocks hold only long names and small towns,
/// which no prefix score of theirs can lift above the kept five.
///
/// Built with the name index and stored in its section of the binary index (a pass over 589,000 postings
/// and the cities' populations took about 15 ms: too slow for the first query after start-up). A bound,
/// never an estimate: each kind's score is taken at its shortest key in the block (a prefix score grows
/// as the query covers more of the name) and, for cities, at the largest population width there, as
/// `ForwardScore.prefixBound` takes one name's; filters (country codes, qualifiers, kinds) only lower what
/// a block can give, so they are left out. Codes and admin-1 qualifier names are never prefix matches
/// and are left out too.
struct PrefixBlocks: Sendable {
    static let shift = 6
    static let mask = (1 << shift) - 1

    /// Per block: byte 0 the shortest key length of its country names, byte 1 of its divisions', byte 2 of
    /// its cities' (0 when the block has none of that kind; lengths clamped to 1...255), byte 3 the bit
    /// width of the largest population a city name of the block is scored with.
    let summaries: Table<UInt32>

    /// No blocks: every bound is infinite, so the scan passes nothing (an index without names).
    static let empty = PrefixBlocks(summaries: Table([]))

    init(summaries: Table<UInt32>) {
        self.summaries = summaries
    }

    func write(to out: inout BinaryWriter) {
        out.array(summaries)
    }

    /// Reads what `write(to:)` wrote, for an index of `nameCount` names: one summary per block, each
    /// population width at most 32 (`bound` indexes `ForwardScore.qualityBounds` with it).
    init(reading input: inout BinaryReader, nameCount: Int) throws(BinaryFormatError) {
        let summaries = try input.table(of: UInt32.self)
        guard summaries.count == (nameCount + Self.mask) >> Self.shift else { throw .invalid("prefix blocks") }
        for summary in summaries.buffer where summary >> 24 > 32 { throw .invalid("prefix block width") }
        self.summaries = summaries
    }

    /// - Parameters:
    ///   - names: the name index.
    ///   - cityScored: the population a city name's prefix score uses (`ForwardIndex.scoredPopulation`),
    ///     for the city and kind of a posting; nil for a target that is not a city.
    init(names: KeyIndex, cityScored: (_ target: Int, _ kind: NameKind) -> UInt32?) {
        let count = names.count
        var summaries = [UInt32](repeating: 0, count: (count + Self.mask) >> Self.shift)
        var cursor = KeyIndex.Cursor(names)
        for k in 0..<count {
            let posting = names.posting(k)
            guard let kind = posting.kind, !kind.isCode, kind != .admin1 else { continue }
            let length = min(max(names.keyLength(k, decoding: &cursor), 1), 255)
            var summary = summaries[k >> Self.shift]
            let byte = kind.isCity ? 2 : (kind.isDivision ? 1 : 0)
            let shift = UInt32(8 * byte)
            let kept = Int((summary >> shift) & 0xFF)
            if kept == 0 || length < kept {
                summary = summary & ~(0xFF << shift) | UInt32(length) << shift
            }
            if kind.isCity, let scored = cityScored(Int(posting.target), kind) {
                let width = UInt32(32 - scored.leadingZeroBitCount)
                if width > summary >> 24 { summary = summary & 0x00FF_FFFF | width << 24 }
            }
            summaries[k >> Self.shift] = summary
        }
        self.summaries = Table(summaries)
    }

    /// No prefix score of a name in `block`, for a query key of `queryLength` bytes, reaches this.
    func bound(block: Int, queryLength: Int) -> Double {
        guard block < summaries.count else { return .infinity }
        let summary = summaries[block]
        func coverage(_ byte: Int) -> Double? {
            let length = Int((summary >> UInt32(8 * byte)) & 0xFF)
            if length == 0 { return nil }
            return Double(queryLength) / Double(max(length, queryLength))
        }
        // Each kind's own bound (`ForwardScore.prefixBound`, as the scan takes one name's) at the block's
        // shortest key of that kind, a city's at the largest population of the block's widest.
        var best = -Double.infinity
        if let c = coverage(0) { best = max(best, ForwardScore.prefixBound(.countryName, coverage: c, population: 0)) }
        if let c = coverage(1) { best = max(best, ForwardScore.prefixBound(.division, coverage: c, population: 0)) }
        if let c = coverage(2) {
            let width = Int(summary >> 24)
            let largest: UInt32 = width == 0 ? 0 : UInt32.max >> UInt32(32 - width)
            best = max(best, ForwardScore.prefixBound(.cityName, coverage: c, population: largest))
        }
        return best
    }
}
