/// The near lists: for the default search radius, each sea or border cell names the few runs of edges
/// ("chunks") that come within that radius of any point of the cell, so the nearest-border search for a
/// point there reads one list and a few chunk boxes instead of walking the cells around it.
///
/// A chunk is up to `chunkEdgeCount` consecutive edges of one ring (so its vertices share a few cache
/// lines), with the box of their vertices (copied into every list that names the chunk): latitudes `south...north` (raw; the search widens them by
/// `arcExcursion`, as it does an edge's) and longitudes `west...east` (the whole circle when one of its
/// edges spans 180° or more of longitude, whose short arc may leave its ends' longitudes).
///
/// Why a cell's list is complete for any radius up to `nearRadiusKm`: an edge within that radius of a point
/// of the cell has its nearest point inside its chunk's widened box, so the box lies within the radius of
/// the cell, and the builder lists every chunk whose box does (by a lower bound on the distance between the
/// cell and the box, with slack). Measuring the listed edges with the search's own arithmetic and tie rule
/// (`NearestSearch.measure`, `consider`) therefore gives the scan's answer bit for bit.
extension CountryIndex {
    /// The radius the near lists are built for: `CountryGazetteer.defaultMaxDistanceKm`, what users get.
    public static let nearListRadiusKm = 10.0
    /// Edges per chunk: small enough for a tight box, large enough to keep the cell lists short.
    static let chunkEdgeCount = 16
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

    /// `nearestArea(to:withinKm:)` for a point `p` (longitude wrapped) in cell (`r`, `c`), a sea or border
    /// cell, and `maxKm` ≤ `nearRadiusKm`: the listed chunks' edges, nearest box first.
    func nearestByLists(_ p: GeoPoint, _ maxKm: Double, row r: Int, column c: Int) -> (area: Int, distanceKm: Double)? {
        let listed = nearBlocks[(r >> 2) &* blockColumns &+ (c >> 2)]
        if listed == Self.noNearList { return nil }
        let k = 16 &* Int(listed) &+ ((r & 3) << 2 | (c & 3))
        let start = Int(nearStarts[k]), end = Int(nearStarts[k &+ 1])
        if start == end { return nil }
        var search = NearestSearch(point: p, maxKm: maxKm, window: .pending, excursion: arcExcursion)
        // The chunk with the least bound first, so the best distance is near its final value before the
        // others are bounded against it.
        var first = -1, firstBound = search.limitSquared
        for j in start..<end {
            let bound = chunkBound(listed: j, search)
            if bound <= firstBound {
                firstBound = bound
                first = j
            }
        }
        if first < 0 { return nil }
        searchChunk(Int(nearList[5 &* first]), nearestFirst: true, &search)
        for j in start..<end where j != first {
            if chunkBound(listed: j, search) > search.limitSquared { continue }
            searchChunk(Int(nearList[5 &* j]), nearestFirst: false, &search)
        }
        return search.bestArea < 0 ? nil : (search.bestArea, search.bestKm)
    }

    /// A lower bound on the squared angle from the search's point to any edge of the chunk listed at `j`.
    @inline(__always)
    func chunkBound(listed j: Int, _ search: NearestSearch) -> Double {
        let b = 5 &* j
        let south = Double(Float(bitPattern: nearList[b &+ 1])), north = Double(Float(bitPattern: nearList[b &+ 2]))
        let west = Double(Float(bitPattern: nearList[b &+ 3])), east = Double(Float(bitPattern: nearList[b &+ 4]))
        let lat = search.p.lat
        let latitudeGap = max(0, max((south - arcExcursion) - lat, lat - (north + arcExcursion)))
        return search.lowerBound(latitudeGap: latitudeGap, longitudeGap: search.longitudeGap(west: west, east: east))
    }

    /// Measures the edges of `chunk` that could tie or beat the best; with `nearestFirst`, the one with the
    /// least bound before the others (for the first chunk, when the best is still the radius).
    @inline(__always)
    func searchChunk(_ chunk: Int, nearestFirst: Bool, _ search: inout NearestSearch) {
        let c = 3 &* chunk
        let first = Int(chunks[c]), end = Int(chunks[c &+ 1]), area = Int(chunks[c &+ 2])
        var nearest = -1
        if nearestFirst {
            var nearestBound = search.limitSquared
            for i in first..<end {
                let bound = search.bound(edge: i, in: self)
                if bound <= nearestBound {
                    nearestBound = bound
                    nearest = i
                }
            }
            if nearest < 0 { return }
            search.measure(edge: nearest, area: area, in: self)
        }
        for i in first..<end where i != nearest {
            if search.bound(edge: i, in: self) > search.limitSquared { continue }
            search.measure(edge: i, area: area, in: self)
        }
    }
}

extension CountryIndex {
    /// Checks the near lists read from a file: either all empty, or shaped for this grid with every block
    /// value, list start, chunk number, edge range and area in range and every box a box on the sphere,
    /// so no query can read outside a table. (A box that does not hold its edges would give wrong
    /// distances, never a crash; the file's checksum guards against damage of that kind.)
    func checkNearLists() throws(BinaryFormatError) {
        if nearBlocks.isEmpty {
            guard nearRadiusKm == 0, nearStarts.isEmpty, nearList.isEmpty, chunks.isEmpty
            else { throw .invalid("near lists") }
            return
        }
        guard nearRadiusKm > 0, nearRadiusKm < 1000, nearBlocks.count == blocks.count, nearStarts.count % 16 == 1,
              nearList.count % 5 == 0, chunks.count % 3 == 0
        else { throw .invalid("near list shape") }
        // Compared as UInt64: on wasm32 a UInt32 past Int32.max does not fit in an Int.
        let listed = UInt64(nearStarts.count / 16), chunkCount = UInt64(chunks.count / 3)
        for value in nearBlocks.buffer where value != Self.noNearList && UInt64(value) >= listed {
            throw .invalid("near list block")
        }
        try Self.checkOffsets(nearStarts, end: nearList.count / 5, "near list starts")
        let list = nearList.buffer
        for j in 0..<(nearList.count / 5) {
            let b = 5 * j
            let south = Float(bitPattern: list[b + 1]), north = Float(bitPattern: list[b + 2])
            let west = Float(bitPattern: list[b + 3]), east = Float(bitPattern: list[b + 4])
            guard UInt64(list[b]) < chunkCount, south >= -90, south <= north, north <= 90, west >= -180, west <= east, east <= 180
            else { throw .invalid("near list box \(j)") }
        }
        let vertices = UInt64(vertexCount), areas = UInt64(areaCount), triples = chunks.buffer
        for k in 0..<(chunks.count / 3) {
            let first = triples[3 * k], end = triples[3 * k + 1], area = triples[3 * k + 2]
            guard first < end, UInt64(end) < vertices, UInt64(area) < areas else { throw .invalid("chunk \(k)") }
        }
    }
}
