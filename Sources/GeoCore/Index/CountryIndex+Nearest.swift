extension CountryIndex {
    /// The area whose boundary comes nearest to `point`, if that is within `maxKm` kilometres.
    ///
    /// Meant for points inside no area: the nearest point of an area is then on its boundary. Distances are
    /// great-circle distances to each edge taken as a great-circle arc. The answer is the one the full scan
    /// of every border cell in the window (`nearestAreaByScan`) gives, bit for bit, found by visiting the
    /// window's cells nearest first and stopping where a lower bound on everything left exceeds the best
    /// distance so far (a best-first search in the manner of rstar's `nearest_neighbor_iter`):
    /// - rows outward from the point's row, nearer side first, each row's cells outward from the point's
    ///   column, each direction given up once a cell's lower bound exceeds the best distance; blocks that
    ///   hold no border cell are stepped over whole;
    /// - in a border cell, an edge is measured only when a cheap lower bound from its latitudes (widened
    ///   by `arcExcursion`) and longitudes does not already exceed the best distance.
    /// The bounds keep a relative and an absolute slack, so an edge tied with the best is always measured;
    /// a tie goes, as in the scan, to the edge the scan reaches first (`NearestSearch.scanKey`).
    ///
    /// Why skipping a cell is safe: an edge is listed in every cell of the rectangle of rows and columns its
    /// ends span; its nearest point to `point` lies within the edge's longitudes and within `arcExcursion`
    /// of its latitudes, so in a listed cell widened by `arcExcursion`, whose bound it cannot beat.
    /// - Parameters:
    ///   - point: `lat` in [-90, 90]; any finite `lon`.
    ///   - maxKm: the search radius in km, ≥ 0.
    /// - Returns: the area and its distance in km, or nil when no boundary is that close.
    /// - Complexity: the border cells and edges that could be nearer than the nearest found; a point a few
    ///   km off a coast measures a few edges of its own and neighbouring cells. Far out at sea with the
    ///   largest radius, the cells out to the nearest coast (a fraction of a millisecond).
    public func nearestArea(to point: GeoPoint, withinKm maxKm: Double) -> (area: Int, distanceKm: Double)? {
        // No distance is below a negative radius or NaN (the scan answers nil too).
        guard maxKm >= 0 else { return nil }
        let p = GeoPoint(lat: point.lat, lon: Self.wrapLongitude(point.lon))
        let pr = row(of: p.lat), pc = column(of: p.lon)
        let own = cell(row: pr, column: pc)
        // Within the default radius, a sea or border cell's near list holds every edge in reach: one list.
        if nearListsAnswer(own: own, maxKm: maxKm) { return nearestByLists(p, maxKm, row: pr, column: pc) }
        // Most points at sea are far from every coast: a few block reads show a window holding the scan's
        // holds no border cell, before any trigonometry (the scan's own window needs a cosine).
        if windowHoldsNoBorderCell(nearestWindowCover(p, maxKm)) { return nil }
        // Near a coast, the cells within the radius itself: a few more reads, still no trigonometry. Not
        // tried from a border cell: its own edges are usually within reach, so the exit would seldom pay.
        if (own == Self.sea || own & Self.borderBit == 0) && reachHoldsNoBorderCell(p, maxKm) { return nil }
        let window = nearestWindow(p, maxKm)
        var search = NearestSearch(point: p, maxKm: maxKm, window: window, excursion: arcExcursion)
        var windowExcursion = 0.0
        for r in window.r0...window.r1 { windowExcursion = max(windowExcursion, rowExcursion[r]) }
        // Iterative deepening: search within a small cap first and widen it eightfold while nothing is found
        // within the cap, so a point far out at sea does not walk whole rows before its first candidate.
        // A pass whose best lies within its cap is exact: every edge that could tie it was measured.
        // Up to twice the first cap, one pass: a second would walk again most of what the first walked
        // (a point 69 km from land at 100 km paid 1.5 µs for a first pass that found nothing).
        var cap = maxKm <= 128 ? maxKm : 64
        while true {
            search.cap = cap
            search.tighten()
            // Rows outward: `down` and `up` are the next rows south and north still to visit.
            var down = pr, up = pr + 1
            while true {
                // Widened by the window's largest row excursion, the gaps only grow outward, so the walk
                // stops at the first that exceeds; each row is then bounded by its own excursion.
                let gapDown = down >= search.window.r0
                    ? max(0, p.lat - (rowSouth[down + 1] + windowExcursion)) : Double.infinity
                let gapUp = up <= search.window.r1 ? max(0, (rowSouth[up] - windowExcursion) - p.lat) : Double.infinity
                let north = gapUp < gapDown
                let outer = north ? gapUp : gapDown
                if outer == .infinity || search.exceeds(latitudeGap: outer, longitudeGap: 0) { break }
                let r = north ? up : down
                if north { up += 1 } else { down -= 1 }
                let own = rowExcursion[r]
                let gap = north ? max(0, (rowSouth[r] - own) - p.lat) : max(0, p.lat - (rowSouth[r + 1] + own))
                if gap > outer && search.exceeds(latitudeGap: gap, longitudeGap: 0) { continue }
                searchRow(r, latitudeGap: gap, column: pc, &search)
            }
            if (search.bestArea >= 0 && search.bestKm <= cap) || cap >= maxKm { break }
            // Past half the circumference every point is within the cap: go straight to the radius (an
            // infinite one included, which growing by eight would take hundreds of passes to reach).
            cap = 8 * cap >= Spherical.earthRadiusKm * Double.pi ? maxKm : min(maxKm, 8 * cap)
        }
        return search.bestArea < 0 ? nil : (search.bestArea, search.bestKm)
    }

    /// The rows and columns the scan reads for `p` and `maxKm`: rows `r0...r1`, and `span` columns from
    /// `c0` eastward, wrapping (all columns near a pole).
    struct NearestWindow {
        var r0: Int, r1: Int, c0: Int, span: Int

        /// Not yet worked out (no window has a negative row).
        static let pending = NearestWindow(r0: -1, r1: -1, c0: 0, span: 0)
    }

    /// The scan's window, by the scan's own rules (`nearestAreaByScan`): the radius plus a cell each way,
    /// in longitude as wide as at the window's widest latitude.
    func nearestWindow(_ p: GeoPoint, _ maxKm: Double) -> NearestWindow {
        let degrees = maxKm / (Spherical.earthRadiusKm * GeoMath.radiansPerDegree) + cellSize
        let south = p.lat - degrees, north = p.lat + degrees
        var window = NearestWindow(r0: row(of: max(-90, south)), r1: row(of: min(90, north)), c0: 0, span: columns)
        if south > -90 && north < 90 {
            let widest = max(-south, north)
            let cosine = GeoMath.sinCos(degrees: widest).cos
            let lonDegrees = degrees / cosine
            if lonDegrees < 180 {
                window.c0 = column(of: Self.wrapLongitude(p.lon - lonDegrees))
                window.span = min(columns, Int(2 * lonDegrees / cellSize) + 3)
            }
        }
        return window
    }

    /// A window holding every cell of `nearestWindow(p, maxKm)`, worked out without trigonometry: the
    /// cosine of the widest latitude is bounded from below by its Taylor polynomial to x⁶ (cos x ≥ 1 − x²/2
    /// + x⁴/24 − x⁶/720 for every x), so the longitude reach is at least the scan's, and two columns each
    /// way more absorb the rounding of `column(of:)` and of the span's truncation.
    func nearestWindowCover(_ p: GeoPoint, _ maxKm: Double) -> NearestWindow {
        let degrees = maxKm / (Spherical.earthRadiusKm * GeoMath.radiansPerDegree) + cellSize
        let south = p.lat - degrees, north = p.lat + degrees
        var window = NearestWindow(r0: row(of: max(-90, south)), r1: row(of: min(90, north)), c0: 0, span: columns)
        if south > -90 && north < 90 {
            let x = max(-south, north) * GeoMath.radiansPerDegree, x2 = x * x
            let cosine = (1 - x2 / 2 + x2 * x2 / 24 - x2 * x2 * x2 / 720) * (1 - 1e-12) - 1e-15
            guard cosine > 1e-3 else { return window }
            let lonDegrees = degrees / cosine
            if lonDegrees < 180 {
                let c0 = column(of: Self.wrapLongitude(p.lon - lonDegrees)) - 2
                window.c0 = c0 < 0 ? c0 + columns : c0
                window.span = min(columns, Int(2 * lonDegrees / cellSize) + 3 + 4)
            }
        }
        return window
    }

    /// Whether no block the window touches holds a border cell (then nothing is in reach): per block row,
    /// the window's westernmost block is not mixed and `eastRuns` says no mixed block follows it within the
    /// window. False when the runs were not worked out.
    func windowHoldsNoBorderCell(_ window: NearestWindow) -> Bool {
        guard !eastRuns.isEmpty else { return false }
        let first = window.c0 >> 2
        let following = ((window.c0 + window.span - 1) >> 2) - first
        for blockRow in (window.r0 >> 2)...(window.r1 >> 2) {
            let b = blockRow &* blockColumns &+ first
            let value = blocks[b]
            if value != Self.sea && value & Self.borderBit != 0 { return false }
            if Int(eastRuns[b]) < following { return false }
        }
        return true
    }

    /// Visits row `r`'s cells of the window outward from column `pc`, nearer side first, each way until a
    /// cell's lower bound exceeds the best distance.
    private func searchRow(_ r: Int, latitudeGap: Double, column pc: Int, _ search: inout NearestSearch) {
        let n = columns, window = search.window
        let full = window.span == n
        let step = (pc - window.c0 + n) % n
        // Each direction at most half way round, so a cell's longitude gap grows along it.
        let eastLimit = full ? n - 1 - n / 2 : window.span - 1 - step
        let westLimit = full ? n / 2 : step
        let south = rowSouth[r]
        // Far from the point, the row's own latitudes give a tighter longitude factor than the search's.
        if search.limitSquared > 1e-3 {
            let highest = max(rowSouth[r].magnitude, rowSouth[r + 1].magnitude) + rowExcursion[r]
            search.rowFactor = max(search.longitudeFactor, search.cosLatitude * GeoMath.sinCos(degrees: min(90, highest)).cos * (1 - 1e-12) - 1e-15)
        } else {
            search.rowFactor = search.longitudeFactor
        }
        // East and west interleaved, the nearer cell first, so a near edge on either side tightens the
        // limit before the farther cells of the other side are bounded against it. Each direction still
        // stops at its first cell whose bound exceeds the limit (gaps grow along a direction).
        var east = 0, west = 1
        var eastGap = Double.infinity, westGap = Double.infinity
        if east <= eastLimit { eastGap = search.longitudeGap(west: columnWest[pc], east: columnWest[pc + 1]) }
        if west <= westLimit {
            let c = pc == 0 ? n - 1 : pc - 1
            westGap = search.longitudeGap(west: columnWest[c], east: columnWest[c + 1])
        }
        while true {
            let eastward = eastGap <= westGap
            let gap = eastward ? eastGap : westGap
            if gap == .infinity { break }
            if search.cellExceeds(latitudeGap: latitudeGap, longitudeGap: gap) {
                if eastward { eastGap = .infinity } else { westGap = .infinity }
                continue
            }
            if eastward {
                east += searchCell(row: r, column: (pc + east) % n, south: south, eastward: true, &search)
                eastGap = Double.infinity
                if east <= eastLimit {
                    let c = (pc + east) % n
                    eastGap = search.longitudeGap(west: columnWest[c], east: columnWest[c + 1])
                }
            } else {
                west += searchCell(row: r, column: (pc - west + n) % n, south: south, eastward: false, &search)
                westGap = Double.infinity
                if west <= westLimit {
                    let c = (pc - west + n) % n
                    westGap = search.longitudeGap(west: columnWest[c], east: columnWest[c + 1])
                }
            }
        }
    }

    /// Measures the edges of cell (`r`, `c`) that could beat the best distance.
    /// - Returns: how many columns the walk may move on: to the end of the block when the block holds no
    ///   border cell, else 1.
    @inline(__always)
    private func searchCell(row r: Int, column c: Int, south: Double, eastward: Bool, _ search: inout NearestSearch) -> Int {
        let blockIndex = (r >> 2) &* blockColumns &+ (c >> 2)
        let block = blocks[blockIndex]
        if block == Self.sea || block & Self.borderBit == 0 {
            if eastRuns.isEmpty { return eastward ? min((c | 3) + 1, columns) - c : (c & 3) + 1 }
            return eastward ? (c | 3) + 1 - c + 4 &* Int(eastRuns[blockIndex]) : (c & 3) + 1 + 4 &* Int(westRuns[blockIndex])
        }
        let cell = blockCells[Self.blockCellIndex(block, row: r, column: c)]
        if cell == Self.sea || cell & Self.borderBit == 0 { return 1 }
        let record = recordOffset(sketch: Int(cell & ~Self.borderBit))
        let entries = Int(borderData[record])
        let own = band(search.p.lat, south: south)
        // Every edge listed here is listed in row `r`: its arc keeps within the row's excursion of its ends.
        search.excursion = rowExcursion[r]
        // First the edge with the least bound in the point's own band (the point's latitude ± a band), so
        // the best distance is near its final value before the other edges are bounded against it.
        var nearestEdge = -1, nearestArea = -1, nearestBound = search.limitSquared
        var entry = record + 1
        for _ in 0..<entries {
            for j in bandSlots(entry: entry, band: own) {
                let i = edgeRef(entry: entry, slot: j)
                let bound = search.bound(edge: i, in: self)
                if bound <= nearestBound {
                    nearestBound = bound
                    nearestEdge = i
                    nearestArea = entryArea(entry)
                }
            }
            entry = nextEntry(after: entry)
        }
        if nearestEdge >= 0 { search.measure(edge: nearestEdge, area: nearestArea, in: self) }
        // Measuring it again below would change nothing (`consider` is idempotent for one edge and area:
        // the best only gets nearer, or earlier in the scan among ties), so the second pass skips it.
        search.measuredFirst = (nearestEdge, nearestArea)
        // Then every edge once, in the first band that lists it: bands north from the point's own, until
        // one starts too far north (every edge first listed there or beyond starts north of it), then south.
        let bandHeight = cellSize / Double(Self.bands)
        entry = record + 1
        for _ in 0..<entries {
            let area = entryArea(entry)
            var k = own
            while k < Self.bands {
                // `band(low) == k` puts `low` at or above the band's south line, up to rounding.
                let bandSouth = south + Double(k) * bandHeight - 1e-9
                if k > 0 && search.exceeds(latitudeGap: max(0, bandSouth - search.excursion - search.p.lat), longitudeGap: 0) { break }
                searchBand(entry: entry, k, area: area, south: south, &search)
                k += 1
            }
            k = own - 1
            while k >= 0 {
                searchBand(entry: entry, k, area: area, south: south, &search)
                k -= 1
            }
            entry = nextEntry(after: entry)
        }
        return 1
    }
}

