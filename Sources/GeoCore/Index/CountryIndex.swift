/// A grid index over the rings of many areas that answers point-in-area queries exactly.
///
/// The sphere is cut into `cellSize`-degree cells. A cell that lies wholly inside one area, or wholly
/// outside every area, answers with one table read. A border cell keeps, for each area that matters there,
/// only the edges that reach the cell plus two small facts that stand in for every other edge of the area:
///
/// The crossing-number rule (a horizontal ray from the point towards +longitude; an edge (a, b) counts when
/// `(a.lat > lat) != (b.lat > lat)` and the ray starts west of where the edge crosses that latitude) splits,
/// for a point in a cell with longitudes [W, E], into
/// - edges wholly west of the cell, which never count;
/// - edges that reach the cell's column, which are tested one by one (the cell's `edges`);
/// - edges wholly east of the cell, which count exactly when they straddle the point's latitude.
/// The parity of the last group at latitude `lat` equals its parity at the cell's south edge (`parity`),
/// flipped once for each `toggle` latitude in (south, lat]: a vertex where an east-of-cell edge meets an
/// edge of the cell's column. Vertices shared by two east-of-cell edges flip the count twice and drop out.
///
/// The answer is therefore *identical* to the crossing-number test over the whole area (same edges, same
/// exact predicate), not an approximation of it. Boundary points are found the same way: an edge through the
/// point always reaches the point's cell.
///
/// Holes and multi-part areas need no special case: the parity over all rings of an area is its
/// even-odd membership. Edges are straight lines in longitude/latitude, as in RFC 7946.
public struct CountryIndex: Sendable {
    /// The default cell edge in degrees; 1440 × 720 cells.
    public static let defaultCellSize = 0.25

    /// Slack, in degrees, by which an edge's box is widened when deciding which cells it reaches.
    /// It only moves edges from the "west"/"east" groups into a cell's tested edges, which is always safe.
    static let margin = 1e-9

    let cellSize: Double
    let columns: Int
    let rows: Int
    /// Cell boundaries: `rowSouth[r]`...`rowSouth[r + 1]`, `columnWest[c]`...`columnWest[c + 1]`.
    let rowSouth: Table<Double>
    let columnWest: Table<Double>

    /// All ring vertices of all areas, area after area, each ring closed (last vertex == first).
    /// Edge `i` joins vertex `i` and vertex `i + 1`.
    /// Stored interleaved, `[lon0, lat0, lon1, lat1, …]`, so an edge's two vertices share a cache line.
    let coords: Table<Double>
    /// Rings of each area: `areaRingStart[k]..<areaRingStart[k + 1]`.
    let areaRingStart: Table<UInt32>
    /// Ring starts, in vertex order, with the vertex count appended: ring `j` is `ringStart[j]..<ringStart[j + 1]`.
    let ringStart: Table<UInt32>

    /// The cells of the mixed blocks (see `blocks`), 16 per block in block order, each block's cells
    /// row-major from its south-west corner: `sea`, an area number, or `borderBit | offset of the border
    /// cell's sketch` (cells of a block that lie beyond the grid's edge are `sea` and never read).
    var blockCells: Table<UInt32>
    /// Every border cell's record, one after another in the order of `blockCells`.
    /// Layout in `CountryIndex+BorderRecords.swift`.
    let borderData: Table<UInt32>
    /// Every border cell's sketch, in the same order: a small copy of the record that answers most
    /// lookups without reading it. Layout in `CountryIndex+Sketches.swift`.
    var sketches: Table<UInt8>
    /// Counts for the benchmark's report (the record stream holds them only implicitly).
    public let borderCellCount: Int
    let entryCount: Int
    public let edgeReferenceCount: Int
    let toggleCount: Int
    /// `bands / cellSize`: turns a latitude offset within a row into a band number.
    let bandScale: Double

    /// Latitude sub-bands per border-cell entry.
    static let bands = 8

