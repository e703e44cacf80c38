import GeoCore

/// Geocodes CSV as a stream: bytes in, the same bytes with result columns appended out.
///
/// This is the part of `geocoder csv` that does not touch the OS. The caller feeds input in chunks of any
/// size and receives output through a `write` closure; memory stays at one input buffer (the unfinished
/// record plus one chunk) and one output buffer, whatever the size of the input. Every original byte is
/// kept: each record's raw text is copied, then the added fields, then the record's own line ending.
///
/// ```swift
/// var batch = CSVGeocoder(gazetteer: gazetteer, options: options)
/// try batch.feed(chunk, write: send)   // as often as input arrives
/// try batch.finish(write: send)        // at end of input
/// ```
///
/// Its buffers are reached through raw pointers for speed, so copies share them: use one value per run
/// and do not copy it while feeding.
public struct CSVGeocoder {
    public let gazetteer: CountryGazetteer
    public let options: CSVOptions
    /// The placemark fields each reverse row gets columns for: ``CSVOptions/resolvedFields(available:)``.
    public let fields: PlacemarkFields
    /// Output bytes past which ``feed(_:write:)`` hands them to `write`.
    public let flushThreshold: Int
    /// Counts so far.
    public internal(set) var stats = CSVStats()

    var scanner: CSVRecordScanner
    /// Input not yet consumed: the start of an unfinished record.
    var pending: [UInt8] = []
    var out: RawBuffer<UInt8>
    /// For numbers in added columns (`distanceKm`, `score`).
    var numbers = JSONWriter(capacity: 32)
    var seenFirstRecord = false
    /// The 1-based input line the next record starts on (line feeds inside quoted fields count).
    var line = 1
    var headerCount = 0
    /// 0-based columns the rows are read from: `[lat, lon]` or `[name]`; set from the first record.
    var columns: [Int] = []
    /// Per country: the delimiter-led `iso2,iso3,name` fields, encoded once, back to back; country `k`
    /// spans `countryFieldOffsets[k]..<countryFieldOffsets[k + 1]`.
    let countryFields: RawBuffer<UInt8>
    let countryFieldOffsets: [Int]
    /// An upper bound on the bytes added to one record, padding excluded.
    let maxAddedBytes: Int
    /// How many fields each record gets appended.
    let addedCount: Int
    /// The user's layers whose nearest feature each reverse row gets (`--layer`; `CSVGeocoder+Layers.swift`).
    public var layers = FeatureLayers.empty
    /// How far that nearest feature may be, in metres (`--layer-radius`).
    public var layerRadiusM = 500.0
    /// The point of the row being written, for the layer columns; nil when the row has no valid point.
    var rowPoint: GeoPoint?

    /// - Parameters:
    ///   - gazetteer: answers the rows, as the RPC methods do.
    ///   - options: columns, dialect and radius.
    ///   - flushThreshold: output is written in pieces about this large.
    public init(gazetteer: CountryGazetteer, options: CSVOptions, flushThreshold: Int = 256 * 1024) {
        self.gazetteer = gazetteer
        self.options = options
        self.flushThreshold = flushThreshold
        scanner = CSVRecordScanner(delimiter: options.delimiter)
        out = RawBuffer(capacity: flushThreshold + 64 * 1024)
        fields = options.resolvedFields(available: gazetteer.availableFields)
        addedCount = options.addedColumns(available: gazetteer.availableFields).count
        let delimiter = options.delimiter
        var fields = RawBuffer<UInt8>(capacity: 64 * gazetteer.countries.count)
        var offsets = [0]
        var longest = 0
        for country in gazetteer.countries {
            var encoded: [UInt8] = []
            for value in [country.iso2 ?? "", country.iso3 ?? "", country.name] {
                encoded.append(delimiter)
                CSVField.append(value, delimiter: delimiter, to: &encoded)
            }
            encoded.withUnsafeBufferPointer { fields.append($0) }
            offsets.append(fields.count)
            longest = max(longest, encoded.count)
        }
        countryFields = fields
        countryFieldOffsets = offsets
        // The country fields, then match and a number (or, forward, matched name, score, lat, lon).
        maxAddedBytes = longest + 256
    }

    /// Processes every record the chunk completes.
    /// - Throws: `.input` when the header does not fit the options (nothing has been written then), or
    ///   `.output` with whatever `write` throws.
    /// - Complexity: O(chunk length) plus one lookup per completed row.
    public mutating func feed<E: Error>(
        _ chunk: UnsafeBufferPointer<UInt8>, write: ([UInt8]) throws(E) -> Void
    ) throws(CSVStreamError<E>) {
        pending.append(contentsOf: chunk)
        do throws(CSVError) { try consume(atEnd: false) } catch { try fail(error, write: write) }
        try flush(write: write, ifAbove: flushThreshold)
    }

