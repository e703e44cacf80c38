/// The prebuilt binary index: everything a `CountryGazetteer` holds, so start-up reads tables instead of
/// parsing 21 MB of GeoJSON and building the grid.
///
/// Layout (little-endian): a 48-byte header — magic `GEOIDX\r\n`, format version, byte-order mark, the
/// source key (two numbers the caller chooses, e.g. the GeoJSON's size and modification time), the payload
/// length and the payload's checksum — then the payload: countries, centroids, boxes, the grid index, and
/// the placemark layers (admin-1, time zones), each a presence byte then `AreaLayer.write(to:)`.
/// Loading checks all of it (see `CountryIndex.init(reading:areaCount:)`), so a damaged or stale file is
/// rejected with a `BinaryFormatError` and the caller rebuilds it; it never crashes a query.
extension CountryGazetteer {
    /// Bump whenever the payload's layout or the index's build changes.
    public static let binaryFormatVersion: UInt32 = 25
    static let binaryMagic: [UInt8] = Array("GEOIDX\r\n".utf8)
    static let byteOrderMark: UInt32 = 0x0102_0304
    /// Header bytes before the payload.
    public static let binaryHeaderSize = 48

    /// The whole index file.
    /// - Parameter sourceKey: identifies the data it was built from; `init(binary:sourceKey:)` must be
    ///   given the same two numbers.
    public func binaryIndex(sourceKey: (UInt64, UInt64)) -> [UInt8] {
        var out = BinaryWriter()
        // The payload length and checksum are patched below.
        writeHeader(to: &out, sourceKey: sourceKey, payloadLength: 0, checksum: 0)
        writePayload(to: &out)
        let payloadLength = out.bytes.count - Self.binaryHeaderSize
        out.patch(u64: UInt64(payloadLength), at: 32)
        let checksum = out.bytes.withUnsafeBytes {
            binaryChecksum(UnsafeRawBufferPointer(rebasing: $0[Self.binaryHeaderSize...]))
        }
        out.patch(u64: checksum, at: 40)
        return out.bytes
    }

    /// Writes the same bytes as `binaryIndex(sourceKey:)` to `sink`, in chunks of about 1 MiB, so the index
    /// (78 MB with every layer) is never whole in memory: a first start that builds it and caches it peaks
    /// at the gazetteer plus one chunk, not the gazetteer plus the index plus the array's regrowth copy.
    ///
    /// The payload is serialised twice: once into a checksum (the header holds its length and checksum),
    /// then after the header into `sink`. Serialising is about a tenth of a second; the build it follows
    /// takes seconds.
    public func writeBinaryIndex(sourceKey: (UInt64, UInt64), to sink: any BinarySink) {
        final class Summary: BinarySink {
            var checksum = BinaryChecksum()
            func write(_ bytes: UnsafeRawBufferPointer) { checksum.update(bytes) }
        }
        let summary = Summary()
        var measure = BinaryWriter(sink: summary)
        writePayload(to: &measure)
        measure.flush()
        var out = BinaryWriter(sink: sink)
        writeHeader(to: &out, sourceKey: sourceKey, payloadLength: UInt64(summary.checksum.count),
                    checksum: summary.checksum.finish())
        writePayload(to: &out)
        out.flush()
    }

    /// The 48-byte header.
    func writeHeader(to out: inout BinaryWriter, sourceKey: (UInt64, UInt64), payloadLength: UInt64, checksum: UInt64) {
        for byte in Self.binaryMagic { out.u8(byte) }
        out.u32(Self.binaryFormatVersion)
        out.u32(Self.byteOrderMark)
        out.u64(sourceKey.0)
        out.u64(sourceKey.1)
        out.u64(payloadLength)
        out.u64(checksum)
    }

    /// Loads a gazetteer from `binaryIndex(sourceKey:)`'s bytes, copying them first.
    /// - Throws: `BinaryFormatError` when the bytes are not an index, are of another version, were built
    ///   from another source, or are damaged in any way.
    /// - Complexity: O(bytes).
    public init(binary bytes: UnsafeRawBufferPointer, sourceKey: (UInt64, UInt64)) throws(BinaryFormatError) {
        try self.init(binary: ByteStorage(copying: bytes), sourceKey: sourceKey)
    }

