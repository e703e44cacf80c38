import GeoCore

/// The one place that maps errors to JSON-RPC codes and builds their text (spec §5.1).
///
/// Every error gets a `message` that says what was wrong and where, and a `data` object with the same
/// facts as members a program can read: `offset` for parse errors, `member` for invalid requests,
/// `method` for unknown methods, `param` and `reason` (plus the limits) for invalid params.
extension RPCError {
    /// The JSON-RPC 2.0 error code.
    public var code: Int {
        switch self {
        case .parseError: return -32700
        case .invalidRequest: return -32600
        case .methodNotFound: return -32601
        case .invalidParams: return -32602
        case .internalError: return -32603
        case .shuttingDown: return -32000
        case .limitExceeded(let exceeded): return exceeded.limit.isRequestLevel ? -32600 : -32700
        }
    }

    /// One sentence for people: the spec's name for the code, then the specifics.
    public var message: String {
        switch self {
        case .parseError(let error):
            return "Parse error: \(error.message)"
        case .invalidRequest(let problem):
            let text = problem.member.map { "\($0) \(problem.reason)" } ?? problem.reason
            return "Invalid Request: \(text)\(problem.found.map { ", got \($0.name)" } ?? "")"
        case .methodNotFound(let name):
            return "Method not found: \"\(clipped(name))\" (methods: \(GeoMethod.allNames.joined(separator: ", ")))"
        case .invalidParams(let invalid):
            return "Invalid params: \(invalid.text)"
        case .internalError(let reason):
            return "Internal error: \(reason)"
        case .shuttingDown(let signal):
            return "Server error: shutting down on signal \(signal); the request was not run"
        case .limitExceeded(let exceeded):
            return (exceeded.limit.isRequestLevel ? "Invalid Request: " : "Parse error: ") + exceeded.reason
        }
    }

    /// Writes the error's `data` object.
    public func writeData(into out: inout JSONWriter) {
        out.beginObject()
        switch self {
        case .parseError(let error):
            out.key("offset")
            out.number(error.offset)
            out.key("reason")
            out.string(error.message)
        case .invalidRequest(let problem):
            if let member = problem.member {
                out.key("member")
                out.string(member)
            }
            out.key("reason")
            out.string(problem.reason)
            if let found = problem.found {
                out.key("found")
                out.string(found.name)
            }
        case .methodNotFound(let name):
            out.key("method")
            out.string(name)
            out.key("reason")
            out.string("no method has this name; names are case-sensitive")
            out.key("available")
            out.beginArray()
            for available in GeoMethod.allNames { out.string(available) }
            out.endArray()
        case .invalidParams(let invalid):
            out.key("param")
            out.string(invalid.param)
            out.key("reason")
            out.string(invalid.problem.reason)
            invalid.problem.writeDetails(into: &out)
        case .internalError(let reason):
            out.key("reason")
            out.string(reason)
        case .shuttingDown(let signal):
            out.key("reason")
            out.string("the server received a stop signal and is exiting; this request was read before it but not run")
            out.key("signal")
            out.number(Int(signal))
        case .limitExceeded(let exceeded):
            if let offset = exceeded.offset {
                out.key("offset")
                out.number(offset)
            }
            out.key("reason")
            out.string(exceeded.reason)
            out.key("limit")
            out.string(exceeded.limit.name)
            out.key("max")
            out.number(exceeded.max)
            if let found = exceeded.found {
                out.key("found")
                out.number(found)
            }
            if let remaining = exceeded.remaining {
                out.key("remaining")
                out.number(remaining)
            }
        }
        out.endObject()
    }
}

extension InvalidRequest {
    /// The request member at fault, if one is.
    var member: String? {
        switch self {
        case .notAnObject, .emptyBatch: return nil
        case .missingVersion, .wrongVersion: return "jsonrpc"
        case .missingMethod, .methodNotAString: return "method"
        case .paramsNotStructured: return "params"
        case .invalidID: return "id"
        }
    }

    var reason: String {
        switch self {
        case .notAnObject: return "a request must be a JSON object"
        case .emptyBatch: return "a batch must hold at least one request"
        case .missingVersion: return "is missing; it must be the string \"2.0\""
        case .wrongVersion: return "must be the string \"2.0\""
        case .missingMethod: return "is missing"
        case .methodNotAString: return "must be a string"
        case .paramsNotStructured: return "must be an array or an object when present"
        case .invalidID: return "must be a string, a number or null"
        }
    }

