import GeoCore

/// Hands out the reply bytes written so far, in the middle of a reply: the writer keeps its place (its
/// comma state), only its bytes go. ``RPCSession`` passes one that writes them to stdout.
public typealias ReplySpill = (inout JSONWriter) -> Void

/// A JSON-RPC 2.0 server over one gazetteer: one line in, zero or one reply line out.
///
/// The stdio loop and the wasm build both call ``handle(line:into:spill:)``; neither knows about JSON-RPC.
/// Each line goes through the same stages: ``RPCMessageDecoder`` (bytes to requests), ``GeoCall``
/// (method and params to a checked call), ``GeoCall/writeResult(using:into:)`` and, for anything that
/// fails, ``RPCError`` (the one place that maps errors to codes).
///
/// Large replies are not built whole: between batch elements, and between chunks of a long points array,
/// the server calls `spill` once the writer holds ``spillBytes``, so a 10,000-call batch or a
/// million-point reply goes out as it is produced and memory stays bounded by one element.
public struct RPCServer: Sendable {
    public let gazetteer: CountryGazetteer
    /// The user layers `nearby` searches (`--layer`); empty unless given.
    public let layers: FeatureLayers
    /// The layers' road junctions and areas for `whereAmI` (`RPCServer+AroundMe.swift`), read from the layers.
    public let whereIndex: WhereAmIIndex
    /// Reverse results pre-encoded per country, for ``ReverseFastPath`` and reverse replies.
    let replies: ReverseReplies
    /// The caps on each line; see ``RPCLimits``.
    public let limits: RPCLimits
    /// What the host program knows about its files and cache, for `serverInfo` (`RPCServer+ServerInfo.swift`).
    public var host = ServerHostInfo()

    /// Reply bytes past which the server spills in the middle of a reply.
    public static let spillBytes = 64 * 1024

