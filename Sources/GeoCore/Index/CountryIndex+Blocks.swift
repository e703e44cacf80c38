/// The cell table, stored as two levels: a value per block of 4 × 4 cells, and the 16 cells only of the
/// blocks that are not all one thing.
///
/// A flat table of every cell (1440 × 720 at 0.25°) is 4.1 MB, 95 % of it cells that are wholly sea or
/// wholly inside one country and repeat their block's value. Only the "mixed" blocks (those holding a
/// border cell, or cells of more than one kind) keep their cells, 64 bytes each; for Natural Earth's 10m
/// countries that is 0.6 of the 4.1 MB. A lookup reads the same two values as before (block,
/// then cell where the block does not decide), but the second comes from a table small enough to stay in
/// cache, and the index file and the server's resident memory shrink by the difference.
///
/// Border records are stored in the order of `blockCells`, so the records of neighbouring cells sit
/// together and the load-time check walks both tables in step.
extension CountryIndex {
    /// The value of cell (`r`, `c`): `sea`, an area number, or `borderBit | sketch offset`.
    @inline(__always)
    func cell(row r: Int, column c: Int) -> UInt32 {
        let block = blocks[(r >> 2) &* blockColumns &+ (c >> 2)]
        if block == Self.sea || block & Self.borderBit == 0 { return block }
        return blockCells[Self.blockCellIndex(block, row: r, column: c)]
    }

    /// Where cell (`r`, `c`) of the mixed block whose value is `block` sits in `blockCells`.
    @inline(__always)
    static func blockCellIndex(_ block: UInt32, row r: Int, column c: Int) -> Int {
        Int(block & ~borderBit) &<< 4 | (r & 3) &<< 2 | (c & 3)
    }

    /// The two-level tables for a flat row-major `cells` table whose border cells point at `records` (one
    /// record per border cell, in row-major order), with the records rewritten in block order.
    static func blockTables(cells: [UInt32], records: [UInt32], rows: Int, columns: Int)
        -> (blocks: [UInt32], blockColumns: Int, blockCells: [UInt32], borderData: [UInt32])
    {
        let blockRows = (rows + 3) / 4, blockColumns = (columns + 3) / 4
        var blocks = [UInt32](repeating: sea, count: blockRows * blockColumns)
        var blockCells: [UInt32] = []
        var borderData: [UInt32] = []
        borderData.reserveCapacity(records.count)
        for br in 0..<blockRows {
            for bc in 0..<blockColumns {
                let first = cells[(4 * br) * columns + 4 * bc]
                var uniform = first == sea || first & borderBit == 0
                for r in (4 * br)..<min(rows, 4 * br + 4) {
                    for c in (4 * bc)..<min(columns, 4 * bc + 4) where cells[r * columns + c] != first { uniform = false }
                }
                if uniform {
                    blocks[br * blockColumns + bc] = first
                    continue
                }
                blocks[br * blockColumns + bc] = borderBit | UInt32(blockCells.count / 16)
                for r in (4 * br)..<(4 * br + 4) {
                    for c in (4 * bc)..<(4 * bc + 4) {
                        guard r < rows, c < columns else {
                            blockCells.append(sea)
                            continue
                        }
                        let value = cells[r * columns + c]
                        guard value != sea, value & borderBit != 0 else {
                            blockCells.append(value)
                            continue
                        }
                        let offset = Int(value & ~borderBit)
                        blockCells.append(borderBit | UInt32(borderData.count))
                        borderData.append(contentsOf: records[offset..<recordEnd(records, offset)])
                    }
                }
            }
        }
        return (blocks, blockColumns, blockCells, borderData)
    }

    /// Where the record at `offset` of `records` ends (see `CountryIndex+BorderRecords.swift`).
    static func recordEnd(_ records: [UInt32], _ offset: Int) -> Int {
        var entry = offset + 1
        for _ in 0..<Int(records[offset]) { entry = entryEnd(at: entry) { records[$0] } }
        return entry
    }

    /// Checks the block tables read from a file: every block value is the sea, an area below `areaCount`,
    /// or names the next mixed block in order; `blockCells` holds exactly 16 cells per mixed block; every
    /// cell is the sea, an area, or a border cell (whose sketch `checkSketches` checks, and its record
    /// `checkBorderRecords`).
    static func checkBlocks(_ blocks: Table<UInt32>, blockCells: Table<UInt32>, areaCount: Int)
        throws(BinaryFormatError)
    {
        var mixed: UInt32 = 0
        for block in blocks.buffer where block != sea {
            if block & borderBit == 0 {
                guard Int(block) < areaCount else { throw .invalid("block area") }
            } else {
                guard block == borderBit | mixed else { throw .invalid("block value") }
                mixed += 1
            }
        }
        guard blockCells.count == 16 * Int(mixed) else { throw .invalid("block cell count") }
        for cell in blockCells.buffer where cell != sea && cell & borderBit == 0 && Int(cell) >= areaCount {
            throw .invalid("cell area")
        }
    }
}
