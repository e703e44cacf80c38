/// One layer's road intersections (``RoadJunction``) in flat tables with a grid of their points: computed
/// when the layer is built from GeoJSON and kept in its binary form, so a server that loads the layer from
/// the cache does not sort every road vertex again at start (116 ms for the 210,000-segment city).
///
/// Junction j is `points[j]` (its unit vector `units[j]`); its roads are
/// `roads[roadStarts[j] ..< roadStarts[j + 1]]` (feature indexes, ascending), and its distinct names are
/// the names of the features `nameRoads[nameStarts[j] ..< nameStarts[j + 1]]` (the first road of each name,
/// in the order of `roads`).
struct JunctionTable: Sendable {
    let points: Table<GeoPoint>
    let units: Table<Vector3>
    let roadStarts: Table<UInt32>
    let roads: Table<UInt32>
    let nameStarts: Table<UInt32>
    let nameRoads: Table<UInt32>
    /// Junctions by the cell of their point.
    let grid: FeatureGrid

    var count: Int { points.count }

    /// The intersections of a layer's roads: every vertex of a line feature that named line features with
    /// two or more distinct names share (coordinates compared exactly).
    /// - Complexity: O(v log v) in the line vertices.
    init(features: LayerFeatures, vertices: [GeoPoint], elements: [FeatureLayer.Element]) {
        var ends: [(point: GeoPoint, feature: UInt32)] = []
        for element in elements where element.isSegment {
            let f = Int(element.feature)
            guard features.kind(f)?.isRoad == true, features.name(f) != nil else { continue }
            ends.append((vertices[Int(element.start)], element.feature))
            ends.append((vertices[Int(element.start) + 1], element.feature))
        }
        ends.sort {
            if $0.point.lat != $1.point.lat { return $0.point.lat < $1.point.lat }
            if $0.point.lon != $1.point.lon { return $0.point.lon < $1.point.lon }
            return $0.feature < $1.feature
        }
        var points: [GeoPoint] = []
        var roadStarts: [UInt32] = [0], roads: [UInt32] = []
        var nameStarts: [UInt32] = [0], nameRoads: [UInt32] = []
        var start = 0
        while start < ends.count {
            var end = start + 1
            while end < ends.count && ends[end].point == ends[start].point { end += 1 }
            if end - start >= 2 {
                var these: [UInt32] = []
                var names: [String] = []
                var namers: [UInt32] = []
                for k in start..<end where these.last != ends[k].feature {
                    these.append(ends[k].feature)
                    if let name = features.name(Int(ends[k].feature)), !names.contains(name) {
                        names.append(name)
                        namers.append(ends[k].feature)
                    }
                }
                if names.count >= 2 {
                    points.append(ends[start].point)
                    roads.append(contentsOf: these)
                    roadStarts.append(UInt32(roads.count))
                    nameRoads.append(contentsOf: namers)
                    nameStarts.append(UInt32(nameRoads.count))
                }
            }
            start = end
        }
        var grid = FeatureGridBuilder()
        for (index, p) in points.enumerated() {
            grid.add(UInt32(index), south: p.lat, north: p.lat, west: p.lon, east: p.lon)
        }
        self.init(points: Table(points), units: Table(points.map { Vector3($0) }), roadStarts: Table(roadStarts),
                  roads: Table(roads), nameStarts: Table(nameStarts), nameRoads: Table(nameRoads), grid: grid.build())
    }

    init(points: Table<GeoPoint>, units: Table<Vector3>, roadStarts: Table<UInt32>, roads: Table<UInt32>,
         nameStarts: Table<UInt32>, nameRoads: Table<UInt32>, grid: FeatureGrid) {
        self.points = points
        self.units = units
        self.roadStarts = roadStarts
        self.roads = roads
        self.nameStarts = nameStarts
        self.nameRoads = nameRoads
        self.grid = grid
    }

    /// Junction `j` of layer `layer` as a value.
    func junction(_ j: Int, layer: Int, features: LayerFeatures) -> RoadJunction {
        RoadJunction(point: points[j], layer: layer,
                     roads: (Int(roadStarts[j])..<Int(roadStarts[j + 1])).map { Int(roads[$0]) },
                     names: names(j, features: features))
    }

    /// Junction `j`'s distinct road names, in the order of its roads.
    func names(_ j: Int, features: LayerFeatures) -> [String] {
        (Int(nameStarts[j])..<Int(nameStarts[j + 1])).compactMap { features.name(Int(nameRoads[$0])) }
    }

    /// Whether junction `j` has a road called `name`.
    func has(_ j: Int, name: String, features: LayerFeatures) -> Bool {
        for k in Int(nameStarts[j])..<Int(nameStarts[j + 1]) where features.nameEquals(Int(nameRoads[k]), name) {
            return true
        }
        return false
    }
}

extension JunctionTable {
    /// Reads the tables `FeatureLayer.binary(sourceKey:)` wrote and checks them: points in range, unit
    /// vectors of unit length, both start lists from 0 never decreasing to their list's end, one start
    /// more than points, every road below `featureCount`, and the grid's items below the points' count.
    /// - Throws: `BinaryFormatError.invalid` naming the table.
    init(reading input: inout BinaryReader, featureCount: Int) throws(BinaryFormatError) {
        let points = try input.table(of: GeoPoint.self)
        for v in points.buffer where !(v.lat >= -90 && v.lat <= 90 && v.lon >= -180 && v.lon <= 180) {
            throw .invalid("junction point out of range")
        }
        let units = try input.table(of: Vector3.self)
        guard units.count == points.count else { throw .invalid("junction unit count") }
        for u in units.buffer where !((u.dot(u) - 1).magnitude <= 1e-9) { throw .invalid("junction unit length") }
        let roadStarts = try input.table(of: UInt32.self)
        let roads = try input.table(of: UInt32.self)
        let nameStarts = try input.table(of: UInt32.self)
        let nameRoads = try input.table(of: UInt32.self)
        for (starts, list, what) in [(roadStarts, roads, "junction roads"), (nameStarts, nameRoads, "junction names")] {
            guard starts.count == points.count + 1, starts.first == 0, starts.last.map(Int.init) == list.count else {
                throw .invalid(what)
            }
            var last: UInt32 = 0
            for start in starts.buffer {
                guard start >= last else { throw .invalid(what) }
                last = start
            }
            for road in list.buffer where Int(road) >= featureCount { throw .invalid(what) }
        }
        let grid = try FeatureGrid(reading: &input, itemCount: points.count)
        self.init(points: points, units: units, roadStarts: roadStarts, roads: roads, nameStarts: nameStarts,
                  nameRoads: nameRoads, grid: grid)
    }

    func write(into out: inout BinaryWriter) {
        out.array(points)
        out.array(units)
        out.array(roadStarts)
        out.array(roads)
        out.array(nameStarts)
        out.array(nameRoads)
        grid.write(into: &out)
    }
}

extension FeatureGrid {
    /// Writes the grid as `init(reading:itemCount:)` reads it.
    func write(into out: inout BinaryWriter) {
        out.array(keys)
        out.array(starts)
        out.array(items)
        out.array(wide)
    }
}