extension CountryIndex {
    /// Measures the edges first listed in band `k` of an entry (of `area`, in a cell whose south edge is
    /// `south`) that could tie or beat the best distance.
    @inline(__always)
    func searchBand(entry: Int, _ k: Int, area: Int, south: Double, _ search: inout NearestSearch) {
        for j in bandSlots(entry: entry, band: k) {
            let i = edgeRef(entry: entry, slot: j)
            let alat = vertexLat(i), blat = vertexLat(i + 1)
            let low = min(alat, blat)
            // Listed in every band it spans: measured only in the first.
            if k > 0 && band(low, south: south) < k { continue }
            let high = max(alat, blat)
            let latitudeGap = max(0, max((low - search.excursion) - search.p.lat, search.p.lat - (high + search.excursion)))
            if search.exceeds(latitudeGap: latitudeGap, longitudeGap: 0) { continue }
            let alon = vertexLon(i), blon = vertexLon(i + 1)
            // Along the short arc between longitudes under 180° apart, longitude runs from end to end.
            let longitudeGap = (blon - alon).magnitude < 180
                ? search.longitudeGap(west: min(alon, blon), east: max(alon, blon)) : 0
            if search.exceeds(latitudeGap: latitudeGap, longitudeGap: longitudeGap) { continue }
            if i == search.measuredFirst.edge && area == search.measuredFirst.area { continue }
            search.measure(edge: i, area: area, in: self)
        }
    }
}

