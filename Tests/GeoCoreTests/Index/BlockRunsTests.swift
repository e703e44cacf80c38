import Testing
@testable import GeoCore

/// `CountryIndex.blockRuns`, worked out at every load: per block, how many whole blocks east and west of it
/// in its row (round the antimeridian) hold no border cell, against a walk that counts them one by one.
@Suite("Open-sea runs of the block table")
struct BlockRunsTests {
    /// Blocks east (`step` 1) or west (-1) of block `b` of the row at `start` before the next mixed one,
    /// at most a whole row.
    static func walk(_ blocks: [UInt32], start: Int, columns: Int, from b: Int, step: Int) -> Int {
        var count = 0
        while count < columns {
            let next = ((b + step * (count + 1)) % columns + columns) % columns
            let value = blocks[start + next]
            if value != CountryIndex.sea && value & CountryIndex.borderBit != 0 { break }
            count += 1
        }
        return count
    }

    @Test("every block's runs equal a walk along its row, including rows with no mixed block or only mixed ones",
          arguments: [(1, 5, 0.3), (3, 90, 0.05), (4, 360, 0.01), (2, 7, 0.0), (2, 7, 1.0)])
    func againstWalk(rows: Int, columns: Int, mixedShare: Double) {
        var random = TestRandom(seed: UInt64(rows * 1_000 + columns))
        let blocks: [UInt32] = (0..<(rows * columns)).map { _ in
            if random.uniform(0, 1) < mixedShare { return CountryIndex.borderBit | UInt32(random.uniform(0, 1_000)) }
            return random.uniform(0, 1) < 0.5 ? CountryIndex.sea : UInt32(random.uniform(0, 200))
        }
        let runs = CountryIndex.blockRuns(Table(blocks), blockColumns: columns, columns: 4 * columns)
        for r in 0..<rows {
            for b in 0..<columns {
                let k = r * columns + b
                #expect(Int(runs.east[k]) == Self.walk(blocks, start: r * columns, columns: columns, from: b, step: 1),
                        "east of block \(b) in row \(r)")
                #expect(Int(runs.west[k]) == Self.walk(blocks, start: r * columns, columns: columns, from: b, step: -1),
                        "west of block \(b) in row \(r)")
            }
        }
    }
}
