/// Why one of the name tables could not be read: the file, the 1-based line and what is wrong there.
public struct NameDataError: Error, Equatable, Sendable {
    /// Which table.
    public enum File: Equatable, Sendable {
        case countryNames, admin1, cities, isoCountryNames, admin1Names, localities, cityNames

        /// The file's name in `Data/`.
        public var fileName: String {
            switch self {
            case .countryNames: return "country-names.tsv"
            case .admin1: return "admin1.tsv"
            case .cities: return "cities.tsv"
            case .isoCountryNames: return "iso-country-names.tsv"
            case .admin1Names: return "admin1-names.tsv"
            case .localities: return "localities.tsv"
            case .cityNames: return "city-names.tsv"
            }
        }
    }

    /// What is wrong with the line.
    public enum Problem: Equatable, Sendable {
        /// The first line is not the expected header; the payload is the header wanted.
        case header(expected: String)
        /// The line has `found` TAB-separated fields instead of `expected`.
        case fieldCount(expected: Int, found: Int)
        /// A field that must not be empty is.
        case emptyField(column: String)
        /// A field that must be a number (or a whole number in range) is not.
        case number(column: String)
        /// A country code that is not two letters A–Z.
        case countryCode(column: String)
        /// An ISO 3166-2 code that is not two letters A–Z, `-`, and one to three letters A–Z or digits.
        case subdivisionCode(column: String)
        /// A `kind` other than name, short, variant, alias.
        case kind
        /// Bytes that are not UTF-8.
        case invalidUTF8
    }

    public var file: File
    public var line: Int
    public var problem: Problem

    public init(file: File, line: Int, problem: Problem) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    /// One line for a person, e.g. "cities.tsv line 12: population is not a whole number".
    public var message: String {
        let place = "\(file.fileName) line \(line): "
        switch problem {
        case .header(let expected): return place + "header must be \"\(expected)\" (TAB-separated)"
        case .fieldCount(let expected, let found): return place + "\(found) fields, expected \(expected)"
        case .emptyField(let column): return place + "\(column) is empty"
        case .number(let column): return place + "\(column) is not a valid number"
        case .countryCode(let column): return place + "\(column) is not a two-letter country code"
        case .subdivisionCode(let column): return place + "\(column) is not an ISO 3166-2 code (like US-TX)"
        case .kind: return place + "kind must be name, short, variant, alias, iso or official"
        case .invalidUTF8: return place + "not valid UTF-8"
        }
    }
}
