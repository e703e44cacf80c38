import GeoCore

/// Everything that can go wrong with one request, as data; ``RPCError/code``, ``RPCError/message`` and
/// the `data` object are built from it only when a reply is written (see `RPCError+Reply.swift`, the one
/// place that maps errors to JSON-RPC codes).
public enum RPCError: Error, Equatable, Sendable {
    /// -32700: the line is not one JSON text, or is not UTF-8.
    case parseError(JSONError)
    /// -32600: the JSON is not a valid Request object.
    case invalidRequest(InvalidRequest)
    /// -32601: no method by this name; names are case-sensitive and exact.
    case methodNotFound(String)
    /// -32602: the method exists but its params are wrong.
    case invalidParams(InvalidParams)
    /// A line that broke one of the server's ``RPCLimits``: -32600 for too large a batch (the JSON was
    /// read, but the batch is not one the server accepts), -32700 for the others (reading stopped there).
    case limitExceeded(LimitExceeded)
    /// -32603: a failure inside the server, not the client's fault.
    case internalError(String)
    /// -32000: a request read before a stop signal that did not fit the ``StopAllowance``: not run.
    case shuttingDown(signal: Int32)
}

/// Why a value is not a valid JSON-RPC 2.0 Request object (spec §4).
public enum InvalidRequest: Equatable, Sendable {
    /// A request must be an object; a batch element or top-level value was something else.
    case notAnObject(found: RPCValueKind)
    /// `[]`: the spec answers it with a single error.
    case emptyBatch
    /// No `"jsonrpc"` member.
    case missingVersion
    /// `"jsonrpc"` is present but is not exactly the string `"2.0"`.
    case wrongVersion
    /// No `"method"` member.
    case missingMethod
    case methodNotAString(found: RPCValueKind)
    /// `params` must be an array or an object when present.
    case paramsNotStructured(found: RPCValueKind)
    /// An id must be a string, a number or null.
    case invalidID(found: RPCValueKind)
}

/// Which parameter is wrong and why.
public struct InvalidParams: Equatable, Sendable {
    /// The parameter's name, or `params` when the problem is the list as a whole.
    public var param: String
    public var problem: ParamProblem

    public init(param: String, problem: ParamProblem) {
        self.param = param
        self.problem = problem
    }

    /// The parameter and what is wrong with it, e.g. "lat must be within [-90, 90], got 91".
    public var text: String { "\(param) \(problem.reason)" }
}

/// What is wrong with one parameter.
public enum ParamProblem: Equatable, Sendable {
    /// A required parameter is absent.
    case missing
    /// A named parameter the method does not take (often a typo, so it is refused, not ignored);
    /// `accepted` lists the names the method does take.
    case unknown(accepted: [String])
    /// The value has the wrong JSON kind; `expected` is "number", "integer", "string" or "array".
    case wrongType(expected: String, found: RPCValueKind)
    /// A number too large for a double, such as `1e400`.
    case notFinite
    /// A number with a fractional part where a whole number is needed.
    case notAnInteger(JSONNumber)
    /// A number outside the closed range `lower...upper`.
    case outOfRange(JSONNumber, lower: Double, upper: Double)
    /// Positional params with the wrong count; `positional` lists the parameters that may be given by
    /// position, the first `required` of them required, and `byNameOnly` those that may only be named.
    case wrongCount(found: Int, required: Int, positional: [String], byNameOnly: [String])
    /// A minimum above its maximum, such as `minLat > maxLat`; the payload names the maximum.
    case aboveMaximum(of: String)
    /// A point that is not a `[lat, lon]` pair: another kind of value, or an array of `count` elements
    /// other than 2 (`count` is 0 for other kinds).
    case notAPair(found: RPCValueKind, count: Int)
    /// A value of the right type that is not one the parameter accepts; the text says what is wanted,
    /// e.g. `must be a BCP 47 language tag such as "de" or "pt-BR"`.
    case invalidValue(String)
}
