/// Quantised edge copies inside the border-cell records, so that most lookups never read the vertices.
///
/// A near-border lookup used to follow three dependent loads that each tend to miss the cache: the cell,
/// its record, then the vertices of the point's band of edges in the 8.7 MB vertex array. Each record now
/// also holds, per edge reference, the edge's two vertices as 16-bit integers on a grid of
/// `2048 × bands` steps per cell edge (about 1.7 m at 0.25° cells), centred on the cell and reaching 1.5
/// cells beyond each side: `q = round((x − west) · scale) − quantOffset`, the same for latitudes with
/// `south`. That costs 8 bytes per edge reference (about 7 MB), and leaves the common case reading only
/// the record.
///
/// The quantised test only ever *decides* when the decision is certain; otherwise it says "unsure" and the
/// lookup runs the exact test on the real vertices (`touches`, `crosses`). The answer is therefore the
/// exact answer, bit for bit:
/// - every stored coordinate is within `quantError` (half a step, plus far less than 10⁻⁶ steps of
///   rounding in the subtractions and products) of the true vertex in the same scaled frame, and the
///   point's scaled coordinates carry the same tiny rounding;
/// - "both ends above (or both below) the point's latitude by more than `quantError`" proves the edge
///   neither crosses the ray nor touches the point;
/// - when the ends are certainly on opposite sides, the orientation determinant computed from quantised
///   values differs from the true one (in the scaled frame, whose sign is the exact predicate's sign) by
///   at most `e·(|Δ₁| + |Δ₂| + |Δ₃| + |Δ₄|) + 6e²` (`e` the coordinate error, `Δ` the quantised
///   differences); beyond `e·Σ|Δ| + 2` its sign is the true sign, and a non-zero determinant also proves
///   the point is not on the edge;
/// - a vertex out of the grid's reach stores `quantFar` as its longitude (always "unsure" past the
///   latitude filter) and a latitude clamped to the grid, which keeps "both ends above/below" sound for any
///   point inside the cell.
extension CountryIndex {
    /// Quantisation steps per latitude band (so `bandScale · quantPerBand` steps per degree).
    static let quantPerBand = 2048.0
    /// Subtracted so the cell's centre is at 0 and the grid reaches 1.5 cells beyond each side.
    static let quantOffset = 1024.0 * Double(bands)
    /// Largest difference between a stored coordinate (or the point's scaled coordinate) and the true one.
    static let quantError = 0.500_01
    /// The longitude that marks a vertex out of the grid's reach.
    static let quantFar: Int16 = .min

    /// The two 16-bit quantised coordinates of a vertex, as one word: longitude low, latitude high.
    /// - Parameter scale: `bandScale · quantPerBand`; `west`, `south`: the cell's corner.
    static func quantise(lon: Double, lat: Double, west: Double, south: Double, scale: Double) -> UInt32 {
        let x = ((lon - west) * scale).rounded() - quantOffset
        let y = ((lat - south) * scale).rounded() - quantOffset
        let limit = Double(Int16.max)
        let far = !(x >= -limit && x <= limit && y >= -limit && y <= limit)
        let qx = far ? quantFar : Int16(x)
        let qy = Int16(min(limit, max(-limit, y.isNaN ? 0 : y)))
        return UInt32(UInt16(bitPattern: qx)) | UInt32(UInt16(bitPattern: qy)) << 16
    }

    /// Whether the edge with quantised ends `a`, `b` crosses the ray from the point (`px`, `py`, its
    /// coordinates in the same scaled frame) towards +longitude: 0 certainly not (and it does not touch
    /// the point), 1 certainly (and it does not touch the point), 2 unsure (run the exact test).
    /// The point must lie in the cell the words were made for.
    @inline(__always)
    static func quantCrossing(_ a: UInt32, _ b: UInt32, px: Double, py: Double) -> Int {
        let ax = Int16(truncatingIfNeeded: a), bx = Int16(truncatingIfNeeded: b)
        return crossingDecision(ax: Double(ax), ay: Double(Int16(truncatingIfNeeded: a >> 16)), aFar: ax == quantFar,
                                bx: Double(bx), by: Double(Int16(truncatingIfNeeded: b >> 16)), bFar: bx == quantFar,
                                px: px, py: py)
    }

    /// `quantCrossing` for an edge whose ends (`ax`, `ay`) and (`bx`, `by`) are grid values already
    /// decoded (`aFar`, `bFar`: the end is beyond the grid's reach), on any integer grid whose values and
    /// products are exact in a `Double` (the cell sketches use the same test on a coarser grid).
    @inline(__always)
    static func crossingDecision(ax: Double, ay: Double, aFar: Bool, bx: Double, by: Double, bFar: Bool,
                                 px: Double, py: Double) -> Int {
        let e = quantError
        let dA = ay - py
        let dB = by - py
        let aboveA = dA > e, aboveB = dB > e
        let belowA = dA < -e, belowB = dB < -e
        if (aboveA && aboveB) || (belowA && belowB) { return 0 }
        if !((aboveA && belowB) || (belowA && aboveB)) { return 2 }
        if aFar || bFar { return 2 }
        let ux = ax - px, zx = bx - px
        let det = ux * dB - dA * zx
        let bound = e * (ux.magnitude + zx.magnitude + dA.magnitude + dB.magnitude) + 2
        // Edge (a, b) crosses when b is above and the point is left of a→b, or b is below and right of it.
        if det > bound { return aboveB ? 1 : 0 }
        if det < -bound { return aboveB ? 0 : 1 }
        return 2
    }
}
