extension FeatureLayer {
    /// The `limit` nearest features within `radiusM` of `query`, nearest first (equal distances by feature
    /// order): the same hits, to the bit, as `hitsByScan` sorted and cut to `limit`.
    ///
    /// A k-nearest walk over the grid (as rstar's `nearest_neighbor_iter` walks its tree): the cells of a
    /// window of 50 m, then of windows widened to twice the radius, or at once to the k-th best distance
    /// when k features are known; it stops when the window holds every point within the k-th best
    /// distance (or `radiusM`). Each element first gets a cheap lower bound on its distance (its ball's,
    /// no trigonometry); a window takes only the elements bounded within its own radius (a wider window
    /// reads the narrower one's cells again for those beyond it), so few are ever listed, and only those
    /// that can still enter the k best are measured exactly with `reach`, the arithmetic the scan uses. The k best are kept sorted in a small array,
    /// one entry per feature (its nearest element, the lowest element on a tie).
    /// - Complexity: O(e · k) for the e elements of the cells read, and one binary search per row of them.
    /// - Parameter filter: when given, only the features it accepts are answered (the same hits as the
    ///   unfiltered answer with the others removed, for any `limit`).
    func nearest(to query: GeoPoint, radiusM: Double, limit: Int, layer: Int,
                 filter: FeatureFilter? = nil) -> [NearbyHit] {
        guard limit > 0 else { return [] }
        var search = FeatureSearch(p: Vector3(query), best: NearestFeatures(limit: limit, radiusM: radiusM),
                                   filter: filter)
        forEachAreaContaining(query) { offerInside($0, &search) }
        var radius = Swift.min(radiusM, FeatureLayer.firstWalkRadiusM(limit: limit))
        var previous: (rows: ClosedRange<Int>, columns: [ClosedRange<Int>])? = nil
        while true {
            let window = FeatureLayer.window(query, radiusM: radius)
            let top = NearestFeatures.chordLimit(radius)
            search.low = search.top
            search.top = top
            for e in elementGrid.wide { gather(e, &search) }
            scan(window, old: previous, &search)
            // Measure what was gathered in bands of growing bound, so the k best are the nearest early
            // and the bound they set skips the rest.
            var band = Swift.max(search.measuredTo * 2, top / 4)
            while true {
                band = Swift.min(band, top)
                measure(upTo: band, &search)
                if search.best.chordLimit <= band || band >= top { break }
                band *= 2
            }
            // What is left lies beyond the k-th best (or was measured): none of it can enter any more.
            search.pending.removeAll(keepingCapacity: true)
            if radius >= radiusM { break }
            if search.best.isFull {
                let kth = search.best.kthDistance
                if kth <= radius { break }
                radius = Swift.min(radiusM, kth)
            } else {
                radius = Swift.min(radiusM, radius * 2)
            }
            previous = window
        }
        return hits(search.best, query: query, layer: layer)
    }

    /// The first window's radius for `limit` features: 50 m (`FeatureLayers.firstRadiusM`) up to 4, then
    /// growing as the radius of a disc holding `limit` of them at a fixed density (25 m × √limit: 79 m for
    /// 10), so a city's k = 10 usually needs one window instead of a 50 m one and a second at the 10th
    /// best distance (each window reads its cells' balls). Any first radius gives the same answer.
    static func firstWalkRadiusM(limit: Int) -> Double {
        Swift.max(FeatureLayers.firstRadiusM, 25 * Double(limit).squareRoot())
    }

    /// A feature with a polygon containing the query, when the filter takes it.
    private func offerInside(_ feature: UInt32, _ search: inout FeatureSearch) {
        if let filter = search.filter, !filter.accepts(feature, features) { return }
        search.best.offerInside(feature)
    }

