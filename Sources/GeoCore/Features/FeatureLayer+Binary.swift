/// A user layer in binary form, for the index cache: its tables as they are in memory, so loading a
/// 200,000-segment city reads about 35 MB and checks it instead of parsing 26 MB of GeoJSON and building the
/// grid (about 15 ms instead of 0.3–1 s; BENCHMARKS.md).
///
/// Layout (little-endian): the 48-byte `BinaryHeader` the country index also starts with —
/// magic `GEOLYR\r\n`, format version, byte-order mark, the source key, the payload's length and checksum —
/// then the tables, each a count and its raw values (`BinaryWriter.array`): the features (flags, text
/// offsets, text), vertices, unit vectors, elements, polygons (feature, ring starts, ring runs), and the two
/// grids (keys, starts, items, wide), the element grid's balls, the junction table (`JunctionTable`) and the
/// features' areas. Loading checks the header, the checksum and every table's counts,
/// offsets and values (`init(name:binary:sourceKey:)`), so a damaged or stale file is refused with a
/// `BinaryFormatError` and rebuilt by the caller; whatever is accepted answers queries without trapping.
extension FeatureLayer {
    /// Bump whenever the payload's layout or the layer's build changes.
    /// 2: the junction table and the features' areas (`whereAmI`) follow the balls.
    /// 3: vertex runs in grid-cell order (`orderedByCell`); polygons are read from their ring runs in place.
    public static let binaryFormatVersion: UInt32 = 3
    static let binaryMagic: [UInt8] = Array("GEOLYR\r\n".utf8)
    /// Header bytes before the payload.
    public static let binaryHeaderSize = BinaryHeader.size

    /// The whole binary layer.
    /// - Parameter sourceKey: identifies the file it was built from; loading must be given the same numbers.
    public func binary(sourceKey: (UInt64, UInt64)) -> [UInt8] {
        var out = BinaryWriter()
        // The payload length and checksum are patched in below.
        BinaryHeader(version: Self.binaryFormatVersion, sourceKey: sourceKey, payloadLength: 0, checksum: 0)
            .write(magic: Self.binaryMagic, to: &out)
        out.array(features.flags)
        out.array(features.offsets)
        out.array(features.text)
        out.array(vertices)
        out.array(units)
        out.array(elements)
        out.array(areaFeatures)
        out.array(areaRingStarts)
        out.array(areaRings)
        elementGrid.write(into: &out)
        areaGrid.write(into: &out)
        out.array(itemBalls)
        junctions.write(into: &out)
        out.array(areasM2)
        var bytes = out.bytes
        let checksum = bytes.withUnsafeBytes { binaryChecksum(UnsafeRawBufferPointer(rebasing: $0[Self.binaryHeaderSize...])) }
        BinaryHeader.patch(&bytes, payloadLength: UInt64(bytes.count - Self.binaryHeaderSize), checksum: checksum)
        return bytes
    }

    /// The source key a binary layer's header records, or nil when `bytes` are not a binary layer of this
    /// version (too short, other magic, version or byte order).
    public static func binarySourceKey(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64)? {
        BinaryHeader.sourceKey(bytes, magic: binaryMagic, version: binaryFormatVersion)
    }

    /// Loads a layer whose tables are views into `storage` (no copy), after checking all of it: header,
    /// key, length, checksum, then every table (`checkedTables`). The storage is read-only from here on.
    /// - Throws: `BinaryFormatError`: not a layer, another version, another source, or damaged.
    /// - Complexity: O(bytes).
    public convenience init(name: String, binary storage: ByteStorage, sourceKey: (UInt64, UInt64)) throws(BinaryFormatError) {
        let bytes = storage.bytes
        let checksum = try BinaryHeader.check(bytes, magic: Self.binaryMagic, version: Self.binaryFormatVersion,
                                              sourceKey: sourceKey).checksum
        guard binaryChecksum(UnsafeRawBufferPointer(rebasing: bytes[Self.binaryHeaderSize...])) == checksum else {
            throw .checksum
        }
        var input = BinaryReader(storage, offset: Self.binaryHeaderSize)
        try self.init(name: name, reading: &input)
        guard input.remaining == 0 else { throw .invalid("trailing bytes") }
    }

    /// Loads a layer from bytes held in an array (copied once); see `init(name:binary:sourceKey:)`.
    public convenience init(name: String, binary bytes: [UInt8], sourceKey: (UInt64, UInt64)) throws(BinaryFormatError) {
        let storage = bytes.withUnsafeBytes { ByteStorage(copying: $0) }
        try self.init(name: name, binary: storage, sourceKey: sourceKey)
    }

