import GeoCore

extension RPCServer {
    /// Answers `whereAmI`, `nearbyMany` and `whereAmIMany` with the server's layers.
    /// - Returns: false for any other call (nothing written).
    /// - Throws: a layer name that is not loaded, before anything is written.
    func answerAroundMe(_ call: GeoCall, id: JSONValue, into out: inout JSONWriter,
                        spill: ReplySpill) throws(RPCError) -> Bool {
        guard let resolved = try call.aroundMe(in: layers) else { return false }
        beginReply(id: id, into: &out)
        out.key("result")
        GeoCall.write(resolved, index: whereIndex, into: &out, spill: spill)
        out.endObject()
        return true
    }
}
