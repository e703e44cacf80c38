extension CountryGazetteer {
    /// The source key recorded in an index's header, for a reader that has no data file to compare it with.
    ///
    /// The wasm module is built with its index compiled in (`geocoder index`, `scripts/build-wasm`): there is
    /// no data file at run time to be stale against, so it passes the recorded key back to
    /// `init(binary:sourceKey:)`, which still checks magic, version, length, checksum and every table.
    /// - Returns: nil when the bytes do not start with an index header.
    public static func binarySourceKey(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64)? {
        guard bytes.count >= binaryHeaderSize else { return nil }
        for k in 0..<binaryMagic.count where bytes[k] != binaryMagic[k] { return nil }
        // After the magic: format version and byte-order mark (4 bytes each), then the key.
        var header = BinaryReader(bytes, offset: binaryMagic.count + 8)
        guard let first = try? header.u64(), let second = try? header.u64() else { return nil }
        return (first, second)
    }

    /// The whole file's size as its header declares it (header plus payload length), so a reader can
    /// reject a file of another size before reading past the header.
    /// - Returns: nil when the bytes do not start with an index header.
    public static func binaryDeclaredSize(_ header: UnsafeRawBufferPointer) -> UInt64? {
        guard binarySourceKey(header) != nil else { return nil }
        var reader = BinaryReader(header, offset: binaryMagic.count + 24)
        guard let length = try? reader.u64(), length <= UInt64.max - UInt64(binaryHeaderSize) else { return nil }
        return length + UInt64(binaryHeaderSize)
    }
}