/// The state of one nearest-border search: the point, the scan's window, the best edge so far and the
/// bounds derived from its distance.
struct NearestSearch {
    let p: GeoPoint
    /// `p`'s unit vector, computed once (`Spherical.distanceToSegmentKm` computes the same each call).
    let pv: Vector3
    /// The scan's window, or `NearestWindow.pending` until a tie needs it (the near lists' search, which
    /// never walks it, saves the cosine): see `consider`.
    var window: CountryIndex.NearestWindow
    let maxKm: Double
    /// The arc excursion the edge bounds widen by: the index's, or in the scan the row excursion of the
    /// cell being searched (`searchCell`), which bounds every edge that cell lists.
    var excursion: Double
    let cosLatitude: Double
    var bestKm: Double
    /// The deepening's current cap on the distance searched (see `nearestArea(to:withinKm:)`).
    var cap: Double
    /// The longitude factor for cells of the row being walked (`searchRow`), at least `longitudeFactor`.
    var rowFactor = 0.0
    var bestArea = -1
    var bestEdge = -1
    /// The best edge's `scanKey`, worked out only when a tie needs it (row -1: not yet).
    var bestKey = (row: -1, step: 0)
    /// The squared angle (radians²) beyond which nothing can tie the best: the best distance with a
    /// relative slack of 1e-9 and an absolute one of 1 mm, so rounding in the bounds never drops a tie.
    var limitSquared = 0.0
    /// cos(p.lat) · cos(the highest latitude within that limit of p): the least factor by which a
    /// longitude difference counts towards the distance to any point that could tie the best.
    var longitudeFactor = 0.0
    /// The limit as an angle (radians): `limitSquared`'s root.
    var limitAngle = 0.0
    /// An upper bound on the tangent of the limit angle, or infinity (no arctangent skipped) past 1 radian.
    var rejectTangent = Double.infinity
    /// The limit (radians) `longitudeFactor` was worked out for; -1 before the first.
    var factorLimit = -1.0
    /// The last measured edge's two ends and their unit vectors: the next edge measured is often its
    /// neighbour, which shares one (the same vector, computed the same way, so distances are unchanged).
    var cachedEnds = (first: -1, second: -1)
    /// The edge and area the current cell measured first (`searchCell`), which its second pass skips.
    var measuredFirst = (edge: -1, area: -1)
    var cachedVectors = (first: Vector3(x: 0, y: 0, z: 0), second: Vector3(x: 0, y: 0, z: 0))

