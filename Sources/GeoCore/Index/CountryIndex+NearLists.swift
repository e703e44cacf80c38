/// The near lists: for the default search radius, each sea or border cell names the few runs of edges
/// ("chunks") that come within that radius of any point of the cell, so the nearest-border search for a
/// point there reads one list and then only the vertices of the chunks it measures.
///
/// A chunk is up to `chunkEdgeCount` consecutive edges of one ring (so its vertices share a few cache
/// lines). A cell's list gives, per chunk, three words: the chunk's first vertex and edge count (one word,
/// so no per-chunk table stands between the list and the vertices), then its box relative to the cell's
/// south-west corner, in `Int16` steps of `boxStep` degrees rounded outwards: latitudes `south...north`
/// (raw; the search widens them by `arcExcursion`, as it does an edge's) and longitudes `west...east`.
/// A value past ±`Int16.max` steps saturates; that is still a lower bound, because the point lies in the
/// cell (see `chunkBound`). A chunk whose longitudes cannot be put as one interval near the cell (an
/// edge spanning 180° or more, or a box far round the circle) gets the widest longitudes, gap 0.
/// The area of an edge is found from its vertex (`area(ofVertex:)`), only for an edge that may win.
///
/// Why a cell's list is complete for any radius up to `nearRadiusKm`: an edge within that radius of a point
/// of the cell has its nearest point inside its chunk's widened box, so the box lies within the radius of
/// the cell, and the builder lists every chunk whose box does (by a lower bound on the distance between the
/// cell and the box, with slack). Measuring the listed edges with the search's own arithmetic and tie rule
/// (`NearestSearch.measure`, `consider`) therefore gives the scan's answer bit for bit.
extension CountryIndex {
    /// The radius the near lists are built for: `CountryGazetteer.defaultMaxDistanceKm`, what users get.
    public static let nearListRadiusKm = 10.0
    /// Edges per chunk: small enough for a tight box, large enough to keep the cell lists short; the
    /// count (1...16) takes the top 4 bits of the list's first word.
    static let chunkEdgeCount = 16
    /// The first word's vertex bits: chunks start below vertex 2²⁸ (the builder lists nothing otherwise).
    static let chunkVertexMask: UInt32 = (1 << 28) - 1
    /// Words per listed chunk.
    static let nearEntryWords = 3
    /// The box's step in degrees: 1/4096° (27 m), so ±8° about the cell fit an `Int16`.
    static let boxStep = 1.0 / 4096
    /// The largest cell the lists are built for: the boxes' ±8° frame must hold the cell (`chunkBound`).
    static let nearListMaxCellSize = 4.0
    /// A `nearBlocks` value: no sea or border cell of the block has an edge within the radius.
    static let noNearList: UInt32 = .max
    /// Lists are built only when arcs stay within this many degrees of their ends' latitudes: past it the
    /// widened boxes would reach too many cells to pay.
    static let nearListMaxExcursion = 5.0

    /// Whether the near lists answer for a point in a cell whose value is `own` and radius `maxKm`.
    @inline(__always)
    func nearListsAnswer(own: UInt32, maxKm: Double) -> Bool {
        maxKm <= nearRadiusKm && !nearBlocks.isEmpty && (own == Self.sea || own & Self.borderBit != 0)
    }

    /// The area whose rings hold vertex `v` (`areaVertexStart` is short and sorted: a binary search).
    @inline(__always)
    func area(ofVertex v: Int) -> Int {
        var low = 0, high = areaVertexStart.count - 1
        // Invariant: areaVertexStart[low] <= v < areaVertexStart[high].
        while high - low > 1 {
            let mid = (low + high) >> 1
            if Int(areaVertexStart[mid]) <= v { low = mid } else { high = mid }
        }
        return low
    }

    /// Per area, its first vertex, then the vertex count: what `area(ofVertex:)` searches.
    static func areaVertexStarts(areaRingStart: Table<UInt32>, ringStart: Table<UInt32>) -> [UInt32] {
        areaRingStart.buffer.map { ringStart[Int($0)] }
    }

    /// Words of a listed block's header: 17 half-words (its 16 cells' first entries, row-major from the
    /// south-west cell, then the end, each counted in entries from the header's end), and one spare.
    static let nearHeaderWords = 9

