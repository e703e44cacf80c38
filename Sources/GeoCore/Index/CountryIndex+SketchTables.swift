/// Building the cell sketches from the border records, and checking a sketch table read from a file.
/// Layout and reasons in `CountryIndex+Sketches.swift`.
extension CountryIndex {
    /// Builds the sketches for an index whose border cells' values are record offsets, and returns them
    /// with `blockCells` rewritten so that border cells name their sketches.
    func sketchTables() -> (sketches: [UInt8], blockCells: [UInt32]) {
        var out: [UInt8] = []
        var cells = Array(blockCells.buffer)
        // The mixed blocks' corners, in the order of `blockCells`.
        var corners: [(Int, Int)] = []
        for br in 0..<((rows + 3) / 4) {
            for bc in 0..<blockColumns where blocks[br * blockColumns + bc] & Self.borderBit != 0
                && blocks[br * blockColumns + bc] != Self.sea {
                corners.append((4 * br, 4 * bc))
            }
        }
        for i in cells.indices where cells[i] != Self.sea && cells[i] & Self.borderBit != 0 {
            let r = corners[i >> 4].0 + (i >> 2 & 3), c = corners[i >> 4].1 + (i & 3)
            let s = appendSketch(record: Int(blockCells[i] & ~Self.borderBit), row: r, column: c, to: &out)
            cells[i] = Self.borderBit | UInt32(s)
        }
        out.append(contentsOf: [0, 0, 0, 0])
        return (out, cells)
    }

    /// Appends the sketch of the border cell (`r`, `c`) whose record is at `record`; returns the offset
    /// of its header.
    private func appendSketch(record: Int, row r: Int, column c: Int, to out: inout [UInt8]) -> Int {
        let n = Int(borderData[record])
        let south = rowSouth[r], west = columnWest[c]
        let scale = sketchScale
        var halves: [[UInt8]] = [[], []]
        var usable = n <= 255
        for half in 0..<2 {
            func put16(_ v: Int) { halves[half].append(UInt8(v & 0xFF)); halves[half].append(UInt8(v >> 8 & 0xFF)) }
            var entry = record + 1
            for _ in 0..<n {
                let area = entryArea(entry)
                var parity = entryParity(entry)
                var toggles: [Int] = []
                for t in 0..<entryToggleCount(entry) {
                    let y = toggle(entry: entry, t)
                    let inHalf = band(y, south: south) >= Self.bands / 2 ? 1 : 0
                    if inHalf < half {
                        parity.toggle()
                    } else if inHalf == half {
                        // Built, never loaded: `y` is a vertex latitude within this cell, so its grid
                        // coordinate lies within the sketch's few thousand steps and converts safely.
                        toggles.append(Int(Self.sketchPoint(lon: west, lat: y, west: west, south: south, scale: scale).y.rounded()))
                    }
                }
                var edges: [Int] = []
                for k in (half * Self.bands / 2)..<((half + 1) * Self.bands / 2) {
                    for j in bandSlots(entry: entry, band: k) { edges.append(edgeRef(entry: entry, slot: j)) }
                }
                edges.sort()
                var units: [UInt32] = []
                var previous = -2
                for i in edges where i != previous {
                    let a = Self.sketchPoint(lon: vertexLon(i), lat: vertexLat(i), west: west, south: south, scale: scale)
                    let b = Self.sketchPoint(lon: vertexLon(i + 1), lat: vertexLat(i + 1), west: west, south: south, scale: scale)
                    if i != previous + 1 {
                        units.append(Self.sketchRunStart)
                        units.append(Self.sketchUnit(Self.sketchClamped(a)))
                    }
                    for q in Self.sketchPieces(from: a, to: b) { units.append(Self.sketchUnit(q)) }
                    previous = i
                }
                if area > 0x7FFF || toggles.count > Self.sketchMaxToggles || units.count > Self.sketchMaxUnits {
                    usable = false
                }
                put16(area & 0x7FFF | (parity ? 0x8000 : 0))
                put16(units.count & 0xFFF | (toggles.count & 0xF) << 12)
                for y in toggles { put16(Int(UInt16(bitPattern: Int16(max(-32767, min(32767, y)))))) }
                for u in units {
                    halves[half].append(UInt8(u & 0xFF))
                    halves[half].append(UInt8(u >> 8 & 0xFF))
                    halves[half].append(UInt8(u >> 16 & 0xFF))
                }
                entry = nextEntry(after: entry)
            }
        }
        if halves[0].count > 0xFFFF { usable = false }
        if !usable { halves = [[], []] }
        out.append(contentsOf: halves[0])
        let s = out.count
        for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: record >> (8 * k))) }
        out.append(usable ? UInt8(n) : 0)
        out.append(UInt8(halves[0].count & 0xFF))
        out.append(UInt8(halves[0].count >> 8))
        out.append(contentsOf: halves[1])
        return s
    }

    /// The 3-byte unit of a grid point (already clamped to the box, so never the run-start value).
    static func sketchUnit(_ q: (x: Int32, y: Int32)) -> UInt32 {
        UInt32(bitPattern: q.x) & 0xFFF | (UInt32(bitPattern: q.y) & 0xFFF) << 12
    }
}

extension CountryIndex {
    /// Checks `sketches` against `cells` (`blockCells`) so no lookup can read outside it or answer an area
    /// that does not exist: the border cells, in table order, point at consecutive sketches that exactly
    /// fill the table before its 4 bytes of padding; each usable sketch's two halves hold `n` entries
    /// whose toggles and units end exactly where the next half (or sketch) begins, with areas below
    /// `areaCount`.
    /// - Returns: the record offsets the sketches name, in order, for `checkBorderRecords`.
    static func checkSketches(_ bytes: Table<UInt8>, cells: Table<UInt32>, areaCount: Int)
        throws(BinaryFormatError) -> [Int]
    {
        guard bytes.count >= 4 else { throw .invalid("sketch table") }
        let end = bytes.count - 4
        /// Where `n` entries starting at `p` end; throws if they pass `limit` or name a missing area.
        func entriesEnd(_ n: Int, from p: Int, limit: Int) throws(BinaryFormatError) -> Int {
            var p = p
            for _ in 0..<n {
                guard limit - p >= 4 else { throw .invalid("sketch entry") }
                let head = load32(bytes, p)
                guard Int(head & 0x7FFF) < areaCount else { throw .invalid("sketch area") }
                p += 4 + 2 * Int(head >> 28) + 3 * Int(head >> 16 & 0xFFF)
                guard p <= limit else { throw .invalid("sketch entry") }
            }
            return p
        }
        var records: [Int] = []
        var position = 0
        for cell in cells.buffer where cell != sea && cell & borderBit != 0 {
            let s = Int(cell & ~borderBit)
            guard s >= position, end - s >= 7 else { throw .invalid("sketch offset") }
            records.append(Int(load32(bytes, s)))
            let header = load32(bytes, s + 4)
            let n = Int(header & 0xFF)
            guard halfStart(s, header: header, southHalf: true) == position else { throw .invalid("sketch offset") }
            guard try entriesEnd(n, from: position, limit: s) == s else { throw .invalid("sketch half size") }
            position = try entriesEnd(n, from: halfStart(s, header: header, southHalf: false), limit: end)
        }
        guard position == end else { throw .invalid("sketch table length") }
        return records
    }
}
