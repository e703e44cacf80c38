/// Building the places index: the candidate quadtree, its lookup grid and the 1° buckets.
extension PlaceIndex {
    /// A leaf is split while it has more candidates than this (and is not yet at `maxDepth`).
    static let leafCandidates = 16
    /// The deepest split below the 45° roots: 45° / 2^15 ≈ 0.0014°, about 150 m. Deeper than this only
    /// places at (nearly) the same coordinates share a leaf.
    static let maxDepth = 15
    /// Slack on the candidate test, in cosine (about 4 cm at 1 km, 0.4 mm at 100 km): the bounds are computed
    /// with rounding errors near 1e-15, so a place at the bound is kept, never lost.
    static let slack = 1e-12
    /// How many places each candidate is tested against for dominance.
    /// Twelve: the dominance test is cheap (one `PlaceCell.maxDot`), and more pivots drop more candidates
    /// early in the tree, where the lists are long: with the 100,000 localities added, fewer pivots left
    /// lists that made every level below slower.
    static let pivots = 12

    /// Builds the index over `points` (named `names`), ties going to the larger `population`, then to the lower index.
    /// - Complexity: O(n log n)-ish in practice: each level of the tree filters its parent's candidates;
    ///   about a quarter of a second for the 69,000 GeoNames places.
    init(points: [GeoPoint], population: [UInt32], names: [String]) {
        let n = points.count
        guard n > 0 else {
            self = .empty
            return
        }
        var vectorValues = [Double]()
        vectorValues.reserveCapacity(3 * n)
        var vectors: [Vector3] = []
        vectors.reserveCapacity(n)
        for p in points {
            let v = Vector3(p)
            vectors.append(v)
            vectorValues += [v.x, v.y, v.z]
        }
        let order = (0..<n).sorted { a, b in population[a] != population[b] ? population[a] > population[b] : a < b }
        var rank = [UInt32](repeating: 0, count: n)
        for (position, i) in order.enumerated() { rank[i] = UInt32(position) }

        var builder = Builder(vectors: vectors, rank: rank)
        builder.nodes = [UInt32](repeating: 0, count: Self.rootRows * Self.rootColumns)
        // Places at exactly the same coordinates are at the same distance from every point, so only the one
        // the tie rule prefers (the best rank) can ever be the nearest: the tree is built over those alone.
        // Without this, a name table with thousands of places on one spot (a test's, or a user's) kept them
        // all in every cell of the globe, and the tree split to its full depth everywhere: gigabytes.
        let byPosition = (0..<n).sorted { a, b in
            points[a].lat != points[b].lat ? points[a].lat < points[b].lat
                : points[a].lon != points[b].lon ? points[a].lon < points[b].lon : rank[a] < rank[b]
        }
        var all: [Int32] = []
        all.reserveCapacity(n)
        for (k, i) in byPosition.enumerated() {
            if k > 0, points[byPosition[k - 1]].lat == points[i].lat, points[byPosition[k - 1]].lon == points[i].lon {
                continue
            }
            all.append(Int32(i))
        }
        all.sort()
        for row in 0..<Self.rootRows {
            for column in 0..<Self.rootColumns {
                let cell = PlaceCell(south: -90 + Double(row) * Self.rootSize, north: -90 + Double(row + 1) * Self.rootSize,
                                     west: -180 + Double(column) * Self.rootSize, east: -180 + Double(column + 1) * Self.rootSize)
                let root = builder.node(cell, builder.filter(all, cell), depth: 0, parentCount: all.count)
                builder.nodes[row * Self.rootColumns + column] = root
            }
        }
        let lookup = Self.lookupGrid(builder.nodes)
        var pool = StringPoolBuilder()
        for name in names { pool.append(name) }
        let buckets = Self.buckets(points.map { Self.bucket(lat: $0.lat, lon: $0.lon) }, rank: rank)
        self.init(vectors: Table(vectorValues), rank: Table(rank), nodes: Table(builder.nodes),
                  leafStart: Table(builder.leafStart), candidates: Table(builder.candidates), lookup: Table(lookup),
                  bucketStart: Table(buckets.start), bucketPlaces: Table(buckets.places), names: pool.build())
    }

    /// The places by 1° cell (`cells[i]` is place i's), in tie order within a cell. Not stored: built at load
    /// in well under a millisecond, so the file does not carry (and check) a 260 KB table.
    static func buckets(_ cellOf: [Int], rank: [UInt32]) -> (start: [UInt32], places: [UInt32]) {
        let cells = bucketRows * bucketColumns
        var start = [UInt32](repeating: 0, count: cells + 1)
        for c in cellOf { start[c + 1] += 1 }
        for c in 0..<cells { start[c + 1] += start[c] }
        var next = start
        var places = [UInt32](repeating: 0, count: cellOf.count)
        var byRank = [Int](repeating: 0, count: cellOf.count)
        for (i, r) in rank.enumerated() { byRank[Int(r)] = i }
        for i in byRank {
            places[Int(next[cellOf[i]])] = UInt32(i)
            next[cellOf[i]] += 1
        }
        return (start, places)
    }

    /// For each cell of the lookup grid, the node that covers it (see `PlaceIndex.lookup`). Not stored: built
    /// at load from the checked nodes (32,768 short walks).
    static func lookupGrid(_ nodes: some RandomAccessCollection<UInt32>) -> [UInt32] {
        let level = lookupLevel
        let base = nodes.startIndex
        var grid = [UInt32](repeating: 0, count: lookupRows * lookupColumns)
        for row in 0..<lookupRows {
            for column in 0..<lookupColumns {
                var node = nodes[nodes.index(base, offsetBy: (row >> level) * rootColumns + (column >> level))]
                var shift = level - 1
                while node & leafFlag == 0 && shift >= 0 {
                    node = nodes[nodes.index(base, offsetBy: Int(node) + ((row >> shift) & 1) * 2 + ((column >> shift) & 1))]
                    shift -= 1
                }
                grid[row * lookupColumns + column] = node
            }
        }
        return grid
    }