    var found: RPCValueKind? {
        switch self {
        case .notAnObject(let kind), .methodNotAString(let kind), .paramsNotStructured(let kind),
             .invalidID(let kind):
            return kind
        case .emptyBatch, .missingVersion, .wrongVersion, .missingMethod:
            return nil
        }
    }
}

extension ParamProblem {
    /// Completes "<param> …", e.g. "must be within [-90, 90], got 91".
    var reason: String {
        switch self {
        case .missing:
            return "is required"
        case .unknown(let accepted):
            return "is not a parameter of this method (it takes \(accepted.joined(separator: ", ")))"
        case .wrongType(let expected, let found):
            return "must be \(withArticle(expected)), got \(found.name)"
        case .notAPair(let found, let count):
            let got = found == .array ? "an array of \(count) element\(count == 1 ? "" : "s")"
                : (found == .null ? "null" : withArticle(found.name))
            return "must be a [lat, lon] pair of 2 numbers, got \(got)"
        case .notFinite:
            return "must be a finite number"
        case .notAnInteger(let number):
            return "must be a whole number, got \(clipped(number.text))"
        case .outOfRange(let number, let lower, let upper):
            return "must be within [\(describe(lower)), \(describe(upper))], got \(clipped(number.text))"
        case .wrongCount(let found, let required, let positional, let byNameOnly):
            let expected: String
            if required == positional.count {
                expected = "\(required)"
            } else if required + 1 == positional.count {
                expected = "\(required) or \(positional.count)"
            } else {
                expected = "\(required) to \(positional.count)"
            }
            let named = byNameOnly.isEmpty ? "" : " (\(byNameOnly.joined(separator: ", ")) only by name)"
            return "expected \(expected) positional parameters [\(positional.joined(separator: ", "))], got \(found)\(named)"
        case .aboveMaximum(let other):
            return "must not be greater than \(other)"
        case .invalidValue(let reason):
            return reason
        }
    }

    /// The problem's facts as extra `data` members, beside `param` and `reason`.
    func writeDetails(into out: inout JSONWriter) {
        switch self {
        case .missing, .notFinite, .invalidValue:
            break
        case .unknown(let accepted):
            out.key("accepted")
            out.beginArray()
            for name in accepted { out.string(name) }
            out.endArray()
        case .wrongType(let expected, let found):
            out.key("expected")
            out.string(expected)
            out.key("found")
            out.string(found.name)
        case .notAPair(let found, let count):
            // An array's element count, else the kind found (the two shapes `found` takes elsewhere).
            out.key("found")
            if found == .array { out.number(count) } else { out.string(found.name) }
        case .notAnInteger(let number):
            out.key("value")
            out.number(number)
        case .outOfRange(let number, let lower, let upper):
            out.key("min")
            out.number(lower)
            out.key("max")
            out.number(upper)
            out.key("value")
            out.number(number)
        case .wrongCount(let found, let required, let positional, let byNameOnly):
            out.key("expected")
            out.beginArray()
            for name in positional { out.string(name) }
            out.endArray()
            if !byNameOnly.isEmpty {
                out.key("byNameOnly")
                out.beginArray()
                for name in byNameOnly { out.string(name) }
                out.endArray()
            }
            out.key("required")
            out.number(required)
            out.key("found")
            out.number(found)
        case .aboveMaximum(let other):
            out.key("maximum")
            out.string(other)
        }
    }
}

/// "an array", "an integer", "an object", "a number": the article a JSON kind's name takes.
private func withArticle(_ noun: String) -> String {
    guard let first = noun.utf8.first else { return noun }
    let vowel = first == UInt8(ascii: "a") || first == UInt8(ascii: "e") || first == UInt8(ascii: "i")
        || first == UInt8(ascii: "o") || first == UInt8(ascii: "u")
    return (vowel ? "an " : "a ") + noun
}

/// A bound as people write it: `90`, not `90.0`.
private func describe(_ value: Double) -> String {
    // Whole and below 1e15 (NaN fails the first test, infinities the second): the conversion is exact.
    if value == value.rounded(), value.magnitude < 1e15 { return "\(Int(value))" }
    return "\(value)"
}

/// Client text quoted in a message, cut to a readable length at a scalar boundary.
private func clipped(_ text: String, maxBytes: Int = 64) -> String {
    if text.utf8.count <= maxBytes { return text }
    var result = ""
    var bytes = 0
    for scalar in text.unicodeScalars {
        bytes += UTF8.width(scalar)
        if bytes > maxBytes { break }
        result.unicodeScalars.append(scalar)
    }
    return result + "…"
}