    /// One value per block of 4 × 4 cells (row-major, `blockColumns` wide): the blocks' common value
    /// when all 16 cells are the sea or wholly inside the same area, else `borderBit | n` for the `n`-th
    /// mixed block, whose cells are `blockCells[16 n ..< 16 n + 16]`. Layout and reasons in
    /// `CountryIndex+Blocks.swift`.
    let blocks: Table<UInt32>
    let blockColumns: Int

    /// How far, in degrees of latitude, the great-circle arc of any edge strays beyond the latitudes of its
    /// two ends (a little more, for rounding), or 180 when an edge's arc may leave its own longitudes.
    /// The nearest-border search (`CountryIndex+Nearest.swift`) widens every cell and edge by it before
    /// taking a lower bound from their latitudes; a stored number, so no start-up has to measure 550,000 arcs.
    let arcExcursion: Double
    /// Per grid row, the same bound for the edges listed in that row (`rowExcursions(global:)`): at most
    /// `arcExcursion`, and usually far less, so the scan's row, cell and edge bounds (`CountryIndex+Nearest.swift`)
    /// are not widened everywhere by the few long edges that bulge most. One number per row, stored.
    var rowExcursion = Table<Double>([])

    /// Per block, how many whole blocks east (`eastRuns`) and west (`westRuns`) of it, in its block row and
    /// round the antimeridian, hold no border cell before the next one that does: the nearest-border walk
    /// steps over open sea in one move (a row near a pole is 360 blocks of it). Worked out at load
    /// from `blocks` (`CountryIndex+Nearest.swift`, `blockRuns`), not stored; empty when the grid's columns
    /// are not whole blocks.
    var eastRuns: [UInt16] = []
    var westRuns: [UInt16] = []

    /// The near lists (`CountryIndex+NearLists.swift`), empty when not built: the radius they answer for,
    /// per block the word where its region of `nearList` starts or `noNearList`, and the regions, each a
    /// header of its 16 cells' list starts then the lists (three words per listed chunk: its first vertex
    /// and edge count, then its box relative to the cell), so the header and a short list share a cache
    /// line and the list leads straight to the vertices.
    var nearRadiusKm = 0.0
    var nearBlocks = Table<UInt32>([])
    var nearList = Table<UInt32>([])
    /// Per area its first vertex, then the vertex count (`area(ofVertex:)`); worked out from `ringStart`
    /// when the near lists are built or read, not stored.
    var areaVertexStart: [UInt32] = []

    /// Cell value meaning "no area here".
    static let sea: UInt32 = .max
    /// Cell values with this bit set name a border cell.
    static let borderBit: UInt32 = 1 << 31

    /// The number of areas indexed.
    public var areaCount: Int { areaRingStart.count - 1 }

    /// Table sizes, for the benchmark's report: border-cell entries, edge references, toggle latitudes,
    /// and the bytes of the border records and of the cell sketches.
    public var tableSizes: (entries: Int, edgeReferences: Int, toggles: Int, recordBytes: Int, sketchBytes: Int) {
        (entryCount, edgeReferenceCount, toggleCount, 4 * borderData.count, sketches.count)
    }

    /// The near lists' size, for the benchmark's report: listed chunk references, and bytes.
    public var nearListSizes: (references: Int, bytes: Int) {
        let listed = nearBlocks.buffer.reduce(0) { $0 + ($1 == Self.noNearList ? 0 : 1) }
        return ((nearList.count - Self.nearHeaderWords * listed) / Self.nearEntryWords, 4 * (nearBlocks.count + nearList.count))
    }
}

