import GeoCore

/// A direct decoder for the requests a navigation client sends every few metres:
/// `{"jsonrpc":"2.0","method":"nearby","params":{"lat":…,"lon":…[,"radiusM":…][,"limit":…]}|[lat,lon],"id":…}`
/// and `whereAmI` with `{"lat":…,"lon":…[,"heading":…]}` or `[lat,lon]`.
///
/// It reads the line once with ``ReverseFastPath``'s byte cursor instead of building a `JSONValue` tree,
/// checking the bytes against ``RPCLimits``' caps and binding the params; the call it makes is answered by
/// the general path's own code (`RPCServer.answer`: the same work charge, the same writers). It accepts
/// only what the general path would read to the same call: members in any order, each once; JSON
/// whitespace; an id the fast path echoes as the general path does; numbers converted by the same
/// `JSONScanner`; every parameter within its range (`limit` a whole number). Anything else (layers,
/// geometry, previousRoad, a parameter out of range, a repeated member, a notification) returns nil, and
/// the general path answers, errors included.
enum AroundMeFastPath {
    /// A line the fast path read: the id (echoed as ``ReverseFastPath`` echoes it) and the call.
    struct Plan {
        var id: Range<Int>
        var decodedID: JSONValue?
        var call: GeoCall
    }

    /// The params the shapes may hold, as bits so a repeat is caught.
    private struct Params {
        var seen = 0
        var lat = 0.0, lon = 0.0, radiusM = NearbyRequest.defaultRadiusM, heading = 0.0
        var limit = NearbyRequest.defaultLimit

        static let lat = 1, lon = 2, radiusM = 4, limit = 8, heading = 16
    }

    /// `{"params":{…}}` nests two levels; `"whereAmI"` is the longest string matched literally; the largest
    /// shape taken holds 9 values (the request, its four members' values, four params), which is also what
    /// `RPCServer.valueCountBound` counts for it.
    static let deepestShape = 2, longestFixedString = 8, mostValues = 9

    /// Answers `line` when it is a plain `nearby` or `whereAmI` request (without its `\n`).
    /// - Returns: true when a reply object was appended to `out`; false when the general path must answer.
    static func answer(_ line: UnsafeBufferPointer<UInt8>, server: RPCServer, budget: inout WorkBudget,
                       into out: inout JSONWriter, spill: ReplySpill) -> Bool {
        guard let plan = plan(line, limits: server.limits) else { return false }
        let id: JSONValue
        if let decoded = plan.decodedID {
            id = decoded
        } else {
            var scanner = JSONScanner(UnsafeBufferPointer(rebasing: line[plan.id]), limits: server.limits.json)
            guard let read = try? scanner.readValue() else { return false }
            id = read
        }
        do throws(RPCError) {
            // The user layers' calls read no index section (`GeoCall.sections`): the server's gazetteer.
            try server.answer(plan.call, id: id, gazetteer: server.gazetteer, budget: &budget, into: &out, spill: spill)
        } catch {
            server.writeError(error, id: id, into: &out)
        }
        return true
    }

    /// Reads `line` as a request the fast path answers exactly as the general path would.
    /// - Returns: nil when the general path must answer.
    static func plan(_ line: UnsafeBufferPointer<UInt8>, limits: RPCLimits) -> Plan? {
        guard limits.maxDepth >= deepestShape, limits.maxStringBytes >= longestFixedString,
              limits.maxValues >= mostValues else { return nil }
        var cursor = ReverseFastPath.Cursor(bytes: line, maxNumberChars: limits.maxNumberChars,
                                            maxStringBytes: limits.maxStringBytes)
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        var seen: UInt8 = 0
        var id = 0..<0
        var decodedID: JSONValue?
        var whereAmI = false
        var params = Params()
        repeat {
            guard let member = cursor.memberName(), seen & member.rawValue == 0 else { return nil }
            seen |= member.rawValue
            guard cursor.take(UInt8(ascii: ":")) else { return nil }
            switch member {
            case .jsonrpc:
                guard cursor.literal(#""2.0""#) else { return nil }
            case .method:
                if cursor.literal(#""whereAmI""#) {
                    whereAmI = true
                } else if !cursor.literal(#""nearby""#) {
                    return nil
                }
            case .id:
                guard let range = cursor.idToken(decoded: &decodedID) else { return nil }
                id = range
            case .params:
                guard read(&params, &cursor) else { return nil }
            }
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "}")), cursor.atEnd, seen == 0b1111 else { return nil }
        guard params.seen & (Params.lat | Params.lon) == Params.lat | Params.lon,
              params.lat >= -90, params.lat <= 90, params.lon >= -180, params.lon <= 180 else { return nil }
        let point = GeoPoint(lat: params.lat, lon: params.lon)
        if whereAmI {
            guard params.seen & (Params.radiusM | Params.limit) == 0 else { return nil }
            var heading: Double?
            if params.seen & Params.heading != 0 {
                guard params.heading >= 0, params.heading <= 360 else { return nil }
                heading = params.heading
            }
            return Plan(id: id, decodedID: decodedID,
                        call: .whereAmI(WhereAmIRequest(point: TracePoint(point: point, heading: heading))))
        }
        guard params.seen & Params.heading == 0, params.radiusM >= 0, params.radiusM <= NearbyRequest.maxRadiusM
        else { return nil }
        return Plan(id: id, decodedID: decodedID,
                    call: .nearby(NearbyRequest(point: point, radiusM: params.radiusM, limit: params.limit)))
    }

    /// `[lat, lon]`, or an object of `lat`, `lon`, `radiusM`, `limit` and `heading` numbers, each at most
    /// once (which of them the method takes is checked by the caller); `limit` must be whole and within
    /// 1...``NearbyRequest/maxLimit``.
    private static func read(_ params: inout Params, _ cursor: inout ReverseFastPath.Cursor) -> Bool {
        if cursor.take(UInt8(ascii: "[")) {
            guard let lat = cursor.number(), cursor.take(UInt8(ascii: ",")), let lon = cursor.number(),
                  cursor.take(UInt8(ascii: "]")) else { return false }
            params.lat = lat
            params.lon = lon
            params.seen = Params.lat | Params.lon
            return true
        }
        guard cursor.take(UInt8(ascii: "{")) else { return false }
        repeat {
            let bit: Int
            if cursor.literal(#""lat""#) { bit = Params.lat }
            else if cursor.literal(#""lon""#) { bit = Params.lon }
            else if cursor.literal(#""radiusM""#) { bit = Params.radiusM }
            else if cursor.literal(#""limit""#) { bit = Params.limit }
            else if cursor.literal(#""heading""#) { bit = Params.heading }
            else { return false }
            guard params.seen & bit == 0, cursor.take(UInt8(ascii: ":")), let value = cursor.number() else {
                return false
            }
            params.seen |= bit
            switch bit {
            case Params.lat: params.lat = value
            case Params.lon: params.lon = value
            case Params.radiusM: params.radiusM = value
            case Params.heading: params.heading = value
            default:
                guard value.rounded(.towardZero) == value, value >= 1, value <= Double(NearbyRequest.maxLimit) else {
                    return false
                }
                params.limit = Int(value)
            }
        } while cursor.take(UInt8(ascii: ","))
        return cursor.take(UInt8(ascii: "}"))
    }
}
