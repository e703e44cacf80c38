extension CountryIndexBuilder {
    /// How far, in degrees of latitude, any edge's great-circle arc leaves the latitudes of its two ends,
    /// widened for rounding; 180 when some edge's arc may leave its longitudes (see
    /// `CountryIndex.arcExcursion`).
    ///
    /// A great circle with pole n reaches its highest latitude at t = normalise(z − (z·n̂) n̂); the arc holds
    /// t when t lies between its ends (on b's side of the plane through a and n, on a's side of the plane
    /// through b and n), and then it rises `lat(t) − max(lat a, lat b)` above them (the same below, with −t).
    /// For Natural Earth's 10m countries the largest is 16 m (an edge 0.4° long along 64.6° N).
    /// - Complexity: O(edges).
    func arcExcursion() -> Double {
        var largest = 0.0
        for ring in 0..<(ringStart.count - 1) {
            for i in Int(ringStart[ring])..<(Int(ringStart[ring + 1]) - 1) {
                let a = GeoPoint(lat: lats[i], lon: lons[i]), b = GeoPoint(lat: lats[i + 1], lon: lons[i + 1])
                // Only the short way round between longitudes less than 180° apart keeps to the edge's
                // longitudes; an edge whose ends are one pole is a single point.
                let samePole = a.lat.magnitude == 90 && a.lat == b.lat
                if (b.lon - a.lon).magnitude >= 180 && !samePole { return 180 }
                largest = max(largest, Self.excursion(a, b))
            }
        }
        return min(180, largest * (1 + 1e-6) + 1e-9)
    }

    /// Per grid row, how far the arcs of the edges listed in that row (every row their ends' latitudes
    /// span) leave their ends' latitudes, widened for rounding as `arcExcursion()` is; every row 180 when
    /// that is (an arc may leave its longitudes).
    ///
    /// Why per row: one long edge along a parallel (the 60th parallel between Canadian provinces bulges
    /// 0.22°, 24 km; a time-zone edge in Antarctica 1.1°) would otherwise widen every cell and edge of the
    /// nearest-border search everywhere on Earth. An edge's nearest point to any query lies within its
    /// longitudes and within its own excursion of its latitudes, so in a row that lists it widened by that
    /// row's value, which is at least the edge's: the search's bounds stay lower bounds (see
    /// `CountryIndex.rowExcursion`).
    /// - Complexity: O(edges).
    func rowExcursions(global: Double) -> [Double] {
        if global >= 180 { return [Double](repeating: 180, count: rows) }
        var largest = [Double](repeating: 0, count: rows)
        for ring in 0..<(ringStart.count - 1) {
            for i in Int(ringStart[ring])..<(Int(ringStart[ring + 1]) - 1) {
                let (r0, r1) = edgeRows[i]
                guard r0 <= r1 else { continue }
                let rise = Self.excursion(GeoPoint(lat: lats[i], lon: lons[i]), GeoPoint(lat: lats[i + 1], lon: lons[i + 1]))
                if rise <= 0 { continue }
                for r in Int(r0)...Int(r1) { largest[r] = max(largest[r], rise) }
            }
        }
        // Never above the global bound, which the same widening gives from the largest rise.
        return largest.map { min(global, min(180, $0 * (1 + 1e-6) + 1e-9)) }
    }

    /// How far the arc from `a` to `b` rises above or sinks below both ends' latitudes, in degrees.
    static func excursion(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let u = Vector3(a), v = Vector3(b)
        let n = u.cross(v)
        let length = n.length
        guard length > 0 else { return 0 }
        let pole = (1 / length) * n
        var top = Vector3(x: 0, y: 0, z: 1) - pole.z * pole
        let topLength = top.length
        guard topLength > 0 else { return 0 }
        top = (1 / topLength) * top
        var rise = 0.0
        for (t, sign) in [(top, 1.0), (-1 * top, -1.0)] where t.dot(n.cross(u)) >= 0 && t.dot(v.cross(n)) >= 0 {
            let latitude = t.geoPoint.lat
            let beyond = sign > 0 ? latitude - max(a.lat, b.lat) : min(a.lat, b.lat) - latitude
            rise = max(rise, beyond)
        }
        return rise
    }
}
