extension CountryIndex {
    /// The area that contains `point`, counting its boundary as part of it.
    ///
    /// Where the point lies strictly inside one area and on the boundary of another (a shared border),
    /// the area it is strictly inside wins; between two boundaries, the lower area number wins.
    ///
    /// -180 and 180 are one meridian (the antimeridian rule, in one place: `antimeridianTwin(of:)`): a
    /// point on it is looked up at -180 and, when no area holds it there, at 180, so an area whose ring
    /// runs along either side contains it whichever way the client wrote it.
    /// - Parameter point: `lat` in [-90, 90]; any finite `lon` (wrapped here). Anything else (a NaN, an
    ///   infinity, a latitude off the sphere) is in no area.
    /// - Returns: the area number, or nil when no area contains the point.
    /// - Complexity: one table read in a cell wholly inside or outside every area; otherwise the cell's
    ///   sketch (`CountryIndex+Sketches.swift`), and only where it is unsure the edges of the cell's record.
    public func area(containing point: GeoPoint) -> Int? {
        let lon = Self.wrapLongitude(point.lon)
        guard Self.isOnSphere(lat: point.lat, wrappedLon: lon) else { return nil }
        let found = area(lat: point.lat, wrappedLon: lon)
        // `wrapLongitude` gives -180 for both spellings, so that is the only one to retry.
        if found == nil && lon == -180 { return areaAtEast180(lat: point.lat) }
        return found
    }

    /// The lookup's retry at 180 for a point found in nothing at -180, kept out of line so the common path
    /// holds one copy of the lookup (two made one-by-one lookups of open-ocean points 45% slower).
    @inline(never)
    func areaAtEast180(lat: Double) -> Int? {
        area(lat: lat, wrappedLon: 180)
    }

    /// Whether `lat` is in [-90, 90] and `lon` (already wrapped) is in [-180, 180]: the points the grid's
    /// arithmetic is defined for (row, column and sketch coordinates all stay within their cell).
    @inline(__always)
    static func isOnSphere(lat: Double, wrappedLon lon: Double) -> Bool {
        lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180
    }

    /// The other name of a longitude on the antimeridian: 180 for -180 (what `wrapLongitude` makes of
    /// both), -180 for 180; nil for every other longitude.
    @inline(__always)
    static func antimeridianTwin(of lon: Double) -> Double? {
        lon == -180 ? 180 : (lon == 180 ? -180 : nil)
    }

    /// `area(containing:)` at one spelling of the longitude, already in [-180, 180].
    @inline(__always)
    func area(lat: Double, wrappedLon lon: Double) -> Int? {
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
    /// The reference that the grid answers must equal: same edges, same arithmetic, no index. A point on
    /// the antimeridian is located at the spelling of its longitude that puts it furthest in (inside, else
    /// on the boundary), as `area(containing:)` does.
    /// - Complexity: O(vertices of the area).
    public func exactLocation(of point: GeoPoint, inArea area: Int) -> PointLocation {
        let lon = Self.wrapLongitude(point.lon)
        guard Self.isOnSphere(lat: point.lat, wrappedLon: lon) else { return .outside }
        let location = exactLocation(lat: point.lat, wrappedLon: lon, inArea: area)
        guard location != .inside, let twin = Self.antimeridianTwin(of: lon) else { return location }
        let other = exactLocation(lat: point.lat, wrappedLon: twin, inArea: area)
        return other == .outside ? location : other
    }

    func exactLocation(lat: Double, wrappedLon lon: Double, inArea area: Int) -> PointLocation {
        var inside = false
        for ring in Int(areaRingStart[area])..<Int(areaRingStart[area + 1]) {
            for i in Int(ringStart[ring])..<(Int(ringStart[ring + 1]) - 1) {
                if touches(i, lon: lon, lat: lat) { return .boundary }
                if crosses(i, lon: lon, lat: lat) { inside.toggle() }
            }
        }
        return inside ? .inside : .outside
    }

    /// The area containing `point` by testing every area in full: the slow reference for `area(containing:)`,
    /// with the same antimeridian rule (-180 first, then 180).
    public func exactArea(containing point: GeoPoint) -> Int? {
        let lon = Self.wrapLongitude(point.lon)
        guard Self.isOnSphere(lat: point.lat, wrappedLon: lon) else { return nil }
        if let found = exactArea(lat: point.lat, wrappedLon: lon) { return found }
        guard let twin = Self.antimeridianTwin(of: lon) else { return nil }
        return exactArea(lat: point.lat, wrappedLon: twin)
    }

    func exactArea(lat: Double, wrappedLon lon: Double) -> Int? {
        var onBoundary: Int? = nil
        for area in 0..<areaCount {
            switch exactLocation(lat: lat, wrappedLon: lon, inArea: area) {
            case .inside: return area
            case .boundary: if onBoundary == nil { onBoundary = area }
            case .outside: break
            }
        }
        return onBoundary
    }
}
