import GeoCore
import GeoRPC

/// What the command line asks for.
enum Command: Equatable {
    /// Run the JSON-RPC server on stdin/stdout (also the default with no command).
    case serve
    /// Answer one query and print the result the RPC method would return.
    case query(GeoMethod, RPCParams)
    /// Geocode a CSV file or stdin to stdout (see `CommandLineOptions+CSV.swift`).
    case csv(CSVRequest)
    /// Write the binary index for the data file to a path (see `IndexCommand.swift`).
    case index(output: String)
    /// `geocoder reverse -` (or no point with stdin not a terminal): one point per stdin line, streamed
    /// (`ReverseLines.swift`); `extra` holds the other params (maxDistanceKm, fields). `explicit`: the
    /// `-` was given, so a terminal on stdin is read too.
    case reverseLines(extra: [JSONObject.Member], explicit: Bool)
    /// `geocoder cache path|list|clear` (`CacheCommand.swift`).
    case cache(CacheAction)
    /// `geocoder --generate man|bash|zsh|fish` (`OptionTable+Generate.swift`).
    case generate(String)
    case help
    case version

    /// `geocoder nearby LAT LON` and `geocoder where LAT LON`, which need no country data, only the user layers.
    var isNearby: Bool {
        if case .query(.nearby, _) = self { return true }
        if case .query(.whereAmI, _) = self { return true }
        return false
    }

    /// reverse (one point or `reverse -`) and `csv` with lat/lon: each answer gains the nearest feature of
    /// each `--layer` (`ReverseLayers.swift`).
    var takesNearestLayerFeature: Bool {
        switch self {
        case .query(.reverseGeocode, _), .reverseLines: return true
        case .csv(let request):
            if case .reverse = request.options.mode { return true }
            return false
        default: return false
        }
    }
}

/// What `geocoder cache` does.
enum CacheAction: String, Equatable {
    case path, list, clear
}

/// The output of the query commands (`--format`).
enum OutputFormat: String, Equatable {
    case json, csv, tsv
}

/// A command line that cannot be run; the text is shown after "geocoder: ".
struct UsageError: Error, Equatable {
    let message: String
}

/// The parsed command line.
///
/// Arguments become the same `RPCParams` a client would send, so the command line and the server share
/// one set of checks and messages. A negative number such as `-9.07` is a value, not an option.
struct CommandLineOptions: Equatable {
    var command: Command = .serve
    var dataPath: String?
    /// `--no-cache`: load the GeoJSON itself, neither reading nor writing the binary index.
    var noCache = false
    /// `--no-places`: forward search without the GeoNames cities and admin-1 divisions (countries only).
    var noPlaces = false
    /// `--no-layers`: no admin-1 or time-zone layer; reverse answers hold the country alone.
    var noLayers = false
    /// `--max-data-bytes`: the largest data file (GeoJSON or name table) read; see `CommandLineOptions+Files.swift`.
    var maxDataBytes = CommandLineOptions.defaultMaxDataBytes
    /// `--layer NAME=PATH`, repeatable: user GeoJSON layers for `nearby` (see `UserLayers.swift`).
    var layers: [UserLayers.Spec] = []
    /// `--layer-name-key KEY`: the property that holds a user layer feature's name.
    var layerNameKey = "name"
    /// `--layer-radius M`: how far reverse and csv look for each layer's nearest feature (`ReverseLayers.swift`).
    var layerRadiusM = NearbyRequest.defaultRadiusM
    /// The server's caps on each line (`--max-line-bytes` and friends); see `CommandLineOptions+Limits.swift`.
    var limits = RPCLimits()
    /// `--format`: how reverse, forward and bbox print their results.
    var format = OutputFormat.json