extension CountryIndex {
    /// The row whose closed latitude band holds `lat` (which must be in [-90, 90]).
    @inline(__always)
    func row(of lat: Double) -> Int {
        // `bandScale / bands` is 1 / cellSize: a multiplication instead of a division on the way to the
        // first table read (the loops below correct any rounding either way).
        // In range for the conversion: every caller passes a latitude in [-90, 90] (`area(containing:)`
        // and the batch lookup check `isOnSphere` first; the box and nearest searches clamp with
        // `max(-90, _)`/`min(90, _)`, which also turn a NaN into the bound). Comparing before converting
        // made one-by-one lookups 20% slower, so the check stays with the callers.
        var r = Int((lat + 90) * (bandScale / Double(Self.bands)))
        if r < 0 { r = 0 }
        if r >= rows { r = rows - 1 }
        while r > 0 && lat < rowSouth[r] { r -= 1 }
        while r < rows - 1 && lat > rowSouth[r + 1] { r += 1 }
        return r
    }

    /// The column whose closed longitude band holds `lon` (which must be in [-180, 180]).
    @inline(__always)
    func column(of lon: Double) -> Int {
        // As in `row(of:)`: every caller passes a longitude in [-180, 180] (wrapped and checked, or clamped).
        var c = Int((lon + 180) * (bandScale / Double(Self.bands)))
        if c < 0 { c = 0 }
        if c >= columns { c = columns - 1 }
        while c > 0 && lon < columnWest[c] { c -= 1 }
        while c < columns - 1 && lon > columnWest[c + 1] { c += 1 }
        return c
    }

    @inline(__always)
    func vertexLon(_ i: Int) -> Double { coords[2 &* i] }

    @inline(__always)
    func vertexLat(_ i: Int) -> Double { coords[2 &* i &+ 1] }

    /// The number of ring vertices held.
    var vertexCount: Int { coords.count / 2 }

    /// Whether edge `i` crosses the ray from (lon, lat) towards +longitude, by the half-open rule.
    ///
    /// "The ray starts west of the edge" is decided by the exact orientation predicate, not by computing
    /// the crossing longitude, so no rounding can put a point on the wrong side. Every containment answer
    /// in this index goes through this one function, so the cell-local test and the whole-area test
    /// agree bit for bit. Points on the edge itself are caught first by `touches`.
    @inline(__always)
    func crosses(_ i: Int, lon: Double, lat: Double) -> Bool {
        let ay = vertexLat(i), by = vertexLat(i + 1)
        if (ay > lat) == (by > lat) { return false }
        let side = Orientation.sign(GeoPoint(lat: ay, lon: vertexLon(i)), GeoPoint(lat: by, lon: vertexLon(i + 1)),
                                    GeoPoint(lat: lat, lon: lon))
        return by > ay ? side > 0 : side < 0
    }

    /// Whether (lon, lat) lies on edge `i`: within the edge's box and exactly collinear with it.
    @inline(__always)
    func touches(_ i: Int, lon: Double, lat: Double) -> Bool {
        let ax = vertexLon(i), ay = vertexLat(i), bx = vertexLon(i + 1), by = vertexLat(i + 1)
        if lon < min(ax, bx) || lon > max(ax, bx) || lat < min(ay, by) || lat > max(ay, by) { return false }
        return Orientation.sign(GeoPoint(lat: ay, lon: ax), GeoPoint(lat: by, lon: bx), GeoPoint(lat: lat, lon: lon)) == 0
    }

    /// The sub-band of a row that `lat` falls in, clamped to the row: a monotone function of `lat`, so an
    /// edge whose latitudes span `lat` is always listed in `lat`'s band (see `bandSlots(entry:band:)`).
    @inline(__always)
    func band(_ lat: Double, south: Double) -> Int {
        // Compared before converting, so no input can trap: `lat - south` is within one cell for the
        // callers, but a NaN or a far latitude only clamps.
        let x = (lat - south) * bandScale
        return x > 0 ? (x < Double(Self.bands) ? Int(x) : Self.bands - 1) : 0
    }

    /// Wraps any finite longitude into [-180, 180), exactly (see `GeoMath.wrappedLongitude(_:)`); NaN for
    /// NaN and the infinities.
    @inline(__always)
    public static func wrapLongitude(_ lon: Double) -> Double {
        if lon >= -180 && lon < 180 { return lon }
        return GeoMath.wrappedLongitude(lon)
    }
}
