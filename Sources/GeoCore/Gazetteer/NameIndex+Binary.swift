extension NameIndex {
    /// Appends the sorted entries, so loading a binary index skips folding and sorting 9,000 names.
    func write(to out: inout BinaryWriter) {
        out.u64(UInt64(entries.count))
        for entry in entries {
            out.u32(UInt32(entry.key.count))
            for byte in entry.key { out.u8(byte) }
            out.u32(UInt32(entry.country))
            out.u8(entry.kind.rawValue)
            out.string(entry.text)
        }
    }

    /// Reads what `write(to:)` wrote; checks country numbers, kinds and the sort order search relies on.
    init(reading input: inout BinaryReader, countryCount: Int) throws(BinaryFormatError) {
        let count = try input.u64()
        guard count <= UInt64(input.remaining / 13) else { throw .invalid("name count") }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        for _ in 0..<Int(count) {
            let length = Int(try input.u32())
            guard length <= input.remaining else { throw .truncated(offset: input.offset) }
            var key: [UInt8] = []
            key.reserveCapacity(length)
            for _ in 0..<length { key.append(try input.u8()) }
            let country = Int(try input.u32())
            guard country < countryCount, let kind = Kind(rawValue: try input.u8()) else { throw .invalid("name entry") }
            let text = try input.string()
            if let last = entries.last, key.lexicographicallyPrecedes(last.key) { throw .invalid("name order") }
            entries.append(Entry(key: key, country: country, kind: kind, text: text))
        }
        self.entries = entries
    }
}
