import GeoCore

/// A direct decoder for the request that batch clients send millions of times:
/// `{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":…,"lon":…[,"maxDistanceKm":…][,"fields":[…]]}|[lat,lon],"id":…}`
/// (and `reverseGeocodeMany`'s `{"points":[…][,"maxDistanceKm":…][,"fields":[…]]}`).
///
/// `fields` is read when it is a non-empty array of known names without escapes; the answer is the
/// country object from ``ReverseReplies`` when the fields (narrowed to the loaded layers) are the country
/// alone, else the placemark written by `GeoCall.writePlacemark`, the general path's own writer.
///
/// It reads the line once with a byte cursor, builds no `JSONValue` tree and allocates nothing, and
/// writes the reply from ``ReverseReplies``. It accepts only what it can answer exactly as the general
/// path would: members in any order, each once; JSON whitespace; an id that is a number or a plain
/// printable-ASCII string (echoed byte for byte, as the general path echoes it); numbers read by the same
/// `JSONScanner` conversion; every parameter in range. Anything else (a notification, a batch, a null or
/// escaped id, an unknown or repeated member, any error) makes it return false having written nothing,
/// and the general path answers, so replies and errors are the same whichever path runs. The same holds
/// for ``RPCLimits``: a line the general path might refuse for a limit (nesting the caps forbid, a number
/// or id string longer than allowed) is left to the general path.
enum ReverseFastPath {
    /// What a line the fast path accepted asks for; byte ranges point into that line.
    struct Plan {
        /// The id's bytes, echoed as they are when `decodedID` is nil.
        var id: Range<Int>
        /// A string id with escapes or non-ASCII text, decoded, to be written as the general path writes it.
        var decodedID: JSONValue?
        var lat = 0.0, lon = 0.0
        var radius = CountryGazetteer.defaultMaxDistanceKm
        /// The `points` array of `reverseGeocodeMany`; nil for `reverseGeocode`.
        var points: Range<Int>?
        /// How many points `points` holds.
        var count = 0
        /// The `fields` param; the country alone when absent.
        var fields = PlacemarkFields.requestDefault

        /// The call's cost in ``WorkCost`` units for a server whose data answers `available`, as
        /// ``WorkCost/estimate(_:available:)`` charges the same call on the general path.
        func cost(available: PlacemarkFields) -> Int {
            let asked = fields.intersection(available)
            return points == nil ? WorkCost.perCall + WorkCost.placemarkPoint(radiusKm: radius, fields: asked)
                : WorkCost.reverseMany(count: count, radiusKm: radius, fields: asked)
        }
    }

    /// Answers `line` when it is a plain `reverseGeocode` or `reverseGeocodeMany` request, without the `\n`.
    /// - Returns: true when a reply object was appended to `out`; false when the general path must answer.
    /// - Complexity: O(line length); allocates only a chunk of points for `reverseGeocodeMany`.
    static func answer(_ line: UnsafeBufferPointer<UInt8>, server: RPCServer, budget: inout WorkBudget,
                       into out: inout JSONWriter, spill: ReplySpill) -> Bool {
        guard let plan = plan(line, limits: server.limits) else { return false }
        return withGazetteer(for: plan, server: server) { gazetteer in
            write(plan, line, server: server, gazetteer: gazetteer, budget: &budget, into: &out, spill: spill)
        }
    }

    /// Calls `body` with the server's gazetteer, or the snapshot of it with the sections the plan's fields
    /// read (a lazily loaded index reads them first, as the general path does).
    /// - Returns: false, without calling `body`, when a section fails to load: the general path answers
    ///   such a request with the error.
    static func withGazetteer(for plan: Plan, server: RPCServer, _ body: (CountryGazetteer) -> Void) -> Bool {
        let snapshot: GazetteerSnapshot?
        do throws(RPCError) {
            snapshot = try server.gazetteer.sectionsLoaded(plan.fields.sections)
        } catch {
            return false
        }
        if let snapshot { body(snapshot.gazetteer) } else { body(server.gazetteer) }
        return true
    }

    /// Answers a plain line as ``answer(_:server:budget:into:spill:)`` does, for tests and benchmarks.
    static func answer(_ line: UnsafeBufferPointer<UInt8>, gazetteer: CountryGazetteer, replies: ReverseReplies,
                       limits: RPCLimits = RPCLimits(), into out: inout JSONWriter) -> Bool {
        let server = RPCServer(gazetteer: gazetteer, limits: limits)
        var budget = WorkBudget(max: limits.maxWork)
        guard answer(line, server: server, budget: &budget, into: &out, spill: { _ in }) else { return false }
        out.endLine()
        return true
    }