    /// Loads a gazetteer whose index tables are views into `storage` (no copy: start-up reads the index file
    /// into memory it owns and hands that over), after the same checks as `init(binary:sourceKey:)`.
    ///
    /// Every check runs here, before any query: the checksum over the whole payload and every table's
    /// bounds and values, so a damaged file is rejected, never half-used. The storage is read-only from
    /// here on and lives as long as the gazetteer.
    /// - Throws: `BinaryFormatError`, as `init(binary:sourceKey:)`.
    public init(binary storage: ByteStorage, sourceKey: (UInt64, UInt64)) throws(BinaryFormatError) {
        let bytes = storage.bytes
        guard bytes.count >= Self.binaryHeaderSize else { throw .notAnIndex }
        for k in 0..<Self.binaryMagic.count where bytes[k] != Self.binaryMagic[k] { throw .notAnIndex }
        var header = BinaryReader(bytes, offset: Self.binaryMagic.count)
        let version = try header.u32()
        guard try header.u32() == Self.byteOrderMark else { throw .notAnIndex }
        guard version == Self.binaryFormatVersion else { throw .version(version) }
        guard try header.u64() == sourceKey.0, try header.u64() == sourceKey.1 else { throw .staleSource }
        let length = try header.u64(), checksum = try header.u64()
        let actual = UInt64(bytes.count - Self.binaryHeaderSize)
        guard length == actual else { throw .size(expected: length, actual: actual) }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[Self.binaryHeaderSize...])
        guard binaryChecksum(payload) == checksum else { throw .checksum }
        var input = BinaryReader(storage, offset: Self.binaryHeaderSize)
        try self.init(payload: &input)
        guard input.remaining == 0 else { throw .invalid("trailing bytes") }
    }

    /// Loads a gazetteer from an index held in an array; see `init(binary:sourceKey:)`.
    public init(binary bytes: [UInt8], sourceKey: (UInt64, UInt64)) throws(BinaryFormatError) {
        var result: Result<CountryGazetteer, BinaryFormatError> = .failure(.notAnIndex)
        bytes.withUnsafeBytes { raw in
            do throws(BinaryFormatError) {
                result = .success(try CountryGazetteer(binary: raw, sourceKey: sourceKey))
            } catch {
                result = .failure(error)
            }
        }
        self = try result.get()
    }

    func writePayload(to out: inout BinaryWriter) {
        out.u64(UInt64(countries.count))
        for c in countries {
            out.string(c.adm0a3)
            out.optionalString(c.iso2)
            out.optionalString(c.iso3)
            out.optionalString(c.isoNumeric)
            out.string(c.name)
            for text in [c.nameLong, c.formalName, c.sovereign, c.sovereignA3, c.type, c.continent,
                         c.regionUN, c.subregion, c.wikidataID] { out.optionalString(text) }
            if let label = c.labelPoint {
                out.u8(1)
                out.f64(label.lat)
                out.f64(label.lon)
            } else {
                out.u8(0)
            }
            out.u32(UInt32(c.localNames.count))
            for local in c.localNames {
                out.string(local.language)
                out.string(local.name)
            }
            out.u32(UInt32(c.alternateNames.count))
            for alternate in c.alternateNames { out.string(alternate) }
            out.u64(c.population.map { UInt64($0) } ?? UInt64.max)
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(countries.count * 6)
        for k in countries.indices {
            numbers += [centroids[k].lat, centroids[k].lon, boxes[k].minLat, boxes[k].minLon, boxes[k].maxLat, boxes[k].maxLon]
        }
        out.array(numbers)
        search.write(to: &out)
        index.write(to: &out)
        writeLayers(to: &out)
    }

    init(payload input: inout BinaryReader) throws(BinaryFormatError) {
        let count = try input.u64()
        // Each country takes at least 20 bytes, so a count larger than that is damage, not data.
        guard count >= 1, count <= UInt64(input.remaining / 20) else { throw .invalid("country count") }
        var countries: [Country] = []
        countries.reserveCapacity(Int(count))
        for _ in 0..<Int(count) {
            let adm0a3 = try input.string()
            let iso2 = try input.optionalString(), iso3 = try input.optionalString()
            let isoNumeric = try input.optionalString()
            let name = try input.string()
            var texts: [String?] = []
            for _ in 0..<9 { texts.append(try input.optionalString()) }
            var label: GeoPoint? = nil
            switch try input.u8() {
            case 0: break
            case 1: label = GeoPoint(lat: try input.f64(), lon: try input.f64())
            default: throw .invalid("label flag")
            }
            let localCount = Int(try input.u32())
            guard localCount <= input.remaining / 8 else { throw .invalid("local name count") }
            var locals: [Country.LocalName] = []
            for _ in 0..<localCount {
                let language = try input.string()
                locals.append(Country.LocalName(language: language, name: try input.string()))
            }
            let alternateCount = Int(try input.u32())
            guard alternateCount <= input.remaining / 4 else { throw .invalid("alternate name count") }
            var alternates: [String] = []
            for _ in 0..<alternateCount { alternates.append(try input.string()) }
            let population = try input.u64()
            guard population == UInt64.max || population < 1 << 31 else { throw .invalid("population") }
            countries.append(Country(
                adm0a3: adm0a3, iso2: iso2, iso3: iso3, isoNumeric: isoNumeric, name: name,
                nameLong: texts[0], formalName: texts[1], sovereign: texts[2], sovereignA3: texts[3],
                type: texts[4], continent: texts[5], regionUN: texts[6], subregion: texts[7],
                wikidataID: texts[8], labelPoint: label,
                population: population == UInt64.max ? nil : Int(population), localNames: locals, alternateNames: alternates,
                geometry: MultiPolygon(polygons: [])))
        }
        let numbers = try input.array(of: Double.self)
        guard numbers.count == countries.count * 6 else { throw .invalid("centroid and box count") }
        var centroids: [GeoPoint] = [], boxes: [GeoBox] = []
        for k in countries.indices {
            let n = numbers[(6 * k)..<(6 * k + 6)]
            centroids.append(GeoPoint(lat: n[6 * k], lon: n[6 * k + 1]))
            boxes.append(GeoBox(minLat: n[6 * k + 2], minLon: n[6 * k + 3], maxLat: n[6 * k + 4], maxLon: n[6 * k + 5]))
        }
        let search = try ForwardIndex(reading: &input, countries: countries)
        let index = try CountryIndex(reading: &input, areaCount: countries.count)
        self.init(countries: countries, index: index, centroids: centroids, boxes: boxes, search: search)
        try readLayers(from: &input)
    }
}
