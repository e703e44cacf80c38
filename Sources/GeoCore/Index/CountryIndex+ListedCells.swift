/// Which rows and columns list an edge: one rule for the builder, which lists every edge in them, and for the
/// nearest-border search, which must know where the builder listed an edge to break ties the way the full
/// scan does. Kept in one place so the two can never disagree.
extension CountryIndex {
    /// The rows whose latitude band, widened by ``margin``, meets [minLat, maxLat].
    ///
    /// The conversions see vertex coordinates, which the builder requires to be in range, divided by a cell
    /// size of at least 0.01: far inside `Int`.
    /// - Parameter rowSouth: the south edge of every row, then the north edge of the last.
    static func listedRows<Edges: RandomAccessCollection<Double>>(
        _ minLat: Double, _ maxLat: Double, rows: Int, cellSize: Double, rowSouth: Edges
    ) -> (first: Int, last: Int) where Edges.Index == Int {
        let m = margin
        var r0 = max(0, min(rows - 1, Int((minLat + 90) / cellSize)))
        while r0 > 0 && rowSouth[r0] + m >= minLat { r0 -= 1 }
        while r0 < rows - 1 && rowSouth[r0 + 1] + m < minLat { r0 += 1 }
        var r1 = max(0, min(rows - 1, Int((maxLat + 90) / cellSize)))
        while r1 < rows - 1 && rowSouth[r1 + 1] - m <= maxLat { r1 += 1 }
        while r1 > 0 && rowSouth[r1] - m > maxLat { r1 -= 1 }
        return (r0, r1)
    }

    /// The columns whose longitude band, widened by ``margin``, meets [minLon, maxLon]: an edge's "tested"
    /// columns. Columns west of the range see the edge wholly east of them.
    /// - Parameter columnWest: the west edge of every column, then the east edge of the last.
    static func listedColumns<Edges: RandomAccessCollection<Double>>(
        _ minLon: Double, _ maxLon: Double, columns: Int, cellSize: Double, columnWest: Edges
    ) -> (first: Int, last: Int) where Edges.Index == Int {
        let m = margin
        var c0 = max(0, min(columns - 1, Int((minLon + 180) / cellSize)))
        while c0 > 0 && columnWest[c0] >= minLon - m { c0 -= 1 }
        while c0 < columns - 1 && columnWest[c0 + 1] < minLon - m { c0 += 1 }
        var c1 = max(0, min(columns - 1, Int((maxLon + 180) / cellSize)))
        while c1 < columns - 1 && columnWest[c1 + 1] <= maxLon + m { c1 += 1 }
        while c1 > 0 && columnWest[c1] > maxLon + m { c1 -= 1 }
        return (c0, max(c0, c1))
    }

    /// ``listedRows(_:_:rows:cellSize:rowSouth:)`` on this index's grid.
    func listedRows(_ minLat: Double, _ maxLat: Double) -> (first: Int, last: Int) {
        Self.listedRows(minLat, maxLat, rows: rows, cellSize: cellSize, rowSouth: rowSouth)
    }

    /// ``listedColumns(_:_:columns:cellSize:columnWest:)`` on this index's grid.
    func listedColumns(_ minLon: Double, _ maxLon: Double) -> (first: Int, last: Int) {
        Self.listedColumns(minLon, maxLon, columns: columns, cellSize: cellSize, columnWest: columnWest)
    }
}