    /// Gathers the elements of the window's cells whose first bound (their ball's) is within the window's
    /// chord `search.top`: in the cells of the `old` window only those beyond the old window's chord
    /// `search.low`, since the nearer ones were gathered then; in new cells every one. An element farther
    /// than the window is left for a wider window, which reads its cell again, rather than kept in a list.
    private func scan(_ window: (rows: ClosedRange<Int>, columns: [ClosedRange<Int>]),
                      old: (rows: ClosedRange<Int>, columns: [ClosedRange<Int>])?,
                      _ search: inout FeatureSearch) {
        let keys = elementGrid.keys
        let p = search.p
        for row in window.rows {
            let oldColumns = old.map { $0.rows.contains(row) } == true ? old!.columns : []
            for columns in window.columns {
                let high = FeatureGrid.key(row: row, column: columns.upperBound)
                var k = elementGrid.firstKey(atLeast: FeatureGrid.key(row: row, column: columns.lowerBound))
                while k < keys.count && keys[k] <= high {
                    let column = Int(keys[k] - FeatureGrid.key(row: row, column: 0))
                    let low = oldColumns.contains(where: { $0.contains(column) }) ? search.low : -Double.infinity
                    for index in Int(elementGrid.starts[k])..<Int(elementGrid.starts[k + 1]) {
                        // The cell's balls lie next to its items, each with its element: one stream, no
                        // jump to the element.
                        let ball = itemBalls[index]
                        let dx = p.x - Double(ball.x), dy = p.y - Double(ball.y), dz = p.z - Double(ball.z)
                        let squared = dx * dx + dy * dy + dz * dz, radius = Double(ball.radius)
                        // Most balls are out of reach: tested without the square root first, with a
                        // margin that only lets more through (`admit` decides on the bound itself).
                        let reach = Swift.min(search.top, search.best.chordLimit) + radius
                        guard squared <= reach * reach * (1 + 1e-9) else { continue }
                        let bound = squared.squareRoot() - radius
                        guard bound > low else { continue }
                        admit(elementGrid.items[index], ball.element, bound: bound, &search)
                    }
                    k += 1
                }
            }
        }
    }

    /// Bounds element `e` (a wide one, which has no ball and no cell: it is offered to every window)
    /// from its vertices, then `admit`s it when the earlier windows did not (bound beyond `search.low`).
    private func gather(_ e: UInt32, _ search: inout FeatureSearch) {
        let element = elements[Int(e)]
        let i = Int(element.start)
        let a = units[i]
        let p = search.p
        let bound = element.isSegment ? NearestBound.chordToArc(p, a, units[i + 1]) : NearestBound.chord(p, a)
        guard bound > search.low else { return }
        admit(e, element, bound: bound, &search)
    }

    /// The one path of every candidate, a cell's (bounded by its ball) or a wide one: dropped when its
    /// first bound shows it cannot enter the k best or lies beyond the window, measured at once when that
    /// bound is within the bands already measured, else kept for a later band.
    @inline(__always)
    private func admit(_ e: UInt32, _ element: Element, bound: Double, _ search: inout FeatureSearch) {
        guard bound <= search.best.chordLimit, bound <= search.top else { return }
        if bound <= search.measuredTo {
            consider(e, element, bound: bound, &search)
        } else {
            search.pending.append(PendingElement(bound: bound, index: e, element: element))
        }
    }

    /// Element `e`, whose first bound (`first`) let it through: dropped when that bound already shows it
    /// cannot become its feature's nearest (a street's farther segments, once a nearer one is measured:
    /// decided before its vertices are read, which are a cache miss each), else bounded again from its
    /// own vertices (tighter than its ball), then measured exactly when it can still enter the k best.
    @inline(__always)
    private func consider(_ e: UInt32, _ element: Element, bound first: Double, _ search: inout FeatureSearch) {
        guard search.best.mayImprove(element.feature, bound: first) else { return }
        let i = Int(element.start)
        let a = units[i]
        let p = search.p
        let bound = element.isSegment ? NearestBound.chordToArc(p, a, units[i + 1]) : NearestBound.chord(p, a)
        guard bound <= search.best.chordLimit, search.best.mayImprove(element.feature, bound: bound) else { return }
        if let filter = search.filter, !filter.accepts(element.feature, features) { return }
        search.best.offer(feature: element.feature, element: e, reach: reach(element, p))
    }

