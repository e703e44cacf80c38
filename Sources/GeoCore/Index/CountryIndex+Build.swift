extension CountryIndex {
    /// Builds the index over `areas`; area `k` is `areas[k]`.
    ///
    /// - Parameters:
    ///   - areas: the areas, in the order their numbers should have. They should not overlap; where they
    ///     do, a point in both gets the lower number.
    ///   - cellSize: the cell edge in degrees; 180 must be a whole multiple of it.
    ///
    /// Longitudes within `antimeridianSnap` of ±180 are moved onto it: sources draw the antimeridian
    /// as 180 on one side and -179.99999999999991 on the other (Natural Earth's Russia, Fiji and
    /// Antarctica), which would leave a 1e-13° strip that belongs to no area and make -180 and 180
    /// answer differently. Every coordinate must be finite and in range (the GeoJSON decoder enforces
    /// it); the grid's row and column arithmetic relies on that.
    ///   - nearLists: whether to build the near lists (`CountryIndex+NearLists.swift`) that make the
    ///     nearest-border search at the default radius one list read. They pay for the country layer (4.7 MB
    ///     for Natural Earth's countries); the admin-1 and time-zone layers, whose borders cross every
    ///     continent, would need 40 MB more, so `AreaLayer` builds without them.
    /// - Complexity: O(edges × cells each edge reaches + rows × columns × areas per row).
    public init(areas: [MultiPolygon], cellSize: Double = CountryIndex.defaultCellSize, nearLists: Bool = true) {
        var builder = CountryIndexBuilder(areas: areas, cellSize: cellSize)
        self = builder.build()
        if nearLists { buildNearLists() }
    }
}

/// The one-off work of `CountryIndex.init(areas:cellSize:)`, kept apart from the query-time type.
struct CountryIndexBuilder {
    let cellSize: Double
    let rows: Int
    let columns: Int
    let rowSouth: [Double]
    let columnWest: [Double]
    var lons: [Double] = []
    var lats: [Double] = []
    var ringStart: [UInt32] = []
    var areaRingStart: [UInt32] = [0]

    /// Per edge (indexed by its first vertex): the area, the ring, and the rows and columns it reaches.
    var edgeArea: [UInt32] = []
    var edgeRing: [UInt32] = []
    var edgeRows: [(UInt16, UInt16)] = []
    var edgeColumns: [(UInt16, UInt16)] = []

    /// An area's data for one border cell, before it is laid out in the flat arrays.
    struct PendingEntry {
        var area: UInt32
        var parity: Bool
        /// Tested edges, laid out by latitude sub-band: band `k` ends at `bandEnds[k]`.
        var edges: [UInt32]
        var bandEnds: [Int]
        var toggles: [Double]
    }

    init(areas: [MultiPolygon], cellSize: Double) {
        // Keeps `rows` in range for the conversion below and the UInt16 row and column numbers of edges.
        precondition(cellSize >= 0.01 && cellSize <= 180, "a cell size in degrees, 0.01...180")
        self.cellSize = cellSize
        rows = Int((180 / cellSize).rounded())
        columns = 2 * rows
        var south: [Double] = []
        for r in 0..<rows { south.append(-90 + Double(r) * cellSize) }
        south.append(90)
        var west: [Double] = []
        for c in 0..<columns { west.append(-180 + Double(c) * cellSize) }
        west.append(180)
        rowSouth = south
        columnWest = west
        for area in areas {
            for polygon in area.polygons {
                for ring in polygon.rings where ring.points.count >= 2 {
                    ringStart.append(UInt32(lons.count))
                    for point in ring.points {
                        precondition(point.lat >= -90 && point.lat <= 90 && point.lon >= -180 && point.lon <= 180,
                                     "area vertices in [-90, 90] × [-180, 180]")
                        lons.append(CountryIndex.snappedToAntimeridian(point.lon))
                        lats.append(point.lat)
                    }
                }
            }
            areaRingStart.append(UInt32(ringStart.count))
        }
        ringStart.append(UInt32(lons.count))
    }

    /// The rows an edge spanning [minLat, maxLat] is listed in (``CountryIndex/listedRows(_:_:rows:cellSize:rowSouth:)``).
    func rowRange(_ minLat: Double, _ maxLat: Double) -> (Int, Int) {
        let r = CountryIndex.listedRows(minLat, maxLat, rows: rows, cellSize: cellSize, rowSouth: rowSouth)
        return (r.first, r.last)
    }

