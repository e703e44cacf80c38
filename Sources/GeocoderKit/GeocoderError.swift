import GeoCore

/// Why a `Geocoder` could not be made, or a query was refused.
///
/// One enum for everything the library throws, so a caller can `switch` over every case (typed throws:
/// `throws(GeocoderError)`). The cases keep the facts (paths, the parser's own error values); `message`
/// builds the one line the command-line tool prints for the same failure, so both say the same thing.
public enum GeocoderError: Error, Equatable, Sendable {
    /// No country GeoJSON in any of the places searched (`Geocoder.init()`), in the order searched.
    case dataNotFound(searched: [String])
    /// A data file exists but could not be read: not a regular file, too large, unreadable.
    case unreadable(path: String, FileProblem)
    /// A GeoJSON file (countries, admin-1 divisions, time zones) is not valid, or holds no areas.
    case invalidGeoJSON(path: String, GazetteerError)
    /// A name table (`country-names.tsv`, `admin1.tsv`, `cities.tsv`, `iso-country-names.tsv`) has a bad line.
    case invalidNameTable(path: String, NameDataError)
    /// A query argument outside what the data can answer (a latitude of 91, a limit of 0); `name` is the
    /// parameter's label, `reason` what it must be.
    case invalidArgument(name: String, reason: String)

    /// One line for a person: what went wrong and where.
    public var message: String {
        switch self {
        case .dataNotFound(let searched):
            return "cannot find \(DataLocator.fileName) (looked in \(searched.joined(separator: ", "))); "
                + "pass --data PATH or set GEOCODER_DATA"
        case .unreadable(let path, let problem):
            return problem.message(path)
        case .invalidGeoJSON(let path, let error):
            return "cannot load \(path): \(error.message)"
        case .invalidNameTable(let path, let error):
            // The parser's message starts with the file's name ("cities.tsv line 12: …").
            let directory = DataLocator.parent(of: path).map { $0 + "/" } ?? ""
            return "cannot load \(directory)\(error.message)"
        case .invalidArgument(let name, let reason):
            return "\(name) \(reason)"
        }
    }
}
