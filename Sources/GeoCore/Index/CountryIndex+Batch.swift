extension CountryIndex {
    /// `area(containing:)` for many points at once, with the same answers, faster when the tables are not
    /// in cache.
    ///
    /// A single lookup is a chain of dependent loads (block, cell, the border cell's sketch and the
    /// point's half of it), each of which can miss the cache; one lookup after another, the
    /// processor waits for each miss in turn. Here points go in groups of 16, and each level of the chain
    /// is first loaded for the whole group (independent loads, so their misses overlap) before the
    /// ordinary lookup runs on data that is now in cache ("group prefetching").
    /// - Parameters:
    ///   - points: `lat` in [-90, 90]; any finite `lon` (anything else is in no area, as for `area(containing:)`).
    ///   - results: one slot per point: the area number, or -1 when no area contains the point.
    /// - Complexity: that of `area(containing:)` per point.
    public func areas(containing points: UnsafeBufferPointer<GeoPoint>, into results: UnsafeMutableBufferPointer<Int32>) {
        precondition(results.count >= points.count, "one result slot per point")
        let group = 16
        var base = 0
        var sink: UInt32 = 0
        var borderOf = [Int](repeating: -1, count: group)
        var southOf = [Double](repeating: 0, count: group)
        while base < points.count {
            let n = min(group, points.count - base)
            // Level 1 and 2: blocks, then cells where the block does not decide.
            for k in 0..<n {
                let p = points[base + k]
                let lon = Self.wrapLongitude(p.lon)
                borderOf[k] = -1
                // Off the sphere (NaN, infinite) or on the antimeridian (two spellings to try): the
                // ordinary lookup, which knows both rules, answers at once. A wrapped longitude is below
                // 180 or NaN, so `lon > -180` leaves exactly the longitudes the grid reads directly.
                if !(p.lat >= -90 && p.lat <= 90 && lon > -180) {
                    results[base + k] = area(containing: p).map { Int32($0) } ?? -1
                    continue
                }
                let r = row(of: p.lat), c = column(of: lon)
                // Where the block or the cell decides, that is the answer (as in `area(containing:)`).
                let block = blocks[(r >> 2) * blockColumns + (c >> 2)]
                if block == Self.sea || block & Self.borderBit == 0 {
                    results[base + k] = block == Self.sea ? -1 : Int32(block)
                    continue
                }
                let cell = blockCells[Self.blockCellIndex(block, row: r, column: c)]
                if cell == Self.sea || cell & Self.borderBit == 0 {
                    results[base + k] = cell == Self.sea ? -1 : Int32(cell)
                    continue
                }
                borderOf[k] = Int(cell & ~Self.borderBit)
                southOf[k] = rowSouth[r]
            }
            // Level 3: the border cells' sketch headers.
            for k in 0..<n where borderOf[k] >= 0 { sink ^= Self.load32(sketches, borderOf[k] &+ 4) }
            // Level 4: the first entry of the point's half of the sketch (what the lookup reads; the
            // record is only read where the sketch is unsure).
            for k in 0..<n where borderOf[k] >= 0 {
                let s = borderOf[k]
                let southHalf = band(points[base + k].lat, south: southOf[k]) < Self.bands / 2
                sink ^= Self.load32(sketches, Self.halfStart(s, header: Self.load32(sketches, s &+ 4), southHalf: southHalf))
            }
            // The ordinary lookup for border cells, now mostly on cached data.
            for k in 0..<n where borderOf[k] >= 0 {
                results[base + k] = area(containing: points[base + k]).map { Int32($0) } ?? -1
            }
            base += n
        }
        // Keeps the touching loads from being optimised away; never true for a real index.
        if sink == 0xDEAD_BEEF && points.count < 0 { results[0] = -2 }
    }
}

extension CountryIndex {
    /// `nearestArea(to:withinKm:)` for the points of `points` named by `indices` (points in no area),
    /// with the same answers, into `results` (one slot per point of `points`).
    ///
    /// Group prefetching as in `areas(containing:into:)`: for 16 points at a time, the record of each
    /// point's own border cell, then the first vertices it lists, are loaded for the whole group before
    /// the searches run, so the cache misses of the group overlap. Points the near lists answer
    /// (`CountryIndex+NearLists.swift`) load their list's start, its first chunk and that chunk's first
    /// vertex instead.
    /// - Complexity: that of `nearestArea` per point.
    public func nearestAreas(to points: UnsafeBufferPointer<GeoPoint>, indices: [Int], withinKm maxKm: Double,
                             into results: UnsafeMutableBufferPointer<(area: Int, distanceKm: Double)?>) {
        precondition(results.count >= points.count, "one result slot per point")
        let group = 16
        var records = [Int](repeating: -1, count: group)
        var lists = [Int](repeating: -1, count: group), listCells = [Int](repeating: 0, count: group)
        var sink: UInt32 = 0
        var base = 0
        while base < indices.count {
            let n = min(group, indices.count - base)
            for k in 0..<n {
                let p = points[indices[base + k]]
                let r = row(of: p.lat), c = column(of: Self.wrapLongitude(p.lon))
                let cell = self.cell(row: r, column: c)
                lists[k] = -1
                if nearListsAnswer(own: cell, maxKm: maxKm) {
                    records[k] = -1
                    let region = nearBlocks[(r >> 2) &* blockColumns &+ (c >> 2)]
                    if region != Self.noNearList {
                        lists[k] = Int(region)
                        listCells[k] = (r & 3) << 2 | (c & 3)
                    }
                    continue
                }
                records[k] = cell != Self.sea && cell & Self.borderBit != 0 ? Int(cell & ~Self.borderBit) : -1
            }
            // The lists' starts in their block's header; then each list's first chunk, which names its
            // first vertex.
            for k in 0..<n where lists[k] >= 0 {
                let (start, end) = nearEntries(region: lists[k], cell: listCells[k])
                lists[k] = start < end ? start : -1
            }
            for k in 0..<n where lists[k] >= 0 { lists[k] = Int(nearList[lists[k]] & Self.chunkVertexMask) }
            for k in 0..<n where lists[k] >= 0 { sink ^= UInt32(truncatingIfNeeded: vertexLat(lists[k]).bitPattern) }
            // The sketch headers name the records; then the records' first words; then a vertex of each.
            for k in 0..<n where records[k] >= 0 { records[k] = recordOffset(sketch: records[k]) }
            for k in 0..<n where records[k] >= 0 { sink ^= borderData[records[k] &+ 1] ^ borderData[records[k] &+ 4] }
            for k in 0..<n where records[k] >= 0 && entryRefCount(records[k] &+ 1) > 0 {
                sink ^= UInt32(truncatingIfNeeded: vertexLat(edgeRef(entry: records[k] &+ 1, slot: 0)).bitPattern)
            }
            for k in 0..<n {
                let i = indices[base + k]
                results[i] = nearestArea(to: points[i], withinKm: maxKm)
            }
            base += n
        }
        // Keeps the touching loads from being optimised away; never true for a real index.
        if sink == 0xDEAD_BEEF && points.count < 0 { results[0] = nil }
    }
}
