import GeoCore

extension BoundParams {
    /// The array of `[lat, lon]` pairs in `slot`, each checked as `reverseGeocode` checks its point.
    ///
    /// - Throws: `.invalidParams` naming the first bad element by its path, e.g. `points[3][0]` for the
    ///   latitude of the fourth point: not an array, not a pair of numbers, not finite, or out of range.
    func points(_ slot: Int) throws(RPCError) -> [GeoPoint] {
        guard let value = values(slot) else { throw failure(names[slot], .missing) }
        guard case .array(let elements) = value else {
            throw failure(names[slot], .wrongType(expected: "array", found: RPCValueKind(value)))
        }
        var points: [GeoPoint] = []
        points.reserveCapacity(elements.count)
        for (k, element) in elements.enumerated() {
            let path = names[slot] + "[\(k)]"
            guard case .array(let pair) = element, pair.count == 2 else {
                let count = if case .array(let other) = element { other.count } else { 0 }
                throw failure(path, .notAPair(found: RPCValueKind(element), count: count))
            }
            let lat = try Self.coordinate(pair[0], path + "[0]", within: -90, 90)
            let lon = try Self.coordinate(pair[1], path + "[1]", within: -.infinity, .infinity)
            points.append(GeoPoint(lat: lat, lon: lon))
        }
        return points
    }

    /// The `fields` array in `slot`: which placemark members to compute; the country alone when left out
    /// (``PlacemarkFields/requestDefault``).
    /// - Throws: `.invalidParams` naming the parameter for a non-array, an empty array, a non-string
    ///   element or an unknown name, with the allowed names in the message.
    func fields(_ slot: Int) throws(RPCError) -> PlacemarkFields {
        guard let value = values(slot) else { return .requestDefault }
        func bad(_ problem: PlacemarkFieldsError) -> RPCError {
            .invalidParams(InvalidParams(param: names[slot], problem: .invalidValue("must be a non-empty array of field names (" + problem.message + ")")))
        }
        guard case .array(let elements) = value else {
            throw failure(names[slot], .wrongType(expected: "array", found: RPCValueKind(value)))
        }
        var list: [String] = []
        for element in elements {
            guard case .string(let name) = element else {
                throw failure(names[slot] + "[\(list.count)]", .wrongType(expected: "string", found: RPCValueKind(element)))
            }
            list.append(name)
        }
        do throws(PlacemarkFieldsError) {
            return try PlacemarkFields(names: list)
        } catch {
            throw bad(error)
        }
    }

    /// A number within [lower, upper] at `path`, else the -32602 naming it (also for traces, BoundParams+Trace).
    static func coordinate(_ value: JSONValue, _ path: String, within lower: Double, _ upper: Double)
        throws(RPCError) -> Double
    {
        guard case .number(let number) = value else {
            throw failure(path, .wrongType(expected: "number", found: RPCValueKind(value)))
        }
        guard number.value.isFinite else { throw failure(path, .notFinite) }
        guard number.value >= lower, number.value <= upper else {
            throw failure(path, .outOfRange(number, lower: lower, upper: upper))
        }
        return number.value
    }

    static func failure(_ param: String, _ problem: ParamProblem) -> RPCError {
        .invalidParams(InvalidParams(param: param, problem: problem))
    }

    private func failure(_ param: String, _ problem: ParamProblem) -> RPCError {
        Self.failure(param, problem)
    }
}