    /// Measures every pending element whose bound is at most `band` (and can still enter), and drops
    /// those that no longer can.
    private func measure(upTo band: Double, _ search: inout FeatureSearch) {
        var kept = 0
        for k in search.pending.indices {
            let entry = search.pending[k]
            if entry.bound > search.best.chordLimit { continue }
            if entry.bound <= band {
                consider(entry.index, entry.element, bound: entry.bound, &search)
            } else {
                search.pending[kept] = entry
                kept += 1
            }
        }
        search.pending.removeLast(search.pending.count - kept)
        search.measuredTo = Swift.max(search.measuredTo, band)
    }

    /// The hits of the k best, with the same arithmetic as `collect`.
    private func hits(_ best: NearestFeatures, query: GeoPoint, layer: Int) -> [NearbyHit] {
        var hits: [NearbyHit] = []
        hits.reserveCapacity(best.entries.count)
        let (sinLat, cosLat) = GeoMath.sinCos(degrees: query.lat)
        let (sinLon, cosLon) = GeoMath.sinCos(degrees: query.lon)
        for entry in best.entries {
            if entry.inside {
                hits.append(NearbyHit(layer: layer, feature: Int(entry.feature), distanceM: 0, inside: true,
                                      nearestPoint: query, bearingDeg: nil))
                continue
            }
            let r = entry.reach
            let point = r.vertex >= 0 ? vertices[r.vertex] : r.interior.geoPoint
            let bearing = entry.distance > 0
                ? Bearing.degrees(sinLat: sinLat, cosLat: cosLat, sinLon: sinLon, cosLon: cosLon, to: r.interior)
                : nil
            let hasArea = features.kind(Int(entry.feature))?.hasArea == true
            hits.append(NearbyHit(layer: layer, feature: Int(entry.feature), distanceM: entry.distance,
                                  inside: hasArea ? false : nil, nearestPoint: point, bearingDeg: bearing))
        }
        return hits
    }
}

/// A k-nearest search in progress: the query, the k best so far, and the elements gathered but not yet
/// measured, with their lower bounds.
struct FeatureSearch {
    let p: Vector3
    var best: NearestFeatures
    let filter: FeatureFilter?
    /// Every gathered element whose bound is at most this has been measured (or could not enter).
    var measuredTo = 0.0
    /// The current window's chord (`NearestFeatures.chordLimit` of its radius): elements bounded beyond it
    /// wait for a wider window.
    /// −∞ before the first window, so the first window's `low` (the previous `top`) takes every bound.
    var top = -Double.infinity
    /// The previous window's chord (−∞ before the first): its cells' elements within it were gathered.
    /// Not −1: a bound may be below −1 (a ball's radius, or an arc's slack |ab|²/4, exceeds 1 for an arc
    /// longer than about 70°), and such an element must still be taken by the first window that reaches it.
    var low = -Double.infinity
    var pending: [PendingElement] = []

    init(p: Vector3, best: NearestFeatures, filter: FeatureFilter?) {
        self.p = p
        self.best = best
        self.filter = filter
        pending.reserveCapacity(64)
    }
}

/// An element gathered with its lower bound, to be measured in a later band.
struct PendingElement {
    var bound: Double
    var index: UInt32
    var element: FeatureLayer.Element
}

/// Which features a filtered k-nearest walk may answer (`whereAmI`'s roads and places): those whose
/// geometry kind is in `kinds`, less the `excluded` ones.
struct FeatureFilter {
    /// Bit `FeatureKind.code` set for each kind taken.
    var kinds: UInt16
    /// Features never taken (a few: the places that contain the query).
    var excluded: [UInt32] = []