    /// `bucket(lat:lon:)` for coordinates in the city table's units (1e-5°), in integers: the same cell, as
    /// both take the floor of exact values (CityTable checked the ranges).
    static func bucket(lat: Int32, lon: Int32) -> Int {
        let row = Swift.min(Int(lat + 9_000_000) / 100_000, bucketRows - 1)
        let column = Swift.min(Int(lon + 18_000_000) / 100_000, bucketColumns - 1)
        return row * bucketColumns + column
    }

    /// The 1° bucket holding (`lat`, `lon`); the last row and column are closed (they hold 90° and 180°).
    static func bucket(lat: Double, lon: Double) -> Int {
        let row = Swift.min(Swift.max(Int((lat + 90).rounded(.down)), 0), bucketRows - 1)
        let column = Swift.min(Swift.max(Int((lon + 180).rounded(.down)), 0), bucketColumns - 1)
        return row * bucketColumns + column
    }

    /// The quadtree under construction.
    private struct Builder {
        let vectors: [Vector3]
        let rank: [UInt32]
        var nodes: [UInt32] = []
        var leafStart: [UInt32] = [0]
        var candidates: [UInt32] = []

        init(vectors: [Vector3], rank: [UInt32]) {
            self.vectors = vectors
            self.rank = rank
        }

        /// The places of `list` that can be the nearest place of some point of `cell` (see `PlaceIndex`).
        ///
        /// Two tests, each dropping only places that are nobody's nearest in the cell, both on cosines
        /// (`PlaceCell.maxDot`, `minDot`: no trigonometry per place). The bound: with L the largest, over the
        /// places, of the smallest cosine to the cell (every point of the cell has a place at least that
        /// close), a place whose largest cosine to the cell is below L is out. Dominance: q is farther than
        /// q′ from every point p of the cell when p·(q − q′) < 0 throughout, that is when the largest value
        /// of (q − q′)·p over the cell is negative; q′ runs over the `pivots` places with the largest smallest
        /// cosine, the likeliest to dominate.
        func filter(_ list: [Int32], _ cell: PlaceCell) -> [Int32] {
            var bound = -Double.infinity
            var pivots: [(dot: Double, place: Int)] = []
            pivots.reserveCapacity(PlaceIndex.pivots + 1)
            for q in list {
                let i = Int(q)
                let d = cell.minDot(vectors[i])
                if d > bound { bound = d }
                if pivots.count < PlaceIndex.pivots || d > pivots[pivots.count - 1].dot {
                    if pivots.count == PlaceIndex.pivots { pivots.removeLast() }
                    // Insertion into the short sorted list (largest first).
                    var k = pivots.count
                    pivots.append((d, i))
                    while k > 0 && pivots[k - 1].dot < d {
                        pivots[k] = pivots[k - 1]
                        k -= 1
                    }
                    pivots[k] = (d, i)
                }
            }
            bound -= PlaceIndex.slack
            let dominance = list.count > PlaceIndex.leafCandidates
            var kept: [Int32] = []
            kept.reserveCapacity(list.count)
            for q in list {
                let i = Int(q)
                let v = vectors[i]
                guard cell.maxDot(v) >= bound else { continue }
                var dominated = false
                if dominance {
                    for pivot in pivots where pivot.place != i {
                        if cell.maxDot(v - vectors[pivot.place]) < -PlaceIndex.slack {
                            dominated = true
                            break
                        }
                    }
                }
                if !dominated { kept.append(q) }
            }
            return kept
        }

        /// The node for `cell` with candidates `list`: a leaf, or four children made from `list`.
        ///
        /// A cell whose list is as long as its parent's becomes a leaf: splitting did not narrow the candidates
        /// there, so splitting again would only copy the same list into four more cells, level after level
        /// (near-coincident places can do that anywhere). The leaf answers as exactly, scanning a longer list.
        mutating func node(_ cell: PlaceCell, _ list: [Int32], depth: Int, parentCount: Int) -> UInt32 {
            if list.count <= PlaceIndex.leafCandidates || depth >= PlaceIndex.maxDepth || list.count >= parentCount {
                let leaf = UInt32(leafStart.count - 1)
                for q in list.sorted(by: { rank[Int($0)] < rank[Int($1)] }) { candidates.append(UInt32(q)) }
                leafStart.append(UInt32(candidates.count))
                return PlaceIndex.leafFlag | leaf
            }
            let first = nodes.count
            nodes += [0, 0, 0, 0]
            let midLat = (cell.south + cell.north) / 2, midLon = (cell.west + cell.east) / 2
            let quarters = [
                PlaceCell(south: cell.south, north: midLat, west: cell.west, east: midLon),
                PlaceCell(south: cell.south, north: midLat, west: midLon, east: cell.east),
                PlaceCell(south: midLat, north: cell.north, west: cell.west, east: midLon),
                PlaceCell(south: midLat, north: cell.north, west: midLon, east: cell.east),
            ]
            for (k, quarter) in quarters.enumerated() {
                let child = node(quarter, filter(list, quarter), depth: depth + 1, parentCount: list.count)
                nodes[first + k] = child
            }
            return UInt32(first)
        }

    }
}