    /// The word offsets of the entries listed for cell `k` (0..<16, row-major from the south-west) of the
    /// block whose region starts at word `region`: `start..<end`, an entry every `nearEntryWords`.
    @inline(__always)
    func nearEntries(region: Int, cell k: Int) -> (start: Int, end: Int) {
        let low = nearList[region &+ (k >> 1)]
        let h0: UInt32, h1: UInt32
        if k & 1 == 0 {
            h0 = low & 0xFFFF
            h1 = low >> 16
        } else {
            h0 = low >> 16
            h1 = nearList[region &+ ((k &+ 1) >> 1)] & 0xFFFF
        }
        let entries = region &+ Self.nearHeaderWords
        return (entries &+ Self.nearEntryWords &* Int(h0), entries &+ Self.nearEntryWords &* Int(h1))
    }

    /// `nearestArea(to:withinKm:)` for a point `p` (longitude wrapped) in cell (`r`, `c`), a sea or border
    /// cell, and `maxKm` ≤ `nearRadiusKm`: the listed chunks' edges, nearest box first.
    func nearestByLists(_ p: GeoPoint, _ maxKm: Double, row r: Int, column c: Int) -> (area: Int, distanceKm: Double)? {
        let region = nearBlocks[(r >> 2) &* blockColumns &+ (c >> 2)]
        if region == Self.noNearList { return nil }
        let (start, end) = nearEntries(region: Int(region), cell: (r & 3) << 2 | (c & 3))
        if start == end { return nil }
        var search = NearestSearch(point: p, maxKm: maxKm, window: .pending, excursion: arcExcursion)
        // The point relative to the cell's south-west corner, as the boxes are stored.
        let y = p.lat - rowSouth[r], x = p.lon - columnWest[c]
        // The chunk with the least bound first, so the best distance is near its final value before the
        // others are bounded against it.
        var first = -1, firstBound = search.limitSquared
        for b in stride(from: start, to: end, by: Self.nearEntryWords) {
            let bound = chunkBound(at: b, y: y, x: x, search)
            if bound <= firstBound {
                firstBound = bound
                first = b
            }
        }
        if first < 0 { return nil }
        searchChunk(nearList[first], nearestFirst: true, &search)
        for b in stride(from: start, to: end, by: Self.nearEntryWords) where b != first {
            if chunkBound(at: b, y: y, x: x, search) > search.limitSquared { continue }
            searchChunk(nearList[b], nearestFirst: false, &search)
        }
        return search.bestArea < 0 ? nil : (search.bestArea, search.bestKm)
    }

    /// A lower bound on the squared angle from the search's point, at `y` degrees north of its cell's south
    /// line and `x` east of its west line, to any edge of the chunk listed at word `b`.
    ///
    /// The gaps are taken in the cell's frame: max(0, south − excursion − y, y − north − excursion), and
    /// max(0, west − x, x − east). A saturated value only shrinks its gap or leaves it at 0: a south below
    /// −8° and a north above +8° are already outside the cell (0 ≤ y ≤ cell size < 8°), and a saturated far
    /// side moves nearer. The longitude interval is the box's copy nearest the cell, and the builder stores
    /// one only for boxes under 180° wide within 45° of it, where the gap that way is the shorter one.
    @inline(__always)
    func chunkBound(at b: Int, y: Double, x: Double, _ search: NearestSearch) -> Double {
        let lat = nearList[b &+ 1], lon = nearList[b &+ 2]
        let south = Double(Int16(truncatingIfNeeded: lat)) * Self.boxStep
        let north = Double(Int16(truncatingIfNeeded: lat >> 16)) * Self.boxStep
        let west = Double(Int16(truncatingIfNeeded: lon)) * Self.boxStep
        let east = Double(Int16(truncatingIfNeeded: lon >> 16)) * Self.boxStep
        let latitudeGap = max(0, max((south - arcExcursion) - y, y - (north + arcExcursion)))
        let longitudeGap = max(0, max(west - x, x - east))
        return search.lowerBound(latitudeGap: latitudeGap, longitudeGap: longitudeGap)
    }

