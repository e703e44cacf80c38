/// Certain ray-crossing decisions on a coarse integer grid, for the cell sketches
/// (`CountryIndex+Sketches.swift`).
///
/// A sketch stores each vertex on a grid of `sketchSteps` steps per cell edge, centred on the cell:
/// `q = round((x − west) · scale − sketchOffset)`, the same for latitudes with `south`. The test below only
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
/// - an edge that leaves the grid's box (±`sketchLimit` steps, one cell beyond each side) is stored as its
///   path *clamped* to the box: cut where it crosses the box's lines, each piece's ends pulled onto the box
///   (`sketchPieces`). For a point inside the cell the clamped path crosses the eastward ray exactly as
///   often, modulo 2, as the edge: a piece beyond the east line becomes a piece of that line, which the
///   ray crosses at the same latitudes; pieces beyond the west line stay west of the point; pieces above or
///   below the box become pieces of its top or bottom line, which the ray never meets. The cut points are
///   computed in floating point, far inside the `quantError` slack, so the bound below still holds for
///   each piece, and a long straight border no longer makes every point near it unsure.
///
/// The same test on a finer 16-bit grid, stored in every border record, came first (7.1 MB for Natural
/// Earth); the sketches replaced it.
extension CountryIndex {
    /// Largest difference between a stored coordinate (or the point's scaled coordinate) and the true one.
    static let quantError = 0.500_01

    /// Where (lon, lat) lies on the sketch grid of the cell with corner (`west`, `south`), before rounding
    /// (the same arithmetic as the lookup's point).
    /// - Parameter scale: `sketchScale`, grid steps per degree.
    @inline(__always)
    static func sketchPoint(lon: Double, lat: Double, west: Double, south: Double, scale: Double) -> (x: Double, y: Double) {
        ((lon - west) * scale - sketchOffset, (lat - south) * scale - sketchOffset)
    }

    /// A grid point clamped to the box and rounded.
    static func sketchClamped(_ p: (x: Double, y: Double)) -> (x: Int32, y: Int32) {
        let limit = sketchLimit
        func clamp(_ v: Double) -> Int32 { Int32(min(limit, max(-limit, v.isNaN ? 0 : v)).rounded()) }
        return (clamp(p.x), clamp(p.y))
    }

    /// The edge `a`→`b` (unrounded grid points) as its path clamped to the grid's box: the points after
    /// `a`, in order — where the edge crosses the lines x = ±limit and y = ±limit, then `b` — each clamped
    /// and rounded. (`sketchClamped(a)` is the path's first point; for a run of edges, the previous
    /// edge's last.)
    static func sketchPieces(from a: (x: Double, y: Double), to b: (x: Double, y: Double)) -> [(x: Int32, y: Int32)] {
        let limit = sketchLimit
        var cuts: [Double] = []
        for (start, end) in [(a.x, b.x), (a.y, b.y)] where start != end {
            for line in [-limit, limit] {
                let t = (line - start) / (end - start)
                if t > 0 && t < 1 { cuts.append(t) }
            }
        }
        cuts.sort()
        var points: [(x: Int32, y: Int32)] = []
        for t in cuts {
            points.append(sketchClamped((a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))))
        }
        points.append(sketchClamped(b))
        return points
    }

    /// Whether the edge with grid ends (`ax`, `ay`) and (`bx`, `by`) crosses the ray from the point
    /// (`px`, `py`, its coordinates in the same scaled frame) towards +longitude: 0 certainly not (and it
    /// does not touch the point), 1 certainly (and it does not touch the point), 2 unsure (run the exact
    /// test). The point must lie in the cell.
    @inline(__always)
    static func crossingDecision(ax: Double, ay: Double, bx: Double, by: Double, px: Double, py: Double) -> Int {
        let e = quantError
        let dA = ay - py
        let dB = by - py
        let aboveA = dA > e, aboveB = dB > e
        let belowA = dA < -e, belowB = dB < -e
        if (aboveA && aboveB) || (belowA && belowB) { return 0 }
        if !((aboveA && belowB) || (belowA && aboveB)) { return 2 }
        let ux = ax - px, zx = bx - px
        let det = ux * dB - dA * zx
        let bound = e * (ux.magnitude + zx.magnitude + dA.magnitude + dB.magnitude) + 2
        // Edge (a, b) crosses when b is above and the point is left of a→b, or b is below and right of it.
        if det > bound { return aboveB ? 1 : 0 }
        if det < -bound { return aboveB ? 0 : 1 }
        return 2
    }
}
