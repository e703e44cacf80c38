import GeoCore

/// A column of the input, as the user names it.
public enum CSVColumn: Equatable, Sendable {
    /// Found from the header by its name (see ``CSVOptions/latitudeNames`` and ``CSVOptions/longitudeNames``).
    case automatic
    /// A header name, matched ignoring ASCII case and surrounding spaces.
    case named(String)
    /// A 1-based column number; the only kind a header-less file allows.
    case number(Int)

    /// `"3"` is column 3, anything else a header name.
    public init(argument: String) {
        var value = 0
        var digits = 0
        for byte in argument.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 9 else { self = .named(argument); return }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        self = digits == 0 ? .named(argument) : .number(value)
    }
}

/// What a CSV batch run does.
public struct CSVOptions: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// Append the country at each row's latitude/longitude (`reverseGeocode`).
        case reverse(lat: CSVColumn, lon: CSVColumn)
        /// Append the best country for each row's name (`forwardGeocode` with limit 1 and kinds ["country"]).
        case forward(CSVColumn)
    }

    public var mode: Mode = .reverse(lat: .automatic, lon: .automatic)
    /// False for a file whose first row is data; columns must then be numbers.
    public var hasHeader = true
    public var delimiter: UInt8 = UInt8(ascii: ",")
    /// Put before each added column name, for inputs that already have a `name` or `iso2` column.
    public var prefix = ""
    /// As `reverseGeocode`'s `maxDistanceKm`: 0 asks for strict containment.
    public var maxDistanceKm = CountryGazetteer.defaultMaxDistanceKm
    /// Reverse mode: the placemark fields whose columns are appended (`--fields`), in the order of
    /// ``reverseColumns(for:)``, empty where a value is unknown. nil (no `--fields`): every member the data
    /// answers, as `reverseGeocode` without `fields` answers them (``resolvedFields(available:)``), so a run
    /// with the placemark layers gets all the columns and one without them (`--no-layers`) the country's
    /// five. `--fields country` writes the five country columns alone, by the country lookup's own path.
    public var fields: PlacemarkFields? = nil
    /// The longest record accepted, in bytes before its line ending; a longer one stops the run
    /// (``CSVError/recordTooLong(line:limit:)``). It bounds the memory one record can take: without it a
    /// stray quote makes the rest of a file one record held whole, and input with no line feed grows forever.
    public var maxRecordBytes = CSVOptions.defaultMaxRecordBytes
    /// Forward mode: which names a value may match (`--match`); `.code` for a column of ISO codes, where a
    /// code that names nothing must not fall back to a country whose name starts with those letters.
    public var forwardMatch: ForwardMatchMode = .any
    /// Forward mode: a row whose best score is below this gets empty columns (`--min-score`), as if not found.
    public var minScore = 0.0

    /// 16 MiB, as the server's longest line: room for a geometry column (a country's WKT runs to a few MiB)
    /// while the record, the chunk being read and its output copy stay well inside the 200 MB memory target.
    public static let defaultMaxRecordBytes = 16 << 20

    public init() {}

    /// Header names taken as the latitude column, most specific first.
    public static let latitudeNames = ["lat", "latitude", "y"]
    /// Header names taken as the longitude column, most specific first.
    public static let longitudeNames = ["lon", "lng", "long", "longitude", "x"]

    /// The columns appended in reverse mode for the country (`--fields country`; the first five by default).
    public static let reverseColumns = ["iso2", "iso3", "name", "match", "distanceKm"]
    /// The columns each other placemark field appends, after the country's, in this order (`--fields`).
    public static let admin1Columns = ["admin1_name", "admin1_code", "admin1_type", "admin1_geonames"]
    public static let territoryColumns = ["territory_iso2", "territory_iso3", "territory_name"]
    public static let localityColumns = ["locality_name", "locality_geonameid", "locality_population",
                                         "locality_distance_km", "locality_bearing", "locality_direction"]
    public static let timezoneColumns = ["timezone"]

    /// The reverse-mode columns for `fields`: the country's, then admin-1, territory, locality, time zone.
    public static func reverseColumns(for fields: PlacemarkFields) -> [String] {
        var columns: [String] = []
        if fields.contains(.country) { columns += reverseColumns }
        if fields.contains(.admin1) { columns += admin1Columns }
        if fields.contains(.territory) { columns += territoryColumns }
        if fields.contains(.locality) { columns += localityColumns }
        if fields.contains(.timezone) { columns += timezoneColumns }
        return columns
    }
    /// The columns appended in forward mode: the best match's codes, name, the name it matched, its
    /// score and its centroid.
    public static let forwardColumns = ["iso2", "iso3", "name", "matched", "score", "lat", "lon"]

    /// The fields a reverse run appends columns for, on data that answers `available`
    /// (`CountryGazetteer.availableFields`): `fields` when given, else every member the data answers.
    public func resolvedFields(available: PlacemarkFields) -> PlacemarkFields {
        fields ?? PlacemarkFields.requestDefault.intersection(available)
    }

    /// The added column names, prefixed, on data that answers `available`.
    public func addedColumns(available: PlacemarkFields) -> [String] {
        switch mode {
        case .reverse: return Self.reverseColumns(for: resolvedFields(available: available)).map { prefix + $0 }
        case .forward: return Self.forwardColumns.map { prefix + $0 }
        }
    }
}