    /// Reads `line` as a request the fast path can answer exactly as the general path would.
    /// - Returns: nil when the general path must answer.
    static func plan(_ line: UnsafeBufferPointer<UInt8>, limits: RPCLimits) -> Plan? {
        // The shapes read here nest at most `deepestShape` levels and use keys and method names of at
        // most `longestFixedString` bytes; tighter caps leave every line to the general path.
        guard limits.maxDepth >= deepestShape, limits.maxStringBytes >= longestFixedString else { return nil }
        var cursor = Cursor(bytes: line, maxNumberChars: limits.maxNumberChars, maxStringBytes: limits.maxStringBytes)
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        var seen: UInt8 = 0
        var plan = Plan(id: 0..<0)
        var many = false
        repeat {
            guard let member = cursor.memberName(), seen & member.rawValue == 0 else { return nil }
            seen |= member.rawValue
            guard cursor.take(UInt8(ascii: ":")) else { return nil }
            switch member {
            case .jsonrpc:
                guard cursor.literal(#""2.0""#) else { return nil }
            case .method:
                if cursor.literal(#""reverseGeocodeMany""#) {
                    many = true
                } else if !cursor.literal(#""reverseGeocode""#) {
                    return nil
                }
            case .id:
                guard let range = cursor.idToken(decoded: &plan.decodedID) else { return nil }
                plan.id = range
            case .params:
                // The method may come after params, so both shapes are read and the method decides.
                let start = cursor.offset
                if cursor.params(lat: &plan.lat, lon: &plan.lon, radius: &plan.radius, fields: &plan.fields) {
                    plan.points = nil
                } else {
                    cursor.offset = start
                    plan.fields = .requestDefault
                    guard let found = cursor.manyParams(radius: &plan.radius, count: &plan.count, fields: &plan.fields)
                    else { return nil }
                    plan.points = found
                }
            }
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "}")), cursor.atEnd, seen == 0b1111 else { return nil }
        guard plan.radius >= 0, plan.radius <= GeoCall.maxDistanceKmLimit else { return nil }
        if many { return plan.points == nil ? nil : plan }
        guard plan.points == nil, plan.lat >= -90, plan.lat <= 90, plan.lon.isFinite else { return nil }
        return plan
    }

    /// Writes the reply object for a plan, or the error the budget gives when it cannot pay for it.
    static func write(_ plan: Plan, _ line: UnsafeBufferPointer<UInt8>, server: RPCServer, gazetteer: CountryGazetteer,
                      budget: inout WorkBudget, into out: inout JSONWriter, spill: ReplySpill) {
        let available = gazetteer.availableFields
        if let refusal = budget.charge(plan.cost(available: available)) {
            writeError(refusal, plan, line, into: &out)
            return
        }
        beginReply(plan, line, into: &out)
        out.bytes.append(contentsOf: Self.resultKey)
        out.continueAfterKey()
        let asked = plan.fields.intersection(available)
        if let points = plan.points {
            writeMany(line, points: points, radius: plan.radius, fields: asked, server: server, gazetteer: gazetteer,
                      into: &out, spill: spill)
        } else if asked.isCountryOnly {
            server.replies.write(gazetteer.reverse(GeoPoint(lat: plan.lat, lon: plan.lon), maxDistanceKm: plan.radius),
                                 into: &out)
        } else {
            let point = GeoPoint(lat: plan.lat, lon: plan.lon)
            GeoCall.writePlacemark(gazetteer.placemark(at: point, maxDistanceKm: plan.radius, fields: asked),
                                   fields: asked, gazetteer: gazetteer, replies: server.replies, into: &out)
        }
        out.endObject()
    }

