extension CountryIndexBuilder {
    /// Classifies every cell, row by row, and lays border cells out as records (see `BorderRecordWriter`).
    mutating func build() -> CountryIndex {
        measureEdges()
        let (bucketStart, bucketEdges) = rowBuckets()

        var cells = [UInt32](repeating: CountryIndex.sea, count: rows * columns)
        var records = CountryIndex.BorderRecordWriter()

        var pending = [[PendingEntry]](repeating: [], count: columns)
        var flip = [Bool](repeating: false, count: columns + 1)
        var parity = [Bool](repeating: false, count: columns)
        var tested: [(column: Int, edge: UInt32)] = []

        for r in 0..<rows {
            let south = rowSouth[r], north = rowSouth[r + 1]
            let bucket = bucketStart[r]..<bucketStart[r + 1]
            var groupStart = bucket.lowerBound
            while groupStart < bucket.upperBound {
                let area = edgeArea[Int(bucketEdges[groupStart])]
                var groupEnd = groupStart
                while groupEnd < bucket.upperBound && edgeArea[Int(bucketEdges[groupEnd])] == area { groupEnd += 1 }

                // The parity, per column, of this area's edges that straddle the row's south line and
                // lie wholly east of the column: edge e counts for columns west of its first tested column.
                for c in 0...columns { flip[c] = false }
                tested.removeAll(keepingCapacity: true)
                for k in groupStart..<groupEnd {
                    let e = Int(bucketEdges[k])
                    let (c0, c1) = edgeColumns[e]
                    if (lats[e] > south) != (lats[e + 1] > south) { flip[Int(c0)].toggle() }
                    for c in Int(c0)...Int(c1) { tested.append((c, UInt32(e))) }
                }
                var east = false
                for c in stride(from: columns - 1, through: 0, by: -1) {
                    parity[c] = east
                    if flip[c] { east.toggle() }
                }

                tested.sort { $0.column != $1.column ? $0.column < $1.column : $0.edge < $1.edge }
                var t = 0
                for c in 0..<columns {
                    var edges: [UInt32] = []
                    var marks: [Double] = []
                    while t < tested.count && tested[t].column == c {
                        let e = Int(tested[t].edge)
                        edges.append(UInt32(e))
                        // A vertex where this tested edge meets an edge wholly east of the cell flips the
                        // east-of-cell parity as the latitude passes it.
                        for atEnd in [false, true] {
                            let v = atEnd ? e + 1 : e
                            if lats[v] > south && lats[v] <= north
                                && isEast(neighbour(of: e, atEnd: atEnd), row: r, column: c) {
                                marks.append(lats[v])
                            }
                        }
                        t += 1
                    }
                    if !edges.isEmpty || parity[c] {
                        // Lay the edges out by latitude sub-band (see CountryIndex+BorderRecords.swift).
                        var banded: [UInt32] = []
                        var bandEnds: [Int] = []
                        if !edges.isEmpty {
                            for k in 0..<CountryIndex.bands {
                                for e in edges {
                                    let a = lats[Int(e)], b = lats[Int(e) + 1]
                                    if band(min(a, b), south: south) <= k && k <= band(max(a, b), south: south) {
                                        banded.append(e)
                                    }
                                }
                                bandEnds.append(banded.count)
                            }
                        } else {
                            bandEnds = [Int](repeating: 0, count: CountryIndex.bands)
                        }
                        pending[c].append(PendingEntry(area: area, parity: parity[c], edges: banded,
                                                       bandEnds: bandEnds, toggles: marks))
                    }
                }
                groupStart = groupEnd
            }

            for c in 0..<columns where !pending[c].isEmpty {
                let entries = pending[c]
                pending[c].removeAll(keepingCapacity: true)
                if entries.count == 1 && entries[0].edges.isEmpty {
                    cells[r * columns + c] = entries[0].area
                    continue
                }
                cells[r * columns + c] = CountryIndex.borderBit | records.beginCell(entryCount: entries.count)
                for entry in entries {
                    records.append(area: entry.area, parity: entry.parity, bandEnds: entry.bandEnds,
                                   toggles: entry.toggles, edges: entry.edges)
                }
            }
        }

        let table = CountryIndex.blockTables(cells: cells, records: records.data, rows: rows, columns: columns)
        var index = CountryIndex(
            cellSize: cellSize, columns: columns, rows: rows, rowSouth: Table(rowSouth), columnWest: Table(columnWest),
            coords: Table(interleaved()), areaRingStart: Table(areaRingStart), ringStart: Table(ringStart),
            blockCells: Table(table.blockCells), borderData: Table(table.borderData), sketches: Table([]),
            borderCellCount: records.cellCount,
            entryCount: records.entryCount, edgeReferenceCount: records.edgeReferenceCount,
            toggleCount: records.toggleCount, bandScale: Double(CountryIndex.bands) / cellSize,
            blocks: Table(table.blocks), blockColumns: table.blockColumns, arcExcursion: arcExcursion())
        index.rowExcursion = Table(rowExcursions(global: index.arcExcursion))
        let sketched = index.sketchTables()
        index.blockCells = Table(sketched.blockCells)
        index.sketches = Table(sketched.sketches)
        (index.eastRuns, index.westRuns) = CountryIndex.blockRuns(index.blocks, blockColumns: index.blockColumns, columns: columns)
        return index
    }
}
