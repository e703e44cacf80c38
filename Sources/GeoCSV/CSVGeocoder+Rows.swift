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
        var added = options.addedColumns(available: gazetteer.availableFields)
        if case .reverse = options.mode { added += Self.layerColumns(layers, prefix: options.prefix) }
        for name in added where names.contains(Self.trimmedLowercase(name)) { throw .columnClash(name) }
        out.append(UnsafeBufferPointer(rebasing: bytes[record..<scanner.contentEnd]))
        var encoded: [UInt8] = []
        for name in added {
            encoded.append(options.delimiter)
            CSVField.append(name, delimiter: options.delimiter, to: &encoded)
        }
        encoded.withUnsafeBufferPointer { out.append($0) }
        out.append(UnsafeBufferPointer(rebasing: bytes[scanner.contentEnd..<end]))
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
    ///
    /// Room for the whole output record is reserved once, then everything is appended unchecked.
    mutating func row(_ bytes: UnsafeBufferPointer<UInt8>, record: Int, end: Int) {
        let contentEnd = scanner.contentEnd
        let fieldCount = scanner.fieldCount
        out.reserve(end - record + maxAddedBytes + max(0, headerCount - fieldCount))
        let base = bytes.baseAddress!
        out.appendUnchecked(base + record, count: contentEnd - record)
        if scanner.hasUnclosedQuote {
            // Added fields would land inside the open quote; the record goes back as it came.
            stats.rows += 1
            stats.unclosedQuote += 1
        } else if contentEnd == record {
            stats.blankLines += 1
        } else {
            stats.rows += 1
            if options.hasHeader && fieldCount != headerCount {
                stats.ragged += 1
                // Short rows are padded so the added fields line up under their names.
                for _ in fieldCount..<max(fieldCount, headerCount) { out.appendUnchecked(options.delimiter) }
            }
            switch options.mode {
            case .reverse:
                rowPoint = nil
                reverseFields(bytes)
                layerFields(rowPoint)
            case .forward:
                forwardFields(bytes)
            }
        }
        out.appendUnchecked(base + contentEnd, count: end - contentEnd)
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
        let point = GeoPoint(lat: latValue, lon: lonValue)
        rowPoint = point
        if !fields.isCountryOnly {
            placemarkFields(point)
            return
        }
        countryFields(gazetteer.reverse(point, maxDistanceKm: options.maxDistanceKm))
    }

    /// The country columns for a reverse answer: `,iso2,iso3,name,match,distanceKm`.
    private mutating func countryFields(_ match: ReverseMatch?) {
        let delimiter = options.delimiter
        guard let match else {
            stats.notFound += 1
            for _ in 0..<4 { out.appendUnchecked(delimiter) }
            append("none")
            out.appendUnchecked(delimiter)
            return
        }
        appendCountry(match.countryIndex)
        out.appendUnchecked(delimiter)
        switch match.kind {
        case .inside:
            stats.inside += 1
            append("inside")
            out.appendUnchecked(delimiter)
            out.appendUnchecked(UInt8(ascii: "0"))
        case .nearest:
            stats.nearest += 1
            append("nearest")
            out.appendUnchecked(delimiter)
            // Rounded as reverseGeocode rounds it, written in the same shortest form.
            appendNumber((match.distanceKm * 1000).rounded() / 1000)
        }
    }

    /// The columns of `fields` for a point: the country's (when asked for), then each layer's,
    /// empty where the placemark does not know the value (or the layer is not loaded).
    private mutating func placemarkFields(_ point: GeoPoint) {
        let placemark = gazetteer.placemark(at: point, maxDistanceKm: options.maxDistanceKm, fields: fields)
        if fields.contains(.country) {
            out.reserve(maxAddedBytes)
            countryFields(placemark?.country)
        } else if placemark?.country == nil {
            stats.notFound += 1
        } else if placemark?.country?.kind == .inside {
            stats.inside += 1
        } else {
            stats.nearest += 1
        }
        var cells: [String?] = []
        if fields.contains(.admin1) {
            let a = placemark?.admin1
            cells += [a?.name, a?.iso3166_2, a?.type, a?.geonamesCode]
        }
        if fields.contains(.territory) {
            let t = placemark?.territory
            cells += [t?.iso2, t?.iso3, t?.name]
        }
        if fields.contains(.locality) {
            if let place = placemark?.locality {
                cells += [place.name, String(place.geonameid), String(place.population),
                          Self.numberText((place.distanceKm * 1000).rounded() / 1000),
                          Self.numberText((place.bearing * 10).rounded() / 10), place.direction]
            } else {
                cells += Array(repeating: nil, count: CSVOptions.localityColumns.count)
            }
        }
        if fields.contains(.timezone) { cells.append(placemark?.timezone) }
        var encoded: [UInt8] = []
        for cell in cells {
            encoded.append(options.delimiter)
            if let cell { CSVField.append(cell, delimiter: options.delimiter, to: &encoded) }
        }
        encoded.withUnsafeBufferPointer { out.append($0) }
        out.reserve(maxAddedBytes)
    }

    /// A number as the RPC results write it (shortest round-trip form).
    static func numberText(_ value: Double) -> String {
        var writer = JSONWriter(capacity: 32)
        writer.number(value)
        return String(decoding: writer.bytes, as: UTF8.self)
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
        // Countries only: the columns describe a country (its codes, name and centroid).
        let forwardOptions = ForwardOptions(limit: 1, cities: false, match: options.forwardMatch)
        guard let match = gazetteer.forward(query, options: forwardOptions).first, match.score >= options.minScore,
              let countryIndex = match.countryIndex else {
            stats.notFound += 1
            emptyFields()
            return
        }
        stats.inside += 1
        let delimiter = options.delimiter
        appendCountry(countryIndex)
        var matched: [UInt8] = [delimiter]
        CSVField.append(match.matched, delimiter: delimiter, to: &matched)
        matched.withUnsafeBufferPointer { out.append($0) }
        let centroid = gazetteer.centroid(of: countryIndex)
        for value in [match.score, centroid.lat, centroid.lon] {
            out.append(delimiter)
            appendNumber(value)
        }
    }

    /// The country's `,iso2,iso3,name`, encoded at start.
    @inline(__always)
    private mutating func appendCountry(_ index: Int) {
        let start = countryFieldOffsets[index]
        out.appendUnchecked(countryFields.base + start, count: countryFieldOffsets[index + 1] - start)
    }

    /// A fixed word; room must have been reserved.
    @inline(__always)
    private mutating func append(_ word: StaticString) {
        out.appendUnchecked(word.utf8Start, count: word.utf8CodeUnitCount)
    }

    /// A number in JSON's shortest round-trip form, as the RPC results write it.
    private mutating func appendNumber(_ value: Double) {
        numbers.reset()
        numbers.number(value)
        numbers.bytes.withUnsafeBufferPointer { out.append($0) }
    }

    /// One empty field per added column.
    private mutating func emptyFields() {
        for _ in 0..<addedCount { out.appendUnchecked(options.delimiter) }
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