    init(point: GeoPoint, maxKm: Double, window: CountryIndex.NearestWindow, excursion: Double) {
        p = point
        pv = Vector3(point)
        self.window = window
        self.maxKm = maxKm
        self.excursion = excursion
        // cos(lat) from the unit vector (a bound only, so its last bit does not matter).
        cosLatitude = max(0, GeoMath.hypot(pv.x, pv.y) * (1 - 1e-15))
        bestKm = maxKm
        cap = maxKm
        tighten()
    }

    /// Recomputes the bounds from `bestKm`.
    mutating func tighten() {
        let limit = (min(bestKm, cap) * (1 + 1e-9) + 1e-6) / Spherical.earthRadiusKm
        limitSquared = limit * limit
        limitAngle = limit
        // tan L ≤ L / (1 − L²/2) (sin L ≤ L, cos L ≥ 1 − L²/2), widened for rounding; none past 1 radian.
        rejectTangent = limit < 1 ? limit / (1 - limit * limit / 2) * (1 + 1e-12) : .infinity
        // The factor for a larger limit is smaller, so still a bound: worked out again only when the limit
        // has halved (or grown, when the deepening widens its cap), which saves a cosine on most improvements.
        if limit > factorLimit || limit < 0.5 * factorLimit {
            factorLimit = limit
            let highest = min(90, p.lat.magnitude + limit / GeoMath.radiansPerDegree)
            // Shrunk a little so rounding can only weaken the bound.
            longitudeFactor = max(0, cosLatitude * Self.cosineBelow(degrees: highest) * (1 - 1e-12) - 1e-15)
        }
    }

