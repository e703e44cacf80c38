/// Building the near lists (`CountryIndex+NearLists.swift`) from a built index's vertices and cells.
extension CountryIndex {
    /// Cuts every ring into chunks and lists, for each sea or border cell, the chunks whose box (latitudes
    /// widened by `arcExcursion`) comes within `radiusKm` of the cell; leaves the tables empty when the
    /// arcs' excursion is too large for the boxes to pay.
    /// - Complexity: O(edges + chunks × cells each chunk's reach covers); a few hundred ms for the countries.
    mutating func buildNearLists(radiusKm: Double = CountryIndex.nearListRadiusKm) {
        guard arcExcursion <= Self.nearListMaxExcursion, radiusKm > 0, radiusKm < 1000, areaCount > 0 else { return }
        var boxes: [Double] = [], edges: [UInt32] = [], areas: [UInt32] = []
        for area in 0..<areaCount {
            for ring in Int(areaRingStart[area])..<Int(areaRingStart[area + 1]) {
                let last = Int(ringStart[ring + 1]) - 1
                var first = Int(ringStart[ring])
                while first < last {
                    let end = min(last, first + Self.chunkEdgeCount)
                    var south = 90.0, north = -90.0, west = 180.0, east = -180.0
                    for v in first...end {
                        south = min(south, vertexLat(v)); north = max(north, vertexLat(v))
                        west = min(west, vertexLon(v)); east = max(east, vertexLon(v))
                    }
                    for i in first..<end where (vertexLon(i + 1) - vertexLon(i)).magnitude >= 180 {
                        west = -180
                        east = 180
                    }
                    boxes += [south, north, west, east]
                    edges += [UInt32(first), UInt32(end)]
                    areas.append(UInt32(area))
                    first = end
                }
            }
        }
        // The radius as an angle, with slack so rounding in the bounds below only lists more.
        let angle = (radiusKm * (1 + 1e-6) + 1e-3) / Spherical.earthRadiusKm
        let angleDegrees = angle / GeoMath.radiansPerDegree + 1e-7
        let halfSine = GeoMath.sinCos(radians: angle / 2).sin
        let limit = halfSine * halfSine * (1 + 1e-9)
        var pairs: [(cell: Int, chunk: UInt32)] = []
        for chunk in 0..<areas.count {
            let south = max(-90, boxes[4 * chunk] - arcExcursion), north = min(90, boxes[4 * chunk + 1] + arcExcursion)
            let west = boxes[4 * chunk + 2], east = boxes[4 * chunk + 3]
            let r0 = row(of: max(-90, south - angleDegrees)), r1 = row(of: min(90, north + angleDegrees))
            // Haversine: sin(Δλ/2) ≤ sin(d/2) / cos φ for the highest latitude φ either point can have.
            let highest = min(90, max(south.magnitude, north.magnitude) + angleDegrees)
            let highestCosine = GeoMath.sinCos(degrees: highest).cos
            let u = halfSine / highestCosine
            var c0 = 0, span = columns
            if highestCosine > 0.01 && u < 0.5 && east - west < 180 {
                let lonDegrees = 2 * u / (1 - u * u) * (1 + 1e-9) / GeoMath.radiansPerDegree + 1e-7
                c0 = column(of: Self.wrapLongitude(west - lonDegrees))
                let c1 = column(of: Self.wrapLongitude(east + lonDegrees))
                span = min(columns, (c1 - c0 + columns) % columns + 1)
            }
            let boxCosine = GeoMath.sinCos(degrees: max(south.magnitude, north.magnitude)).cos
            for r in r0...r1 {
                let rowCosine = GeoMath.sinCos(degrees: max(rowSouth[r].magnitude, rowSouth[r + 1].magnitude)).cos
                let latitudeGap = max(0, max(rowSouth[r] - north, south - rowSouth[r + 1]))
                let latitudeSine = GeoMath.sinCos(degrees: latitudeGap / 2).sin
                var c = c0
                for _ in 0..<span {
                    let value = cell(row: r, column: c)
                    if value == Self.sea || value & Self.borderBit != 0 {
                        let gap = Self.longitudeGap(columnWest[c], columnWest[c + 1], west, east)
                        let longitudeSine = GeoMath.sinCos(degrees: gap / 2).sin
                        let haversine = latitudeSine * latitudeSine
                            + max(0, rowCosine) * max(0, boxCosine) * longitudeSine * longitudeSine
                        if haversine * (1 - 1e-9) <= limit { pairs.append((r * columns + c, UInt32(chunk))) }
                    }
                    c = c == columns - 1 ? 0 : c + 1
                }
            }
        }
        // Grouped by cell, each cell's chunks in ascending order (a stable counting sort).
        var cellStart = [Int](repeating: 0, count: rows * columns + 1)
        for pair in pairs { cellStart[pair.cell + 1] += 1 }
        for k in 0..<(rows * columns) { cellStart[k + 1] += cellStart[k] }
        var fill = cellStart
        var sorted = [UInt32](repeating: 0, count: pairs.count)
        for pair in pairs {
            sorted[fill[pair.cell]] = pair.chunk
            fill[pair.cell] += 1
        }
        var listedBlocks = [UInt32](repeating: Self.noNearList, count: blocks.count)
        var starts: [UInt32] = [], flat: [UInt32] = []
        for blockRow in 0..<((rows + 3) / 4) {
            for blockColumn in 0..<blockColumns {
                var any = false
                for k in 0..<16 {
                    let r = 4 * blockRow + k / 4, c = 4 * blockColumn + k % 4
                    if r < rows && c < columns && cellStart[r * columns + c + 1] > cellStart[r * columns + c] { any = true }
                }
                if !any { continue }
                listedBlocks[blockRow * blockColumns + blockColumn] = UInt32(starts.count / 16)
                for k in 0..<16 {
                    starts.append(UInt32(flat.count / 5))
                    let r = 4 * blockRow + k / 4, c = 4 * blockColumn + k % 4
                    guard r < rows && c < columns else { continue }
                    for chunk in sorted[cellStart[r * columns + c]..<cellStart[r * columns + c + 1]] {
                        let b = 4 * Int(chunk)
                        flat += [chunk, Self.floatBelow(boxes[b]).bitPattern, Self.floatAbove(boxes[b + 1]).bitPattern,
                                 Self.floatBelow(boxes[b + 2]).bitPattern, Self.floatAbove(boxes[b + 3]).bitPattern]
                    }
                }
            }
        }
        starts.append(UInt32(flat.count / 5))
        var triples: [UInt32] = []
        for k in areas.indices { triples += [edges[2 * k], edges[2 * k + 1], areas[k]] }
        nearRadiusKm = radiusKm
        nearBlocks = Table(listedBlocks)
        nearStarts = Table(starts)
        nearList = Table(flat)
        chunks = Table(triples)
    }

    /// The greatest `Float` at or below `x`, and the least at or above it: a box rounded outwards.
    static func floatBelow(_ x: Double) -> Float {
        let f = Float(x)
        return Double(f) > x ? f.nextDown : f
    }

    static func floatAbove(_ x: Double) -> Float {
        let f = Float(x)
        return Double(f) < x ? f.nextUp : f
    }

    /// The gap in degrees between longitudes `west...east` and `otherWest...otherEast` (each within
    /// [-180, 180], west ≤ east), the shorter way round; 0 when they meet.
    static func longitudeGap(_ west: Double, _ east: Double, _ otherWest: Double, _ otherEast: Double) -> Double {
        if west <= otherEast && otherWest <= east { return 0 }
        var toOther = otherWest - east, fromOther = west - otherEast
        if toOther < 0 { toOther += 360 }
        if fromOther < 0 { fromOther += 360 }
        return min(180, min(toOther, fromOther))
    }
}
