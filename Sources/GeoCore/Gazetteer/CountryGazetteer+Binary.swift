/// The prebuilt binary index: everything a `CountryGazetteer` holds, so start-up reads tables instead of
/// parsing 21 MB of GeoJSON and building the grid.
///
/// Layout (little-endian): the 48-byte `BinaryHeader` (magic `GEOIDX\r\n`; its checksum covers the section
/// directory), the section directory (`BinarySection`: per section its offset, length and checksum), then
/// the sections, each starting at a multiple of 8: the core (countries, centroids, boxes, the country grid
/// index), the places (`ForwardIndex`: labels, admin-1 table, cities, the places index), the names (the
/// forward-search keys, localized names, divisions), the admin-1 layer
/// and the time-zone layer (`AreaLayer.write(to:)`; length 0 when the index has none).
///
/// Sections are checked one by one, when first used: a server answering `fields: ["country"]` reads, sums
/// and checks only the core (about a fifth of the 85 MB file), and a damaged names or layer section is an
/// error for the requests that need it (`CountryGazetteer+Sections.swift`). Every check of a section runs
/// before any of its tables is used (see `CountryIndex.init(reading:areaCount:)`), so a damaged or stale
/// file is rejected with a `BinaryFormatError`, never half-used, and never crashes a query.
extension CountryGazetteer {
    /// Bump whenever the payload's layout or the index's build changes.
    public static let binaryFormatVersion: UInt32 = 49
    static let binaryMagic: [UInt8] = Array("GEOIDX\r\n".utf8)
    static let byteOrderMark = BinaryHeader.byteOrderMark
    /// Header bytes before the section directory.
    public static let binaryHeaderSize = BinaryHeader.size
    /// The header and the section directory: what a loader reads before choosing sections.
    public static let binaryPrefixSize = BinaryHeader.size + 8 + BinarySection.allCases.count * 24

    /// The whole index file.
    /// - Parameter sourceKey: identifies the data it was built from; `init(binary:sourceKey:)` must be
    ///   given the same two numbers.
    public func binaryIndex(sourceKey: (UInt64, UInt64)) -> [UInt8] {
        final class Collect: BinarySink {
            var bytes: [UInt8] = []
            func write(_ chunk: UnsafeRawBufferPointer) { bytes.append(contentsOf: chunk) }
        }
        let collect = Collect()
        writeBinaryIndex(sourceKey: sourceKey, to: collect)
        return collect.bytes
    }

    /// Writes the same bytes as `binaryIndex(sourceKey:)` to `sink`, in chunks of about 1 MiB, so the index
    /// (85 MB with every layer) is never whole in memory: a first start that builds it and caches it peaks
    /// at the gazetteer plus one chunk, not the gazetteer plus the index plus the array's regrowth copy.
    ///
    /// Each section is serialised twice: once into its checksum (the directory before the sections holds
    /// their lengths and checksums), then into `sink`. Serialising is about a tenth of a second; the build
    /// it follows takes seconds.
    public func writeBinaryIndex(sourceKey: (UInt64, UInt64), to sink: any BinarySink) {
        final class Summary: BinarySink {
            var checksum = BinaryChecksum()
            func write(_ bytes: UnsafeRawBufferPointer) { checksum.update(bytes) }
        }
        var entries: [BinarySection.Entry] = []
        var offset = UInt64(Self.binaryPrefixSize)
        for section in BinarySection.allCases {
            let summary = Summary()
            var measure = BinaryWriter(sink: summary)
            writeSection(section, to: &measure)
            measure.flush()
            let length = UInt64(summary.checksum.count)
            entries.append(BinarySection.Entry(offset: length == 0 ? 0 : offset, length: length,
                                               checksum: length == 0 ? 0 : summary.checksum.finish()))
            offset += (length + 7) / 8 * 8
        }
        var directory = BinaryWriter()
        BinarySection.write(entries, to: &directory)
        let header = BinaryHeader(version: Self.binaryFormatVersion, sourceKey: sourceKey,
                                  payloadLength: offset - UInt64(Self.binaryHeaderSize),
                                  checksum: directory.bytes.withUnsafeBytes { binaryChecksum($0) })
        var out = BinaryWriter(sink: sink)
        header.write(magic: Self.binaryMagic, to: &out)
        directory.bytes.withUnsafeBytes { out.append($0) }
        for section in BinarySection.allCases {
            writeSection(section, to: &out)
            out.align()
        }
        out.flush()
    }