    /// A lower bound on the cosine of `degrees` in [0, 90], without trigonometry (this runs on every
    /// search's set-up and on most improvements): cos x ≥ 1 − x²/2 + x⁴/24 − x⁶/720 for |x| ≤ π/2, as the
    /// Taylor remainder x⁸ cos ξ / 8! is not negative there. Below the true cosine by at most 1e-3 (near
    /// the pole), so the longitude factor is barely weaker than with `GeoMath.sinCos`.
    @inline(__always)
    static func cosineBelow(degrees: Double) -> Double {
        let x = degrees * GeoMath.radiansPerDegree, x2 = x * x
        // Shrunk a little: near 0 the rounded polynomial can land an ulp above the rounded cosine.
        return max(0, (1 - x2 / 2 + x2 * x2 / 24 - x2 * x2 * x2 / 720) * (1 - 1e-12) - 1e-15)
    }

    /// Whether every point at least `latitudeGap` degrees of latitude and `longitudeGap` degrees of
    /// longitude (both ≤ 180) from `p` is farther than anything that could tie the best.
    ///
    /// Haversine: hav(d) = hav(Δφ) + cos φ₁ cos φ₂ hav(Δλ) ≥ sin²(g) + F sin²(l), with g and l the half
    /// gaps and F = `longitudeFactor`; then d ≥ 2√hav(d), and sin x ≥ x − x³/6: no trigonometry per test.
    @inline(__always)
    func exceeds(latitudeGap: Double, longitudeGap: Double) -> Bool {
        lowerBound(latitudeGap: latitudeGap, longitudeGap: longitudeGap) > limitSquared
    }