    /// The features `whereAmI` treats as roads (`FeatureKind.isRoad`).
    static let roads = FeatureFilter(kinds: FeatureFilter.mask { $0.isRoad })
    /// The features `whereAmI` treats as places (`FeatureKind.isPOI`), less `excluded`.
    static func places(excluding excluded: [UInt32]) -> FeatureFilter {
        FeatureFilter(kinds: mask { $0.isPOI }, excluded: excluded)
    }

    static func mask(_ take: (FeatureKind) -> Bool) -> UInt16 {
        var mask: UInt16 = 0
        for code in UInt8(0)..<16 {
            if let kind = FeatureKind(code: code), take(kind) { mask |= 1 << UInt16(code) }
        }
        return mask
    }

    @inline(__always)
    func accepts(_ feature: UInt32, _ features: LayerFeatures) -> Bool {
        guard kinds & (1 << UInt16(features.flags[Int(feature)] & 0x0F)) != 0 else { return false }
        return excluded.isEmpty || !excluded.contains(feature)
    }
}

/// The k best features found so far, sorted by (distance, feature), one entry per feature.
struct NearestFeatures {
    struct Entry {
        var feature: UInt32
        var element: UInt32
        var distance: Double
        var reach: FeatureLayer.Reach
        var inside: Bool
    }

    private(set) var entries: [Entry] = []
    let limit: Int
    let radiusM: Double
    /// An element whose chord lower bound (`NearestBound`) exceeds this cannot enter: the k-th best
    /// distance (or the radius while fewer than k are known) as an angle, which bounds the chord of that
    /// angle from above (2 sin(θ/2) ≤ θ), widened by 1e-9 relative and 1e-15 against rounding.
    private(set) var chordLimit: Double

    init(limit: Int, radiusM: Double) {
        self.limit = limit
        self.radiusM = radiusM
        entries.reserveCapacity(Swift.min(limit, 64))
        chordLimit = Self.chordLimit(radiusM)
    }

    var isFull: Bool { entries.count >= limit }
    var kthDistance: Double { entries[limit - 1].distance }

    static func chordLimit(_ distanceM: Double) -> Double {
        distanceM / FeatureLayer.earthRadiusM * (1 + 1e-9) + 1e-15
    }

    @inline(__always)
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.distance != b.distance ? a.distance < b.distance : a.feature < b.feature
    }

    /// Whether an element of `feature` with chord lower bound `bound` (`NearestBound`) can still become
    /// that feature's nearest: not when the feature is held inside a polygon, nor when it is held at an
    /// angle below the bound (the chord of an angle never exceeds the angle, so the element is farther),
    /// with 1e-9 relative and 1e-14 rad (64 nm) of slack, ten times the rounding of the bound and the
    /// angle, so an element at the same angle, which may win the tie, is measured.
    /// So a street is measured at its few nearest segments, not at every one the window holds (the bands
    /// measure the nearer bounds first).
    ///
    /// Sound only because `reach` computes an angle to within about 1e-16 rad (its arc normal is
    /// a × (b − a)): with a × b, a short segment's angle came out up to 1e-10 rad low, and this test, fed
    /// exact bounds, skipped segments the scan picks (BENCHMARKS.md, "distances to short segments").
    @inline(__always)
    func mayImprove(_ feature: UInt32, bound: Double) -> Bool {
        for entry in entries where entry.feature == feature {
            return !entry.inside && bound <= entry.reach.angle * (1 + 1e-9) + 1e-14
        }
        return true
    }

    /// A feature with a polygon containing the query: distance 0, its elements ignored from here on.
    mutating func offerInside(_ feature: UInt32) {
        let entry = Entry(feature: feature, element: 0, distance: 0,
                          reach: FeatureLayer.Reach(angle: 0, vertex: -1, interior: Vector3(x: 0, y: 0, z: 0)),
                          inside: true)
        if let i = entries.firstIndex(where: { $0.feature == feature }) {
            guard !entries[i].inside else { return }
            entries.remove(at: i)
        }
        insert(entry)
    }

    /// Element `element` of `feature`, measured: kept when it is the feature's nearest so far and the
    /// feature is among the k best.
    @inline(__always)
    mutating func offer(feature: UInt32, element: UInt32, reach: FeatureLayer.Reach) {
        let distance = reach.angle * FeatureLayer.earthRadiusM
        guard distance <= radiusM else { return }
        let entry = Entry(feature: feature, element: element, distance: distance, reach: reach, inside: false)
        if let i = entries.firstIndex(where: { $0.feature == feature }) {
            let old = entries[i]
            guard !old.inside, reach.angle < old.reach.angle || (reach.angle == old.reach.angle && element < old.element)
            else { return }
            // Nearer (or as near): it can only move forward.
            var j = i
            while j > 0 && Self.precedes(entry, entries[j - 1]) {
                entries[j] = entries[j - 1]
                j -= 1
            }
            entries[j] = entry
            if isFull { chordLimit = Self.chordLimit(kthDistance) }
            return
        }
        insert(entry)
    }

    private mutating func insert(_ entry: Entry) {
        if isFull {
            guard Self.precedes(entry, entries[limit - 1]) else { return }
            entries.removeLast()
        }
        var j = entries.count
        entries.append(entry)
        while j > 0 && Self.precedes(entry, entries[j - 1]) {
            entries[j] = entries[j - 1]
            j -= 1
        }
        entries[j] = entry
        if isFull { chordLimit = Self.chordLimit(kthDistance) }
    }
}

