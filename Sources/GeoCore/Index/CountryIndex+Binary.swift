extension CountryIndex {
    /// Appends the index's tables to `out`, for `init(reading:areaCount:)`.
    public func write(to out: inout BinaryWriter) {
        out.f64(cellSize)
        out.u64(UInt64(rows))
        out.u64(UInt64(columns))
        out.array(rowSouth)
        out.array(columnWest)
        out.array(coords)
        out.array(areaRingStart)
        out.array(ringStart)
        out.u64(UInt64(blockColumns))
        out.array(blocks)
        out.array(blockCells)
        out.array(borderData)
        out.array(sketches)
        out.f64(arcExcursion)
        out.array(rowExcursion)
        out.f64(nearRadiusKm)
        out.array(nearBlocks)
        out.array(nearList)
    }

    /// Reads an index written by `write(to:)` and checks every invariant a query relies on, so a damaged
    /// file is rejected here instead of crashing a lookup later.
    ///
    /// Checked: the grid's shape, that every offset table starts at 0, never decreases and ends at the
    /// length of the table it points into, that every cell value names an area, a border cell or the sea,
    /// that every edge reference has both its vertices, that coordinates are finite and in range, and that
    /// the arcs' latitude excursion is in [0, 180].
    /// - Parameter areaCount: the number of areas the caller expects (the countries read alongside).
    /// - Throws: `BinaryFormatError` for anything truncated or inconsistent.
    /// - Complexity: O(size of the tables).
    public init(reading input: inout BinaryReader, areaCount: Int) throws(BinaryFormatError) {
        cellSize = try input.f64()
        let rows = try input.u64(), columns = try input.u64()
        guard cellSize > 0, cellSize <= 180, rows >= 1, rows <= 1 << 15, columns == 2 * rows,
              Double(rows) * cellSize == 180 else { throw .invalid("grid shape") }
        self.rows = Int(rows)
        self.columns = Int(columns)
        rowSouth = try input.table(of: Double.self)
        columnWest = try input.table(of: Double.self)
        guard rowSouth.count == self.rows + 1, columnWest.count == self.columns + 1,
              rowSouth.first == -90, rowSouth.last == 90, columnWest.first == -180, columnWest.last == 180
        else { throw .invalid("grid lines") }
        for r in 0..<self.rows where !(rowSouth[r] < rowSouth[r + 1]) { throw .invalid("row \(r)") }
        for c in 0..<self.columns where !(columnWest[c] < columnWest[c + 1]) { throw .invalid("column \(c)") }

        coords = try input.table(of: Double.self)
        // Compared as UInt64: on wasm32 `Int(UInt32.max)` does not fit in an Int and would trap.
        guard coords.count % 2 == 0, UInt64(coords.count / 2) < UInt64(UInt32.max) else { throw .invalid("vertex count") }
        let vertices = coords.buffer
        for i in 0..<(coords.count / 2) {
            let lon = vertices[2 * i], lat = vertices[2 * i + 1]
            guard lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90 else { throw .invalid("vertex \(i)") }
        }
        areaRingStart = try input.table(of: UInt32.self)
        ringStart = try input.table(of: UInt32.self)
        guard areaRingStart.count == areaCount + 1 else { throw .invalid("area count") }
        try Self.checkOffsets(areaRingStart, end: ringStart.count - 1, "area rings")
        try Self.checkOffsets(ringStart, end: coords.count / 2, "ring starts")
        // Every ring has at least one edge (the builder keeps only rings of two or more vertices).
        for j in 0..<(ringStart.count - 1) where ringStart[j + 1] - ringStart[j] < 2 { throw .invalid("ring \(j)") }

        let blockColumns = try input.u64()
        blocks = try input.table(of: UInt32.self)
        guard blockColumns == UInt64((self.columns + 3) / 4), blocks.count == ((self.rows + 3) / 4) * Int(blockColumns)
        else { throw .invalid("block table shape") }
        self.blockColumns = Int(blockColumns)
        blockCells = try input.table(of: UInt32.self)
        try Self.checkBlocks(blocks, blockCells: blockCells, areaCount: areaCount)
        borderData = try input.table(of: UInt32.self)
        sketches = try input.table(of: UInt8.self)
        // Border cells' values are checked here: each must point at its own sketch, and each sketch at
        // its cell's record.
        let records = try Self.checkSketches(sketches, cells: blockCells, areaCount: areaCount)
        let counts = try Self.checkBorderRecords(borderData, records: records, areaCount: areaCount,
                                                 vertexCount: coords.count / 2)
        borderCellCount = counts.cells
        entryCount = counts.entries
        edgeReferenceCount = counts.edgeReferences
        toggleCount = counts.toggles
        arcExcursion = try input.f64()
        // A bound the nearest-border search prunes by: it must be a number in [0, 180] (180 turns the
        // pruning by latitude off), never NaN, which would compare false and prune nothing consistently.
        guard arcExcursion >= 0 && arcExcursion <= 180 else { throw .invalid("arc excursion") }
        // One per row, each in [0, arcExcursion] (so never NaN): the search reads the row's and relies on
        // the global bound being at least every row's when it uses that instead.
        rowExcursion = try input.table(of: Double.self)
        guard rowExcursion.count == self.rows else { throw .invalid("row excursions") }
        for value in rowExcursion.buffer where !(value >= 0 && value <= arcExcursion) { throw .invalid("row excursions") }
        nearRadiusKm = try input.f64()
        nearBlocks = try input.table(of: UInt32.self)
        nearList = try input.table(of: UInt32.self)
        (eastRuns, westRuns) = Self.blockRuns(blocks, blockColumns: self.blockColumns, columns: self.columns)
        bandScale = Double(Self.bands) / cellSize
        try checkNearLists()
        if !nearBlocks.isEmpty { areaVertexStart = Self.areaVertexStarts(areaRingStart: areaRingStart, ringStart: ringStart) }
    }

    /// An offset table: starts at 0, never decreases, ends at `end`.
    static func checkOffsets(_ table: Table<UInt32>, end: Int, _ what: String) throws(BinaryFormatError) {
        guard let first = table.first, first == 0, end >= 0, UInt64(table[table.count - 1]) == UInt64(end) else {
            throw .invalid(what)
        }
        var previous: UInt32 = 0
        for value in table.buffer {
            if value < previous { throw .invalid(what) }
            previous = value
        }
    }
}
