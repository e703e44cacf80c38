extension AreaLayer {
    /// Appends the layer to a binary index: the schema, the property values, then the grid index
    /// (`CountryIndex.write(to:)`), for `init(reading:)`.
    public func write(to out: inout BinaryWriter) {
        out.u32(UInt32(propertyNames.count))
        for name in propertyNames { out.string(name) }
        out.u64(UInt64(featureCount))
        for value in values { out.optionalString(value) }
        index.write(to: &out)
    }

    /// Reads a layer written by `write(to:)`, checking it as the country layer is checked: counts against
    /// the bytes left, every string, and every table of the grid index (`CountryIndex.init(reading:areaCount:)`).
    /// - Throws: `BinaryFormatError` for anything truncated or inconsistent.
    /// - Complexity: O(size of the layer).
    public convenience init(reading input: inout BinaryReader) throws(BinaryFormatError) {
        let propertyCount = Int(try input.u32())
        // Each name takes at least 4 bytes; a larger count is damage, and a layer keeps a few properties.
        guard propertyCount >= 1, propertyCount <= 64, propertyCount <= input.remaining / 4 else {
            throw .invalid("layer property count")
        }
        var names: [String] = []
        for _ in 0..<propertyCount {
            let name = try input.string()
            guard !names.contains(name) else { throw .invalid("layer property names") }
            names.append(name)
        }
        let featureCount = try input.u64()
        // Each value takes at least one byte (the absent flag).
        guard featureCount >= 1, featureCount <= UInt64(input.remaining / propertyCount) else {
            throw .invalid("layer feature count")
        }
        var values: [String?] = []
        values.reserveCapacity(Int(featureCount) * propertyCount)
        for _ in 0..<(Int(featureCount) * propertyCount) { values.append(try input.optionalString()) }
        let index = try CountryIndex(reading: &input, areaCount: Int(featureCount))
        self.init(propertyNames: names, values: values, index: index)
    }
}