    /// `exceeds` for a cell of the row being walked, whose latitudes allow `rowFactor`.
    @inline(__always)
    func cellExceeds(latitudeGap: Double, longitudeGap: Double) -> Bool {
        let g = latitudeGap * (GeoMath.radiansPerDegree / 2), l = longitudeGap * (GeoMath.radiansPerDegree / 2)
        let sg = g * (1 - g * g / 6), sl = l * (1 - l * l / 6)
        return 4 * (sg * sg + rowFactor * (sl * sl)) > limitSquared
    }

    /// 4 (sin²(g) + F sin²(l)) with the sines bounded from below: a lower bound on the squared angle.
    @inline(__always)
    func lowerBound(latitudeGap: Double, longitudeGap: Double) -> Double {
        let g = latitudeGap * (GeoMath.radiansPerDegree / 2), l = longitudeGap * (GeoMath.radiansPerDegree / 2)
        let sg = g * (1 - g * g / 6), sl = l * (1 - l * l / 6)
        return 4 * (sg * sg + longitudeFactor * (sl * sl))
    }

    /// The gap in degrees from `p`'s longitude to the longitudes `west...east` (within [-180, 180]), the
    /// shorter way round.
    @inline(__always)
    func longitudeGap(west: Double, east: Double) -> Double {
        GeoMath.longitudeGap(west: p.lon, east: p.lon, otherWest: west, otherEast: east)
    }