    /// One section's bytes (none for a layer the gazetteer lacks).
    func writeSection(_ section: BinarySection, to out: inout BinaryWriter) {
        switch section {
        case .core: writeCore(to: &out)
        case .places: search.writePlaces(to: &out)
        case .names: search.writeNames(to: &out)
        case .admin1: layers.admin1?.write(to: &out)
        case .timezones: layers.timezones?.write(to: &out)
        }
    }

    /// Loads a gazetteer from `binaryIndex(sourceKey:)`'s bytes, copying them first.
    /// - Throws: `BinaryFormatError` when the bytes are not an index, are of another version, were built
    ///   from another source, or are damaged in any way.
    /// - Complexity: O(bytes).
    public init(binary bytes: UnsafeRawBufferPointer, sourceKey: (UInt64, UInt64)) throws(BinaryFormatError) {
        try self.init(binary: ByteStorage(copying: bytes), sourceKey: sourceKey)
    }

    /// Loads a gazetteer whose index tables are views into `storage` (no copy), every section at once,
    /// after the same checks as `init(binary:sourceKey:)`: the header, the directory, every section's
    /// checksum and every table's bounds and values, so a damaged file is rejected, never half-used. The
    /// storage is read-only from here on and lives as long as the gazetteer.
    ///
    /// For loading only the sections a request needs, see `init(directory:core:fetch:lock:)`.
    /// - Throws: `BinaryFormatError`, as `init(binary:sourceKey:)`.
    public init(binary storage: ByteStorage, sourceKey: (UInt64, UInt64)) throws(BinaryFormatError) {
        let bytes = storage.bytes
        _ = try BinaryHeader.check(bytes, magic: Self.binaryMagic, version: Self.binaryFormatVersion, sourceKey: sourceKey)
        let directory = try Self.binaryDirectory(bytes, fileSize: UInt64(bytes.count), sourceKey: sourceKey)
        func section(_ entry: BinarySection.Entry) throws(BinaryFormatError) -> ByteStorage {
            try BinarySection.checked(ByteStorage(viewing: storage, offset: Int(entry.offset), count: Int(entry.length)),
                                      entry)
        }
        try self.init(core: try section(directory[.core]), deferred: nil)
        search = try ForwardIndex(places: section(directory[.places]), countries: countries)
            .withNames(section: section(directory[.names]), countries: countries)
        var read: [AreaLayer?] = [nil, nil]
        for (k, part) in [BinarySection.admin1, .timezones].enumerated() where directory[part].length > 0 {
            read[k] = try AreaLayer(section: section(directory[part]), part)
        }
        layers = PlacemarkLayers(admin1: read[0], timezones: read[1], countries: countries)
        refreshPlacemarkSource()
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

    /// The section directory of an index file of `fileSize` bytes, from its first `binaryPrefixSize` bytes
    /// (or more): the header is checked (magic, version, byte order, `sourceKey`, the declared size against
    /// `fileSize`), then the directory against the header's checksum, then every section's place: in order,
    /// inside the file, starting at a multiple of 8, the core, the places and the names never empty.
    /// - Throws: `BinaryFormatError` for anything that is not this program's index for `sourceKey`.
    public static func binaryDirectory(_ prefix: UnsafeRawBufferPointer, fileSize: UInt64,
                                       sourceKey: (UInt64, UInt64)) throws(BinaryFormatError) -> BinarySection.Directory {
        let header = try BinaryHeader.check(prefix, magic: binaryMagic, version: binaryFormatVersion, sourceKey: sourceKey,
                                            wholeFile: false)
        let actual = fileSize &- UInt64(binaryHeaderSize)
        guard fileSize >= UInt64(binaryHeaderSize), header.payloadLength == actual else {
            throw .size(expected: header.payloadLength, actual: actual)
        }
        guard prefix.count >= binaryPrefixSize else { throw .truncated(offset: prefix.count) }
        let table = UnsafeRawBufferPointer(rebasing: prefix[binaryHeaderSize..<binaryPrefixSize])
        guard binaryChecksum(table) == header.checksum else { throw .checksum }
        return try BinarySection.Directory(reading: table, fileSize: fileSize)
    }

    /// The core section: countries, centroids and boxes, the country grid index.
    func writeCore(to out: inout BinaryWriter) {
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
        index.write(to: &out)
    }

    /// A gazetteer of the core section (checked against its checksum by the caller), with the names and
    /// layers left out: empty until loaded (`deferred`, or the eager initialiser).
    init(core: ByteStorage, deferred: DeferredSections?) throws(BinaryFormatError) {
        var input = BinaryReader(core)
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
        let index = try CountryIndex(reading: &input, areaCount: countries.count)
        guard input.remaining == 0 else { throw .invalid("trailing bytes in the core section") }
        self.init(countries: countries, index: index, centroids: centroids, boxes: boxes,
                  search: .placeholder(countries: countries))
        self.deferred = deferred
    }
}

extension ForwardIndex {
    /// The places section, read whole (checked against its checksum by the caller).
    init(places section: ByteStorage, countries: [Country]) throws(BinaryFormatError) {
        var input = BinaryReader(section)
        try self.init(placesReading: &input, countries: countries)
        guard input.remaining == 0 else { throw .invalid("trailing bytes in the places section") }
    }

