extension CountryIndex {
    /// The areas whose closed region shares at least one point with the closed `box`.
    ///
    /// Exact, not a bounding-box overlap: within each cell the box meets, an area counts when one of its
    /// edges there meets the box, or, failing that, when a corner of the box's part of the cell lies in it
    /// (with no edge crossing that part, the whole part is on one side of the boundary).
    /// - Parameter box: `west <= east` in [-180, 180], `south <= north` in [-90, 90]; split boxes that
    ///   cross the antimeridian before calling.
    /// - Returns: area numbers in ascending order, each once.
    /// - Complexity: O(cells the box meets + tested edges in its border cells).
    public func areas(intersecting box: BoundingBox) -> [Int] {
        var found = [Bool](repeating: false, count: areaCount)
        collectAreas(intersecting: box, into: &found)
        var result: [Int] = []
        for area in 0..<areaCount where found[area] { result.append(area) }
        return result
    }

    /// Marks in `found` every area that meets `box` (see `areas(intersecting:)`).
    public func collectAreas(intersecting box: BoundingBox, into found: inout [Bool]) {
        var unbounded = Int.max
        collectAreas(intersecting: box, into: &found, remaining: &unbounded)
    }

    /// Marks in `found` every area that meets `box`, counting `remaining` down for each area it marks,
    /// and stops once it reaches 0.
    ///
    /// A caller that knows which areas can still be found (those whose own box meets `box`) sets `found`
    /// for all the others and passes their number: a box that spans most of the world then stops as soon
    /// as its last candidate turns up, instead of visiting every cell (``CountryGazetteer/countries(in:)``).
    public func collectAreas(intersecting box: BoundingBox, into found: inout [Bool], remaining: inout Int) {
        if box.isEmpty || remaining <= 0 { return }
        let r0 = row(of: max(-90, box.south)), r1 = row(of: min(90, box.north))
        let c0 = column(of: max(-180, box.west)), c1 = column(of: min(180, box.east))
        for r in r0...r1 {
            let south = rowSouth[r]
            for c in c0...c1 {
                let cell = cell(row: r, column: c)
                if cell == Self.sea { continue }
                if cell & Self.borderBit == 0 {
                    if !found[Int(cell)] {
                        found[Int(cell)] = true
                        remaining -= 1
                        if remaining == 0 { return }
                    }
                    continue
                }
                let part = BoundingBox(
                    west: max(columnWest[c], box.west), south: max(south, box.south),
                    east: min(columnWest[c + 1], box.east), north: min(rowSouth[r + 1], box.north))
                if part.isEmpty { continue }
                let record = recordOffset(sketch: Int(cell & ~Self.borderBit))
                var entry = record + 1
                for _ in 0..<Int(borderData[record]) {
                    let area = entryArea(entry)
                    if !found[area] && entryMeets(entry: entry, part: part, south: south) {
                        found[area] = true
                        remaining -= 1
                        if remaining == 0 { return }
                    }
                    entry = nextEntry(after: entry)
                }
            }
        }
    }

    /// Whether the area of a border-cell entry meets `part`, a box inside that cell (south edge `south`).
    func entryMeets(entry: Int, part: BoundingBox, south: Double) -> Bool {
        for j in 0..<entryRefCount(entry) {
            let i = edgeRef(entry: entry, slot: j)
            let a = GeoPoint(lat: vertexLat(i), lon: vertexLon(i)), b = GeoPoint(lat: vertexLat(i + 1), lon: vertexLon(i + 1))
            if segmentIntersectsBox(a, b, part) { return true }
        }
        return locate(entry: entry, lon: part.west, lat: part.south, south: south) != .outside
    }
}