    /// Ends the input: processes a last record without a line ending, then writes everything out.
    public mutating func finish<E: Error>(write: ([UInt8]) throws(E) -> Void) throws(CSVStreamError<E>) {
        do throws(CSVError) { try consume(atEnd: true) } catch { try fail(error, write: write) }
        try flush(write: write, ifAbove: 0)
    }

    /// Stops the run. The rows before a record that is too long are written first, so the output is every
    /// row up to the one the error names; a header problem has written nothing.
    private mutating func fail<E: Error>(_ error: CSVError, write: ([UInt8]) throws(E) -> Void) throws(CSVStreamError<E>) -> Never {
        if case .recordTooLong = error { try flush(write: write, ifAbove: 0) }
        throw .input(error)
    }

    private mutating func flush<E: Error>(write: ([UInt8]) throws(E) -> Void, ifAbove threshold: Int) throws(CSVStreamError<E>) {
        guard out.count > 0, out.count >= threshold else { return }
        do throws(E) {
            try write(Array(out.elements))
        } catch {
            throw .output(error)
        }
        out.removeAll()
        // A record far longer than usual grew the buffer; give that memory back rather than keep it. (The
        // output of one 1 MiB chunk of short rows can reach several MiB, so only a larger block is dropped.)
        if out.capacity > Self.keptOutputCapacity { out = RawBuffer(capacity: flushThreshold + 64 * 1024) }
    }

    /// Runs every complete record in `pending`, then drops the consumed bytes.
    private mutating func consume(atEnd: Bool) throws(CSVError) {
        var buffer: [UInt8] = []
        swap(&buffer, &pending)  // so the records can be read while `self` changes
        defer { swap(&buffer, &pending) }
        var position = 0
        var failure: CSVError?
        buffer.withUnsafeBufferPointer { bytes in
            if !seenFirstRecord {
                // A UTF-8 byte order mark is copied through and kept out of the first column's name.
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                if bytes.count < 3 && !atEnd && bytes.elementsEqual(bom.prefix(bytes.count)) { return }  // wait for more
                if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                    bom.withUnsafeBufferPointer { out.append($0) }
                    position = 3
                }
            }
            let limit = options.maxRecordBytes
            while position < bytes.count, let end = scanner.scan(bytes, from: position, atEnd: atEnd) {
                if scanner.contentEnd - position > limit {
                    failure = .recordTooLong(line: line, limit: limit)
                    return
                }
                line += scanner.lineFeeds
                if !seenFirstRecord {
                    seenFirstRecord = true
                    do throws(CSVError) {
                        try start(with: bytes, record: position, end: end)
                    } catch {
                        failure = error
                        return
                    }
                    if options.hasHeader {
                        position = end
                        continue
                    }
                }
                row(bytes, record: position, end: end)
                position = end
            }
            // An unfinished record already past the cap (one byte of slack: it may end in the CR of a
            // CRLF) fails now rather than after the rest of the input: a stray quote or a file of NUL
            // bytes without a line feed would otherwise grow it to the end of the input.
            if failure == nil && scanner.isIncomplete && bytes.count - position > limit + 1 {
                failure = .recordTooLong(line: line, limit: limit)
            }
        }
        stats.bytes += position
        if let failure { throw failure }
        // A BOM seen before the first record is already written; keep only the unfinished record.
        buffer.removeSubrange(0..<position)
        scanner.dropFirst(position)
        // After an outsized record, let its memory go instead of keeping the capacity for the whole run.
        if buffer.capacity > Self.keptInputCapacity && buffer.count < Self.keptInputCapacity / 4 {
            var smaller: [UInt8] = []
            smaller.reserveCapacity(buffer.count)
            smaller.append(contentsOf: buffer)
            buffer = smaller
        }
    }

    /// Input capacity kept between records: room for a few 1 MiB chunks, far above any ordinary record.
    static let keptInputCapacity = 8 << 20
    /// Output capacity kept between flushes: above what the rows of one chunk ever add.
    static let keptOutputCapacity = 16 << 20
}

/// A failure of a streaming run: the input's header, or the output.
public enum CSVStreamError<Output: Error>: Error {
    case input(CSVError)
    case output(Output)
}
