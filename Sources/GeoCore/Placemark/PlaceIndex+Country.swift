/// "The nearest place of one country within a radius", for the same-country rule of a placemark's locality.
extension PlaceIndex {
    /// The place nearest to `point` among those whose country (packed alpha-2: `countries[i]` for the first
    /// `countries.count` places, `more[i - countries.count]` for the rest) is `country`
    /// and whose great-circle angle from `point` is at most `radius`; ties as in `nearest(to:)`.
    ///
    /// Scans the 1° buckets of the cap's bounding box (every longitude when the cap reaches a pole or the
    /// box is wider than the sphere), comparing the chords of that country's places with the radius's.
    /// - Parameters:
    ///   - point: `lat` in [-90, 90], `lon` in [-180, 180].
    ///   - radius: the angle in radians, below π.
    /// - Returns: nil when no place of that country is that near.
    /// - Complexity: O(places in the buckets of the box); meant for radii up to a few hundred km (a few dozen
    ///   buckets).
    func nearest(to point: GeoPoint, country: UInt16, countries: Table<UInt16>, more: Table<UInt16>,
                 radius: Double) -> (place: Int, chord2: Double)? {
        guard count > 0, countries.count + more.count == count, radius >= 0 else { return nil }
        let p = Vector3(point)
        let (sinHalf, _) = GeoMath.sinCos(radians: Swift.min(radius, GeoMath.pi) / 2)
        var best = 4 * sinHalf * sinHalf * (1 + 1e-12)  // the radius as a squared chord, with rounding slack
        var bestPlace = -1, bestRank = UInt32.max
        let radiusDegrees = radius * GeoMath.degreesPerRadian + 1e-9
        let south = point.lat - radiusDegrees, north = point.lat + radiusDegrees
        var firstColumn = 0, columnCount = Self.bucketColumns
        if south > -90 && north < 90 {
            // The cap's half-width in longitude: asin(sin r / cos lat).
            let s = GeoMath.sinCos(radians: radius).sin / GeoMath.sinCos(degrees: point.lat).cos
            if s < 1 {
                let halfWidth = GeoMath.atan2Degrees(s, (1 - s * s).squareRoot()) + 1e-9
                if 2 * halfWidth + 2 < 360 {
                    firstColumn = Int((point.lon - halfWidth + 180).rounded(.down))
                    columnCount = Int((point.lon + halfWidth + 180).rounded(.down)) - firstColumn + 1
                }
            }
        }
        let firstRow = Swift.max(0, Int((south + 90).rounded(.down)))
        let lastRow = Swift.min(Self.bucketRows - 1, Int((north + 90).rounded(.down)))
        guard firstRow <= lastRow else { return nil }
        let code = countries.buffer, moreCode = more.buffer, split = countries.count
        for row in firstRow...lastRow {
            // The latitude gap is a lower bound on the angle to every bucket of the row.
            let gap = Swift.max(0, Swift.max(-90 + Double(row) - point.lat, point.lat - (-89 + Double(row))))
            guard gap * GeoMath.radiansPerDegree <= radius + 1e-9 else { continue }  // 1e-9 rad (6 mm): rounding slack
            for step in 0..<columnCount {
                var column = (firstColumn + step) % Self.bucketColumns
                if column < 0 { column += Self.bucketColumns }
                let c = row * Self.bucketColumns + column
                let start = Int(bucketStart[c]), end = Int(bucketStart[c + 1])
                guard start < end else { continue }
                for k in start..<end {
                    let i = Int(bucketPlaces[k])
                    guard (i < split ? code[i] : moreCode[i - split]) == country else { continue }
                    let c2 = Self.chord2(p, vector(i))
                    if c2 < best || (c2 == best && rank[i] < bestRank) {
                        best = c2
                        bestPlace = i
                        bestRank = rank[i]
                    }
                }
            }
        }
        return bestPlace >= 0 ? (bestPlace, best) : nil
    }
}
