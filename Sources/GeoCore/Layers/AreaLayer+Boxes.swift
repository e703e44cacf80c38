/// Boxes around a layer's features and around runs of their edges: what lets the restricted nearest search
/// (`AreaLayer+Nearest.swift`) skip whole features, and whole runs of one feature's edges, without
/// measuring them.
///
/// A box holds the vertices' latitude and longitude ranges, and the latitudes its edges' arcs reach. Two
/// facts make it a safe filter:
/// - containment is tested on straight lon/lat edges (`CountryIndex.exactLocation`), so a point outside the
///   box of a feature's vertices is neither inside it nor on its boundary;
/// - distances are measured to great-circle arcs, and an arc between two vertices less than 180° of longitude
///   apart stays within their longitudes and within the box's reach in latitude (`reachSouth`,
///   `reachNorth`); so a lower bound on the distance to that widened box is one on the distance to every
///   edge in it (`lowerBoundKm`).
/// A box whose edges span 180° of longitude or more (an edge across the antimeridian, a ring round a pole)
/// keeps every longitude, so only its latitudes bound it.
struct EdgeBox: Sendable {
    /// The vertices' latitude range, and their longitude range (west > east: every longitude).
    var south: Double, north: Double, west: Double, east: Double
    /// The latitude range the edges' arcs stay within: the vertices' range widened by the arcs' bulge
    /// towards the poles (`reach(from:span:)`), never more than the index's `arcExcursion`.
    var reachSouth: Double, reachNorth: Double
    /// The cosine of the largest |latitude| the arcs reach (0 when that is a pole).
    var cosMaxLat: Double

    static let edgesPerRun = 32

    /// Whether (`lat`, `lon`), `lon` already wrapped into [-180, 180), lies in the vertices' box, counting
    /// the antimeridian's other spelling: a point outside is outside the feature and off its boundary.
    @inline(__always)
    func mayContain(lat: Double, lon: Double) -> Bool {
        guard lat >= south && lat <= north else { return false }
        if west > east { return true }
        return (lon >= west && lon <= east) || (lon == -180 && east >= 180)
    }

    /// A lower bound, in km, on the great-circle distance from the point (`lat`, `lon` wrapped, `cosLat` the
    /// cosine of `lat`) to every edge arc in the box.
    ///
    /// Haversine: hav d = hav Δφ + cos φ₁ cos φ₂ hav Δλ ≥ sin²(g/2) + cos φ₁ · cosMaxLat · sin²(l/2), with g the
    /// latitude gap to the widened box and l the longitude gap (both ≤ π); sin x ≥ x − x³/6 on [0, π/2] and
    /// asin y ≥ y give d ≥ 2√(s(g/2)² + cos φ₁ · cosMaxLat · s(l/2)²). Scaled down by 1e-9 and a millimetre,
    /// so rounding never puts the bound above a distance measured with other arithmetic.
    @inline(__always)
    func lowerBoundKm(lat: Double, lon: Double, cosLat: Double) -> Double {
        let gapDegrees = Swift.max(0, reachSouth - lat, lat - reachNorth)
        // The nearest-border search's one antimeridian rule (the point is the interval lon...lon); a box
        // keeping every longitude (west > east) has no gap.
        let lonGapDegrees = west <= east ? GeoMath.longitudeGap(west: lon, east: lon, otherWest: west, otherEast: east) : 0
        if gapDegrees == 0 && lonGapDegrees == 0 { return 0 }
        // x − x³/6 is below sin x everywhere but rises only up to x = √2 (gaps of about 162°): capped
        // there, a wider gap never gives a smaller bound, so a group's bound stays at most its runs'.
        let g = Swift.min(Swift.min(gapDegrees, 180) * GeoMath.radiansPerDegree / 2, Self.risingLimit)
        let l = Swift.min(lonGapDegrees * GeoMath.radiansPerDegree / 2, Self.risingLimit)
        let sg = g - g * g * g / 6, sl = l - l * l * l / 6
        let hav = sg * sg + Swift.max(0, cosLat) * cosMaxLat * sl * sl
        return Swift.max(0, 2 * hav.squareRoot() * Spherical.earthRadiusKm * (1 - 1e-9) - 1e-6)
    }

    /// Where x − x³/6 stops rising (√2).
    static let risingLimit = 2.0.squareRoot()

    /// The smallest box holding every box of `boxes` (not empty): its bound is at most each of theirs, as
    /// its latitude and longitude gaps are no larger and its `cosMaxLat` no larger; any box keeping every
    /// longitude, or a union spanning 180° or more, keeps every longitude.
    static func union(_ boxes: ArraySlice<EdgeBox>) -> EdgeBox {
        var south = Double.infinity, north = -Double.infinity, west = Double.infinity, east = -Double.infinity
        var reachSouth = Double.infinity, reachNorth = -Double.infinity
        var cosMaxLat = 1.0, wraps = false
        for box in boxes {
            south = Swift.min(south, box.south)
            north = Swift.max(north, box.north)
            reachSouth = Swift.min(reachSouth, box.reachSouth)
            reachNorth = Swift.max(reachNorth, box.reachNorth)
            cosMaxLat = Swift.min(cosMaxLat, box.cosMaxLat)
            if box.west > box.east { wraps = true } else { west = Swift.min(west, box.west); east = Swift.max(east, box.east) }
        }
        if wraps || east - west >= 180 { west = 180; east = -180 }
        return EdgeBox(south: south, north: north, west: west, east: east,
                       reachSouth: reachSouth, reachNorth: reachNorth, cosMaxLat: cosMaxLat)
    }

