import GeoCore

extension BoundParams {
    /// The trace in `slot` for `nearbyMany` (`[[lat, lon], …]`) or `whereAmIMany` (also
    /// `{lat, lon, heading?}` objects and `[lat, lon, heading]` triples), longitudes within [-180, 180]
    /// as `nearby` takes them.
    /// - Parameter headings: whether a heading may be given.
    /// - Throws: `.invalidParams` naming the first bad element by its path (`points[3].lat`, `points[3][1]`).
    func trace(_ slot: Int, headings: Bool) throws(RPCError) -> [TracePoint] {
        let name = names[slot]
        guard let value = values(slot) else { throw Self.failure(name, .missing) }
        guard case .array(let elements) = value else {
            throw Self.failure(name, .wrongType(expected: "array", found: RPCValueKind(value)))
        }
        var trace: [TracePoint] = []
        trace.reserveCapacity(elements.count)
        for (k, element) in elements.enumerated() {
            let path = name + "[\(k)]"
            switch element {
            case .array(let list) where list.count == 2 || (headings && list.count == 3):
                trace.append(TracePoint(
                    point: GeoPoint(lat: try Self.coordinate(list[0], path + "[0]", within: -90, 90),
                                    lon: try Self.coordinate(list[1], path + "[1]", within: -180, 180)),
                    heading: list.count == 3 ? try Self.coordinate(list[2], path + "[2]", within: 0, 360) : nil))
            case .object(let object) where headings:
                for member in object.members where !["lat", "lon", "heading"].contains(member.key) {
                    throw Self.failure(path + "." + member.key, .unknown(accepted: ["lat", "lon", "heading"]))
                }
                guard let lat = object["lat"] else { throw Self.failure(path + ".lat", .missing) }
                guard let lon = object["lon"] else { throw Self.failure(path + ".lon", .missing) }
                var heading: Double?
                if let given = object["heading"] { heading = try Self.coordinate(given, path + ".heading", within: 0, 360) }
                trace.append(TracePoint(point: GeoPoint(lat: try Self.coordinate(lat, path + ".lat", within: -90, 90),
                                                        lon: try Self.coordinate(lon, path + ".lon", within: -180, 180)),
                                        heading: heading))
            default:
                let count = if case .array(let other) = element { other.count } else { 0 }
                throw Self.failure(path, .notAPair(found: RPCValueKind(element), count: count))
            }
        }
        return trace
    }

    /// The optional string in `slot`.
    func optionalString(_ slot: Int) throws(RPCError) -> String? {
        guard let value = values(slot) else { return nil }
        guard case .string(let text) = value else {
            throw Self.failure(names[slot], .wrongType(expected: "string", found: RPCValueKind(value)))
        }
        return text
    }
}
