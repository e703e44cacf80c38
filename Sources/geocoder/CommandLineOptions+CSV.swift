import GeoCore
import GeoCSV
import GeoRPC

/// `geocoder csv [FILE] [options]`: what to read and how to geocode it.
struct CSVRequest: Equatable {
    /// nil or "-" for stdin.
    var path: String?
    var options: CSVOptions
}

extension CommandLineOptions {
    static let csvUsage = "csv [FILE|-] [--lat COL --lon COL | --forward COL] [--no-header] [--delimiter C] [--prefix P] [--max-distance KM] [--fields F,F] [--max-record-bytes N] [--match code|name|any] [--min-score X]"

    /// Builds a CSV request from the words after `csv` and the options given.
    /// - Throws: `UsageError` for a second file, options that do not go together, a bad delimiter or radius.
    static func csvRequest(_ rest: [String], _ named: [String: String]) throws(UsageError) -> CSVRequest {
        guard rest.count <= 1 else {
            throw UsageError(message: "csv takes at most one FILE, got \(rest.count) (usage: \(csvUsage))")
        }
        for name in named.keys.sorted() {
            let allowed = ["--lat", "--lon", "--forward", "--delimiter", "--prefix", "--no-header", "--max-distance", "--fields",
                           "--max-record-bytes", "--match", "--min-score"]
            if !allowed.contains(name) { throw UsageError(message: "\(name) does not apply to csv") }
        }
        var options = CSVOptions()
        options.hasHeader = named["--no-header"] == nil
        options.prefix = named["--prefix"] ?? ""
        if let forward = named["--forward"] {
            for name in ["--lat", "--lon", "--max-distance", "--fields"] where named[name] != nil {
                throw UsageError(message: "\(name) does not apply to csv --forward")
            }
            options.mode = .forward(CSVColumn(argument: forward))
            if let match = named["--match"] {
                guard let mode = ForwardMatchMode(rawValue: match) else {
                    throw UsageError(message: "--match must be code, name or any, got '\(match)'")
                }
                options.forwardMatch = mode
            }
            if let minimum = named["--min-score"] {
                guard let number = JSONNumber(parsing: minimum), number.value >= 0, number.value <= 1 else {
                    throw UsageError(message: "--min-score must be a number within [0, 1], got \(minimum)")
                }
                options.minScore = number.value
            }
        } else {
            for name in ["--match", "--min-score"] where named[name] != nil {
                throw UsageError(message: "\(name) applies only to csv --forward")
            }
            options.mode = .reverse(lat: named["--lat"].map(CSVColumn.init(argument:)) ?? .automatic,
                                    lon: named["--lon"].map(CSVColumn.init(argument:)) ?? .automatic)
        }
        if let radius = named["--max-distance"] {
            guard let number = JSONNumber(parsing: radius), number.value >= 0,
                  number.value <= GeoCall.maxDistanceKmLimit else {
                throw UsageError(message: "--max-distance must be a number within [0, 20037.5], got \(radius)")
            }
            options.maxDistanceKm = number.value
        }
        if let list = named["--fields"] {
            do throws(PlacemarkFieldsError) {
                options.fields = try PlacemarkFields(list: list)
            } catch {
                throw UsageError(message: "--fields: " + error.message)
            }
        }
        if let cap = named["--max-record-bytes"] {
            guard let value = Int(cap), value >= 1, value <= 1 << 53 else {
                throw UsageError(message: "--max-record-bytes must be a whole number of at least 1, got '\(cap)'")
            }
            options.maxRecordBytes = value
        }
        if let delimiter = named["--delimiter"] {
            options.delimiter = try delimiterByte(delimiter)
        }
        let path = rest.first
        return CSVRequest(path: path == "-" ? nil : path, options: options)
    }

    /// One ASCII byte, or `tab` / `\t` for a tab.
    private static func delimiterByte(_ text: String) throws(UsageError) -> UInt8 {
        if text == "tab" || text == "\\t" { return 0x09 }
        let bytes = Array(text.utf8)
        guard bytes.count == 1, bytes[0] < 0x80, bytes[0] != UInt8(ascii: "\""), bytes[0] != 0x0A, bytes[0] != 0x0D else {
            throw UsageError(message: "--delimiter must be one ASCII character other than a quote or line break (or 'tab'), got '\(text)'")
        }
        return bytes[0]
    }
}