    /// The box of vertices `first...last` (edges `first..<last`) of `index`; `excursion` is the index's
    /// `arcExcursion`, a bound on every arc's bulge that the box's own (`reach(from:span:)`) tightens.
    static func of(_ index: CountryIndex, vertices first: Int, through last: Int, excursion: Double) -> EdgeBox {
        var south = Double.infinity, north = -Double.infinity, west = Double.infinity, east = -Double.infinity
        var wraps = excursion >= 180
        var span = 0.0
        var previousLon = index.vertexLon(first)
        for v in first...last {
            let lat = index.vertexLat(v), lon = index.vertexLon(v)
            south = Swift.min(south, lat)
            north = Swift.max(north, lat)
            west = Swift.min(west, lon)
            east = Swift.max(east, lon)
            span = Swift.max(span, Swift.abs(lon - previousLon))
            previousLon = lon
        }
        if span >= 180 { wraps = true }
        if wraps || east - west >= 180 { west = 180; east = -180 }
        let reachNorth = Swift.min(north + excursion, north > 0 ? reach(from: north, span: span) : north, 90)
        let reachSouth = Swift.max(south - excursion, south < 0 ? -reach(from: -south, span: span) : south, -90)
        let maxLat = Swift.max(Swift.abs(reachSouth), Swift.abs(reachNorth))
        let cosMaxLat = maxLat >= 90 ? 0 : Swift.max(0, GeoMath.sinCos(degrees: maxLat).cos)
        return EdgeBox(south: south, north: north, west: west, east: east,
                       reachSouth: reachSouth, reachNorth: reachNorth, cosMaxLat: cosMaxLat)
    }

    /// The highest latitude an arc can reach whose ends lie at latitudes up to `lat` (> 0) and at most `span`
    /// degrees of longitude apart (less than 180): widened for rounding, 90 when `span` is 89° or more.
    ///
    /// On a great circle with its northernmost point at latitude φ₀ and longitude λ₀, tan φ = tan φ₀ ·
    /// cos(λ − λ₀). An arc that rises above both ends holds that point, so each end lies within `span` of
    /// λ₀ and tan(lat) ≥ tan φ₀ · cos(span): φ₀ ≤ atan(tan(lat) / cos(span)). An arc that does not rise above
    /// its ends stays at or below `lat`, and so does one whose ends are south of the equator (it bulges
    /// south).
    static func reach(from lat: Double, span: Double) -> Double {
        guard span < 89, lat < 90 else { return 90 }
        if span == 0 { return lat }
        let (s, c) = GeoMath.sinCos(degrees: lat)
        let top = GeoMath.atan2Degrees(s, c * GeoMath.sinCos(degrees: span).cos)
        return Swift.min(90, lat + Swift.max(0, top - lat) * (1 + 1e-6) + 1e-9)
    }
}

/// Per feature, its box, the boxes of runs of `EdgeBox.edgesPerRun` edges of each ring, and the boxes of
/// groups of `runsPerGroup` consecutive runs: a long coast (Alaska, Nunavut) is thousands of runs, and a
/// point near one end skips most of them a group at a time.
struct EdgeBoxes: Sendable {
    /// One per feature.
    var features: [EdgeBox] = []
    /// Feature k's runs are `runs[runStart[k]..<runStart[k + 1]]`; run j covers edges
    /// `runFirstEdge[j]..<runEndEdge[j]` (edge i joins vertices i and i + 1).
    var runStart: [Int32] = [0]
    var runs: [EdgeBox] = []
    var runFirstEdge: [Int32] = []
    var runEndEdge: [Int32] = []
    /// Feature k's groups are `groups[groupStart[k]..<groupStart[k + 1]]`; its group j covers its runs
    /// `runStart[k] + j · runsPerGroup` up to `runsPerGroup` of them, and is the union of their boxes.
    var groupStart: [Int32] = [0]
    var groups: [EdgeBox] = []

    static let runsPerGroup = 16

    init() {}

    /// Worked out from the index at load: O(vertices), no trigonometry beyond one cosine per box.
    init(_ index: CountryIndex) {
        let excursion = index.arcExcursion
        features.reserveCapacity(index.areaCount)
        runStart.reserveCapacity(index.areaCount + 1)
        for area in 0..<index.areaCount {
            let firstRing = Int(index.areaRingStart[area]), endRing = Int(index.areaRingStart[area + 1])
            let first = Int(index.ringStart[firstRing]), end = Int(index.ringStart[endRing])
            features.append(end > first ? EdgeBox.of(index, vertices: first, through: end - 1, excursion: excursion)
                                        : EdgeBox(south: 1, north: -1, west: 180, east: -180,
                                                  reachSouth: 1, reachNorth: -1, cosMaxLat: 0))
            for ring in firstRing..<endRing {
                let ringFirst = Int(index.ringStart[ring]), ringEnd = Int(index.ringStart[ring + 1]) - 1
                var edge = ringFirst
                while edge < ringEnd {
                    let stop = Swift.min(ringEnd, edge + EdgeBox.edgesPerRun)
                    runs.append(EdgeBox.of(index, vertices: edge, through: stop, excursion: excursion))
                    runFirstEdge.append(Int32(edge))
                    runEndEdge.append(Int32(stop))
                    edge = stop
                }
            }
            let featureRuns = Int(runStart[area])..<runs.count
            for first in stride(from: featureRuns.lowerBound, to: featureRuns.upperBound, by: Self.runsPerGroup) {
                groups.append(EdgeBox.union(runs[first..<Swift.min(featureRuns.upperBound, first + Self.runsPerGroup)]))
            }
            runStart.append(Int32(runs.count))
            groupStart.append(Int32(groups.count))
        }
    }
}