    /// Opens the reply object and writes `"jsonrpc":"2.0","id":…`; the next member needs its comma.
    static func beginReply(_ plan: Plan, _ line: UnsafeBufferPointer<UInt8>, into out: inout JSONWriter) {
        out.beginObject()
        out.bytes.append(contentsOf: Self.replyStart)
        if let decoded = plan.decodedID {
            out.continueAfterKey()
            out.value(decoded)
        } else {
            out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[plan.id]))
            out.raw(Self.nothing)  // the id counts as a value: the next member gets its comma
        }
    }

    /// The error reply for a request the fast path read, with its id.
    static func writeError(_ error: RPCError, _ plan: Plan, _ line: UnsafeBufferPointer<UInt8>,
                           into out: inout JSONWriter) {
        beginReply(plan, line, into: &out)
        RPCServer.writeErrorMember(error, into: &out)
        out.endObject()
    }

    private static let nothing: [UInt8] = []

    /// Points answered per batch lookup: enough for the batch lookup's gains, small enough that the
    /// points, the matches and their ~330-byte results stay well under a megabyte.
    static let chunkPoints = 1024

    /// Writes the results array for points already checked by `Cursor.manyParams`, a chunk at a time,
    /// spilling between chunks, so memory does not grow with the number of points.
    static func writeMany(_ line: UnsafeBufferPointer<UInt8>, points: Range<Int>, radius: Double,
                          fields: PlacemarkFields, server: RPCServer, gazetteer: CountryGazetteer,
                          into out: inout JSONWriter, spill: ReplySpill) {
        out.beginArray()
        var cursor = Cursor(bytes: line, offset: points.lowerBound)
        var chunk: [GeoPoint] = []
        chunk.reserveCapacity(chunkPoints)
        _ = cursor.take(UInt8(ascii: "["))
        if !cursor.take(UInt8(ascii: "]")) {
            repeat {
                var lat = 0.0, lon = 0.0
                _ = cursor.pair(lat: &lat, lon: &lon)
                chunk.append(GeoPoint(lat: lat, lon: lon))
                if chunk.count == chunkPoints {
                    writeChunk(chunk, radius: radius, fields: fields, server: server, gazetteer: gazetteer, into: &out)
                    chunk.removeAll(keepingCapacity: true)
                    RPCServer.maybeSpill(&out, spill)
                }
            } while cursor.take(UInt8(ascii: ","))
        }
        writeChunk(chunk, radius: radius, fields: fields, server: server, gazetteer: gazetteer, into: &out)
        out.endArray()
    }

    /// One batch lookup (see `CountryGazetteer.reverse(_:maxDistanceKm:)` for many) and its results.
    private static func writeChunk(_ chunk: [GeoPoint], radius: Double, fields: PlacemarkFields, server: RPCServer,
                                   gazetteer: CountryGazetteer, into out: inout JSONWriter) {
        guard !chunk.isEmpty else { return }
        if !fields.isCountryOnly {
            for placemark in gazetteer.placemarks(at: chunk, maxDistanceKm: radius, fields: fields) {
                GeoCall.writePlacemark(placemark, fields: fields, gazetteer: gazetteer, replies: server.replies,
                                       into: &out)
            }
            return
        }
        for match in gazetteer.reverse(chunk, maxDistanceKm: radius) { server.replies.write(match, into: &out) }
    }

    /// What follows the `{` of a reply, up to its id.
    static let replyStart: [UInt8] = Array(#""jsonrpc":"2.0","id":"#.utf8)
    static let resultKey: [UInt8] = Array(#","result":"#.utf8)

    /// The four members of a request, as bits so repeats are caught.
    /// `{"params":{"points":[[lat,lon]]}}`: object, object, array, array.
    static let deepestShape = 4
    /// `reverseGeocodeMany`, the longest key or string the fast path matches literally.
    static let longestFixedString = 18

    enum Member: UInt8 {
        case jsonrpc = 1, method = 2, id = 4, params = 8
    }

    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        /// ``RPCLimits/maxNumberChars`` and ``RPCLimits/maxStringBytes``: longer tokens are not taken here.
        var maxNumberChars = RPCLimits.defaultMaxNumberChars
        var maxStringBytes = RPCLimits.defaultMaxStringBytes
        var offset = 0

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return offset == bytes.count
            }
        }

        @inline(__always)
        mutating func skipSpace() {
            while offset < bytes.count {
                let b = bytes[offset]
                guard b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A else { return }
                offset += 1
            }
        }

        /// Consumes `byte` after optional whitespace.
        @inline(__always)
        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }

        /// Consumes exactly `text` after optional whitespace.
        mutating func literal(_ text: StaticString) -> Bool {
            skipSpace()
            let count = text.utf8CodeUnitCount
            guard bytes.count - offset >= count else { return false }
            let start = text.utf8Start
            for k in 0..<count where bytes[offset + k] != start[k] { return false }
            offset += count
            return true
        }

        /// A member name among the four; nil for any other name or an escaped one.
        mutating func memberName() -> Member? {
            if literal(#""jsonrpc""#) { return .jsonrpc }
            if literal(#""method""#) { return .method }
            if literal(#""params""#) { return .params }
            if literal(#""id""#) { return .id }
            return nil
        }

        /// A number id (its literal text), `null`, or a string id of printable ASCII without escapes (with
        /// its quotes): exactly the bytes the general path writes back. Any other string id is decoded by
        /// the JSON reader (same checks, same caps) into `decoded`, to be written as the general path does.
        mutating func idToken(decoded: inout JSONValue?) -> Range<Int>? {
            skipSpace()
            guard offset < bytes.count else { return nil }
            let start = offset
            if bytes[offset] == UInt8(ascii: "\"") {
                offset += 1
                while offset < bytes.count {
                    let b = bytes[offset]
                    offset += 1
                    if b == UInt8(ascii: "\"") { return offset - start - 2 <= maxStringBytes ? start..<offset : nil }
                    if b < 0x20 || b > 0x7E || b == UInt8(ascii: "\\") { break }
                }
                offset = start
                let limits = JSONLimits(maxDepth: 1, maxStringBytes: maxStringBytes, maxNumberChars: maxNumberChars)
                var scanner = JSONScanner(UnsafeBufferPointer(rebasing: bytes[start...]), limits: limits)
                do throws(JSONError) {
                    decoded = .string(try scanner.readString())
                } catch {
                    return nil
                }
                offset = start + scanner.offset
                return start..<offset
            }
            if literal("null") { return start..<offset }
            guard number() != nil else { return nil }
            return start..<offset
        }

        /// A JSON number, converted exactly as `JSONReader` converts it; nil when it is not one.
        mutating func number() -> Double? {
            skipSpace()
            guard offset < bytes.count else { return nil }
            let b = bytes[offset]
            guard b == UInt8(ascii: "-") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) else { return nil }
            var scanner = JSONScanner(UnsafeBufferPointer(rebasing: bytes[offset...]))
            do throws(JSONError) {
                let value = try scanner.readDouble()
                guard scanner.offset <= maxNumberChars else { return nil }
                offset += scanner.offset
                return value
            } catch {
                return nil
            }
        }

        /// `[lat, lon]`, both numbers.
        @inline(__always)
        mutating func pair(lat: inout Double, lon: inout Double) -> Bool {
            guard take(UInt8(ascii: "[")), let a = number(), take(UInt8(ascii: ",")), let b = number(),
                  take(UInt8(ascii: "]")) else { return false }
            lat = a
            lon = b
            return true
        }

        /// `{"points":[[lat,lon],…]}` with an optional `"maxDistanceKm"`, in any order; every point is
        /// checked as the general path checks it.
        /// - Returns: the byte range of the points array, for the answering pass; nil to fall back.
        mutating func manyParams(radius: inout Double, count: inout Int, fields: inout PlacemarkFields) -> Range<Int>? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var seen = 0
            var range = 0..<0
            repeat {
                if literal(#""points""#) {
                    guard seen & 1 == 0, take(UInt8(ascii: ":")) else { return nil }
                    seen |= 1
                    skipSpace()
                    let start = offset
                    guard take(UInt8(ascii: "[")) else { return nil }
                    if !take(UInt8(ascii: "]")) {
                        repeat {
                            var lat = 0.0, lon = 0.0
                            guard pair(lat: &lat, lon: &lon), lat >= -90, lat <= 90, lon.isFinite else { return nil }
                            count += 1
                        } while take(UInt8(ascii: ","))
                        guard take(UInt8(ascii: "]")) else { return nil }
                    }
                    range = start..<offset
                } else if literal(#""maxDistanceKm""#) {
                    guard seen & 2 == 0, take(UInt8(ascii: ":")), let value = number() else { return nil }
                    seen |= 2
                    radius = value
                } else if literal(#""fields""#) {
                    guard seen & 4 == 0, take(UInt8(ascii: ":")), let found = fieldList() else { return nil }
                    seen |= 4
                    fields = found
                } else {
                    return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")), seen & 1 == 1 else { return nil }
            return range
        }

        /// `{"lat":…,"lon":…}` with an optional `"maxDistanceKm"`, members in any order, or `[lat, lon]`.
        mutating func params(lat: inout Double, lon: inout Double, radius: inout Double,
                             fields: inout PlacemarkFields) -> Bool {
            if take(UInt8(ascii: "[")) {
                guard let a = number(), take(UInt8(ascii: ",")), let b = number(), take(UInt8(ascii: "]")) else {
                    return false
                }
                lat = a
                lon = b
                return true
            }
            guard take(UInt8(ascii: "{")) else { return false }
            var seen = 0
            repeat {
                let bit: Int
                if literal(#""lat""#) { bit = 1 } else if literal(#""lon""#) { bit = 2 }
                else if literal(#""maxDistanceKm""#) { bit = 4 } else if literal(#""fields""#) { bit = 8 }
                else { return false }
                guard seen & bit == 0, take(UInt8(ascii: ":")) else { return false }
                if bit == 8 {
                    guard let found = fieldList() else { return false }
                    seen |= bit
                    fields = found
                    continue
                }
                guard let value = number() else { return false }
                seen |= bit
                switch bit {
                case 1: lat = value
                case 2: lon = value
                default: radius = value
                }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) && seen & 3 == 3
        }

        /// A non-empty `fields` array of known names, each written without escapes; nil for anything else
        /// (the general path then answers, or refuses with its message).
        mutating func fieldList() -> PlacemarkFields? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var fields: PlacemarkFields = []
            repeat {
                if literal(#""country""#) { fields.insert(.country) }
                else if literal(#""admin1""#) { fields.insert(.admin1) }
                else if literal(#""territory""#) { fields.insert(.territory) }
                else if literal(#""locality""#) { fields.insert(.locality) }
                else if literal(#""timezone""#) { fields.insert(.timezone) }
                else { return nil }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? fields : nil
        }
    }
}