    /// Measures the edges of the chunk whose list word is `word` that could tie or beat the best; with
    /// `nearestFirst`, the one with the least bound before the others (for the first chunk, when the best
    /// is still the radius).
    ///
    /// Each edge's bound is worked out once, from its vertices, and kept on the stack: the pass after the
    /// first measure compares the kept bounds with the tightened limit instead of reading and bounding
    /// every edge again. A kept bound is still a lower bound after `tighten`: only `longitudeFactor` can
    /// change, and it only grows (a smaller limit reaches less far poleward), so a kept bound is at most
    /// the fresh one. It may therefore let through an edge the fresh bound would skip; that edge is farther
    /// than the limit, so `measure` leaves the best alone and the answer is the same.
    @inline(__always)
    func searchChunk(_ word: UInt32, nearestFirst: Bool, _ search: inout NearestSearch) {
        let first = Int(word & Self.chunkVertexMask), count = Int(word >> 28) &+ 1
        guard nearestFirst else {
            for i in first..<(first &+ count) {
                if search.bound(edge: i, in: self) > search.limitSquared { continue }
                search.measure(edge: i, in: self)
            }
            return
        }
        var bounds = InlineArray<16, Double>(repeating: 0)
        var nearest = -1, nearestBound = search.limitSquared
        for k in 0..<count {
            let bound = search.bound(edge: first &+ k, in: self)
            bounds[k] = bound
            if bound <= nearestBound {
                nearestBound = bound
                nearest = k
            }
        }
        if nearest < 0 { return }
        search.measure(edge: first &+ nearest, in: self)
        for k in 0..<count where k != nearest {
            if bounds[k] > search.limitSquared { continue }
            search.measure(edge: first &+ k, in: self)
        }
    }
}

extension CountryIndex {
    /// Checks the near lists read from a file: either all empty, or shaped for this grid, the listed
    /// blocks' regions one after another in block order and filling the list exactly, each header's starts
    /// in order and within its region, every chunk within the vertices and every box a box (south ≤ north,
    /// west ≤ east), so no query can read outside a table. (A box that does not hold its edges would give
    /// wrong distances, never a crash; the file's checksum guards against damage of that kind.)
    /// - Complexity: O(blocks + list words): regions cannot overlap, so no list is checked twice.
    func checkNearLists() throws(BinaryFormatError) {
        if nearBlocks.isEmpty {
            guard nearRadiusKm == 0, nearList.isEmpty else { throw .invalid("near lists") }
            return
        }
        guard nearRadiusKm > 0, nearRadiusKm < 1000, areaCount > 0, cellSize <= Self.nearListMaxCellSize,
              nearBlocks.count == blocks.count
        else { throw .invalid("near list shape") }
        let list = nearList.buffer, vertices = UInt64(vertexCount)
        // Compared as UInt64: on wasm32 a UInt32 past Int32.max does not fit in an Int.
        var next: UInt64 = 0
        for value in nearBlocks.buffer where value != Self.noNearList {
            guard UInt64(value) == next, next + UInt64(Self.nearHeaderWords) <= UInt64(list.count)
            else { throw .invalid("near list block") }
            let region = Int(value)
            var previous = 0
            for k in 0..<16 {
                let (start, end) = nearEntries(region: region, cell: k)
                guard k > 0 || start == region + Self.nearHeaderWords, start >= previous, end >= start,
                      end <= list.count
                else { throw .invalid("near list starts") }
                previous = end
            }
            for b in stride(from: region + Self.nearHeaderWords, to: previous, by: Self.nearEntryWords) {
                let word = list[b], lat = list[b + 1], lon = list[b + 2]
                // The chunk's last edge ends at vertex first + count, which must exist.
                let last = UInt64(word & Self.chunkVertexMask) + UInt64(word >> 28) + 1
                guard last < vertices,
                      Int16(truncatingIfNeeded: lat) <= Int16(truncatingIfNeeded: lat >> 16),
                      Int16(truncatingIfNeeded: lon) <= Int16(truncatingIfNeeded: lon >> 16)
                else { throw .invalid("near list entry at \(b)") }
            }
            next = UInt64(previous)
        }
        guard next == UInt64(list.count) else { throw .invalid("near list end") }
    }
}
