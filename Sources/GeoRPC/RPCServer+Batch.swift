import GeoCore

/// Batches (spec §6), answered element by element as they are read.
///
/// The line is checked whole first, without building anything (`JSONScanner.skipValue`), because a
/// batch that is not valid JSON gets one error and nothing else. Then each element is read, answered and
/// dropped in turn: only one element's tree exists at a time, plain `reverseGeocode` elements take the
/// fast path, and the replies are spilled as they are written, so memory does not grow with the batch.
///
/// A batch over ``RPCLimits/maxBatch`` is answered too, element by element, so that every request gets
/// a reply with its own id (a client waiting for each id would otherwise hang): each request gets the
/// -32600 `maxBatch` error instead of running, invalid elements get their usual error, notifications
/// nothing. The spec asks for a single Response only when the batch is not valid JSON or is empty.
extension RPCServer {
    /// Answers a line whose first byte is `[`.
    /// - Returns: true when a reply line was appended (false for a batch of only notifications).
    func handleBatch(_ line: UnsafeBufferPointer<UInt8>, budget: inout WorkBudget, into out: inout JSONWriter,
                     spill: ReplySpill) -> Bool {
        var count = 0
        var check = JSONScanner(line, limits: limits.json)
        do throws(JSONError) {
            try check.beginArray()
            while try check.hasNext() {
                try check.skipValue()
                count += 1
            }
            try check.expectEnd()
        } catch {
            // Not one JSON text, or a cap broken inside it: one error, id null (spec §6).
            switch RPCMessageDecoder.failure(error, limits: limits) {
            case .overLimit(let exceeded): writeError(.limitExceeded(exceeded), id: .null, into: &out)
            default: writeError(.parseError(error), id: .null, into: &out)
            }
            out.endLine()
            return true
        }
        if count == 0 {
            writeError(.invalidRequest(.emptyBatch), id: .null, into: &out)
            out.endLine()
            return true
        }
        let tooLarge = count > limits.maxBatch
            ? LimitExceeded(limit: .batch, max: limits.maxBatch, found: count) : nil
        var opened = false
        var elements = JSONScanner(line, limits: limits.json)
        do throws(JSONError) {
            try elements.beginArray()
            while try elements.hasNext() {
                _ = elements.peek()
                let start = elements.offset
                try elements.skipValue()
                let element = UnsafeBufferPointer(rebasing: line[start..<elements.offset])
                answerElement(element, tooLarge: tooLarge, budget: &budget, opened: &opened, into: &out, spill: spill)
                RPCServer.maybeSpill(&out, spill)
            }
        } catch {
            // Checked above with the same caps; a second reading cannot fail.
        }
        guard opened else { return false }
        out.endArray()
        out.endLine()
        return true
    }

    /// Answers one element of a batch, opening the reply array before the first reply.
    private func answerElement(_ element: UnsafeBufferPointer<UInt8>, tooLarge: LimitExceeded?,
                               budget: inout WorkBudget, opened: inout Bool, into out: inout JSONWriter,
                               spill: ReplySpill) {
        if let plan = ReverseFastPath.plan(element, limits: limits) {
            if let tooLarge {
                open(&opened, &out)
                ReverseFastPath.writeError(.limitExceeded(tooLarge), plan, element, into: &out)
                return
            }
            let answered = ReverseFastPath.withGazetteer(for: plan, server: self) { gazetteer in
                open(&opened, &out)
                ReverseFastPath.write(plan, element, server: self, gazetteer: gazetteer, budget: &budget, into: &out,
                                      spill: spill)
            }
            if answered { return }
        }
        if let tooBig = treeTooLarge(element) {
            // Not read as a tree. Only an array or an object can hold that many values: an array is not a
            // request (its usual error, id null); an object is answered when its id can be read, and is
            // taken for a notification otherwise.
            if element.first == UInt8(ascii: "[") {
                open(&opened, &out)
                writeError(.invalidRequest(.notAnObject(found: .array)), id: .null, into: &out)
            } else if let id = RequestIDScan.id(in: element, limits: limits) {
                open(&opened, &out)
                writeError(.limitExceeded(tooLarge ?? tooBig), id: id, into: &out)
            }
            return
        }
        let entry: RPCEntry
        do throws(JSONError) {
            entry = RPCMessageDecoder.entry(try JSONReader.parse(element, limits: limits.json))
        } catch {
            return  // checked with the whole line
        }
        guard entry.expectsReply else { return }
        open(&opened, &out)
        if let tooLarge, case .request(let request) = entry, let id = request.id {
            writeError(.limitExceeded(tooLarge), id: id, into: &out)
        } else {
            reply(to: entry, budget: &budget, into: &out, spill: spill)
        }
    }

    private func open(_ opened: inout Bool, _ out: inout JSONWriter) {
        guard !opened else { return }
        opened = true
        out.beginArray()
    }
}
