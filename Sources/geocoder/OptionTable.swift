/// One command-line option.
///
/// `OptionTable.all` is the single description of the options: `--help`'s OPTIONS list, the man page and
/// the bash/zsh/fish completions are all generated from it (`geocoder --generate man|bash|zsh|fish`,
/// `OptionTable+Generate.swift`), and the parser maps short forms through it, so none of them can name an
/// option another does not know.
struct OptionSpec {
    /// `--data`.
    let long: String
    /// `-d`, or nil.
    let short: String?
    /// The value's placeholder (`PATH`), or nil for a flag.
    let value: String?
    /// The values a shell may complete (`json`, `csv`), or empty; `FILE` placeholders complete files.
    let choices: [String]
    /// The commands it applies to; empty for every command.
    let commands: [String]
    /// One line of help.
    let help: String

    init(_ long: String, _ short: String? = nil, value: String? = nil, choices: [String] = [], commands: [String] = [],
         help: String) {
        self.long = long
        self.short = short
        self.value = value
        self.choices = choices
        self.commands = commands
        self.help = help
    }
}

enum OptionTable {
    /// The commands, with a one-line summary each (for the man page and the completions).
    static let commands: [(name: String, summary: String)] = [
        ("serve", "JSON-RPC 2.0 server, one message per line on stdin/stdout (the default)"),
        ("reverse", "the placemark of a point (LAT LON, LAT,LON, or one point per stdin line)"),
        ("forward", "countries, admin-1 divisions and cities whose names match, best first"),
        ("bbox", "countries meeting a box"),
        ("nearby", "features of your --layer files near a point, nearest first"),
        ("where", "inside a place, along a road or other, with the sentence a screen reader speaks"),
        ("csv", "geocode every row of a CSV file"),
        ("index", "write the binary index of the data file"),
        ("cache", "the index cache: path, list or clear"),
        ("help", "this help"),
    ]

