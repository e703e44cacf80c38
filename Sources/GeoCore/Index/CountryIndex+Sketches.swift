/// Cell sketches: a small copy of every border cell's edges that answers most near-border lookups
/// without reading the border records.
///
/// A near-border lookup used to read its cell's record in `borderData` (11.4 MB for Natural Earth's 10m
/// countries): its header, then the point's band of edges, usually on another cache line. A
/// table that size does not stay in this machine's share of the last-level cache, so each lookup waited
/// for one or two reads from memory (~150 ns each here, `scripts/memory-latency.c`). The sketches hold
/// what the common case needs in a third of the space (3.8 MB), read from one place next to the header:
/// - the cell is cut into two halves by latitude (bands 0–3 and 4–7), and for each half and each entry
///   only the entry's area, its parity at the half's south edge, the toggle latitudes inside the half,
///   and the entry's tested edges that meet the half, as runs of consecutive ring vertices (a run of `k`
///   edges stores `k + 1` vertices, not `2k`);
/// - every coordinate is 12 bits on a grid of `sketchSteps` steps per cell edge (about 20 m at 0.25°
///   cells), centred on the cell and reaching one cell beyond each side, so a vertex takes 3 bytes; an
///   edge that leaves that box is stored as its path clamped to the box (`sketchPieces`).
///
/// The sketch decides only when it is certain (`CountryIndex+GridCrossing.swift` has the error bound and
/// why it holds); anything unsure (the point within a few steps of an edge or a toggle latitude, level
/// with a vertex that its neighbours cannot settle, on a boundary) sends the lookup to the record, which
/// is exact. The answer is therefore the record's answer, bit for bit. For points within
/// 5 km of Natural Earth's borders and coasts the sketch decides about 99 % of lookups.
///
/// The scan is built for few mispredicted branches: a first pass over an entry's units only sets bits
/// (certainly above, certainly below the point, run start) in three 64-bit masks; the edges whose ends lie
/// certainly on opposite sides, typically none to two, are then found with bit operations and only they
/// get the orientation test.
///
/// Layout of the sketch whose header is at byte offset `s` of `sketches` (a border cell's value is
/// `borderBit | s`): the south half's data ends at `s`, the header takes `s ..< s + 7`, and the north
/// half's data follows it, so both halves start next to the header, usually on its cache line or the
/// neighbouring one, which the lookup loads together with it.
/// - header: the offset of the cell's record in `borderData`, 4 bytes little-endian; the number of
///   entries `n` (as in the record), or 0 when the cell has no usable sketch (a count overflowed its
///   field), which sends every lookup to the record; 2 bytes, the length of the south half's data.
/// - a half's data: for each entry, in the record's order: 2 bytes, the area with bit 15 set when the
///   entry's parity at the half's south edge is odd; 2 bytes, the number of toggles in the half (high 4
///   bits) and of vertex units (low 12 bits); the toggles as 2-byte grid latitudes; the vertex units, 3
///   bytes each: longitude in the low 12 bits and latitude in the high 12, two's complement, within
///   ±`sketchLimit`. A unit with both halves -2048 starts a run.
///
/// The table ends with 4 bytes of padding so that every unit can be read as one unaligned 32-bit load.
extension CountryIndex {
    /// Grid steps per cell edge; 4096 values then reach one cell beyond each side.
    static let sketchSteps = 1365.0
    /// Subtracted so the cell's centre is near 0.
    static let sketchOffset = 682.0
    /// The largest grid value: the box that edges are clamped to; -2048 is reserved for the run start.
    static let sketchLimit = 2047.0
    /// The unit that starts a run.
    static let sketchRunStart: UInt32 = 0x800_800
    /// An entry's toggles and units must fit their 4 and 12 bits.
    static let sketchMaxToggles = 15, sketchMaxUnits = 4095

    /// What a sketch says of a point: an area, no area, or "ask the record".
    static let sketchNone = -1, sketchUnsure = -2

    /// Grid steps per degree (`sketchSteps / cellSize`, as a multiplication: the builder and the lookup
    /// must scale alike).
    @inline(__always)
    var sketchScale: Double { bandScale * (Self.sketchSteps / Double(Self.bands)) }

    /// The offset in `borderData` of the record of the border cell whose sketch is at `s`.
    @inline(__always)
    func recordOffset(sketch s: Int) -> Int { Int(Self.load32(sketches, s)) }