    /// The columns an edge spanning [minLon, maxLon] is tested in
    /// (``CountryIndex/listedColumns(_:_:columns:cellSize:columnWest:)``).
    func columnRange(_ minLon: Double, _ maxLon: Double) -> (Int, Int) {
        let c = CountryIndex.listedColumns(minLon, maxLon, columns: columns, cellSize: cellSize, columnWest: columnWest)
        return (c.first, c.last)
    }

    mutating func measureEdges() {
        let count = lons.count
        edgeArea = [UInt32](repeating: 0, count: count)
        edgeRing = [UInt32](repeating: 0, count: count)
        edgeRows = [(UInt16, UInt16)](repeating: (1, 0), count: count)
        edgeColumns = [(UInt16, UInt16)](repeating: (1, 0), count: count)
        for area in 0..<(areaRingStart.count - 1) {
            for ring in Int(areaRingStart[area])..<Int(areaRingStart[area + 1]) {
                for i in Int(ringStart[ring])..<(Int(ringStart[ring + 1]) - 1) {
                    let (r0, r1) = rowRange(min(lats[i], lats[i + 1]), max(lats[i], lats[i + 1]))
                    let (c0, c1) = columnRange(min(lons[i], lons[i + 1]), max(lons[i], lons[i + 1]))
                    edgeArea[i] = UInt32(area)
                    edgeRing[i] = UInt32(ring)
                    edgeRows[i] = (UInt16(r0), UInt16(r1))
                    edgeColumns[i] = (UInt16(c0), UInt16(c1))
                }
            }
        }
    }

    /// The edges of each row, in vertex order (so grouped by area), as offsets and a flat list.
    func rowBuckets() -> (start: [Int], edges: [UInt32]) {
        var start = [Int](repeating: 0, count: rows + 1)
        for ring in 0..<(ringStart.count - 1) {
            for i in Int(ringStart[ring])..<(Int(ringStart[ring + 1]) - 1) {
                let (r0, r1) = edgeRows[i]
                for r in Int(r0)...Int(r1) { start[r + 1] += 1 }
            }
        }
        for r in 0..<rows { start[r + 1] += start[r] }
        var fill = start
        var edges = [UInt32](repeating: 0, count: start[rows])
        for ring in 0..<(ringStart.count - 1) {
            for i in Int(ringStart[ring])..<(Int(ringStart[ring + 1]) - 1) {
                let (r0, r1) = edgeRows[i]
                for r in Int(r0)...Int(r1) {
                    edges[fill[r]] = UInt32(i)
                    fill[r] += 1
                }
            }
        }
        return (start, edges)
    }

    /// The vertices as the index stores them: `[lon0, lat0, lon1, lat1, …]`.
    func interleaved() -> [Double] {
        var coords: [Double] = []
        coords.reserveCapacity(2 * lons.count)
        for i in lons.indices {
            coords.append(lons[i])
            coords.append(lats[i])
        }
        return coords
    }

    /// The sub-band of row-south `south` holding `lat`; the same function as `CountryIndex.band`.
    func band(_ lat: Double, south: Double) -> Int {
        let k = Int((lat - south) * (Double(CountryIndex.bands) / cellSize))
        return k < 0 ? 0 : (k >= CountryIndex.bands ? CountryIndex.bands - 1 : k)
    }

    /// The edge that meets edge `edge` at its first vertex (`atEnd == false`) or at its last.
    func neighbour(of edge: Int, atEnd: Bool) -> Int {
        let ring = Int(edgeRing[edge])
        let first = Int(ringStart[ring]), lastEdge = Int(ringStart[ring + 1]) - 2
        if atEnd { return edge == lastEdge ? first : edge + 1 }
        return edge == first ? lastEdge : edge - 1
    }

    /// Whether `edge` is in row `r` and wholly east of column `c` there.
    func isEast(_ edge: Int, row r: Int, column c: Int) -> Bool {
        let (r0, r1) = edgeRows[edge]
        return r >= Int(r0) && r <= Int(r1) && c < Int(edgeColumns[edge].0)
    }
}

extension CountryIndex {
    /// How far from ±180, in degrees, a vertex's longitude is taken to mean the antimeridian itself
    /// (0.1 mm at the equator; Natural Earth's stray is 9e-14°).
    static let antimeridianSnap = 1e-9

    /// `lon`, or ±180 when it is within `antimeridianSnap` of it.
    static func snappedToAntimeridian(_ lon: Double) -> Double {
        if lon <= -180 + antimeridianSnap { return -180 }
        if lon >= 180 - antimeridianSnap { return 180 }
        return lon
    }
}