    static let all: [OptionSpec] = [
        OptionSpec("--help", "-h", help: "print the help and exit"),
        OptionSpec("--version", "-V", help: "print the version and exit"),
        OptionSpec("--data", "-d", value: "PATH", help: "the countries GeoJSON (the name tables and layers are read from its folder)"),
        OptionSpec("--no-cache", help: "don't read or write the binary index cache"),
        OptionSpec("--no-places", help: "forward search without cities and admin-1 divisions"),
        OptionSpec("--no-layers", help: "no admin-1 or time-zone layer; reverse answers hold the country alone"),
        OptionSpec("--max-data-bytes", value: "N", help: "the largest data file or name table read (default 1073741824)"),
        OptionSpec("--format", "-F", value: "FORMAT", choices: ["json", "csv", "tsv"], commands: ["reverse", "forward", "bbox"],
                   help: "output: json (default, one result per line), csv or tsv (a header, then one row per result)"),
        OptionSpec("--fields", "-f", value: "F,F", choices: ["country", "admin1", "territory", "locality", "timezone"],
                   commands: ["reverse", "csv"], help: "placemark members: country, admin1, territory, locality, timezone (default all)"),
        OptionSpec("--max-distance", "-m", value: "KM", commands: ["reverse", "csv"],
                   help: "nearest country within KM of a point at sea (default 10, max 20037.5)"),
        OptionSpec("--limit", "-n", value: "N", commands: ["forward", "nearby"],
                   help: "most results (forward: default 5, max 250; nearby: default 10, max 1000)"),
        OptionSpec("--lang", "-l", value: "LANG", commands: ["forward"], help: "BCP 47 language of the names (de, pt-BR, zh-Hant)"),
        OptionSpec("--country", "-c", value: "CC,CC", commands: ["forward"], help: "only results in these ISO alpha-2 countries"),
        OptionSpec("--kinds", "-k", value: "KIND,KIND", choices: ["country", "city", "admin1"], commands: ["forward"],
                   help: "only these kinds of result: country, city, admin1"),
        OptionSpec("--layer", value: "NAME=PATH", commands: ["serve", "nearby", "where", "reverse", "csv"],
                   help: "a GeoJSON file of points, lines and polygons that nearby searches (repeatable); reverse and csv add its nearest feature"),
        OptionSpec("--layer-name-key", value: "KEY", commands: ["serve", "nearby", "where", "reverse", "csv"],
                   help: "the property holding a layer feature's name (default name)"),
        OptionSpec("--layer-radius", value: "M", commands: ["reverse", "csv"],
                   help: "how far reverse and csv look for each layer's nearest feature, in metres (default 500, max 10000)"),
        OptionSpec("--radius", value: "M", commands: ["nearby"], help: "search radius in metres (default 500, max 10000)"),
        OptionSpec("--geometry", value: "KIND,KIND", choices: ["point", "line", "polygon"], commands: ["nearby"],
                   help: "only features of these kinds: point, line, polygon"),
        OptionSpec("--heading", value: "D", commands: ["where"], help: "the way you face, degrees clockwise from north (0-360)"),
        OptionSpec("--previous-road", value: "R", commands: ["where"],
                   help: "the road of the previous answer (name or id), kept while within 20 m"),
        OptionSpec("--lat", value: "COL", commands: ["csv"], help: "the latitude column (header name or number from 1)"),
        OptionSpec("--lon", value: "COL", commands: ["csv"], help: "the longitude column"),
        OptionSpec("--forward", value: "COL", commands: ["csv"], help: "geocode the place names in COL instead of points"),
        OptionSpec("--match", value: "MODE", choices: ["code", "name", "any"], commands: ["csv"],
                   help: "with --forward: match ISO codes only, names only, or both (default any)"),
        OptionSpec("--min-score", value: "X", commands: ["csv"], help: "with --forward: leave rows whose best score is below X (0-1) empty"),
        OptionSpec("--no-header", commands: ["csv"], help: "the CSV has no header row"),
        OptionSpec("--delimiter", value: "C", commands: ["csv"], help: "the field separator (default ,; 'tab' for a tab)"),
        OptionSpec("--prefix", value: "P", commands: ["csv"], help: "prefix for the added column names"),
        OptionSpec("--max-record-bytes", value: "N", commands: ["csv"], help: "the longest CSV record (default 16777216)"),
        OptionSpec("--output", value: "FILE", commands: ["index"], help: "where index writes the binary index"),
        OptionSpec("--max-line-bytes", value: "N", commands: ["serve"], help: "longest request line (default 16777216)"),
        OptionSpec("--max-depth", value: "N", commands: ["serve"], help: "deepest JSON nesting (default 64, at most 4096)"),
        OptionSpec("--max-batch", value: "N", commands: ["serve"], help: "most requests in one batch (default 10000)"),
        OptionSpec("--max-string-bytes", value: "N", commands: ["serve"], help: "longest JSON string or key (default 65536)"),
        OptionSpec("--max-number-chars", value: "N", commands: ["serve"], help: "longest number literal (default 1000)"),
        OptionSpec("--max-work", value: "N", commands: ["serve"], help: "most estimated work per line, about 1 µs each (default 10000000)"),
        OptionSpec("--max-values", value: "N", commands: ["serve"], help: "most JSON values in one request read as a tree (default 1000000)"),
        OptionSpec("--generate", value: "WHAT", choices: ["man", "bash", "zsh", "fish"],
                   help: "print the man page or a shell completion script, made from this option list"),
    ]

    /// The option `argument` names: a long name, or a short one mapped to its long name; nil otherwise.
    static func longName(_ argument: String) -> String? {
        all.first { $0.long == argument || $0.short == argument }?.long
    }

    /// The OPTIONS section of `--help`.
    static var helpSection: String {
        var text = "OPTIONS\n"
        for option in all {
            var left = "  " + (option.short.map { $0 + ", " } ?? "    ") + option.long
            if let value = option.value { left += " " + value }
            let scope = option.commands.isEmpty ? "" : " [" + option.commands.joined(separator: ", ") + "]"
            let line = left.count < 32 ? left + String(repeating: " ", count: 32 - left.count) : left + "\n" + String(repeating: " ", count: 32)
            text += line + option.help + scope + "\n"
        }
        return text
    }
}