    /// - Parameter limits: the caps; a `maxDepth` above ``RPCLimits/maxDepthCeiling`` is lowered to it,
    ///   so that no nesting the reader accepts can overflow the stack when its tree is freed.
    public init(gazetteer: CountryGazetteer, limits: RPCLimits = RPCLimits(), layers: FeatureLayers = .empty) {
        self.gazetteer = gazetteer
        self.layers = layers
        whereIndex = WhereAmIIndex(layers: layers)
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
    ///   - spill: called with `out` whenever it passes ``spillBytes`` in the middle of a reply; it must
    ///     take the bytes and leave the writer's state alone (see ``ReplySpill``).
    /// - Returns: true when a reply line was appended.
    @discardableResult
    public func handle(line: UnsafeBufferPointer<UInt8>, into out: inout JSONWriter, spill: ReplySpill) -> Bool {
        var budget = WorkBudget(max: limits.maxWork)
        return handle(line: line, budget: &budget, into: &out, spill: spill)
    }

    /// Answers a line that was read whole before a stop signal, as ``handle(line:into:spill:)`` does,
    /// except that each call is also charged to `allowance`, shared by all such lines: a call that does
    /// not fit it, and every call after it, gets the shutdown error (-32000) with its id instead of running.
    /// - Returns: true when a reply line was appended.
    @discardableResult
    public func handle(line: UnsafeBufferPointer<UInt8>, stopping allowance: inout StopAllowance,
                       into out: inout JSONWriter, spill: ReplySpill) -> Bool {
        var budget = WorkBudget(max: limits.maxWork, stopping: allowance)
        defer { if let left = budget.stopping { allowance = left } }
        return handle(line: line, budget: &budget, into: &out, spill: spill)
    }

    /// Answers one line, charging its calls to `budget`.
    private func handle(line: UnsafeBufferPointer<UInt8>, budget: inout WorkBudget, into out: inout JSONWriter,
                        spill: ReplySpill) -> Bool {
        let fast = ReverseFastPath.answer(line, server: self, budget: &budget, into: &out, spill: spill)
            || AroundMeFastPath.answer(line, server: self, budget: &budget, into: &out, spill: spill)
        if fast {
            out.endLine()
            return true
        }
        return handleGeneral(line: line, budget: &budget, into: &out, spill: spill)
    }

    /// Answers one line into `out` without spilling; see ``handle(line:into:spill:)``.
    @discardableResult
    public func handle(line: UnsafeBufferPointer<UInt8>, into out: inout JSONWriter) -> Bool {
        handle(line: line, into: &out, spill: { _ in })
    }

    /// Answers one line held in an array; see ``handle(line:into:spill:)``.
    @discardableResult
    public func handle(line: [UInt8], into out: inout JSONWriter) -> Bool {
        line.withUnsafeBufferPointer { handle(line: $0, into: &out) }
    }

    /// The path every line can take: check the JSON, then answer a single request or a batch.
    @discardableResult
    func handleGeneral(line: UnsafeBufferPointer<UInt8>, budget: inout WorkBudget, into out: inout JSONWriter,
                       spill: ReplySpill) -> Bool {
        var scanner = JSONScanner(line, limits: limits.json)
        if scanner.peek() == UInt8(ascii: "[") {
            return handleBatch(line, budget: &budget, into: &out, spill: spill)
        }
        if let tooLarge = treeTooLarge(line) {
            writeError(.limitExceeded(tooLarge), id: RequestIDScan.id(in: line, limits: limits) ?? .null, into: &out)
            out.endLine()
            return true
        }
        switch RPCMessageDecoder.decode(line, limits: limits) {
        case .unparsable(let error):
            writeError(.parseError(error), id: .null, into: &out)
        case .overLimit(let exceeded):
            // The line was not read whole, but its id may have been: answer with it when it could be read.
            writeError(.limitExceeded(exceeded), id: RequestIDScan.id(in: line, limits: limits) ?? .null, into: &out)
        case .single(let entry):
            // A notification gets no reply, and nothing is run for it (its result could not be seen).
            guard entry.expectsReply else { return false }
            reply(to: entry, budget: &budget, into: &out, spill: spill)
        case .batch:
            // Arrays were sent to handleBatch above; the decoder cannot return a batch for anything else.
            writeError(.internalError("a batch reached the single-request path"), id: .null, into: &out)
        }
        out.endLine()
        return true
    }

    /// As ``handleGeneral(line:into:spill:)`` without spilling (the fast path's tests compare the two).
    @discardableResult
    func handleGeneral(line: UnsafeBufferPointer<UInt8>, into out: inout JSONWriter) -> Bool {
        var budget = WorkBudget(max: limits.maxWork)
        return handleGeneral(line: line, budget: &budget, into: &out, spill: { _ in })
    }

    /// Answers a line longer than ``RPCLimits/maxLineBytes``, which ``LineFramer`` reported and skipped.
    ///
    /// One -32700 error. Its id is the request's when the id member lies in the part of the line that
    /// was seen (`prefix`, the first ``RPCLimits/maxLineBytes`` bytes), else null.
    public func handleOverlongLine(prefix: UnsafeBufferPointer<UInt8>, into out: inout JSONWriter) {
        let id = RequestIDScan.id(in: prefix, limits: limits, prefix: true) ?? .null
        writeError(.limitExceeded(LimitExceeded(limit: .lineBytes, max: limits.maxLineBytes)), id: id, into: &out)
        out.endLine()
    }

    /// As ``handleOverlongLine(prefix:into:)`` when nothing of the line was kept: id null.
    public func handleOverlongLine(into out: inout JSONWriter) {
        handleOverlongLine(prefix: UnsafeBufferPointer(start: nil, count: 0), into: &out)
    }

    /// Writes the reply object for an entry that expects one, charging its work to `budget`.
    func reply(to entry: RPCEntry, budget: inout WorkBudget, into out: inout JSONWriter, spill: ReplySpill) {
        switch entry {
        case .invalid(let id, let problem):
            writeError(.invalidRequest(problem), id: id, into: &out)
        case .request(let request):
            guard let id = request.id else { return }
            if request.method == OpenRPCDocument.discoverMethod {
                discover(request, id: id, budget: &budget, into: &out)
                return
            }
            if request.method == Self.serverInfoMethod {
                serverInfo(request, id: id, budget: &budget, into: &out)
                return
            }
            do throws(RPCError) {
                let call = try GeoCall.decode(method: request.method, params: request.params)
                // A lazily loaded index reads the sections the call needs now, the first time (passed on as
                // the snapshot's own property, so the tables' references are not copied per call).
                if let snapshot = try gazetteer.sectionsLoaded(call.sections) {
                    try answer(call, id: id, gazetteer: snapshot.gazetteer, budget: &budget, into: &out, spill: spill)
                } else {
                    try answer(call, id: id, gazetteer: gazetteer, budget: &budget, into: &out, spill: spill)
                }
            } catch {
                writeError(error, id: id, into: &out)
            }
        }
    }

    /// Writes the reply to a decoded call, answered from `gazetteer` (the server's, or a snapshot of it with
    /// the sections the call reads).
    func answer(_ call: GeoCall, id: JSONValue, gazetteer: CountryGazetteer, budget: inout WorkBudget,
                        into out: inout JSONWriter, spill: ReplySpill) throws(RPCError) {
        if let refusal = budget.charge(WorkCost.estimate(call, available: gazetteer.availableFields)) { throw refusal }
        if case .forward(let query, let options) = call {
            // Searched before the reply opens: the fuzzy tier is charged only when reached.
            let matches = try call.forwardMatches(query, options, gazetteer: gazetteer, budget: &budget)
            beginReply(id: id, into: &out)
            out.key("result")
            call.writeForward(matches, gazetteer: gazetteer, language: options.language, into: &out)
            out.endObject()
            return
        }
        if case .nearby(let request) = call {
            let hits = try GeoCall.nearbyHits(request, in: layers)
            beginReply(id: id, into: &out)
            out.key("result")
            GeoCall.writeNearby(hits, layers: layers, into: &out)
            out.endObject()
            return
        }
        if try answerAroundMe(call, id: id, into: &out, spill: spill) { return }
        beginReply(id: id, into: &out)
        out.key("result")
        call.writeResult(using: gazetteer, replies: replies, into: &out, spill: spill)
        out.endObject()
    }

    /// Answers `rpc.discover` with the OpenRPC document (see ``OpenRPCDocument``).
    private func discover(_ request: RPCRequest, id: JSONValue, budget: inout WorkBudget, into out: inout JSONWriter) {
        do throws(RPCError) {
            try OpenRPCDocument.checkParams(request.params)
            if let refusal = budget.charge(WorkCost.discover) { throw refusal }
        } catch {
            writeError(error, id: id, into: &out)
            return
        }
        beginReply(id: id, into: &out)
        out.key("result")
        out.raw(discoverDocument())
        out.endObject()
    }

    /// The OpenRPC document as bytes, made once rather than for every `rpc.discover`.
    static let discoverResult: [UInt8] = Array(OpenRPCDocument.json.utf8)

    /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…,"data":{…}}}` (spec §5, §5.1).
    func writeError(_ error: RPCError, id: JSONValue, into out: inout JSONWriter) {
        beginReply(id: id, into: &out)
        Self.writeErrorMember(error, into: &out)
        out.endObject()
    }

    /// The `"error":{…}` member of a reply whose object is open.
    static func writeErrorMember(_ error: RPCError, into out: inout JSONWriter) {
        out.key("error")
        out.beginObject()
        out.key("code")
        out.number(error.code)
        out.key("message")
        out.string(error.message)
        out.key("data")
        error.writeData(into: &out)
        out.endObject()
    }

    /// Opens a Response object; the id is echoed as sent, numbers in their original text.
    func beginReply(id: JSONValue, into out: inout JSONWriter) {
        out.beginObject()
        out.key("jsonrpc")
        out.string("2.0")
        out.key("id")
        out.value(id)
    }

    /// Spills when the writer holds enough to be worth a write.
    @inline(__always)
    static func maybeSpill(_ out: inout JSONWriter, _ spill: ReplySpill) {
        if out.bytes.count >= spillBytes { spill(&out) }
    }
}