    /// - Parameter arguments: the arguments after the program name.
    /// - Throws: `UsageError` for an unknown command or option, a missing option value, or the wrong
    ///   number of positional arguments.
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var positionals: [String] = []
        var named: [String: String] = [:]
        var index = 0
        var optionsEnded = false
        var layerRadiusGiven = false
        var limitsGiven = false
        var layerArguments: [String] = []
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !looksLikeOption(argument) {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            // Short forms (`-d`, `-n`) are spelled out through the one option table.
            if let long = OptionTable.longName(name) { name = long }
            switch name {
            case "--":
                optionsEnded = true
            case "-h", "--help":
                return CommandLineOptions(command: .help)
            case "--version":
                return CommandLineOptions(command: .version)
            case "--no-cache":
                options.noCache = true
            case "--no-places":
                options.noPlaces = true
            case "--no-layers":
                options.noLayers = true
            case "--layer", "--layer-name-key":
                var value = inlineValue ?? ""
                if inlineValue == nil { value = try nextArgument(arguments, &index, for: name) }
                if name == "--layer" { layerArguments.append(value) } else { options.layerNameKey = value }
            case "--layer-radius":
                var value = inlineValue ?? ""
                if inlineValue == nil { value = try nextArgument(arguments, &index, for: name) }
                guard let radius = Double(value), radius >= 0, radius <= NearbyRequest.maxRadiusM else {
                    throw UsageError(message: "--layer-radius takes metres from 0 to \(Int(NearbyRequest.maxRadiusM)), got '\(value)'")
                }
                options.layerRadiusM = radius
                layerRadiusGiven = true
            case "--max-data-bytes":
                var value = inlineValue ?? ""
                if inlineValue == nil { value = try nextArgument(arguments, &index, for: name) }
                options.maxDataBytes = try dataBytes(value)
            case "--generate":
                var value = inlineValue ?? ""
                if inlineValue == nil { value = try nextArgument(arguments, &index, for: name) }
                guard ["man", "bash", "zsh", "fish"].contains(value) else {
                    throw UsageError(message: "--generate takes man, bash, zsh or fish, got '\(value)'")
                }
                return CommandLineOptions(command: .generate(value))
            case "--data", "--max-distance", "--fields", "--limit", "--radius", "--geometry", "--heading", "--previous-road", "--lat", "--lon", "--forward", "--delimiter", "--prefix",
                 "--output", "--max-record-bytes", "--lang", "--country", "--kinds", "--format",
                 "--match", "--min-score":
                if let inlineValue {
                    named[name] = inlineValue
                } else if index < arguments.count {
                    named[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "\(name) needs a value")
                }
            case _ where limitOptions[name] != nil:
                var value = inlineValue ?? ""
                if inlineValue == nil { value = try nextArgument(arguments, &index, for: name) }
                try options.setLimit(name, value)
                limitsGiven = true
            case "--no-header":
                named[name] = ""
            default:
                throw UsageError(message: "unknown option '\(argument)'")
            }
        }
        options.dataPath = named.removeValue(forKey: "--data")
        if let format = named.removeValue(forKey: "--format") {
            guard let chosen = OutputFormat(rawValue: format) else {
                throw UsageError(message: "--format takes json, csv or tsv, got '\(format)'")
            }
            guard let first = positionals.first, ["reverse", "forward", "bbox"].contains(first) else {
                throw UsageError(message: "--format applies only to reverse, forward and bbox")
            }
            options.format = chosen
        }
        options.command = try command(positionals, named)
        options.layers = try UserLayers.parse(layerArguments)
        if !options.layers.isEmpty, options.command != .serve, !options.command.isNearby,
           !options.command.takesNearestLayerFeature {
            throw UsageError(message: "--layer applies only to serve, nearby, where, reverse and csv (with lat/lon)")
        }
        if layerRadiusGiven && (options.layers.isEmpty || !options.command.takesNearestLayerFeature) {
            throw UsageError(message: "--layer-radius applies only to reverse and csv with --layer")
        }
        if limitsGiven && options.command != .serve {
            throw UsageError(message: "the --max-* options apply only to serve")
        }
        return options
    }

    /// Options start with "-", but "-9.07" and "-" alone are values.
    private static func looksLikeOption(_ argument: String) -> Bool {
        let bytes = Array(argument.utf8)
        guard bytes.count > 1, bytes[0] == UInt8(ascii: "-") else { return false }
        let second = bytes[1]
        return !(second == UInt8(ascii: ".") || (second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9")))
    }

    private static func command(_ positionals: [String], _ named: [String: String]) throws(UsageError) -> Command {
        guard let name = positionals.first else {
            try expectNoOptions(named, for: "serve")
            return .serve
        }
        let rest = Array(positionals.dropFirst())
        switch name {
        case "serve":
            try expectCount(rest, 0, for: "serve", usage: "serve [--data PATH]")
            try expectNoOptions(named, for: name)
            return .serve
        case "help":
            return .help
        case "reverse":
            try expectNoOptions(named, except: ["--max-distance", "--fields"], for: name)
            var extra: [JSONObject.Member] = []
            if let radius = named["--max-distance"] { extra.append(member("maxDistanceKm", radius)) }
            if let fields = named["--fields"] { extra.append(try fieldsMember(fields)) }
            if rest.isEmpty || rest == ["-"] { return .reverseLines(extra: extra, explicit: !rest.isEmpty) }
            guard let point = pointArguments(rest.joined(separator: " ")) else {
                throw UsageError(message: "reverse takes LAT LON or LAT,LON, got '\(rest.joined(separator: " "))' "
                    + "(usage: reverse LAT LON [--max-distance KM] [--fields F,F], or reverse - for one point per stdin line)")
            }
            let members = [member("lat", point.lat), member("lon", point.lon)] + extra
            return .query(.reverseGeocode, .byName(JSONObject(members: members)))
        case "forward":
            guard !rest.isEmpty else { throw UsageError(message: "forward needs a NAME (usage: forward NAME [--limit N])") }
            try expectNoOptions(named, except: ["--limit", "--lang", "--country", "--kinds"], for: name)
            // Several words are one name: `geocoder forward New Zealand`.
            var members = [JSONObject.Member(key: "query", value: .string(rest.joined(separator: " ")))]
            if let limit = named["--limit"] { members.append(member("limit", limit)) }
            if let lang = named["--lang"] { members.append(JSONObject.Member(key: "lang", value: .string(lang))) }
            if let codes = named["--country"] { members.append(listMember("countryCodes", codes)) }
            if let kinds = named["--kinds"] { members.append(listMember("kinds", kinds)) }
            return .query(.forwardGeocode, .byName(JSONObject(members: members)))
        case "bbox":
            try expectCount(rest, 4, for: name, usage: "bbox MINLAT MINLON MAXLAT MAXLON")
            try expectNoOptions(named, for: name)
            let members = zip(GeoMethod.countriesInBBox.parameterNames, rest).map { member($0, $1) }
            return .query(.countriesInBBox, .byName(JSONObject(members: members)))
        case "nearby":
            try expectCount(rest, 2, for: name, usage: "nearby LAT LON --layer NAME=PATH [--radius M] [--limit N]")
            try expectNoOptions(named, except: ["--radius", "--limit", "--geometry"], for: name)
            var members = [member("lat", rest[0]), member("lon", rest[1])]
            if let radius = named["--radius"] { members.append(member("radiusM", radius)) }
            if let limit = named["--limit"] { members.append(member("limit", limit)) }
            if let kinds = named["--geometry"] { members.append(listMember("geometry", kinds)) }
            return .query(.nearby, .byName(JSONObject(members: members)))
        case "where":
            try expectCount(rest, 2, for: name, usage: "where LAT LON --layer NAME=PATH [--heading D] [--previous-road R]")
            try expectNoOptions(named, except: ["--heading", "--previous-road"], for: name)
            var members = [member("lat", rest[0]), member("lon", rest[1])]
            if let heading = named["--heading"] { members.append(member("heading", heading)) }
            if let road = named["--previous-road"] {
                members.append(JSONObject.Member(key: "previousRoad", value: .string(road)))
            }
            return .query(.whereAmI, .byName(JSONObject(members: members)))
        case "csv":
            return .csv(try csvRequest(rest, named))
        case "index":
            return .index(output: try indexOutput(rest, named))
        case "cache":
            try expectNoOptions(named, for: name)
            guard rest.count == 1, let action = CacheAction(rawValue: rest[0]) else {
                throw UsageError(message: "cache takes one of path, list, clear (usage: cache path|list|clear)")
            }
            return .cache(action)
        default:
            throw UsageError(message: "unknown command '\(name)'")
        }
    }

    /// A number argument becomes a JSON number with its text kept; anything else stays a string,
    /// so the method's own check reports "must be a number, got string".
    static func member(_ key: String, _ argument: String) -> JSONObject.Member {
        let value: JSONValue
        if case .number(let number)? = try? JSONReader.parse(Array(argument.utf8)) {
            value = .number(number)
        } else {
            value = .string(argument)
        }
        return JSONObject.Member(key: key, value: value)
    }

    /// The two numbers of a point written `LAT LON`, `LAT,LON` or `LAT, LON` (also one stdin line of
    /// `reverse -`); nil for anything else. The texts are returned unchecked: the method checks them.
    static func pointArguments(_ text: String) -> (lat: String, lon: String)? {
        var parts: [Substring] = []
        for piece in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
            parts += piece.split(separator: ",", omittingEmptySubsequences: false)
        }
        parts.removeAll { $0.isEmpty }
        // `48.85,,2.35` and `48.85 , , 2.35` are not points.
        let commas = text.filter { $0 == "," }.count
        guard parts.count == 2, commas <= 1 else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// `--country fr,de` as `["fr", "de"]`: the method checks and reports the elements.
    private static func listMember(_ key: String, _ list: String) -> JSONObject.Member {
        let items = list.split(separator: ",", omittingEmptySubsequences: false).map { JSONValue.string(String($0)) }
        return JSONObject.Member(key: key, value: .array(items))
    }

    private static func expectCount(_ rest: [String], _ count: Int, for command: String, usage: String) throws(UsageError) {
        guard rest.count == count else {
            throw UsageError(message: "\(command) takes \(count) argument\(count == 1 ? "" : "s"), got \(rest.count) (usage: \(usage))")
        }
    }

    /// `--fields a,b` as the `fields` param: the names are checked here, with the RPC's message.
    static func fieldsMember(_ list: String) throws(UsageError) -> JSONObject.Member {
        do throws(PlacemarkFieldsError) {
            _ = try PlacemarkFields(list: list)
        } catch {
            throw UsageError(message: "--fields: " + error.message)
        }
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { part -> JSONValue in
            var name = Substring(part)
            while name.first == " " { name = name.dropFirst() }
            while name.last == " " { name = name.dropLast() }
            return .string(String(name))
        }
        return JSONObject.Member(key: "fields", value: .array(names))
    }

    static func expectNoOptions(_ named: [String: String], except allowed: [String] = [], for command: String) throws(UsageError) {
        for name in named.keys.sorted() where !allowed.contains(name) {
            throw UsageError(message: "\(name) does not apply to \(command)")
        }
    }
}
