import GeoCore

/// The OpenRPC 1.x document that describes the server, as `rpc.discover` returns it.
///
/// The text is rpc-schema/openrpc.json, embedded by scripts/gen-openrpc-swift.py into
/// `OpenRPCDocument+JSON.swift` because GeoRPC reads no files (the wasm build has none); a test fails
/// when the two differ. `rpc.discover` is the service discovery method the OpenRPC specification
/// reserves; it takes no params and is not listed among the document's methods.
public enum OpenRPCDocument {
    /// The method name clients call to fetch the document.
    public static let discoverMethod = "rpc.discover"

    /// Checks `rpc.discover`'s params: none, `[]` or `{}`.
    /// - Throws: `.invalidParams` for any parameter.
    static func checkParams(_ params: RPCParams) throws(RPCError) {
        switch params {
        case .omitted:
            return
        case .byPosition(let values):
            guard values.isEmpty else {
                throw .invalidParams(InvalidParams(param: "params", problem: .wrongCount(
                    found: values.count, required: 0, positional: [], byNameOnly: [])))
            }
        case .byName(let object):
            if let first = object.members.first {
                throw .invalidParams(InvalidParams(param: first.key, problem: .unknown(accepted: [])))
            }
        }
    }
}
