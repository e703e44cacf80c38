/// Exact bounds between a point and a latitude/longitude cell, the bounds the places index is built on.
///
/// A cell is the closed rectangle [south, north] × [west, east] in degrees, with east − west and
/// north − south at most 45° (every cell the index makes), so it never wraps the antimeridian.
///
/// The bounds are cosines, not angles: the largest and smallest dot product of a vector with the cell's
/// points (`maxDot`, `minDot`). For a unit vector they are the cosines of the smallest and largest angle to
/// the cell, which order places exactly as the angles do; and they need no trigonometry per place, only the
/// sines and cosines of the cell's four edges, computed once per cell. Building the index over the 170,000
/// cities and localities asks for millions of these bounds: with an arc-distance per bound (two inverse
/// trigonometric calls and a normalisation) the first start took 14 s of CPU, with these it stays under 5.
struct PlaceCell {
    let south: Double, north: Double, west: Double, east: Double
    let sinSouth: Double, cosSouth: Double, sinNorth: Double, cosNorth: Double
    let sinWest: Double, cosWest: Double, sinEast: Double, cosEast: Double

    init(south: Double, north: Double, west: Double, east: Double) {
        self.south = south
        self.north = north
        self.west = west
        self.east = east
        (sinSouth, cosSouth) = GeoMath.sinCos(degrees: south)
        (sinNorth, cosNorth) = GeoMath.sinCos(degrees: north)
        (sinWest, cosWest) = GeoMath.sinCos(degrees: west)
        (sinEast, cosEast) = GeoMath.sinCos(degrees: east)
    }

    /// The largest value of n·x over the cell's points x (n need not be a unit vector): for a unit vector,
    /// the cosine of its smallest angle to the cell.
    ///
    /// At latitude φ and longitude λ, n·x = cos φ · h cos(λ − λ*) + n.z sin φ, with h and λ* the length and
    /// direction of n's equatorial part. When λ* lies in the cell's span, every latitude takes its largest
    /// value at λ*, so the answer is the largest of h cos φ + n.z sin φ over [south, north]. Otherwise
    /// h cos(λ − λ*) is largest at the west or east edge for every latitude at once (cos φ ≥ 0): the
    /// answer is the larger of the two meridian edges' largest values. "λ* in the span" and its latitude
    /// twin are sign tests of cross products, exact for spans below 180°.
    /// - Complexity: O(1): a few multiplications and at most three square roots; no trigonometry.
    @inline(__always)
    func maxDot(_ n: Vector3) -> Double {
        if cosWest * n.y - sinWest * n.x >= 0 && n.x * sinEast - n.y * cosEast >= 0 {
            return maxOverLatitudes((n.x * n.x + n.y * n.y).squareRoot(), n.z)
        }
        return Swift.max(maxOverLatitudes(n.x * cosWest + n.y * sinWest, n.z),
                         maxOverLatitudes(n.x * cosEast + n.y * sinEast, n.z))
    }

    /// The smallest value of n·x over the cell: for a unit vector, the cosine of its largest angle to the cell.
    @inline(__always)
    func minDot(_ n: Vector3) -> Double {
        -maxDot(Vector3(x: -n.x, y: -n.y, z: -n.z))
    }

    /// The largest of a cos φ + b sin φ over φ in [south, north]: √(a² + b²) when the maximiser atan2(b, a)
    /// lies in the range, else the larger end.
    @inline(__always)
    func maxOverLatitudes(_ a: Double, _ b: Double) -> Double {
        if cosSouth * b - sinSouth * a >= 0 && a * sinNorth - b * cosNorth >= 0 { return (a * a + b * b).squareRoot() }
        return Swift.max(a * cosSouth + b * sinSouth, a * cosNorth + b * sinNorth)
    }
}
