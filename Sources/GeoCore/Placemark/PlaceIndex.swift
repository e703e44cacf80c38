/// A point layer: the populated places (the gazetteer's cities, then its localities), indexed so that "which place is nearest to
/// this point?" is answered exactly, by great-circle distance, in a few dozen nanoseconds.
///
/// **Nearest place.** The sphere is cut into 32 cells of 45° × 45°, each the root of a quadtree. Every leaf
/// lists the *candidates* of its cell: a superset of the places that are the nearest place of some point in
/// the cell. A query finds its leaf (one table read at 1.40625° resolution, then a few halvings) and compares
/// the leaf's few candidates, so it costs the same at sea 2,000 km from any place as in a city: there is no
/// search that grows with the distance. The lists are exact supersets because of how they are made
/// (`PlaceIndex+Build.swift`): with U the smallest, over the parent's candidates q, of q's largest angle to the
/// cell, every point of the cell has a place within U, so a place whose smallest angle to the cell exceeds U
/// is nobody's nearest there. Both bounds are exact, as cosines (`PlaceCell`).
///
/// **Distance and ties.** Places are compared by the chord between unit vectors, which orders them exactly
/// as the great-circle angle does (chord = 2 sin(angle/2) is increasing) and, unlike a dot product, keeps
/// full precision at centimetres. Places at the same chord (in practice: at the same coordinates) go to the
/// more populous, then to the one listed first in the city table (lower GeoNames id): each list is stored in
/// that order and only a strictly smaller chord replaces the best so far.
///
/// **Places of one country.** A second, flat structure buckets the places by 1° cell, for "the nearest place
/// of country C within r" (the same-country rule of `CountryGazetteer.locality(near:countryISO2:)`): the
/// cells of the cap's bounding box whose exact distance is at most r, scanned for that country.
///
/// Everything is flat tables; the tree is written into the binary index and validated when it is read
/// (`PlaceIndex+Binary.swift`), so a damaged file cannot make a query read outside a table; the two grids
/// (lookup and buckets) are derived at load in under a millisecond.
struct PlaceIndex: Sendable {
    /// Each place's unit vector, x, y, z: 3 × place count.
    let vectors: Table<Double>
    /// Each place's position in the tie order (0 first: more populous, then earlier in the table).
    let rank: Table<UInt32>
    /// The quadtree: an internal node holds the index of its first child (the four children are consecutive:
    /// south-west, south-east, north-west, north-east); a leaf holds `leafFlag | leaf number`. Nodes 0..<32
    /// are the 45° roots, row-major from the south-west.
    let nodes: Table<UInt32>
    /// Leaf k's candidates are `candidates[leafStart[k]..<leafStart[k + 1]]`, in tie order.
    let leafStart: Table<UInt32>
    let candidates: Table<UInt32>
    /// The node covering each cell of the `lookupLevel` grid (row-major from the south-west): a leaf as large
    /// or larger than the cell, or the internal node of exactly that cell. Derived from `nodes` at load.
    let lookup: Table<UInt32>
    /// Places by 1° cell (row-major from the south-west, 180 × 360): cell c's places are
    /// `bucketPlaces[bucketStart[c]..<bucketStart[c + 1]]`. Derived from the city and locality tables at load.
    let bucketStart: Table<UInt32>
    let bucketPlaces: Table<UInt32>
    /// Each place's name: for a city a copy of the city table's, which lives front-coded in the name index
    /// where one costs a block decode (about 1 µs); here it is one slice. A locality's name lives only here.
    let names: StringPool

    static let leafFlag: UInt32 = 0x8000_0000
    /// The most places the index takes (cities and localities together): far below `leafFlag`, and the
    /// builder numbers places in `Int32`.
    static let maxPlaces = 1 << 24
    static let rootSize = 45.0
    static let rootRows = 4, rootColumns = 8
    /// The lookup grid is this many halvings below the roots: 45° / 32 = 1.40625°.
    static let lookupLevel = 5
    static let lookupRows = rootRows << lookupLevel, lookupColumns = rootColumns << lookupLevel
    static let lookupSize = rootSize / Double(1 << lookupLevel)
    static let bucketRows = 180, bucketColumns = 360

