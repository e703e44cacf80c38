import GeoCore

/// A JSON-RPC 2.0 Request object that passed the envelope checks (spec §4).
///
/// The method name and params are not checked here: that is dispatch's job, so a request for an unknown
/// method is still a well-formed request, and a notification for one still gets no reply.
public struct RPCRequest: Equatable, Sendable {
    public var method: String
    public var params: RPCParams
    /// The `id` exactly as the client wrote it (a string, a number with its literal text, or null);
    /// nil when the member was absent, which makes the request a notification.
    public var id: JSONValue?

    public init(method: String, params: RPCParams, id: JSONValue?) {
        self.method = method
        self.params = params
        self.id = id
    }

    /// A notification gets no reply, not even an error (spec §4.1).
    public var isNotification: Bool { id == nil }
}

/// The `params` member of a request (spec §4.2).
public enum RPCParams: Equatable, Sendable {
    /// No `params` member.
    case omitted
    /// An object: parameters by name, in document order.
    case byName(JSONObject)
    /// An array: parameters by position.
    case byPosition([JSONValue])
}

/// What one line decoded to.
public enum RPCMessage: Equatable, Sendable {
    /// One request, or one object (or other value) that is not a valid request.
    case single(RPCEntry)
    /// A non-empty array: each element judged on its own (spec §6).
    case batch([RPCEntry])
    /// The line is not one JSON text (spec §5.1, -32700).
    case unparsable(JSONError)
    /// The line broke one of the server's ``RPCLimits`` (too deep, too long a string or number, too
    /// large a batch); answered with one error and id null.
    case overLimit(LimitExceeded)
}

/// One element of a message: a request, or the reason it is not one.
public enum RPCEntry: Equatable, Sendable {
    case request(RPCRequest)
    /// Not a valid Request object. `id` is the id to answer with: the client's when it could be read
    /// and is a legal id, null otherwise.
    case invalid(id: JSONValue, problem: InvalidRequest)

    /// False only for a valid notification: everything else, invalid objects included, is answered.
    public var expectsReply: Bool {
        switch self {
        case .request(let request): return !request.isNotification
        case .invalid: return true
        }
    }
}

/// The kind of a JSON value, named in error messages ("must be a number, got string").
public enum RPCValueKind: Equatable, Sendable {
    case null, boolean, number, string, array, object

    public init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool: self = .boolean
        case .number: self = .number
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }

    /// The JSON name of the kind, as a client would say it.
    public var name: String {
        switch self {
        case .null: return "null"
        case .boolean: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
