import GeoCore

/// A JSON-RPC 2.0 server over one gazetteer: one line in, zero or one reply line out.
///
/// The stdio loop and the wasm build both call ``handle(line:into:)``; neither knows about JSON-RPC.
/// Each line goes through the same stages: ``RPCMessageDecoder`` (bytes to requests), ``GeoCall``
/// (method and params to a checked call), ``GeoCall/writeResult(using:into:)`` and, for anything that
/// fails, ``RPCError`` (the one place that maps errors to codes).
public struct RPCServer: Sendable {
    public let gazetteer: CountryGazetteer
    /// Reverse results pre-encoded per country, for ``ReverseFastPath`` and reverse replies.
    let replies: ReverseReplies
    /// The caps on each line; see ``RPCLimits``.
    public let limits: RPCLimits

    /// - Parameter limits: the caps; a `maxDepth` above ``RPCLimits/maxDepthCeiling`` is lowered to it,
    ///   so that no nesting the reader accepts can overflow the stack when its tree is freed.
    public init(gazetteer: CountryGazetteer, limits: RPCLimits = RPCLimits()) {
        self.gazetteer = gazetteer
        replies = ReverseReplies(gazetteer: gazetteer)
        var capped = limits
        capped.maxDepth = min(limits.maxDepth, RPCLimits.maxDepthCeiling)
        self.limits = capped
    }

    /// Answers one line.
    ///
    /// Appends nothing for a notification or a batch of only notifications (spec §4.1, §6), one reply
    /// object for a single request, one array for a batch, each followed by `\n`. Replies never hold a
    /// raw newline, so the output stays one reply per line.
    /// - Parameters:
    ///   - line: one line as ``LineFramer`` hands it out, without its terminator.
    ///   - out: the output buffer; replies are appended to what it holds.
    /// - Returns: true when a reply line was appended.
    @discardableResult
    public func handle(line: UnsafeBufferPointer<UInt8>, into out: inout JSONWriter) -> Bool {
        if ReverseFastPath.answer(line, gazetteer: gazetteer, replies: replies, limits: limits, into: &out) {
            return true
        }
        return handleGeneral(line: line, into: &out)
    }

    /// The path every line can take: decode to `JSONValue`, check the envelope, dispatch.
    @discardableResult
    func handleGeneral(line: UnsafeBufferPointer<UInt8>, into out: inout JSONWriter) -> Bool {
        switch RPCMessageDecoder.decode(line, limits: limits) {
        case .unparsable(let error):
            writeError(.parseError(error), id: .null, into: &out)
        case .overLimit(let exceeded):
            writeError(.limitExceeded(exceeded), id: .null, into: &out)
        case .single(let entry):
            guard entry.expectsReply else { return false }
            reply(to: entry, into: &out)
        case .batch(let entries):
            guard entries.contains(where: { $0.expectsReply }) else { return false }
            out.beginArray()
            for entry in entries where entry.expectsReply { reply(to: entry, into: &out) }
            out.endArray()
        }
        out.endLine()
        return true
    }

    /// Answers a line longer than ``RPCLimits/maxLineBytes``, which ``LineFramer`` reported and skipped:
    /// one -32700 error with id null, since the id was never read.
    public func handleOverlongLine(into out: inout JSONWriter) {
        writeError(.limitExceeded(LimitExceeded(limit: .lineBytes, max: limits.maxLineBytes)), id: .null, into: &out)
        out.endLine()
    }

    /// Answers one line held in an array; see ``handle(line:into:)``.
    @discardableResult
    public func handle(line: [UInt8], into out: inout JSONWriter) -> Bool {
        line.withUnsafeBufferPointer { handle(line: $0, into: &out) }
    }

    /// Writes the reply object for an entry that expects one.
    private func reply(to entry: RPCEntry, into out: inout JSONWriter) {
        switch entry {
        case .invalid(let id, let problem):
            writeError(.invalidRequest(problem), id: id, into: &out)
        case .request(let request):
            guard let id = request.id else { return }
            if request.method == OpenRPCDocument.discoverMethod {
                discover(request, id: id, into: &out)
                return
            }
            do throws(RPCError) {
                let call = try GeoCall.decode(method: request.method, params: request.params)
                beginReply(id: id, into: &out)
                out.key("result")
                call.writeResult(using: gazetteer, replies: replies, into: &out)
                out.endObject()
            } catch {
                writeError(error, id: id, into: &out)
            }
        }
    }

    /// Answers `rpc.discover` with the OpenRPC document (see ``OpenRPCDocument``).
    private func discover(_ request: RPCRequest, id: JSONValue, into out: inout JSONWriter) {
        do throws(RPCError) {
            try OpenRPCDocument.checkParams(request.params)
        } catch {
            writeError(error, id: id, into: &out)
            return
        }
        beginReply(id: id, into: &out)
        out.key("result")
        out.raw(Array(OpenRPCDocument.json.utf8))
        out.endObject()
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…,"data":{…}}}` (spec §5, §5.1).
    private func writeError(_ error: RPCError, id: JSONValue, into out: inout JSONWriter) {
        beginReply(id: id, into: &out)
        out.key("error")
        out.beginObject()
        out.key("code")
        out.number(error.code)
        out.key("message")
        out.string(error.message)
        out.key("data")
        error.writeData(into: &out)
        out.endObject()
        out.endObject()
    }

    /// Opens a Response object; the id is echoed as sent, numbers in their original text.
    private func beginReply(id: JSONValue, into out: inout JSONWriter) {
        out.beginObject()
        out.key("jsonrpc")
        out.string("2.0")
        out.key("id")
        out.value(id)
    }
}
