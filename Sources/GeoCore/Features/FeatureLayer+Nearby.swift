extension FeatureLayer {
    /// The nearest point of one element to unit vector `p`: the angle in radians, and the point, as a
    /// vertex index or (inside a segment) a unit vector.
    struct Reach {
        var angle: Double
        var vertex: Int  // -1 when the nearest point lies inside a segment
        var interior: Vector3
    }

    /// How near element `e` comes to `p`. For a segment: the projection of p onto the arc's plane when
    /// that lies on the arc, else the nearer end (the start on a tie).
    ///
    /// The plane's normal is a × (b − a), not a × b (`Spherical.angleToArc`'s; equal in exact arithmetic,
    /// as a × a = 0). For an arc of angle θ the components of a × b are differences of products near 1
    /// that cancel to about θ, so its direction carries an error of about 1e-16/θ radians, and that error
    /// goes straight into the distance: up to 1.7e-4 of it for a 5 m segment and 8.6e-2 for a 1 cm one,
    /// measured from 1 m to 1 km (OpenStreetMap ways have both; BENCHMARKS.md, "distances to short
    /// segments"). b − a is computed exactly (its operands' components are within a factor 2 of each
    /// other), so the normal is good to 1e-16 relative and the distance to about 1e-16 rad at any segment
    /// length (`FeatureLayerGeometryTests.shortSegmentsAreMeasuredToTheRoundingOfTheSphere`).
    @inline(__always)
    func reach(_ e: Element, _ p: Vector3) -> Reach {
        let i = Int(e.start)
        let a = units[i]
        guard e.isSegment else { return Reach(angle: p.angle(to: a), vertex: i, interior: a) }
        let b = units[i + 1]
        let n = a.cross(b - a)
        let nLength = n.length
        if nLength > 0 && p.dot(n.cross(a)) >= 0 && p.dot(b.cross(n)) >= 0 {
            let unit = (1 / nLength) * n
            let along = p.dot(unit)
            let angle = GeoMath.atan2(along.magnitude, p.cross(unit).length)
            let foot = p - along * unit
            let footLength = foot.length
            // p at the arc's pole (90° away) has no single foot; any point of the arc is as near.
            return Reach(angle: angle, vertex: footLength > 0 ? -1 : i,
                         interior: footLength > 0 ? (1 / footLength) * foot : a)
        }
        let toA = p.angle(to: a), toB = p.angle(to: b)
        return toA < toB ? Reach(angle: toA, vertex: i, interior: a) : Reach(angle: toB, vertex: i + 1, interior: b)
    }

    /// Best reach per feature within `radiusM` of `query`, through the grid: features in ascending order.
    /// - Complexity: the cells of the query's circle (a binary search per row) and their elements.
    func hits(near query: GeoPoint, radiusM: Double, layer: Int) -> [NearbyHit] {
        let p = Vector3(query)
        var candidates: [UInt32] = []
        elementGrid.forEachItem(in: FeatureLayer.window(query, radiusM: radiusM)) { candidates.append($0) }
        candidates.sort()
        var found: [(feature: UInt32, element: UInt32, reach: Reach)] = []
        var previous: UInt32? = nil
        for e in candidates where e != previous {
            previous = e
            let r = reach(elements[Int(e)], p)
            if r.angle * FeatureLayer.earthRadiusM <= radiusM { found.append((elements[Int(e)].feature, e, r)) }
        }
        var inside: [UInt32] = []
        forEachAreaContaining(query) { inside.append($0) }
        return collect(found, inside: inside, query: query, layer: layer)
    }

    /// The same answer as `hits(near:radiusM:layer:)` by measuring every element and testing every
    /// polygon: the reference the grid is tested against.
    func hitsByScan(near query: GeoPoint, radiusM: Double, layer: Int) -> [NearbyHit] {
        let p = Vector3(query)
        var found: [(feature: UInt32, element: UInt32, reach: Reach)] = []
        for (index, element) in elements.enumerated() {
            let r = reach(element, p)
            if r.angle * FeatureLayer.earthRadiusM <= radiusM { found.append((element.feature, UInt32(index), r)) }
        }
        var inside: [UInt32] = []
        for index in areaFeatures.indices where areaContains(index, query) { inside.append(areaFeatures[index]) }
        return collect(found, inside: inside, query: query, layer: layer)
    }

    /// One hit per feature: inside a polygon, distance 0; else its nearest element (the lowest element
    /// index among equals, so the grid and the scan agree to the bit).
    private func collect(_ found: [(feature: UInt32, element: UInt32, reach: Reach)], inside: [UInt32],
                         query: GeoPoint, layer: Int) -> [NearbyHit] {
        let sorted = found.sorted {
            if $0.feature != $1.feature { return $0.feature < $1.feature }
            if $0.reach.angle != $1.reach.angle { return $0.reach.angle < $1.reach.angle }
            return $0.element < $1.element
        }
        var hits: [NearbyHit] = []
        let insideSet = inside.sorted()
        var lastFeature: UInt32? = nil
        let (sinLat, cosLat) = GeoMath.sinCos(degrees: query.lat)
        let (sinLon, cosLon) = GeoMath.sinCos(degrees: query.lon)
        for entry in sorted where entry.feature != lastFeature {
            lastFeature = entry.feature
            if FeatureLayer.sortedContains(insideSet, entry.feature) { continue }
            let r = entry.reach
            let point = r.vertex >= 0 ? vertices[r.vertex] : r.interior.geoPoint
            let distance = r.angle * FeatureLayer.earthRadiusM
            let bearing = distance > 0
                ? Bearing.degrees(sinLat: sinLat, cosLat: cosLat, sinLon: sinLon, cosLon: cosLon, to: r.interior)
                : nil
            let hasArea = features[Int(entry.feature)].kind?.hasArea == true
            hits.append(NearbyHit(layer: layer, feature: Int(entry.feature), distanceM: distance,
                                  inside: hasArea ? false : nil, nearestPoint: point, bearingDeg: bearing))
        }
        var lastInside: UInt32? = nil
        for feature in insideSet where feature != lastInside {
            lastInside = feature
            hits.append(NearbyHit(layer: layer, feature: Int(feature), distanceM: 0, inside: true,
                                  nearestPoint: query, bearingDeg: nil))
        }
        return hits
    }

    private static func sortedContains(_ list: [UInt32], _ value: UInt32) -> Bool {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < list.count && list[low] == value
    }

    /// Every column of the grid, as `window` answers near a pole (one array, not one per call).
    static let allColumns = [0...(FeatureGrid.columns - 1)]

    /// The grid rows and column ranges that hold every point within `radiusM` of `query`.
    ///
    /// Rows: the latitudes within δ = radiusM / R. Columns: by the haversine law, a point at latitude φ₂
    /// within δ of the query at φ₁ has sin²(Δλ/2) ≤ sin²(δ/2) / (cos φ₁ cos φ₂), and cos φ₂ ≥ cos(|φ₁| + δ);
    /// when that bound reaches 1, or the circle reaches a pole, every column. Padded by 1e-9° and 1e-9
    /// relative against rounding. A range past ±180° wraps round to the other end of the grid.
    static func window(_ query: GeoPoint, radiusM: Double) -> (rows: ClosedRange<Int>, columns: [ClosedRange<Int>]) {
        let delta = radiusM / earthRadiusM
        let deltaDegrees = delta * (180 / Double.pi) * (1 + 1e-9) + 1e-9
        let rows = FeatureGrid.row(query.lat - deltaDegrees)...FeatureGrid.row(query.lat + deltaDegrees)
        let all = allColumns
        let farthest = query.lat.magnitude + deltaDegrees
        guard farthest < 90 else { return (rows, all) }
        let cosQuery = GeoMath.sinCos(degrees: query.lat).cos
        let cosFarthest = GeoMath.sinCos(degrees: farthest).cos
        let sinHalf = GeoMath.sinCos(radians: delta / 2).sin
        let s = sinHalf / (cosQuery * cosFarthest).squareRoot()
        guard s < 1 else { return (rows, all) }
        let halfWidth = 2 * GeoMath.atan2Degrees(s, (1 - s * s).squareRoot()) * (1 + 1e-9) + 1e-9
        guard halfWidth < 180 else { return (rows, all) }
        let west = query.lon - halfWidth, east = query.lon + halfWidth
        if west < -180 {
            return (rows, [FeatureGrid.column(west + 360)...(FeatureGrid.columns - 1), 0...FeatureGrid.column(east)])
        }
        if east > 180 {
            return (rows, [FeatureGrid.column(west)...(FeatureGrid.columns - 1), 0...FeatureGrid.column(east - 360)])
        }
        return (rows, [FeatureGrid.column(west)...FeatureGrid.column(east)])
    }
}