    var count: Int { rank.count }

    static var empty: PlaceIndex {
        PlaceIndex(vectors: Table([]), rank: Table([]), nodes: Table([]), leafStart: Table([0]), candidates: Table([]),
                   lookup: Table([]), bucketStart: Table([]), bucketPlaces: Table([]),
                   names: .empty)
    }

    /// Place `i`'s unit vector.
    @inline(__always)
    func vector(_ i: Int) -> Vector3 {
        let v = vectors.base + 3 * i
        return Vector3(x: v[0], y: v[1], z: v[2])
    }

    /// The place nearest to `point` and the squared chord to it (unit sphere), or nil when there are no places.
    /// - Parameter point: `lat` in [-90, 90] and `lon` in [-180, 180] (the caller checks and wraps).
    /// - Complexity: O(depth + candidates of one leaf): a table read, a few halvings, about seven
    ///   chord comparisons. No allocation.
    func nearest(to point: GeoPoint) -> (place: Int, chord2: Double)? {
        nearest(to: point, vector: Vector3(point))
    }

    /// `nearest(to:)` with the point's unit vector `p` already at hand.
    func nearest(to point: GeoPoint, vector p: Vector3) -> (place: Int, chord2: Double)? {
        guard count > 0 else { return nil }
        let lat = point.lat, lon = point.lon
        let size = Self.lookupSize
        var row = Self.cellNumber(lat + 90, size: size, count: Self.lookupRows)
        var column = Self.cellNumber(lon + 180, size: size, count: Self.lookupColumns)
        // The division may round across a boundary; exact comparisons put the point in a cell that holds it.
        var south = -90 + Double(row) * size
        if lat < south && row > 0 { row -= 1; south -= size } else if lat > south + size && row < Self.lookupRows - 1 { row += 1; south += size }
        var west = -180 + Double(column) * size
        if lon < west && column > 0 { column -= 1; west -= size } else if lon > west + size && column < Self.lookupColumns - 1 { column += 1; west += size }
        var node = lookup[row * Self.lookupColumns + column]
        var half = size / 2
        // Children are stored after their parent (checked at load), so this ends within the node count.
        while node & Self.leafFlag == 0 {
            var child = Int(node)
            if lat >= south + half { child += 2; south += half }
            if lon >= west + half { child += 1; west += half }
            node = nodes[child]
            half /= 2
        }
        let leaf = Int(node & ~Self.leafFlag)
        return closest(to: p, among: Int(leafStart[leaf])..<Int(leafStart[leaf + 1]))
    }

    /// The candidate in `range` with the smallest chord to `p`, the first in the list on a tie.
    @inline(__always)
    private func closest(to p: Vector3, among range: Range<Int>) -> (place: Int, chord2: Double)? {
        var best = Double.infinity, bestPlace = -1
        let list = candidates.buffer
        for k in range {
            let i = Int(list[k])
            let v = vectors.base + 3 * i
            let dx = p.x - v[0], dy = p.y - v[1], dz = p.z - v[2]
            let c2 = dx * dx + dy * dy + dz * dz
            if c2 < best { best = c2; bestPlace = i }
        }
        return bestPlace >= 0 ? (bestPlace, best) : nil
    }

    /// `Int(offset / size)` clamped to 0..<count (the caller corrects a rounding across a boundary).
    @inline(__always)
    static func cellNumber(_ offset: Double, size: Double, count: Int) -> Int {
        let n = Int(offset / size)
        return n < 0 ? 0 : (n >= count ? count - 1 : n)
    }

    /// The squared chord between unit vectors: the quantity every comparison here uses.
    @inline(__always)
    static func chord2(_ a: Vector3, _ b: Vector3) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z
        return dx * dx + dy * dy + dz * dz
    }

    /// The great-circle angle in radians for a squared chord on the unit sphere: 2·asin(c/2), as an atan2.
    static func angle(chord2: Double) -> Double {
        let half2 = chord2 / 4
        return 2 * GeoMath.atan2(half2.squareRoot(), Swift.max(0, 1 - half2).squareRoot())
    }
}
