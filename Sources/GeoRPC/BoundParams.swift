import GeoCore

/// A request's params matched to a method's parameter list, by name or by position (spec §4.2).
///
/// Binding checks the shape of the list (no unknown names, a legal count, every required parameter
/// present); the typed getters then check each value's kind and range. Both throw
/// ``RPCError/invalidParams(_:)`` naming the parameter, so a client learns which one to fix.
struct BoundParams {
    let names: [String]
    /// One slot per name; nil where an optional parameter was left out.
    private var values: [JSONValue?]

    /// - Parameters:
    ///   - params: the request's params; omitted params bind like an empty object.
    ///   - names: the method's parameters in positional order.
    ///   - required: how many leading names are required; the rest are optional.
    ///   - positional: how many leading names may be given by position; the rest only by name.
    /// - Throws: `.invalidParams` for an unknown name, a wrong positional count, or a missing
    ///   required parameter.
    init(_ params: RPCParams, names: [String], required: Int, positional: Int) throws(RPCError) {
        self.names = names
        values = Array(repeating: nil, count: names.count)
        switch params {
        case .omitted:
            break
        case .byName(let object):
            for member in object.members {
                guard let slot = names.firstIndex(of: member.key) else {
                    throw .invalidParams(InvalidParams(param: member.key, problem: .unknown(accepted: names)))
                }
                // A repeated name keeps its last value, as JSONObject's lookup does.
                values[slot] = member.value
            }
        case .byPosition(let array):
            guard array.count >= required, array.count <= positional else {
                throw .invalidParams(InvalidParams(param: "params", problem: .wrongCount(
                    found: array.count, required: required,
                    positional: Array(names[..<positional]), byNameOnly: Array(names[positional...]))))
            }
            for (slot, value) in array.enumerated() { values[slot] = value }
        }
        for slot in 0..<required where values[slot] == nil {
            throw .invalidParams(InvalidParams(param: names[slot], problem: .missing))
        }
    }

    /// The number in `slot`, which must be finite and within `lower...upper`.
    ///
    /// - Parameter fallback: the value when the parameter was left out; nil for required parameters.
    /// - Throws: `.invalidParams` when the value is not a JSON number (strings such as `"48.8"` are
    ///   refused, not converted), is infinite (`1e400`), or lies outside the range.
    func number(_ slot: Int, within lower: Double, _ upper: Double, default fallback: Double? = nil)
        throws(RPCError) -> Double
    {
        guard let value = values[slot] else { return try absent(slot, fallback) }
        guard case .number(let number) = value else {
            throw failure(slot, .wrongType(expected: "number", found: RPCValueKind(value)))
        }
        guard number.value.isFinite else { throw failure(slot, .notFinite) }
        guard number.value >= lower, number.value <= upper else {
            throw failure(slot, .outOfRange(number, lower: lower, upper: upper))
        }
        return number.value
    }

    /// The whole number in `slot`, within `lower...upper`; `5`, `5.0` and `5e0` are all 5.
    ///
    /// - Throws: `.invalidParams` when the value is not a number, has a fraction, or is out of range.
    func integer(_ slot: Int, within lower: Int, _ upper: Int, default fallback: Int? = nil)
        throws(RPCError) -> Int
    {
        guard let value = values[slot] else { return try absent(slot, fallback) }
        guard case .number(let number) = value else {
            throw failure(slot, .wrongType(expected: "integer", found: RPCValueKind(value)))
        }
        guard number.value.rounded(.towardZero) == number.value else {
            throw failure(slot, .notAnInteger(number))
        }
        guard number.value >= Double(lower), number.value <= Double(upper) else {
            throw failure(slot, .outOfRange(number, lower: Double(lower), upper: Double(upper)))
        }
        return Int(number.value)  // whole and within lower...upper (both Ints), so it converts exactly
    }

    /// The string in `slot`.
    ///
    /// - Throws: `.invalidParams` when the value is not a JSON string.
    func string(_ slot: Int, default fallback: String? = nil) throws(RPCError) -> String {
        guard let value = values[slot] else { return try absent(slot, fallback) }
        guard case .string(let string) = value else {
            throw failure(slot, .wrongType(expected: "string", found: RPCValueKind(value)))
        }
        return string
    }

    /// The raw value in `slot`, nil when left out (for getters in other files).
    func values(_ slot: Int) -> JSONValue? { values[slot] }

    /// The default for a left-out parameter. Binding already refused missing required ones, so the
    /// throw is only a guard against a method table that disagrees with its getter calls.
    private func absent<T>(_ slot: Int, _ fallback: T?) throws(RPCError) -> T {
        guard let fallback else { throw failure(slot, .missing) }
        return fallback
    }

    private func failure(_ slot: Int, _ problem: ParamProblem) -> RPCError {
        .invalidParams(InvalidParams(param: names[slot], problem: problem))
    }
}
