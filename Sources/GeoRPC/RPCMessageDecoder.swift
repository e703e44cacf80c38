import GeoCore

/// Turns one line into requests: JSON parsing, then the JSON-RPC 2.0 envelope checks (spec §4, §6).
///
/// Decoding never fails as a whole: whatever is wrong becomes an ``RPCEntry/invalid(id:problem:)`` or
/// ``RPCMessage/unparsable(_:)`` carrying what is needed to answer it.
public enum RPCMessageDecoder {
    /// Decodes one line.
    ///
    /// - Parameter line: the bytes of one line, without its terminator. Invalid UTF-8 and anything after
    ///   the first JSON value make it unparsable.
    /// - Returns: a single entry, a batch of entries, or the parse error. An empty batch is a single
    ///   invalid entry, since the spec answers it with one error object, not an array.
    public static func decode(_ line: UnsafeBufferPointer<UInt8>) -> RPCMessage {
        let value: JSONValue
        do throws(JSONError) {
            value = try JSONReader.parse(line)
        } catch {
            return .unparsable(error)
        }
        return message(value, maxBatch: .max)
    }

    /// Decodes one line, enforcing the caps in `limits` (all but ``RPCLimits/maxLineBytes``, which the
    /// framer enforces before a line reaches here).
    /// - Returns: as ``decode(_:)``, or ``RPCMessage/overLimit(_:)`` when a cap is broken.
    public static func decode(_ line: UnsafeBufferPointer<UInt8>, limits: RPCLimits) -> RPCMessage {
        let value: JSONValue
        do throws(JSONError) {
            value = try JSONReader.parse(line, limits: limits.json)
        } catch {
            return failure(error, limits: limits)
        }
        return message(value, maxBatch: limits.maxBatch)
    }

    /// The message for a line the JSON reader refused: a broken cap, or a parse error.
    static func failure(_ error: JSONError, limits: RPCLimits) -> RPCMessage {
        switch error {
        case .depthLimitExceeded(let offset):
            return .overLimit(LimitExceeded(limit: .depth, max: limits.maxDepth, offset: offset))
        case .stringTooLong(let offset):
            return .overLimit(LimitExceeded(limit: .stringBytes, max: limits.maxStringBytes, offset: offset))
        case .numberTooLong(let offset):
            return .overLimit(LimitExceeded(limit: .numberChars, max: limits.maxNumberChars, offset: offset))
        default:
            return .unparsable(error)
        }
    }

    /// The envelope checks on a parsed line.
    private static func message(_ value: JSONValue, maxBatch: Int) -> RPCMessage {
        switch value {
        case .array(let elements):
            if elements.isEmpty { return .single(.invalid(id: .null, problem: .emptyBatch)) }
            if elements.count > maxBatch {
                return .overLimit(LimitExceeded(limit: .batch, max: maxBatch, found: elements.count))
            }
            var entries: [RPCEntry] = []
            entries.reserveCapacity(elements.count)
            for element in elements { entries.append(entry(element)) }
            return .batch(entries)
        default:
            return .single(entry(value))
        }
    }

    /// Checks one would-be Request object.
    ///
    /// The id is judged first, so every later complaint can be answered with the client's id
    /// (a project decision: the spec demands null only when the id cannot be determined).
    /// - Parameter value: a top-level value or a batch element.
    /// - Returns: the request, or why it is not one.
    public static func entry(_ value: JSONValue) -> RPCEntry {
        guard case .object(let object) = value else {
            return .invalid(id: .null, problem: .notAnObject(found: RPCValueKind(value)))
        }
        let id = object["id"]
        if let id {
            switch id {
            case .string, .number, .null: break
            default: return .invalid(id: .null, problem: .invalidID(found: RPCValueKind(id)))
            }
        }
        let replyID = id ?? .null
        switch object["jsonrpc"] {
        case nil:
            return .invalid(id: replyID, problem: .missingVersion)
        case .string("2.0"):
            break
        case .some:
            return .invalid(id: replyID, problem: .wrongVersion)
        }
        let method: String
        switch object["method"] {
        case nil:
            return .invalid(id: replyID, problem: .missingMethod)
        case .string(let name):
            method = name
        case .some(let other):
            return .invalid(id: replyID, problem: .methodNotAString(found: RPCValueKind(other)))
        }
        let params: RPCParams
        switch object["params"] {
        case nil: params = .omitted
        case .object(let named): params = .byName(named)
        case .array(let positional): params = .byPosition(positional)
        case .some(let other):
            return .invalid(id: replyID, problem: .paramsNotStructured(found: RPCValueKind(other)))
        }
        return .request(RPCRequest(method: method, params: params, id: id))
    }
}
