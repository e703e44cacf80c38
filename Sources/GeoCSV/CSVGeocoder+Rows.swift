import GeoCore

/// The header and the rows: which columns to read, and what to append to each record.
extension CSVGeocoder {
    /// Resolves the columns from the first record and, when it is a header, writes it with the added names.
    mutating func start(with bytes: UnsafeBufferPointer<UInt8>, record: Int, end: Int) throws(CSVError) {
        headerCount = scanner.fieldCount
        var names: [String] = []
        if options.hasHeader {
            for index in 0..<scanner.fieldCount { names.append(Self.trimmedLowercase(CSVField.text(bytes, scanner.field(index)))) }
        }
        switch options.mode {
        case .reverse(let lat, let lon):
            columns = [try resolve(lat, role: "lat", candidates: CSVOptions.latitudeNames, names: names),
                       try resolve(lon, role: "lon", candidates: CSVOptions.longitudeNames, names: names)]
        case .forward(let column):
            columns = [try resolve(column, role: "forward", candidates: [], names: names)]
        }
        guard options.hasHeader else { return }
        let added = options.addedColumns
        for name in added where names.contains(Self.trimmedLowercase(name)) { throw .columnClash(name) }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[record..<scanner.contentEnd]))
        for name in added {
            out.append(options.delimiter)
            CSVField.append(name, delimiter: options.delimiter, to: &out)
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[scanner.contentEnd..<end]))
    }

    private func resolve(_ column: CSVColumn, role: String, candidates: [String], names: [String]) throws(CSVError) -> Int {
        switch column {
        case .number(let number):
            guard number >= 1, number <= headerCount else {
                throw .columnOutOfRange(role: role, number: number, columns: headerCount)
            }
            return number - 1
        case .named(let name):
            guard options.hasHeader else { throw .columnNeedsNumber(role: role) }
            let wanted = Self.trimmedLowercase(name)
            guard let found = names.firstIndex(of: wanted) else { throw .columnNotFound(role: role, wanted: [name]) }
            return found
        case .automatic:
            guard options.hasHeader else { throw .columnNeedsNumber(role: role) }
            for candidate in candidates {
                if let found = names.firstIndex(of: candidate) { return found }
            }
            throw .columnNotFound(role: role, wanted: candidates)
        }
    }

    /// Writes one data record with its added fields.
    mutating func row(_ bytes: UnsafeBufferPointer<UInt8>, record: Int, end: Int) {
        let contentEnd = scanner.contentEnd
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[record..<contentEnd]))
        let terminator = UnsafeBufferPointer(rebasing: bytes[contentEnd..<end])
        if scanner.hasUnclosedQuote {
            // Added fields would land inside the open quote; the record goes back as it came.
            stats.rows += 1
            stats.unclosedQuote += 1
            out.append(contentsOf: terminator)
            return
        }
        if contentEnd == record {
            stats.blankLines += 1
            out.append(contentsOf: terminator)
            return
        }
        stats.rows += 1
        let fieldCount = scanner.fieldCount
        if options.hasHeader && fieldCount != headerCount {
            stats.ragged += 1
            // Short rows are padded so the added fields line up under their names.
            for _ in fieldCount..<max(fieldCount, headerCount) { out.append(options.delimiter) }
        }
        switch options.mode {
        case .reverse:
            reverseFields(bytes)
        case .forward:
            forwardFields(bytes)
        }
        out.append(contentsOf: terminator)
    }

    private mutating func reverseFields(_ bytes: UnsafeBufferPointer<UInt8>) {
        let latColumn = columns[0], lonColumn = columns[1]
        guard latColumn < scanner.fieldCount, lonColumn < scanner.fieldCount else {
            stats.missingField += 1
            emptyFields()
            return
        }
        let lat = CSVField.number(bytes, scanner.field(latColumn))
        let lon = CSVField.number(bytes, scanner.field(lonColumn))
        guard case .value(let latValue) = lat, case .value(let lonValue) = lon else {
            if lat == .invalid || lon == .invalid { stats.notANumber += 1 } else { stats.empty += 1 }
            emptyFields()
            return
        }
        // The bounds reverseGeocode enforces: any finite longitude is wrapped by the gazetteer.
        guard latValue >= -90, latValue <= 90, lonValue.isFinite else {
            stats.outOfRange += 1
            emptyFields()
            return
        }
        guard let match = gazetteer.reverse(GeoPoint(lat: latValue, lon: lonValue), maxDistanceKm: options.maxDistanceKm) else {
            stats.notFound += 1
            let delimiter = options.delimiter
            out.append(delimiter)
            out.append(delimiter)
            out.append(delimiter)
            out.append(delimiter)
            out.append(contentsOf: "none".utf8)
            out.append(delimiter)
            return
        }
        out.append(contentsOf: countryFields[match.countryIndex])
        out.append(options.delimiter)
        switch match.kind {
        case .inside:
            stats.inside += 1
            out.append(contentsOf: "inside".utf8)
            out.append(options.delimiter)
            out.append(UInt8(ascii: "0"))
        case .nearest:
            stats.nearest += 1
            out.append(contentsOf: "nearest".utf8)
            out.append(options.delimiter)
            // Rounded as reverseGeocode rounds it, written in the same shortest form.
            numbers.reset()
            numbers.number((match.distanceKm * 1000).rounded() / 1000)
            out.append(contentsOf: numbers.bytes)
        }
    }

    private mutating func forwardFields(_ bytes: UnsafeBufferPointer<UInt8>) {
        let column = columns[0]
        guard column < scanner.fieldCount else {
            stats.missingField += 1
            emptyFields()
            return
        }
        let query = CSVField.text(bytes, scanner.field(column))
        guard !Self.trimmedLowercase(query).isEmpty else {
            stats.empty += 1
            emptyFields()
            return
        }
        guard let match = gazetteer.forward(query, limit: 1).first else {
            stats.notFound += 1
            emptyFields()
            return
        }
        stats.inside += 1
        let delimiter = options.delimiter
        out.append(contentsOf: countryFields[match.countryIndex])
        out.append(delimiter)
        CSVField.append(match.matched, delimiter: delimiter, to: &out)
        let centroid = gazetteer.centroid(of: match.countryIndex)
        for value in [match.score, centroid.lat, centroid.lon] {
            out.append(delimiter)
            numbers.reset()
            numbers.number(value)
            out.append(contentsOf: numbers.bytes)
        }
    }

    /// One empty field per added column.
    private mutating func emptyFields() {
        for _ in 0..<addedCount { out.append(options.delimiter) }
    }

    /// ASCII-lowercased, spaces and tabs trimmed: how header names are compared.
    static func trimmedLowercase(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var start = 0, end = bytes.count
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        bytes = Array(bytes[start..<end])
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A { bytes[index] += 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
