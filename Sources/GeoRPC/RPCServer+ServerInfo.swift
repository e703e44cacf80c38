import GeoCore

/// `serverInfo`: which layers and name tables this server has loaded and how many entries each holds,
/// the files they came from and their data versions, the index cache in use, the binary index format
/// and the server's limits. The same object is the `x-serverInfo` member of `rpc.discover`'s `info`
/// (OpenRPC allows `x-` extensions there), so one call tells a client what answers to expect.
extension RPCServer {
    public static let serverInfoMethod = "serverInfo"

    /// Answers `serverInfo` (no params).
    func serverInfo(_ request: RPCRequest, id: JSONValue, budget: inout WorkBudget, into out: inout JSONWriter) {
        do throws(RPCError) {
            try OpenRPCDocument.checkParams(request.params)
            if let refusal = budget.charge(WorkCost.perCall) { throw refusal }
        } catch {
            writeError(error, id: id, into: &out)
            return
        }
        beginReply(id: id, into: &out)
        out.key("result")
        writeServerInfo(into: &out)
        out.endObject()
    }

    /// The `serverInfo` object.
    public func writeServerInfo(into out: inout JSONWriter) {
        let contents = gazetteer.contents
        out.beginObject()
        out.key("program")
        out.string(host.program)
        out.key("runtime")
        out.string(host.runtime)
        out.key("binaryFormatVersion")
        out.number(Int(CountryGazetteer.binaryFormatVersion))
        out.key("layers")
        out.beginObject()
        for (name, count) in [("countries", contents.countries as Int?), ("admin1", contents.admin1Areas),
                              ("timezones", contents.timezoneAreas)] {
            out.key(name)
            out.beginObject()
            out.key("present")
            out.bool(count != nil)
            out.key("features")
            if let count { out.number(count) } else { out.null() }
            out.endObject()
        }
        out.endObject()
        out.key("tables")
        out.beginObject()
        for (name, count) in [("cities", contents.cities), ("localities", contents.localities), ("admin1Names", contents.admin1Divisions),
                              ("countryNames", contents.countryNames), ("cityNames", contents.cityTranslations)] {
            out.key(name)
            out.beginObject()
            out.key("present")
            out.bool(count > 0)
            out.key("entries")
            out.number(count)
            if name == "admin1Names" {
                // The admin-1 layer divisions' names in other languages (admin1-names.tsv).
                out.key("translations")
                out.number(contents.admin1Translations)
                out.key("languages")
                out.number(contents.admin1Languages)
            } else if name == "cityNames" {
                // The cities' names in other languages (city-names.tsv): for how many cities, in how many languages.
                out.key("cities")
                out.number(contents.citiesTranslated)
                out.key("languages")
                out.number(contents.cityLanguages)
            }
            out.endObject()
        }
        out.endObject()
        writeUserLayers(into: &out)
        out.key("files")
        out.beginArray()
        for file in host.files {
            out.beginObject()
            out.key("role")
            out.string(file.role)
            out.key("path")
            if let path = file.path { out.string(path) } else { out.null() }
            out.key("bytes")
            if let bytes = file.bytes { out.number(bytes) } else { out.null() }
            out.key("source")
            if let source = file.source { out.string(source) } else { out.null() }
            out.endObject()
        }
        out.endArray()
        out.key("indexCache")
        if let path = host.indexCachePath { out.string(path) } else { out.null() }
        out.key("limits")
        out.beginObject()
        for (name, value) in [("maxLineBytes", limits.maxLineBytes), ("maxDepth", limits.maxDepth),
                              ("maxBatch", limits.maxBatch), ("maxStringBytes", limits.maxStringBytes),
                              ("maxNumberChars", limits.maxNumberChars), ("maxWork", limits.maxWork),
                              ("maxValues", limits.maxValues), ("maxLimit", GeoCall.maxLimit)] {
            out.key(name)
            out.number(value)
        }
        out.key("maxDistanceKm")
        out.number(GeoCall.maxDistanceKmLimit)
        out.endObject()
        out.endObject()
    }

    /// `"userLayers":[{name, features, points, lines, polygons}]`: the `--layer` layers in the order given,
    /// each with its feature count and how many of those are points (Point, MultiPoint), lines (LineString,
    /// MultiLineString) and polygons (Polygon, MultiPolygon), counted from the loaded tables; `[]` without
    /// layers. The native server and the wasm module load the same files into the same tables, so both
    /// write the same bytes here.
    /// - Complexity: O(features), once per `serverInfo` or `rpc.discover` call.
    func writeUserLayers(into out: inout JSONWriter) {
        out.key("userLayers")
        out.beginArray()
        for layer in layers.layers {
            var points = 0, lines = 0, polygons = 0
            let features = layer.features
            for feature in features.indices {
                switch features.kind(feature) {
                case .point, .multiPoint: points += 1
                case .lineString, .multiLineString: lines += 1
                case .polygon, .multiPolygon: polygons += 1
                case .geometryCollection, nil: break
                }
            }
            out.beginObject()
            out.key("name")
            out.string(layer.name)
            for (name, count) in [("features", features.count), ("points", points), ("lines", lines),
                                  ("polygons", polygons)] {
                out.key(name)
                out.number(count)
            }
            out.endObject()
        }
        out.endArray()
    }

    /// The OpenRPC document with this server's `serverInfo` object as `info["x-serverInfo"]`, spliced
    /// after the document's opening `"info":{`; the document unchanged if that is not found.
    func discoverDocument() -> [UInt8] {
        let document = Self.discoverResult
        let marker = Array("\"info\":{".utf8)
        guard let at = Self.firstIndex(of: marker, in: document) else { return document }
        var info = JSONWriter()
        info.key("x-serverInfo")
        writeServerInfo(into: &info)
        let cut = at + marker.count
        return Array(document[..<cut]) + Array(info.bytes.drop { $0 == 0x2C }) + [0x2C] + Array(document[cut...])
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}
