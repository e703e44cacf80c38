import GeoCore

/// A direct decoder for the request that batch clients send millions of times:
/// `{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":…,"lon":…[,"maxDistanceKm":…]}|[lat,lon],"id":…}`.
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
    /// Answers `line` when it is a plain `reverseGeocode` request.
    /// - Returns: true when a reply line was appended to `out`; false when the general path must answer.
    /// - Complexity: O(line length); no allocation.
    static func answer(_ line: UnsafeBufferPointer<UInt8>, gazetteer: CountryGazetteer, replies: ReverseReplies,
                       limits: RPCLimits = RPCLimits(), into out: inout JSONWriter) -> Bool {
        // The shapes read here nest at most `deepestShape` levels and use keys and method names of at
        // most `longestFixedString` bytes; tighter caps leave every line to the general path.
        guard limits.maxDepth >= deepestShape, limits.maxStringBytes >= longestFixedString else { return false }
        var cursor = Cursor(bytes: line, maxNumberChars: limits.maxNumberChars, maxStringBytes: limits.maxStringBytes)
        guard cursor.take(UInt8(ascii: "{")) else { return false }
        var seen: UInt8 = 0
        var id = 0..<0
        var lat = 0.0, lon = 0.0, radius = CountryGazetteer.defaultMaxDistanceKm
        var many = false
        var points = 0..<0
        repeat {
            guard let member = cursor.memberName(), seen & member.rawValue == 0 else { return false }
            seen |= member.rawValue
            guard cursor.take(UInt8(ascii: ":")) else { return false }
            switch member {
            case .jsonrpc:
                guard cursor.literal(#""2.0""#) else { return false }
            case .method:
                if cursor.literal(#""reverseGeocodeMany""#) {
                    many = true
                } else if !cursor.literal(#""reverseGeocode""#) {
                    return false
                }
            case .id:
                guard let range = cursor.idToken() else { return false }
                id = range
            case .params:
                // The method may come after params, so both shapes are read and the method decides.
                let start = cursor.offset
                if cursor.params(lat: &lat, lon: &lon, radius: &radius) {
                    points = 0..<0
                } else {
                    cursor.offset = start
                    guard let found = cursor.manyParams(radius: &radius) else { return false }
                    points = found
                }
            }
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "}")), cursor.atEnd, seen == 0b1111 else { return false }
        guard radius >= 0, radius <= GeoCall.maxDistanceKmLimit else { return false }
        if many {
            guard !points.isEmpty else { return false }
            answerMany(line, points: points, radius: radius, id: id, gazetteer: gazetteer, replies: replies, into: &out)
            return true
        }
        guard points.isEmpty, lat >= -90, lat <= 90, lon.isFinite else { return false }

        let match = gazetteer.reverse(GeoPoint(lat: lat, lon: lon), maxDistanceKm: radius)
        out.bytes.append(contentsOf: Self.replyStart)
        out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[id]))
        out.bytes.append(contentsOf: Self.resultKey)
        out.continueAfterKey()
        replies.write(match, into: &out)
        out.bytes.append(UInt8(ascii: "}"))
        out.endLine()
        return true
    }

    /// Writes the reply for points already checked by `Cursor.manyParams`.
    static func answerMany(_ line: UnsafeBufferPointer<UInt8>, points: Range<Int>, radius: Double, id: Range<Int>,
                           gazetteer: CountryGazetteer, replies: ReverseReplies, into out: inout JSONWriter) {
        out.bytes.append(contentsOf: Self.replyStart)
        out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[id]))
        out.bytes.append(contentsOf: Self.resultKey)
        out.continueAfterKey()
        out.beginArray()
        var cursor = Cursor(bytes: line, offset: points.lowerBound)
        var parsed: [GeoPoint] = []
        _ = cursor.take(UInt8(ascii: "["))
        if !cursor.take(UInt8(ascii: "]")) {
            repeat {
                var lat = 0.0, lon = 0.0
                _ = cursor.pair(lat: &lat, lon: &lon)
                parsed.append(GeoPoint(lat: lat, lon: lon))
            } while cursor.take(UInt8(ascii: ","))
        }
        // All points first, then one batch lookup (see `CountryGazetteer.reverse(_:maxDistanceKm:)` for many).
        for match in gazetteer.reverse(parsed, maxDistanceKm: radius) { replies.write(match, into: &out) }
        out.endArray()
        out.bytes.append(UInt8(ascii: "}"))
        out.endLine()
    }

    static let replyStart: [UInt8] = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
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

        /// A number id (its literal text) or a string id of printable ASCII without escapes (with its
        /// quotes): exactly the bytes the general path writes back.
        mutating func idToken() -> Range<Int>? {
            skipSpace()
            guard offset < bytes.count else { return nil }
            let start = offset
            if bytes[offset] == UInt8(ascii: "\"") {
                offset += 1
                while offset < bytes.count {
                    let b = bytes[offset]
                    offset += 1
                    if b == UInt8(ascii: "\"") { return offset - start - 2 <= maxStringBytes ? start..<offset : nil }
                    if b < 0x20 || b > 0x7E || b == UInt8(ascii: "\\") { return nil }
                }
                return nil
            }
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
        mutating func manyParams(radius: inout Double) -> Range<Int>? {
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
                        } while take(UInt8(ascii: ","))
                        guard take(UInt8(ascii: "]")) else { return nil }
                    }
                    range = start..<offset
                } else if literal(#""maxDistanceKm""#) {
                    guard seen & 2 == 0, take(UInt8(ascii: ":")), let value = number() else { return nil }
                    seen |= 2
                    radius = value
                } else {
                    return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")), seen & 1 == 1 else { return nil }
            return range
        }

        /// `{"lat":…,"lon":…}` with an optional `"maxDistanceKm"`, members in any order, or `[lat, lon]`.
        mutating func params(lat: inout Double, lon: inout Double, radius: inout Double) -> Bool {
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
                else if literal(#""maxDistanceKm""#) { bit = 4 } else { return false }
                guard seen & bit == 0, take(UInt8(ascii: ":")), let value = number() else { return false }
                seen |= bit
                switch bit {
                case 1: lat = value
                case 2: lon = value
                default: radius = value
                }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) && seen & 3 == 3
        }
    }
}