    /// Four bytes of `bytes` from `offset`, little-endian (the table is padded, so the load stays inside).
    @inline(__always)
    static func load32(_ bytes: Table<UInt8>, _ offset: Int) -> UInt32 {
        precondition(offset >= 0 && offset &+ 4 <= bytes.count, "sketch read out of range")
        return UInt32(littleEndian: UnsafeRawPointer(bytes.base).loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Where the data of the point's half starts, for the sketch at `s` whose header word (`s + 4`: entry
    /// count, then the south half's length) is `header`.
    @inline(__always)
    static func halfStart(_ s: Int, header: UInt32, southHalf: Bool) -> Int {
        southHalf ? s &- Int(header >> 8 & 0xFFFF) : s &+ 7
    }

    /// The 3-byte unit at byte `offset` of the table at `bytes`, as one 32-bit load (the table's padding
    /// keeps it inside), and its two 12-bit grid values.
    @inline(__always)
    static func unit(_ bytes: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) & 0xFF_FFFF
    }

    @inline(__always)
    static func unitX(_ unit: UInt32) -> Int32 { Int32(bitPattern: unit << 20) >> 20 }

    @inline(__always)
    static func unitY(_ unit: UInt32) -> Int32 { Int32(bitPattern: unit << 8) >> 20 }

    /// The area of the point (lon, lat) of the cell with corner (`west`, `south`) according to the sketch
    /// at `s`: an area number, `sketchNone`, or `sketchUnsure`.
    @inline(__always)
    func sketchArea(_ s: Int, lon: Double, lat: Double, south: Double, west: Double) -> Int {
        let southHalf = band(lat, south: south) < Self.bands / 2
        // Loads the line on the point's side of the header alongside the header's own, instead of only
        // once the header has said where the half starts. The test is never true (`area(containing:)`
        // refuses a NaN latitude); it only keeps the load from being optimised away.
        let near = southHalf ? max(0, s &- 60) : min(s &+ 64, sketches.count &- 4)
        if Self.load32(sketches, near) == 1 && lat.isNaN { return Self.sketchNone }
        let header = Self.load32(sketches, s &+ 4)
        let n = Int(header & 0xFF)
        if n == 0 { return Self.sketchUnsure }
        var p = Self.halfStart(s, header: header, southHalf: southHalf)
        let scale = sketchScale
        let px = (lon - west) * scale - Self.sketchOffset, py = (lat - south) * scale - Self.sketchOffset
        let e = Self.quantError
        let bytes = UnsafeRawPointer(sketches.base)
        for _ in 0..<n {
            let head = Self.load32(sketches, p)
            let area = Int(head & 0x7FFF)
            var inside = head & 0x8000 != 0
            let toggles = Int(head >> 28), units = Int(head >> 16 & 0xFFF)
            // The entry's units end inside the table, and the table's 4 bytes of padding keep the last
            // unit's 32-bit load inside too (checked at load time; asserted here once per entry).
            precondition(p &+ 4 &+ 2 &* toggles &+ 3 &* units &+ 1 <= sketches.count, "sketch entry out of range")
            p &+= 4
            for _ in 0..<toggles {
                let d = Double(bytes.loadUnaligned(fromByteOffset: p, as: Int16.self).littleEndian) - py
                if d < -e { inside.toggle() } else if d <= e { return Self.sketchUnsure }
                p &+= 2
            }
            // The units in chunks of at most 64, each chunk's last unit starting the next: first a
            // branch-free pass marks which units lie certainly above and certainly below the point's
            // latitude (and which start runs); only the few edges whose ends are certainly on opposite
            // sides are then tested, and the rare vertex level with the point is settled from its
            // neighbours or left to the record.
            // ⌊py + e⌋ and ⌈py − e⌉ by truncating positive values (py is within a cell of 0, far
            // inside ±4096, because `area(containing:)` only looks up latitudes in [-90, 90], which
            // `row(of:)` puts in their own row), which avoids a call to floor or ceil on targets without a
            // rounding instruction.
            let high = Int32(py + e + 4096) &- 4096, low = 4096 &- Int32(4096 - (py - e))
            var first = 0
            while first < units &- 1 {
                let count = min(64, units &- first)
                var above: UInt64 = 0, below: UInt64 = 0, start: UInt64 = 0
                // Last unit first, each shifting the masks up by one: three short dependency chains.
                var q = p &+ 3 &* (first &+ count &- 1)
                for _ in 0..<count {
                    let unit = Self.unit(bytes, q)
                    let qy = Self.unitY(unit)
                    above = above &<< 1 | (qy > high ? 1 : 0)
                    below = below &<< 1 | (qy < low ? 1 : 0)
                    start = start &<< 1 | (unit == Self.sketchRunStart ? 1 : 0)
                    q &-= 3
                }
                let all: UInt64 = count == 64 ? .max : (1 &<< UInt64(count)) &- 1
                var level = all & ~(above | below | start)
                while level != 0 {
                    // A vertex level with the point is settled from its two neighbours when all three lie
                    // certainly east of the point (its two edges then cross the ray once together when the
                    // neighbours are on opposite sides, else twice or not at all) or all certainly west
                    // (neither edge can cross); otherwise the record decides.
                    let k = level.trailingZeroBitCount
                    level &= level &- 1
                    guard k >= 1, k &+ 1 < count else { return Self.sketchUnsure }
                    let neighbours: UInt64 = 5 &<< UInt64(k &- 1)
                    guard (above | below) & ~start & neighbours == neighbours else { return Self.sketchUnsure }
                    let at = p &+ 3 &* (first &+ k &- 1)
                    var east = 0, west = 0
                    for j in 0..<3 {
                        let x = Double(Self.unitX(Self.unit(bytes, at &+ 3 &* j)))
                        if x - px > e { east &+= 1 } else if x - px < -e { west &+= 1 }
                    }
                    if east == 3 {
                        if (above >> UInt64(k &- 1) ^ above >> UInt64(k &+ 1)) & 1 != 0 { inside.toggle() }
                    } else if west != 3 {
                        return Self.sketchUnsure
                    }
                }
                var crossing = (above & (below >> 1) | below & (above >> 1)) & ~start & ~(start >> 1) & (all >> 1)
                while crossing != 0 {
                    let k = crossing.trailingZeroBitCount
                    crossing &= crossing &- 1
                    let at = p &+ 3 &* (first &+ k)
                    let a = Self.unit(bytes, at), b = Self.unit(bytes, at &+ 3)
                    switch Self.crossingDecision(ax: Double(Self.unitX(a)), ay: Double(Self.unitY(a)),
                                                 bx: Double(Self.unitX(b)), by: Double(Self.unitY(b)),
                                                 px: px, py: py) {
                    case 0: break
                    case 1: inside.toggle()
                    default: return Self.sketchUnsure
                    }
                }
                first &+= count &- 1
            }
            p &+= 3 &* units
            if inside { return area }
        }
        return Self.sketchNone
    }
}