    /// A lower bound on the squared angle from `p` to edge `i`, from its latitudes widened by the index's
    /// `arcExcursion` and its longitudes (see `exceeds`).
    @inline(__always)
    func bound(edge i: Int, in index: CountryIndex) -> Double {
        let alat = index.vertexLat(i), blat = index.vertexLat(i + 1)
        let low = min(alat, blat), high = max(alat, blat)
        let latitudeGap = max(0, max((low - excursion) - p.lat, p.lat - (high + excursion)))
        let alon = index.vertexLon(i), blon = index.vertexLon(i + 1)
        // Along the short arc between longitudes under 180° apart, longitude runs from end to end.
        let longitudeGap = (blon - alon).magnitude < 180 ? longitudeGap(west: min(alon, blon), east: max(alon, blon)) : 0
        return lowerBound(latitudeGap: latitudeGap, longitudeGap: longitudeGap)
    }

    /// Measures edge `i` of `area` exactly (as `Spherical.distanceToSegmentKm` does) and considers it.
    @inline(__always)
    mutating func measure(edge i: Int, area: Int, in index: CountryIndex) {
        let a = vector(i, in: index), b = vector(i + 1, in: index)
        cachedEnds = (i, i + 1)
        cachedVectors = (a, b)
        guard let angle = angleToArc(a, b) else { return }
        consider(angle * Spherical.earthRadiusKm, area: area, edge: i, in: index)
    }

    /// `measure(edge:area:in:)` for an edge of the near lists, which do not name areas: the area is looked
    /// up from the vertex only when the edge may be taken (`consider` takes nothing farther than the best).
    @inline(__always)
    mutating func measure(edge i: Int, in index: CountryIndex) {
        let a = vector(i, in: index), b = vector(i + 1, in: index)
        cachedEnds = (i, i + 1)
        cachedVectors = (a, b)
        guard let angle = angleToArc(a, b) else { return }
        let d = angle * Spherical.earthRadiusKm
        if d <= bestKm { consider(d, area: index.area(ofVertex: i), edge: i, in: index) }
    }

    /// `Spherical.angleToArc(pv, a, b)`, the same operations in the same order (so the same bits), or nil
    /// when the angle certainly exceeds the limit: each arctangent atan2(y, x) is skipped when
    /// y > x · `rejectTangent`, an upper bound on the limit's tangent. Never a value other than the true one.
    @inline(__always)
    func angleToArc(_ a: Vector3, _ b: Vector3) -> Double? {
        let p = pv, t = rejectTangent
        let n = a.cross(b)
        let nLength = n.length
        if nLength > 0 && p.dot(n.cross(a)) >= 0 && p.dot(b.cross(n)) >= 0 {
            let unit = (1 / nLength) * n
            let y = p.dot(unit).magnitude, x = p.cross(unit).length
            if t.isFinite && y > x * t { return nil }
            return GeoMath.atan2(y, x)
        }
        // `Vector3.angle(to:)` to each end: atan2(|p × v|, p · v).
        let ya = p.cross(a).length, xa = p.dot(a), yb = p.cross(b).length, xb = p.dot(b)
        let farA = t.isFinite && ya > xa * t, farB = t.isFinite && yb > xb * t
        if farA && farB { return nil }
        // One end certainly beyond the limit: the other's angle is the minimum when it is within the
        // limit; when it is not, neither is, and the edge is out of reach.
        if farA || farB {
            let other = farA ? GeoMath.atan2(yb, xb) : GeoMath.atan2(ya, xa)
            return other <= limitAngle ? other : nil
        }
        let toA = GeoMath.atan2(ya, xa), toB = GeoMath.atan2(yb, xb)
        return toA < toB ? toA : toB
    }

