import GeoCore

extension BoundParams {
    /// The array of layer names in `slot`, nil when left out.
    /// - Throws: `.invalidParams` for a non-array, an empty array, or an element that is not a string.
    func layerNames(_ slot: Int) throws(RPCError) -> [String]? {
        guard let value = values(slot) else { return nil }
        guard case .array(let elements) = value else {
            throw .invalidParams(InvalidParams(param: names[slot], problem: .wrongType(expected: "array", found: RPCValueKind(value))))
        }
        guard !elements.isEmpty else {
            throw .invalidParams(InvalidParams(param: names[slot], problem: .invalidValue("must name at least one layer")))
        }
        var list: [String] = []
        for element in elements {
            guard case .string(let name) = element else {
                throw .invalidParams(InvalidParams(param: names[slot] + "[\(list.count)]",
                                                   problem: .wrongType(expected: "string", found: RPCValueKind(element))))
            }
            list.append(name)
        }
        return list
    }

    /// The `geometry` filter in `slot`: "point", "line" or "polygon", or a non-empty array of them; nil when
    /// left out.
    /// - Throws: `.invalidParams` naming the parameter (or `geometry[k]`) for anything else.
    func geometry(_ slot: Int) throws(RPCError) -> [GeometryFilter]? {
        guard let value = values(slot) else { return nil }
        let allowed = "must be \"point\", \"line\" or \"polygon\", or a non-empty array of them"
        func one(_ element: JSONValue, _ path: String) throws(RPCError) -> GeometryFilter {
            guard case .string(let name) = element, let filter = GeometryFilter(name: name) else {
                throw .invalidParams(InvalidParams(param: path, problem: .invalidValue(allowed)))
            }
            return filter
        }
        guard case .array(let elements) = value else { return [try one(value, names[slot])] }
        guard !elements.isEmpty else {
            throw .invalidParams(InvalidParams(param: names[slot], problem: .invalidValue(allowed)))
        }
        var filters: [GeometryFilter] = []
        for (k, element) in elements.enumerated() { filters.append(try one(element, names[slot] + "[\(k)]")) }
        return filters
    }
}
