/// Which members of a placemark to compute: the `fields` param of `reverseGeocode` and
/// `reverseGeocodeMany`, `--fields` of `geocoder reverse` and `geocoder csv`.
///
/// `[.country]` alone takes exactly the country lookup's code path (no layer is touched), so a client that
/// asks only for the country pays what it paid before placemarks existed.
public struct PlacemarkFields: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The country members (`iso2` … `distanceKm`), as `reverseGeocode` has always answered.
    public static let country = PlacemarkFields(rawValue: 1)
    /// The first-level division: `admin1`.
    public static let admin1 = PlacemarkFields(rawValue: 2)
    /// The ISO 3166-1 territory the country data folds into its sovereign: `territory`.
    public static let territory = PlacemarkFields(rawValue: 4)
    /// The nearest populated place: `locality`.
    public static let locality = PlacemarkFields(rawValue: 8)
    /// The IANA time zone: `timezone`.
    public static let timezone = PlacemarkFields(rawValue: 16)

    /// Every member: what `fields: ["country", "admin1", "territory", "locality", "timezone"]` asks for.
    public static let all: PlacemarkFields = [.country, .admin1, .territory, .locality, .timezone]

    /// What a request that names no `fields` gets: the whole placemark (issue 15: "default all"), each
    /// member the server's data can answer. A client that wants only the country, at the country lookup's
    /// speed and with the bytes it always got, names `fields: ["country"]`.
    public static let requestDefault: PlacemarkFields = .all

    /// The names, in the order answers write them.
    public static let allNames = ["country", "admin1", "territory", "locality", "timezone"]

    /// The field named `name` (exact, case-sensitive); nil for any other text.
    public init?(name: String) {
        switch name {
        case "country": self = .country
        case "admin1": self = .admin1
        case "territory": self = .territory
        case "locality": self = .locality
        case "timezone": self = .timezone
        default: return nil
        }
    }

    /// The fields named in `names`; repeats are allowed, an empty list is refused (it would ask for nothing).
    /// - Throws: `PlacemarkFieldsError` naming the first unknown name, or `.empty`.
    public init(names: [String]) throws(PlacemarkFieldsError) {
        guard !names.isEmpty else { throw .empty }
        var fields: PlacemarkFields = []
        for name in names {
            guard let field = PlacemarkFields(name: name) else { throw .unknown(name) }
            fields.insert(field)
        }
        self = fields
    }

    /// Reads a comma-separated list, as `--fields country,timezone` gives it (blanks around names ignored).
    /// - Throws: as `init(names:)`.
    public init(list: String) throws(PlacemarkFieldsError) {
        var names: [String] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            var name = Substring(part)
            while name.first == " " { name = name.dropFirst() }
            while name.last == " " { name = name.dropLast() }
            names.append(String(name))
        }
        try self.init(names: names)
    }

    /// Whether only the country is asked for: the answer is today's country answer, by today's path.
    public var isCountryOnly: Bool { self == .country }
}

/// Why a `fields` list was refused.
public enum PlacemarkFieldsError: Error, Equatable, Sendable {
    /// A name that is not a field.
    case unknown(String)
    /// No name at all.
    case empty

    /// One line for a person, naming the allowed values.
    public var message: String {
        let allowed = "\"" + PlacemarkFields.allNames.joined(separator: "\", \"") + "\""
        switch self {
        case .unknown(let name): return "unknown field \"\(name)\"; the fields are \(allowed)"
        case .empty: return "no field named; the fields are \(allowed)"
        }
    }
}
