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
}
