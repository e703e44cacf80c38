import Testing
@testable import GeoCore

/// The near lists' boxes are stored in 27 m steps relative to their cell, saturated at ±8° and with the
/// longitudes of the copy nearest the cell (`CountryIndex+NearLists.swift`): the search prunes by them, so
/// each must stay a lower bound on the angle to every edge of its chunk from every point of its cell,
/// across ±180 and near the poles included.
@Suite("Nearest border: the near lists' quantised boxes bound their edges")
struct NearListBoxTests {
    /// Checks, for every `stride`-th listed block, every list entry of its cells from the cell's corners and
    /// a few random points of it: the entry's bound never exceeds the squared angle to an edge of the
    /// chunk within the search's limit (farther edges the bound need not cover, see `NearestSearch`).
    /// - Returns: how many (point, edge) pairs within the limit were compared.
    static func checkBoxes(_ index: CountryIndex, stride: Int, seed: UInt64) -> Int {
        var random = TestRandom(seed: seed)
        var compared = 0, failures = 0
        for block in Swift.stride(from: 0, to: index.nearBlocks.count, by: stride) {
            let listed = index.nearBlocks[block]
            if listed == CountryIndex.noNearList { continue }
            let blockRow = block / index.blockColumns, blockColumn = block % index.blockColumns
            for k in 0..<16 {
                let r = 4 * blockRow + k / 4, c = 4 * blockColumn + k % 4
                guard r < index.rows, c < index.columns else { continue }
                let (start, end) = index.nearEntries(region: Int(listed), cell: k)
                if start == end { continue }
                let south = index.rowSouth[r], north = index.rowSouth[r + 1]
                let west = index.columnWest[c], east = min(index.columnWest[c + 1], 180.0.nextDown)
                var points = [GeoPoint(lat: south, lon: west), GeoPoint(lat: south, lon: east),
                              GeoPoint(lat: north, lon: west), GeoPoint(lat: north, lon: east)]
                for _ in 0..<3 { points.append(GeoPoint(lat: random.uniform(south, north), lon: random.uniform(west, east))) }
                for p in points {
                    let search = NearestSearch(point: p, maxKm: CountryIndex.nearListRadiusKm, window: .pending,
                                               excursion: index.arcExcursion)
                    let y = p.lat - south, x = p.lon - index.columnWest[c]
                    for j in Swift.stride(from: start, to: end, by: CountryIndex.nearEntryWords) {
                        let bound = index.chunkBound(at: j, y: y, x: x, search)
                        let word = index.nearList[j]
                        let first = Int(word & CountryIndex.chunkVertexMask)
                        for i in first...(first + Int(word >> 28)) {
                            let a = GeoPoint(lat: index.vertexLat(i), lon: index.vertexLon(i))
                            let b = GeoPoint(lat: index.vertexLat(i + 1), lon: index.vertexLon(i + 1))
                            let angle = Spherical.angleToArc(Vector3(p), Vector3(a), Vector3(b))
                            guard angle <= search.limitAngle else { continue }
                            compared += 1
                            if bound > angle * angle {
                                failures += 1
                                if failures <= 5 {
                                    Issue.record("cell (\(r), \(c)), point \(p.lat), \(p.lon), edge \(i): bound \(bound) > \(angle * angle)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(failures == 0, "\(failures) bounds above their edge's angle")
        return compared
    }

    @Test("synthetic areas (boxes meeting at ±180, near the pole): every box bounds its chunk", arguments: [1.0, 0.25])
    func synthetic(cellSize: Double) {
        let index = NearListTests.index(cellSize: cellSize)
        #expect(Self.checkBoxes(index, stride: 1, seed: 7) > 1000)
    }

    @Test("Natural Earth: a sample of the lists' boxes bound their chunks")
    func naturalEarth() throws {
        let index = try NaturalEarthFixture.gazetteer.get().spatialIndex
        #expect(Self.checkBoxes(index, stride: 37, seed: 11) > 10_000)
    }

    @Test("a box far round the circle or half of it wide stores the widest longitudes; a near one its own copy")
    func longitudeCopies() {
        let index = NearListTests.index(cellSize: 1)
        let last = index.columns - 1
        // Just east of 180, seen from the column ending at 180: the copy shifted by +360 (1 to 2° past the cell).
        let wrapped = index.relativeLongitudes(west: -179, east: -178, column: last)
        let step = CountryIndex.boxStep
        #expect(Double(wrapped.west) * step <= 2 && Double(wrapped.west) * step > 1.999, "west \(wrapped.west)")
        #expect(Double(wrapped.east) * step >= 3 && Double(wrapped.east) * step < 3.001, "east \(wrapped.east)")
        #expect(index.relativeLongitudes(west: -100, east: 100, column: 0) == (Int16.min, Int16.max))
        #expect(index.relativeLongitudes(west: 10, east: 20, column: 0) == (Int16.min, Int16.max))
        // Far but under 45°: saturated at the frame's edge, still a lower bound from inside the cell.
        #expect(index.relativeLongitudes(west: 30, east: 40, column: 180) == (Int16.max, Int16.max))
    }
}
