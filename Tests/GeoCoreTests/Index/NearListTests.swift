import Testing
@testable import GeoCore

/// The near lists (`CountryIndex+NearLists.swift`): within their radius, the nearest-border search reads one
/// cell's list, and must still give the full scan's area and distance bit for bit; a damaged list is refused
/// at load.
@Suite("Nearest border: the cells' near lists")
struct NearListTests {
    /// The synthetic areas without the cap round the South Pole (whose edge from -180 to 180 makes
    /// `arcExcursion` 180, for which no lists are built).
    static func index(cellSize: Double) -> CountryIndex {
        var areas = NearestBorderTests.areas()
        areas.remove(at: 3)
        return CountryIndex(areas: areas, cellSize: cellSize)
    }

    @Test("synthetic areas: lists are built and answer as the full scan and brute force, at and below their radius",
          arguments: [1.0, 0.25])
    func synthetic(cellSize: Double) {
        let index = Self.index(cellSize: cellSize)
        #expect(index.nearListSizes.references > 0)
        #expect(CountryIndex(areas: NearestBorderTests.areas(), cellSize: cellSize).nearListSizes.references == 0,
                "no lists when an arc may leave its longitudes")
        var viaLists = 0, found = 0, checked = 0
        for radius in [0.0, 0.5, 3, 9.99, CountryIndex.nearListRadiusKm] {
            for p in NearestReachTests.points(index, radius: max(radius, 1), count: 80, seed: UInt64(radius * 100 + 3)) {
                let q = GeoPoint(lat: p.lat, lon: CountryIndex.wrapLongitude(p.lon))
                if index.nearListsAnswer(own: index.cell(row: index.row(of: q.lat), column: index.column(of: q.lon)),
                                         maxKm: radius) { viaLists += 1 }
                let fast = index.nearestArea(to: p, withinKm: radius)
                let scan = index.nearestAreaByScan(to: p, withinKm: radius)
                #expect(fast?.area == scan?.area && fast?.distanceKm == scan?.distanceKm,
                        "\(p.lat), \(p.lon) within \(radius) km: \(String(describing: fast)) vs scan \(String(describing: scan))")
                let brute = NearestBorderTests.bruteForce(index, p)
                if brute.km <= radius {
                    found += 1
                    #expect(fast?.distanceKm == brute.km, "\(p.lat), \(p.lon) within \(radius) km: brute force \(brute.km)")
                } else {
                    #expect(fast == nil, "\(p.lat), \(p.lon) within \(radius) km: nothing is that near")
                }
                checked += 1
            }
        }
        #expect(viaLists == checked, "every point outside the areas is answered from a list (\(viaLists) of \(checked))")
        #expect(found > checked / 8, "many points have a border in range (\(found) of \(checked))")
    }

    @Test("Natural Earth: points near coasts and borders within 1, 5 and 10 km answer as the full scan")
    func naturalEarth() throws {
        let index = try NaturalEarthFixture.gazetteer.get().spatialIndex
        #expect(index.nearListSizes.references > 0)
        var found = 0
        for radius in [1.0, 5, 10] {
            for p in NearestReachTests.points(index, radius: radius, count: 700, seed: UInt64(radius) + 40) {
                let fast = index.nearestArea(to: p, withinKm: radius)
                let scan = index.nearestAreaByScan(to: p, withinKm: radius)
                #expect(fast?.area == scan?.area && fast?.distanceKm == scan?.distanceKm,
                        "\(p.lat), \(p.lon) within \(radius) km: \(String(describing: fast)) vs scan \(String(describing: scan))")
                if scan != nil { found += 1 }
            }
        }
        #expect(found > 500, "points with a coast in range: \(found)")
    }

    /// The index written and read back after `damage` changed its near lists.
    static func reload(_ index: CountryIndex, _ damage: (inout CountryIndex) -> Void) -> BinaryFormatError? {
        var damaged = index
        damage(&damaged)
        var writer = BinaryWriter()
        damaged.write(to: &writer)
        let storage = writer.bytes.withUnsafeBytes { ByteStorage(copying: $0) }
        var reader = BinaryReader(storage)
        do {
            _ = try CountryIndex(reading: &reader, areaCount: index.areaCount)
            return nil
        } catch {
            return error
        }
    }

    static func replaced(_ table: Table<UInt32>, at k: Int, with value: UInt32) -> Table<UInt32> {
        var values = Array(table)
        values[k] = value
        return Table(values)
    }

    /// The word of the first listed chunk (the first region's first entry).
    static func firstEntry(_ index: CountryIndex) -> Int {
        let region = index.nearBlocks.first { $0 != CountryIndex.noNearList } ?? 0
        return Int(region) + CountryIndex.nearHeaderWords
    }

    @Test("a damaged near list is refused at load, never read")
    func damagedListsRefused() throws {
        let index = Self.index(cellSize: 1)
        #expect(Self.reload(index) { _ in } == nil, "the undamaged index loads")
        let listed = index.nearBlocks.firstIndex { $0 != CountryIndex.noNearList } ?? 0
        let damages: [(String, (inout CountryIndex) -> Void)] = [
            ("radius NaN", { $0.nearRadiusKm = .nan }),
            ("radius 0 with lists", { $0.nearRadiusKm = 0 }),
            ("block region past the list", { $0.nearBlocks = Self.replaced($0.nearBlocks, at: listed, with: 1 << 30) }),
            ("block table short", { $0.nearBlocks = Table(Array($0.nearBlocks.dropLast())) }),
            ("two blocks share a region", { index in
                let blocks = index.nearBlocks
                let next = blocks.indices.first { k in k > listed && blocks[k] != CountryIndex.noNearList } ?? 0
                index.nearBlocks = Self.replaced(blocks, at: next, with: blocks[listed])
            }),
            ("first start not 0", { $0.nearList = Self.replaced($0.nearList, at: Int($0.nearBlocks[listed]), with: 1) }),
            ("list start past the end", { $0.nearList = Self.replaced($0.nearList, at: Int($0.nearBlocks[listed]) + 1, with: .max) }),
            ("starts out of order", {
                let region = Int($0.nearBlocks[listed])
                $0.nearList = Self.replaced($0.nearList, at: region + 8, with: 0)
            }),
            ("list cut short of its end", { $0.nearList = Table(Array($0.nearList.dropLast(3))) }),
            ("list longer than its regions", { $0.nearList = Table(Array($0.nearList) + [0, 0, 0]) }),
            ("chunk past the vertices", { $0.nearList = Self.replaced($0.nearList, at: Self.firstEntry($0), with: .max) }),
            ("chunk's last vertex missing", {
                $0.nearList = Self.replaced($0.nearList, at: Self.firstEntry($0),
                                            with: UInt32($0.vertexCount - 1) & CountryIndex.chunkVertexMask)
            }),
            ("latitudes upside down", { $0.nearList = Self.replaced($0.nearList, at: Self.firstEntry($0) + 1, with: CountryIndex.boxWord(5, -5)) }),
            ("longitudes upside down", {
                $0.nearList = Self.replaced($0.nearList, at: Self.firstEntry($0) + 2, with: CountryIndex.boxWord(.max, .min))
            }),
            ("list cut mid-entry", { $0.nearList = Table(Array($0.nearList.dropLast())) }),
            ("lists without blocks", { $0.nearBlocks = Table([]) }),
        ]
        for (what, damage) in damages {
            #expect(Self.reload(index, damage) != nil, "\(what) is refused")
        }
    }
}