    /// This index with the names section, read whole (checked against its checksum by the caller).
    func withNames(section: ByteStorage, countries: [Country]) throws(BinaryFormatError) -> ForwardIndex {
        var input = BinaryReader(section)
        let whole = try withNames(reading: &input, countries: countries)
        guard input.remaining == 0 else { throw .invalid("trailing bytes in the names section") }
        return whole
    }
}

extension AreaLayer {
    /// A layer section, read whole (checked against its checksum by the caller) and held to its contract
    /// schema: the answers read these layers by the schemas' names; any other is not this program's.
    convenience init(section: ByteStorage, _ part: BinarySection) throws(BinaryFormatError) {
        var input = BinaryReader(section)
        try self.init(reading: &input)
        guard input.remaining == 0 else { throw .invalid("trailing bytes in the \(part.name) section") }
        let schema = part == .admin1 ? PlacemarkLayers.admin1Schema : PlacemarkLayers.timezoneSchema
        guard propertyNames == schema else {
            throw .invalid(part == .admin1 ? "admin-1 layer schema" : "time-zone layer schema")
        }
    }
}

extension CountryGazetteer {
    /// `bytes` with every checksum made to match what is there now: each section's in the directory (where
    /// the directory places it inside the file), then the header's over the directory, and the header's
    /// payload length. For damage tests and the fuzzer, so that damage gets past the checksums and reaches
    /// the structural checks (what a bug in the writer, rather than a torn file, would produce).
    public static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= binaryPrefixSize else { return bytes }
        var fixed = bytes
        let fileSize = UInt64(bytes.count)
        func word(_ at: Int) -> UInt64 {
            var value: UInt64 = 0
            for k in 0..<8 { value |= UInt64(fixed[at + k]) << UInt64(8 * k) }
            return value
        }
        for k in 0..<BinarySection.allCases.count {
            let at = binaryHeaderSize + 8 + 24 * k
            let offset = word(at), length = word(at + 8)
            guard length > 0, offset <= fileSize, length <= fileSize - offset else { continue }
            let sum = fixed.withUnsafeBytes {
                binaryChecksum(UnsafeRawBufferPointer(rebasing: $0[Int(offset)..<Int(offset + length)]))
            }
            for j in 0..<8 { fixed[at + 16 + j] = UInt8(truncatingIfNeeded: sum >> UInt64(8 * j)) }
        }
        let directorySum = fixed.withUnsafeBytes {
            binaryChecksum(UnsafeRawBufferPointer(rebasing: $0[binaryHeaderSize..<binaryPrefixSize]))
        }
        BinaryHeader.patch(&fixed, payloadLength: fileSize - UInt64(binaryHeaderSize), checksum: directorySum)
        return fixed
    }
}
