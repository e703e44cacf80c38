/// The 48-byte header every binary file of this program starts with (the country index, `GEOIDX\r\n`; a
/// user layer, `GEOLYR\r\n`): one writer and one reader, so the two formats check the same things the
/// same way.
///
/// Layout (little-endian): the 8-byte magic, the format version (u32), the byte-order mark (u32), the source
/// key (two u64 the caller chooses, e.g. the data file's size and modification time), the payload's length
/// (u64, the bytes after the header) and a checksum (u64, `binaryChecksum`; what it covers is the format's
/// choice: the whole payload for a user layer, the section directory for the country index).
public struct BinaryHeader: Sendable {
    /// Header bytes before the payload.
    public static let size = 48
    /// Both targets (x86_64, wasm32) are little-endian; a reader of the other byte order sees this
    /// reversed and refuses the file instead of misreading it.
    public static let byteOrderMark: UInt32 = 0x0102_0304
    /// Where the payload length and the checksum lie, for writers that patch them in at the end.
    static let lengthOffset = 32, checksumOffset = 40

    public var version: UInt32
    public var sourceKey: (UInt64, UInt64)
    public var payloadLength: UInt64
    public var checksum: UInt64

    public init(version: UInt32, sourceKey: (UInt64, UInt64), payloadLength: UInt64, checksum: UInt64) {
        self.version = version
        self.sourceKey = sourceKey
        self.payloadLength = payloadLength
        self.checksum = checksum
    }

    /// Appends the header with `magic` (8 bytes).
    public func write(magic: [UInt8], to out: inout BinaryWriter) {
        for byte in magic { out.u8(byte) }
        out.u32(version)
        out.u32(Self.byteOrderMark)
        out.u64(sourceKey.0)
        out.u64(sourceKey.1)
        out.u64(payloadLength)
        out.u64(checksum)
    }

    /// Reads a header with `magic`, checking the magic and the byte order only.
    /// - Throws: `.notAnIndex` when the bytes are shorter than a header, or another magic or byte order.
    public static func read(_ bytes: UnsafeRawBufferPointer, magic: [UInt8]) throws(BinaryFormatError) -> BinaryHeader {
        guard bytes.count >= size else { throw .notAnIndex }
        for k in 0..<magic.count where bytes[k] != magic[k] { throw .notAnIndex }
        var header = BinaryReader(bytes, offset: magic.count)
        let version = try header.u32()
        guard try header.u32() == byteOrderMark else { throw .notAnIndex }
        let key = (try header.u64(), try header.u64())
        return BinaryHeader(version: version, sourceKey: key, payloadLength: try header.u64(), checksum: try header.u64())
    }

    /// Reads a header and checks all of it against what the reader expects: magic, byte order, `version`,
    /// `sourceKey`, and that the payload is as long as `bytes` minus the header (when `wholeFile`).
    /// - Throws: `.notAnIndex`, `.version`, `.staleSource`, `.size`.
    public static func check(_ bytes: UnsafeRawBufferPointer, magic: [UInt8], version: UInt32,
                             sourceKey: (UInt64, UInt64), wholeFile: Bool = true) throws(BinaryFormatError) -> BinaryHeader {
        let header = try read(bytes, magic: magic)
        guard header.version == version else { throw .version(header.version) }
        guard header.sourceKey == sourceKey else { throw .staleSource }
        let actual = UInt64(bytes.count - size)
        if wholeFile, header.payloadLength != actual { throw .size(expected: header.payloadLength, actual: actual) }
        return header
    }

    /// The source key of a header with `magic` and `version`, or nil when `bytes` do not start with one.
    public static func sourceKey(_ bytes: UnsafeRawBufferPointer, magic: [UInt8], version: UInt32) -> (UInt64, UInt64)? {
        guard let header = try? read(bytes, magic: magic), header.version == version else { return nil }
        return header.sourceKey
    }

    /// The whole file's size as the header declares it (header plus payload length), or nil when `bytes`
    /// do not start with a header of `magic` and `version` or the size overflows.
    public static func declaredSize(_ bytes: UnsafeRawBufferPointer, magic: [UInt8], version: UInt32) -> UInt64? {
        guard let header = try? read(bytes, magic: magic), header.version == version,
              header.payloadLength <= UInt64.max - UInt64(size) else { return nil }
        return header.payloadLength + UInt64(size)
    }

    /// Overwrites the length and checksum fields of the header at the start of `bytes` (a file written
    /// whole in memory, then patched).
    public static func patch(_ bytes: inout [UInt8], payloadLength: UInt64, checksum: UInt64) {
        for k in 0..<8 {
            bytes[lengthOffset + k] = UInt8(truncatingIfNeeded: payloadLength >> UInt64(8 * k))
            bytes[checksumOffset + k] = UInt8(truncatingIfNeeded: checksum >> UInt64(8 * k))
        }
    }
}