/// Why a CSV run stops: a usage problem found from the header before any row is written, or a record
/// over the size cap.
public enum CSVError: Error, Equatable, Sendable {
    /// No header column has one of the names a coordinate is looked for under.
    case columnNotFound(role: String, wanted: [String])
    /// A column number beyond the header, or below 1.
    case columnOutOfRange(role: String, number: Int, columns: Int)
    /// `--no-header` with a column given by name or left to be found automatically.
    case columnNeedsNumber(role: String)
    /// An added column would have the same name as an input column.
    case columnClash(String)
    /// The record starting on input line `line` (1-based, line feeds inside quotes counted) has more than
    /// `limit` bytes before its line ending. The rows before it have been written.
    case recordTooLong(line: Int, limit: Int)

    /// One sentence, for stderr.
    public var message: String {
        switch self {
        case .columnNotFound(let role, let wanted):
            return "no \(role) column: the header has none named \(wanted.joined(separator: ", ")) (name it with --\(role))"
        case .columnOutOfRange(let role, let number, let columns):
            return "--\(role) \(number) is not a column: the first row has \(columns) column\(columns == 1 ? "" : "s")"
        case .columnNeedsNumber(let role):
            return "without a header, give the \(role) column by number (--\(role) N, from 1)"
        case .columnClash(let name):
            return "the input already has a column '\(name)'; add --prefix (e.g. --prefix geo_) to name the new columns apart"
        case .recordTooLong(let line, let limit):
            return "csv: the record starting on line \(line) is longer than \(limit) bytes (--max-record-bytes N "
                + "raises the cap); a quote left open makes the rest of the input one record"
        }
    }
}

/// What happened to the rows of a run, for the summary on stderr.
public struct CSVStats: Equatable, Sendable {
    /// Data rows (the header and blank lines not counted).
    public var rows = 0
    /// Rows inside a country (reverse) or with a match (forward).
    public var inside = 0
    /// Rows in no country whose nearest border was within the radius.
    public var nearest = 0
    /// Rows with good input and no answer: at sea beyond the radius, or a name that matches nothing.
    public var notFound = 0
    /// Rows whose coordinate or name field is empty.
    public var empty = 0
    /// Rows whose coordinate is not a number.
    public var notANumber = 0
    /// Rows whose latitude is outside [-90, 90] or whose longitude is not finite.
    public var outOfRange = 0
    /// Rows too short to have the coordinate or name column.
    public var missingField = 0
    /// A last record whose quote never closes; written back unchanged, without added columns.
    public var unclosedQuote = 0
    /// Rows with a different number of fields than the header (short ones are padded).
    public var ragged = 0
    /// Empty lines, copied through unchanged.
    public var blankLines = 0
    /// Input bytes consumed so far.
    public var bytes = 0

    /// Rows that got empty result columns because of their input.
    public var bad: Int { empty + notANumber + outOfRange + missingField + unclosedQuote }

    public init() {}
}
