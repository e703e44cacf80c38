/// Building the near lists (`CountryIndex+NearLists.swift`) from a built index's vertices and cells.
extension CountryIndex {
    /// Cuts every ring into chunks and lists, for each sea or border cell, the chunks whose box (latitudes
    /// widened by `arcExcursion`) comes within `radiusKm` of the cell; leaves the tables empty when the
    /// arcs' excursion is too large for the boxes to pay, the vertices too many for the list's word, or
    /// the cells too large for the boxes' ±8° frame.
    /// - Complexity: O(edges + chunks × cells each chunk's reach covers); a few hundred ms for the countries.
    mutating func buildNearLists(radiusKm: Double = CountryIndex.nearListRadiusKm) {
        guard arcExcursion <= Self.nearListMaxExcursion, radiusKm > 0, radiusKm < 1000, areaCount > 0,
              vertexCount <= Int(Self.chunkVertexMask), cellSize <= Self.nearListMaxCellSize else { return }
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
                        let gap = GeoMath.longitudeGap(west: columnWest[c], east: columnWest[c + 1], otherWest: west, otherEast: east)
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
        var flat: [UInt32] = []
        for blockRow in 0..<((rows + 3) / 4) {
            for blockColumn in 0..<blockColumns {
                var any = false
                for k in 0..<16 {
                    let r = 4 * blockRow + k / 4, c = 4 * blockColumn + k % 4
                    if r < rows && c < columns && cellStart[r * columns + c + 1] > cellStart[r * columns + c] { any = true }
                }
                if !any { continue }
                let region = flat.count
                listedBlocks[blockRow * blockColumns + blockColumn] = UInt32(region)
                flat += [UInt32](repeating: 0, count: Self.nearHeaderWords)
                var starts: [Int] = []
                for k in 0..<16 {
                    starts.append((flat.count - region - Self.nearHeaderWords) / Self.nearEntryWords)
                    let r = 4 * blockRow + k / 4, c = 4 * blockColumn + k % 4
                    guard r < rows && c < columns else { continue }
                    for chunk in sorted[cellStart[r * columns + c]..<cellStart[r * columns + c + 1]] {
                        let b = 4 * Int(chunk), first = edges[2 * Int(chunk)], end = edges[2 * Int(chunk) + 1]
                        let south = boxes[b] - rowSouth[r], north = boxes[b + 1] - rowSouth[r]
                        let lon = relativeLongitudes(west: boxes[b + 2], east: boxes[b + 3], column: c)
                        flat += [first | (end - first - 1) << 28,
                                 Self.boxWord(Self.stepBelow(south), Self.stepAbove(north)),
                                 Self.boxWord(lon.west, lon.east)]
                    }
                }
                starts.append((flat.count - region - Self.nearHeaderWords) / Self.nearEntryWords)
                // A block listing more chunks than a half-word counts: no lists at all (the search walks).
                guard starts[16] <= Int(UInt16.max) else { return }
                for k in 0...16 { flat[region + k / 2] |= UInt32(starts[k]) << (16 * UInt32(k % 2)) }
            }
        }
        nearRadiusKm = radiusKm
        nearBlocks = Table(listedBlocks)
        nearList = Table(flat)
        areaVertexStart = Self.areaVertexStarts(areaRingStart: areaRingStart, ringStart: ringStart)
    }

    /// A chunk's longitudes `west...east` (within [-180, 180]) relative to column `c`'s west line, in box
    /// steps rounded outwards: the copy of the interval (shifted by 0 or ±360°) nearest the column. An
    /// interval 180° or more wide, or 45° or more from the column, gets the widest steps (gap 0): only
    /// under 180° wide and near can the gap to that copy be the shorter way round for every point of the
    /// cell (the other way is then over 360 − 180 − 45 − the cell's width).
    func relativeLongitudes(west: Double, east: Double, column c: Int) -> (west: Int16, east: Int16) {
        let widest = (Int16.min, Int16.max)
        guard east - west < 180 else { return widest }
        let cellWest = columnWest[c], width = columnWest[c + 1] - cellWest
        var best = (gap: Double.infinity, west: 0.0, east: 0.0)
        for shift in [-360.0, 0, 360] {
            let w = west + shift - cellWest, e = east + shift - cellWest
            let gap = max(0, max(w - width, -e))
            if gap < best.gap { best = (gap, w, e) }
        }
        guard best.gap < 45 else { return widest }
        return (Self.stepBelow(best.west), Self.stepAbove(best.east))
    }

    /// `x` degrees in box steps, rounded down with a step to spare (for the rounding of the differences
    /// the builder and the search take), saturated to `Int16`; `stepAbove` rounds up.
    static func stepBelow(_ x: Double) -> Int16 {
        let steps = (x / boxStep).rounded(.down) - 1
        return steps <= -32768 ? .min : steps >= 32767 ? .max : Int16(steps)
    }

    static func stepAbove(_ x: Double) -> Int16 {
        let steps = (x / boxStep).rounded(.up) + 1
        return steps <= -32768 ? .min : steps >= 32767 ? .max : Int16(steps)
    }

    /// Two box values in one list word, the lower in the low half.
    static func boxWord(_ low: Int16, _ high: Int16) -> UInt32 {
        UInt32(UInt16(bitPattern: low)) | UInt32(UInt16(bitPattern: high)) << 16
    }
}
