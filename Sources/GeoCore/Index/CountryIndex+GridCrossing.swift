/// Certain ray-crossing decisions on a coarse integer grid, for the cell sketches
/// (`CountryIndex+Sketches.swift`).
///
/// A sketch stores each vertex on a grid of `sketchSteps` steps per cell edge, centred on the cell:
/// `q = round((x − west) · scale) − sketchOffset`, the same for latitudes with `south`. The test below only
/// ever *decides* when the decision is certain; otherwise it says "unsure" and the lookup runs the exact
/// test on the real vertices (`touches`, `crosses`). The answer is therefore the exact answer, bit for bit:
/// - every stored coordinate is within `quantError` (half a step, plus far less than 10⁻⁶ steps of
///   rounding in the subtractions and products) of the true vertex in the same scaled frame, and the
///   point's scaled coordinates carry the same tiny rounding;
/// - "both ends above (or both below) the point's latitude by more than `quantError`" proves the edge
///   neither crosses the ray nor touches the point;
/// - when the ends are certainly on opposite sides, the orientation determinant computed from grid
///   values differs from the true one (in the scaled frame, whose sign is the exact predicate's sign) by
///   at most `e·(|Δ₁| + |Δ₂| + |Δ₃| + |Δ₄|) + 6e²` (`e` the coordinate error, `Δ` the grid differences);
///   beyond `e·Σ|Δ| + 2` its sign is the true sign, and a non-zero determinant also proves the point is
///   not on the edge. Grid values stay below 2¹² in magnitude, so every product is exact in a `Double`;
/// - a vertex out of the grid's reach is marked "far" (always "unsure" past the latitude filter) and keeps
///   a latitude clamped to the grid, which keeps "both ends above/below" sound for any point inside the
///   cell.
///
/// The same test on a finer 16-bit grid, stored in every border record, came first (7.1 MB for Natural
/// Earth); the sketches replaced it.
extension CountryIndex {
    /// Largest difference between a stored coordinate (or the point's scaled coordinate) and the true one.
    static let quantError = 0.500_01

    /// A vertex on the sketch grid of the cell with corner (`west`, `south`): its grid longitude and
    /// latitude, and whether it lies beyond the grid's reach (then `x` is meaningless and `y` clamped).
    /// - Parameter scale: `sketchScale`, grid steps per degree.
    static func sketchGrid(lon: Double, lat: Double, west: Double, south: Double, scale: Double)
        -> (x: Int32, y: Int32, far: Bool)
    {
        let x = ((lon - west) * scale).rounded() - sketchOffset
        let y = ((lat - south) * scale).rounded() - sketchOffset
        let limit = sketchLimit
        let far = !(x >= -limit && x <= limit && y >= -limit && y <= limit)
        return (far ? 0 : Int32(x), Int32(min(limit, max(-limit, y.isNaN ? 0 : y))), far)
    }

    /// Whether the edge with grid ends (`ax`, `ay`) and (`bx`, `by`) crosses the ray from the point
    /// (`px`, `py`, its coordinates in the same scaled frame) towards +longitude: 0 certainly not (and it
    /// does not touch the point), 1 certainly (and it does not touch the point), 2 unsure (run the exact
    /// test). `aFar`, `bFar`: the end is beyond the grid's reach. The point must lie in the cell.
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
