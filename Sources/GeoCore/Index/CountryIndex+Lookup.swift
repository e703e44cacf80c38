extension CountryIndex {
    /// The area that contains `point`, counting its boundary as part of it.
    ///
    /// Where the point lies strictly inside one area and on the boundary of another (a shared border),
    /// the area it is strictly inside wins; between two boundaries, the lower area number wins.
    /// - Parameter point: `lat` in [-90, 90]; any finite `lon` (wrapped here).
    /// - Returns: the area number, or nil when no area contains the point.
    /// - Complexity: one table read in a cell wholly inside or outside every area; otherwise the cell's
    ///   sketch (`CountryIndex+Sketches.swift`), and only where it is unsure the edges of the cell's record.
    public func area(containing point: GeoPoint) -> Int? {
        let lon = Self.wrapLongitude(point.lon)
        let lat = point.lat
        let r = row(of: lat), c = column(of: lon)
        let block = blocks[(r >> 2) * blockColumns + (c >> 2)]
        if block == Self.sea { return nil }
        if block & Self.borderBit == 0 { return Int(block) }
        let cell = blockCells[Self.blockCellIndex(block, row: r, column: c)]
        if cell == Self.sea { return nil }
        if cell & Self.borderBit == 0 { return Int(cell) }
        let sketch = Int(cell & ~Self.borderBit)
        let south = rowSouth[r], west = columnWest[c]
        let quick = sketchArea(sketch, lon: lon, lat: lat, south: south, west: west)
        if quick != Self.sketchUnsure { return quick == Self.sketchNone ? nil : quick }
        return recordArea(recordOffset(sketch: sketch), lon: lon, lat: lat, south: south)
    }

    /// The area containing (lon, lat), a point of the border cell with south edge `south` whose record is
    /// at `record`, from the record alone (exact).
    func recordArea(_ record: Int, lon: Double, lat: Double, south: Double) -> Int? {
        var onBoundary: Int? = nil
        var entry = record + 1
        for _ in 0..<Int(borderData[record]) {
            switch locate(entry: entry, lon: lon, lat: lat, south: south) {
            case .inside: return entryArea(entry)
            case .boundary: if onBoundary == nil { onBoundary = entryArea(entry) }
            case .outside: break
            }
            entry = nextEntry(after: entry)
        }
        return onBoundary
    }

    /// Where (lon, lat), a point of the cell with south edge `south`, lies relative to the area of
    /// one border-cell entry (the entry's offset in `borderData`), using only that cell's record and the
    /// real vertices of the edges in the point's band.
    @inline(__always)
    func locate(entry: Int, lon: Double, lat: Double, south: Double) -> PointLocation {
        var inside = entryParity(entry)
        for t in 0..<entryToggleCount(entry) {
            let y = toggle(entry: entry, t)
            if y > south && y <= lat { inside.toggle() }
        }
        for j in bandSlots(entry: entry, band: band(lat, south: south)) {
            let i = edgeRef(entry: entry, slot: j)
            if touches(i, lon: lon, lat: lat) { return .boundary }
            if crosses(i, lon: lon, lat: lat) { inside.toggle() }
        }
        return inside ? .inside : .outside
    }

    /// Where `point` lies relative to area `area`, by testing every edge of the area.
    ///
    /// The reference that the grid answers must equal: same edges, same arithmetic, no index.
    /// - Complexity: O(vertices of the area).
    public func exactLocation(of point: GeoPoint, inArea area: Int) -> PointLocation {
        let lon = Self.wrapLongitude(point.lon)
        let lat = point.lat
        var inside = false
        for ring in Int(areaRingStart[area])..<Int(areaRingStart[area + 1]) {
            for i in Int(ringStart[ring])..<(Int(ringStart[ring + 1]) - 1) {
                if touches(i, lon: lon, lat: lat) { return .boundary }
                if crosses(i, lon: lon, lat: lat) { inside.toggle() }
            }
        }
        return inside ? .inside : .outside
    }

    /// The area containing `point` by testing every area in full: the slow reference for `area(containing:)`.
    public func exactArea(containing point: GeoPoint) -> Int? {
        var onBoundary: Int? = nil
        for area in 0..<areaCount {
            switch exactLocation(of: point, inArea: area) {
            case .inside: return area
            case .boundary: if onBoundary == nil { onBoundary = area }
            case .outside: break
            }
        }
        return onBoundary
    }
}
