extension CountryIndex {
    /// The whole-polygon crossing-number test, made fast enough to check millions of points against
    /// `area(containing:)`.
    ///
    /// It shares none of the grid's bookkeeping (no cells, east-of-cell parity or toggles): for each
    /// area it runs the plain crossing-number test over every edge whose latitude span contains the
    /// point's latitude, with the same `crosses`/`touches` arithmetic as `exactArea(containing:)`. Edges
    /// whose span misses that latitude can neither cross the point's ray (which needs `lat` in
    /// `[min, max)` of the edge's latitudes) nor touch the point, so leaving them out changes nothing:
    /// the answer is that of `exactArea(containing:)`, only found without reading 550,000 edges.
    /// Edges are bucketed by latitude band; the band of a latitude is a monotone function of it, so an
    /// edge spanning `lat` is always in `lat`'s band.
    public struct Reference: Sendable {
        let index: CountryIndex
        let bandHeight: Double
        let bandCount: Int
        /// Band `b` holds edges `bandEdges[bandStart[b]..<bandStart[b + 1]]`, in ascending edge order
        /// (so grouped by area, as areas own consecutive vertices).
        let bandStart: [UInt32]
        let bandEdges: [UInt32]
        /// The area of each edge, indexed by the edge's first vertex.
        let edgeArea: [UInt32]

        /// - Parameters:
        ///   - index: the index whose vertices, and only those, are tested.
        ///   - bandHeight: the latitude band in degrees; smaller bands mean fewer edges per query.
        /// - Complexity: O(edges × bands each edge spans).
        public init(_ index: CountryIndex, bandHeight: Double = 0.05) {
            self.index = index
            self.bandHeight = bandHeight
            precondition(bandHeight >= 0.001 && bandHeight <= 180, "a band height in degrees, 0.001...180")
            let count = Int((180 / bandHeight).rounded(.up)) + 1  // in 2...180,001 by the precondition
            bandCount = count
            var area = [UInt32](repeating: 0, count: index.vertexCount)
            var edges: [(first: Int, last: Int, edge: Int)] = []
            var start = [UInt32](repeating: 0, count: count + 1)
            for a in 0..<index.areaCount {
                for ring in Int(index.areaRingStart[a])..<Int(index.areaRingStart[a + 1]) {
                    for i in Int(index.ringStart[ring])..<(Int(index.ringStart[ring + 1]) - 1) {
                        area[i] = UInt32(a)
                        let lo = min(index.vertexLat(i), index.vertexLat(i + 1)), hi = max(index.vertexLat(i), index.vertexLat(i + 1))
                        let b0 = Self.band(lo, bandHeight, count), b1 = Self.band(hi, bandHeight, count)
                        edges.append((b0, b1, i))
                        for b in b0...b1 { start[b + 1] += 1 }
                    }
                }
            }
            for b in 0..<count { start[b + 1] += start[b] }
            var fill = start.map { Int($0) }
            var flat = [UInt32](repeating: 0, count: Int(start[count]))
            // Edges were appended in ascending vertex order, so each band's list stays ascending.
            for e in edges {
                for b in e.first...e.last {
                    flat[fill[b]] = UInt32(e.edge)
                    fill[b] += 1
                }
            }
            bandStart = start
            bandEdges = flat
            edgeArea = area
        }

        @inline(__always)
        static func band(_ lat: Double, _ height: Double, _ count: Int) -> Int {
            // Compared before converting: a NaN or a far latitude clamps instead of trapping.
            let x = ((lat + 90) / height).rounded(.down)
            return x > 0 ? (x < Double(count) ? Int(x) : count - 1) : 0
        }

        /// The same answer as `exactArea(containing:)`: the lowest-numbered area strictly containing the
        /// point, else the lowest-numbered area on whose boundary it lies, else nil; on the antimeridian,
        /// that answer at -180, else at 180.
        /// - Complexity: O(edges whose latitude band is the point's).
        public func area(containing point: GeoPoint) -> Int? {
            let lon = CountryIndex.wrapLongitude(point.lon)
            guard CountryIndex.isOnSphere(lat: point.lat, wrappedLon: lon) else { return nil }
            if let found = area(lat: point.lat, wrappedLon: lon) { return found }
            guard let twin = CountryIndex.antimeridianTwin(of: lon) else { return nil }
            return area(lat: point.lat, wrappedLon: twin)
        }

        func area(lat: Double, wrappedLon lon: Double) -> Int? {
            let b = Self.band(lat, bandHeight, bandCount)
            var onBoundary: Int? = nil
            var current = -1
            var inside = false, boundary = false
            var k = Int(bandStart[b])
            let end = Int(bandStart[b + 1])
            while true {
                let edge = k < end ? Int(bandEdges[k]) : -1
                let area = edge >= 0 ? Int(edgeArea[edge]) : -1
                if area != current || edge < 0 {
                    // The previous area is complete: decide it exactly as `exactArea` does.
                    if current >= 0 {
                        if boundary {
                            if onBoundary == nil { onBoundary = current }
                        } else if inside {
                            return current
                        }
                    }
                    if edge < 0 { return onBoundary }
                    current = area
                    inside = false
                    boundary = false
                }
                if !boundary {
                    if index.touches(edge, lon: lon, lat: lat) {
                        boundary = true
                    } else if index.crosses(edge, lon: lon, lat: lat) {
                        inside.toggle()
                    }
                }
                k += 1
            }
        }
    }
}

extension CountryIndex {
    /// The number of edges (segments between consecutive ring vertices) held by the index.
    public var edgeCount: Int { vertexCount - (ringStart.count - 1) }

    /// Calls `body` with the two ends of every edge, area after area, ring after ring: for sampling
    /// points near borders and coasts.
    public func forEachEdge(_ body: (GeoPoint, GeoPoint) -> Void) {
        for ring in 0..<(ringStart.count - 1) {
            for i in Int(ringStart[ring])..<(Int(ringStart[ring + 1]) - 1) {
                body(GeoPoint(lat: vertexLat(i), lon: vertexLon(i)), GeoPoint(lat: vertexLat(i + 1), lon: vertexLon(i + 1)))
            }
        }
    }
}