    /// Reads and checks the payload's tables.
    private convenience init(name: String, reading input: inout BinaryReader) throws(BinaryFormatError) {
        let features = try LayerFeatures(checking: try input.table(of: UInt8.self),
                                         offsets: try input.table(of: UInt32.self), text: try input.table(of: UInt8.self))
        let vertices = try input.table(of: GeoPoint.self)
        guard vertices.count < Int(Int32.max) - 1 else { throw .invalid("vertex count") }
        for v in vertices.buffer where !(v.lat >= -90 && v.lat <= 90 && v.lon >= -180 && v.lon <= 180) {
            throw .invalid("vertex out of range")
        }
        let units = try input.table(of: Vector3.self)
        guard units.count == vertices.count else { throw .invalid("unit vector count") }
        for u in units.buffer where !((u.dot(u) - 1).magnitude <= 1e-9) { throw .invalid("unit vector length") }
        let elements = try input.table(of: Element.self)
        for e in elements.buffer {
            guard Int(e.feature) < features.count, Int(e.start) + (e.isSegment ? 1 : 0) < vertices.count else {
                throw .invalid("element")
            }
        }
        let areaFeatures = try input.table(of: UInt32.self)
        let areaRingStarts = try input.table(of: UInt32.self)
        let areaRings = try input.table(of: RingRun.self)
        guard areaRingStarts.count == areaFeatures.count + 1, areaRingStarts.first == 0,
              areaRingStarts.last.map(Int.init) == areaRings.count else { throw .invalid("polygon ring starts") }
        var previousStart: UInt32? = nil
        for start in areaRingStarts.buffer {
            // Strictly increasing: every polygon has an exterior ring.
            guard previousStart.map({ $0 < start }) ?? true else { throw .invalid("polygon ring starts") }
            previousStart = start
        }
        for feature in areaFeatures.buffer where Int(feature) >= features.count { throw .invalid("polygon feature") }
        for run in areaRings.buffer where run.count == 0 || Int(run.start) + Int(run.count) > vertices.count {
            throw .invalid("polygon ring")
        }
        let elementGrid = try FeatureGrid(reading: &input, itemCount: elements.count)
        let areaGrid = try FeatureGrid(reading: &input, itemCount: areaFeatures.count)
        let itemBalls = try input.table(of: ElementBall.self)
        guard itemBalls.count == elementGrid.items.count else { throw .invalid("element ball count") }
        // Each ball's copy of its element is checked as the elements are (not compared with them: a copy
        // that differs, which only deliberate damage behind a matching checksum could make, gives other
        // answers but never a read out of bounds). One pass over the balls.
        for ball in itemBalls.buffer {
            guard ball.x.isFinite && ball.y.isFinite && ball.z.isFinite && ball.radius >= 0 && ball.radius <= 4 else {
                throw .invalid("element ball")
            }
            let e = ball.element
            guard Int(e.feature) < features.count, Int(e.start) + (e.isSegment ? 1 : 0) < vertices.count else {
                throw .invalid("element ball's element")
            }
        }
        let junctions = try JunctionTable(reading: &input, featureCount: features.count)
        let areasM2 = try input.table(of: Double.self)
        guard areasM2.count == features.count else { throw .invalid("feature area count") }
        for area in areasM2.buffer where !(area >= 0 && area.isFinite) { throw .invalid("feature area") }
        let areaBoxes = FeatureLayer.areaBoxes(vertices: vertices.buffer, ringStarts: areaRingStarts, rings: areaRings)
        self.init(name: name, features: features, vertices: vertices, units: units, elements: elements,
                  areaFeatures: areaFeatures, areaRingStarts: areaRingStarts, areaRings: areaRings, areaBoxes: areaBoxes,
                  elementGrid: elementGrid, itemBalls: itemBalls, areaGrid: areaGrid, junctions: junctions,
                  areasM2: areasM2)
    }
}

extension FeatureGrid {
    /// Reads a grid written by `FeatureLayer.binary(sourceKey:)` and checks it: keys strictly ascending and
    /// on the grid, one start more than keys, starts from 0 never decreasing to the items' end, and every
    /// item (and wide item) below `itemCount`.
    /// - Throws: `BinaryFormatError.invalid` naming the table.
    init(reading input: inout BinaryReader, itemCount: Int) throws(BinaryFormatError) {
        let keys = try input.table(of: UInt64.self)
        let starts = try input.table(of: UInt32.self)
        let items = try input.table(of: UInt32.self)
        let wide = try input.table(of: UInt32.self)
        var previous: UInt64? = nil
        for key in keys.buffer {
            guard key < UInt64(Self.rows) * UInt64(Self.columns), previous.map({ $0 < key }) ?? true else {
                throw .invalid("grid keys")
            }
            previous = key
        }
        guard starts.count == keys.count + 1, starts.first == 0, starts.last.map(Int.init) == items.count else {
            throw .invalid("grid starts")
        }
        var last: UInt32 = 0
        for start in starts.buffer {
            guard start >= last else { throw .invalid("grid starts") }
            last = start
        }
        for item in items.buffer where Int(item) >= itemCount { throw .invalid("grid item") }
        for item in wide.buffer where Int(item) >= itemCount { throw .invalid("grid wide item") }
        self.init(keys: keys, starts: starts, items: items, wide: wide)
    }
}