/// Lower bounds, without trigonometry, on the chord (straight-line distance between unit vectors) from a
/// query to an element's nearest point; the chord of an angle θ is 2 sin(θ/2), which grows with θ.
enum NearestBound {
    /// The chord to a point: exact.
    @inline(__always)
    static func chord(_ p: Vector3, _ a: Vector3) -> Double {
        let d = p - a
        return d.dot(d).squareRoot()
    }

    /// A lower bound on the chord from `p` to the great-circle arc from `a` to `b`.
    ///
    /// Every point q of the arc lies above a point s of the straight segment ab (s = λq, λ ≥ cos(θ/2) for
    /// an arc of angle θ ≤ π), so |p − s| ≤ |p − q| + (1 − cos(θ/2)), and 1 − cos(θ/2) = 2 sin²(θ/4) ≤
    /// |ab|²/4. Hence |p − q| ≥ dist(p, segment ab) − |ab|²/4: for a 20 m segment the slack is 10⁻¹² of
    /// the Earth's radius, 6 µm.
    @inline(__always)
    static func chordToArc(_ p: Vector3, _ a: Vector3, _ b: Vector3) -> Double {
        let ab = b - a, ap = p - a
        let length2 = ab.dot(ab)
        var t = length2 > 0 ? ap.dot(ab) / length2 : 0
        t = t < 0 ? 0 : (t > 1 ? 1 : t)
        let d = ap - t * ab
        return d.dot(d).squareRoot() - length2 / 4
    }
}

/// A ball around one element, in single precision, with the element: the bound `FeatureLayer.nearest` tests first, from data
/// stored next to the grid's items. Its centre is the element's chord midpoint rounded to `Float`; its
/// radius covers the arc (half the chord plus the arc's rise, at most |ab|²/4) plus the rounding of the
/// centre (at most √3 · 2⁻²⁴ < 1.1 × 10⁻⁷), rounded up: every point of the element lies within it.
struct ElementBall: Sendable {
    var x: Float
    var y: Float
    var z: Float
    var radius: Float
    /// The element itself (a copy of `elements[item]`), so a walk reads no other table until it measures.
    var element: FeatureLayer.Element

    init(_ a: Vector3, _ b: Vector3, element: FeatureLayer.Element) {
        self.element = element
        let ab = b - a
        let length = ab.dot(ab).squareRoot()
        x = Float(0.5 * (a.x + b.x))
        y = Float(0.5 * (a.y + b.y))
        z = Float(0.5 * (a.z + b.z))
        radius = Float((length / 2 + length * length / 4 + 1.1e-7) * (1 + 1e-6)).nextUp
    }
}