    /// Vertex `v`'s unit vector, from the last measured edge's ends when it is one of them.
    @inline(__always)
    func vector(_ v: Int, in index: CountryIndex) -> Vector3 {
        if v == cachedEnds.first { return cachedVectors.first }
        if v == cachedEnds.second { return cachedVectors.second }
        return Vector3(GeoPoint(lat: index.vertexLat(v), lon: index.vertexLon(v)))
    }

    /// Takes edge `i` of `area`, at `d` km, when it beats the best, or ties it and comes first in the scan.
    @inline(__always)
    mutating func consider(_ d: Double, area: Int, edge i: Int, in index: CountryIndex) {
        if d < bestKm || (bestArea < 0 && d <= bestKm) {
            bestKm = d
            bestArea = area
            bestEdge = i
            bestKey = (-1, 0)
            tighten()
        } else if d == bestKm && i != bestEdge {
            if window.r0 < 0 { window = index.nearestWindow(p, maxKm) }
            if bestKey.row < 0 { bestKey = scanKey(bestEdge, in: index) }
            let key = scanKey(i, in: index)
            if key.row < bestKey.row || (key.row == bestKey.row
                && (key.step < bestKey.step || (key.step == bestKey.step && area < bestArea))) {
                bestArea = area
                bestEdge = i
                bestKey = key
            }
        }
    }

    /// Where the scan first reaches edge `i`: the row and the column's step from the window's west column.
    ///
    /// The builder lists an edge in every cell of the rows and columns its ends span (its box widened by
    /// `CountryIndex.margin`), so the scan, row by row and each row from column `c0` eastward, first meets
    /// it in the window's first row of that range, at the range's first column counted from `c0`.
    func scanKey(_ i: Int, in index: CountryIndex) -> (row: Int, step: Int) {
        let alat = index.vertexLat(i), blat = index.vertexLat(i + 1)
        let alon = index.vertexLon(i), blon = index.vertexLon(i + 1)
        let firstRow = index.listedRows(min(alat, blat), max(alat, blat)).first
        let columns = index.listedColumns(min(alon, blon), max(alon, blon))
        let n = index.columns
        let step = window.c0 >= columns.first && window.c0 <= columns.last ? 0 : (columns.first - window.c0 + n) % n
        return (max(window.r0, firstRow), step)
    }
}

extension CountryIndex {
    /// `eastRuns` and `westRuns` for `blocks` (see there); empty when `columns` is not a multiple of 4.
    /// - Complexity: O(blocks), about 0.1 ms for the 0.25° grid.
    static func blockRuns(_ blocks: Table<UInt32>, blockColumns: Int, columns: Int) -> (east: [UInt16], west: [UInt16]) {
        guard columns % 4 == 0, blockColumns > 0, blockColumns < Int(UInt16.max) else { return ([], []) }
        var east = [UInt16](repeating: 0, count: blocks.count), west = east
        for start in stride(from: 0, to: blocks.count, by: blockColumns) {
            func mixed(_ k: Int) -> Bool { let b = blocks[start + k]; return b != sea && b & borderBit != 0 }
            // Two laps round the row, so the runs that wrap round the antimeridian come out right. (The block
            // is `k` or `k - blockColumns`, not `k % blockColumns`: a division per block was most of this
            // function's time at load.)
            var run = blockColumns
            for k in stride(from: 2 * blockColumns - 1, through: 0, by: -1) {
                let b = k < blockColumns ? k : k - blockColumns
                if k < blockColumns { east[start + b] = UInt16(run) }
                run = mixed(b) ? 0 : min(run + 1, blockColumns)
            }
            run = blockColumns
            for k in 0..<(2 * blockColumns) {
                let b = k < blockColumns ? k : k - blockColumns
                if k >= blockColumns { west[start + b] = UInt16(run) }
                run = mixed(b) ? 0 : min(run + 1, blockColumns)
            }
        }
        return (east, west)
    }
}
