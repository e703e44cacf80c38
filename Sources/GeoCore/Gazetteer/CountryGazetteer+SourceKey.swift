extension CountryGazetteer {
    /// The source key recorded in an index's header, for a reader that has no data file to compare it with.
    ///
    /// The wasm module is built with its index compiled in (`geocoder index`, `scripts/build-wasm`): there is
    /// no data file at run time to be stale against, so it passes the recorded key back to
    /// `init(binary:sourceKey:)`, which still checks magic, version, length, checksum and every table.
    /// - Returns: nil when the bytes do not start with an index header.
    public static func binarySourceKey(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64)? {
        try? BinaryHeader.read(bytes, magic: binaryMagic).sourceKey
    }

    /// The whole file's size as its header declares it (header plus payload length), so a reader can
    /// reject a file of another size before reading past the header.
    /// - Returns: nil when the bytes do not start with an index header.
    public static func binaryDeclaredSize(_ header: UnsafeRawBufferPointer) -> UInt64? {
        BinaryHeader.declaredSize(header, magic: binaryMagic, version: binaryFormatVersion)
    }
}
