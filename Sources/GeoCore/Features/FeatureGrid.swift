/// A sparse lon/lat grid of fixed-size cells, each listing the items (segments, points or polygons) that
/// may reach into it; cells are stored sorted by key (compressed rows), so a lookup is a binary search.
///
/// Items whose box would cover more than `maxCellsPerItem` cells (a 100 km road, a polygon around a
/// city) are kept apart in `wide` and handed to every query instead: correct, and rare in street data.
struct FeatureGrid: Sendable {
    /// Cell edge in degrees of latitude and of longitude: 0.002° is 222 m north-south, and 111 m east-west
    /// at 60° (Helsinki), so a 500 m query reads a few dozen cells.
    static let cellDegrees = 0.002
    static let rows = 90_000  // 180 / cellDegrees
    static let columns = 180_000  // 360 / cellDegrees
    static let maxCellsPerItem = 4_096

    /// Occupied cells' keys (row × columns + column), ascending.
    let keys: Table<UInt64>
    /// `items[starts[k]..<starts[k + 1]]` are the items of cell `keys[k]`, ascending.
    let starts: Table<UInt32>
    let items: Table<UInt32>
    /// Items in no cell, listed for every query.
    let wide: Table<UInt32>

    /// The row of a latitude, clamped to the grid.
    @inline(__always)
    static func row(_ lat: Double) -> Int {
        let r = Int(((lat + 90) / cellDegrees).rounded(.down))
        return r < 0 ? 0 : (r >= rows ? rows - 1 : r)
    }

    /// The column of a longitude in [-180, 180], clamped (180 itself falls in the last column).
    @inline(__always)
    static func column(_ lon: Double) -> Int {
        let c = Int(((lon + 180) / cellDegrees).rounded(.down))
        return c < 0 ? 0 : (c >= columns ? columns - 1 : c)
    }

    @inline(__always)
    static func key(row: Int, column: Int) -> UInt64 { UInt64(row) * UInt64(columns) + UInt64(column) }

    /// The items of one cell (empty when the cell holds none).
    @inline(__always)
    func cell(_ key: UInt64) -> Slice<Table<UInt32>> {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        guard low < keys.count, keys[low] == key else { return items[0..<0] }
        return items[Int(starts[low])..<Int(starts[low + 1])]
    }
}

/// Collects (cell, item) pairs, then packs them into a `FeatureGrid`.
struct FeatureGridBuilder {
    private var pairs: [(key: UInt64, item: UInt32)] = []
    private var wide: [UInt32] = []

    /// Lists `item` in every cell of the box rows `rowLow...rowHigh` × columns `columnLow...columnHigh`
    /// (several column ranges for a box cut at the antimeridian), or in `wide` when that is too many cells.
    mutating func add(_ item: UInt32, rows: ClosedRange<Int>, columns ranges: [ClosedRange<Int>]) {
        var cells = 0
        for range in ranges { cells += rows.count * range.count }
        guard cells <= FeatureGrid.maxCellsPerItem else {
            wide.append(item)
            return
        }
        for row in rows {
            for range in ranges {
                for column in range { pairs.append((FeatureGrid.key(row: row, column: column), item)) }
            }
        }
    }

    /// Lists `item` in the cells of a lat/lon box; `west > east` means the box crosses the antimeridian.
    mutating func add(_ item: UInt32, south: Double, north: Double, west: Double, east: Double) {
        let rows = FeatureGrid.row(south)...FeatureGrid.row(north)
        if west <= east {
            add(item, rows: rows, columns: [FeatureGrid.column(west)...FeatureGrid.column(east)])
        } else {
            add(item, rows: rows, columns: [FeatureGrid.column(west)...(FeatureGrid.columns - 1),
                                            0...FeatureGrid.column(east)])
        }
    }

    func build() -> FeatureGrid {
        let sorted = pairs.sorted { $0.key != $1.key ? $0.key < $1.key : $0.item < $1.item }
        var keys: [UInt64] = []
        var starts: [UInt32] = []
        var items: [UInt32] = []
        items.reserveCapacity(sorted.count)
        for pair in sorted {
            if keys.last != pair.key {
                keys.append(pair.key)
                starts.append(UInt32(items.count))
            }
            items.append(pair.item)
        }
        starts.append(UInt32(items.count))
        return FeatureGrid(keys: Table(keys), starts: Table(starts), items: Table(items), wide: Table(wide))
    }
}

extension FeatureGrid {
    /// The index of the first occupied cell whose key is at least `key` (`keys.count` when none).
    @inline(__always)
    func firstKey(atLeast key: UInt64) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Calls `body` with every wide item, then every item of the window's cells (`FeatureLayer.window`),
    /// row by row: an item listed in several of the cells comes once for each.
    @inline(__always)
    func forEachItem(in window: (rows: ClosedRange<Int>, columns: [ClosedRange<Int>]), _ body: (UInt32) -> Void) {
        for item in wide { body(item) }
        for row in window.rows {
            for columns in window.columns {
                let high = FeatureGrid.key(row: row, column: columns.upperBound)
                var k = firstKey(atLeast: FeatureGrid.key(row: row, column: columns.lowerBound))
                while k < keys.count && keys[k] <= high {
                    for index in Int(starts[k])..<Int(starts[k + 1]) { body(items[index]) }
                    k += 1
                }
            }
        }
    }
}
