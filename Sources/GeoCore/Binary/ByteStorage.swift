/// Bytes that index tables can point into without copying, kept alive for as long as any table uses them.
///
/// Loading the 20 MB index by copying every table out of the file cost about half of start-up (the copies
/// fault in 20 MB of fresh memory). Instead the tables are views into one `ByteStorage`: either memory this
/// type allocated itself (`init(copying:)`, `init(zeroedCount:)`), or memory the caller owns — such as a
/// copy of the index file the executable read into its own pages — handed over with the function that releases it (`init(adopting:release:)`).
///
/// The bytes are never written after the storage is handed to readers, so sharing it across threads is safe.
public final class ByteStorage: @unchecked Sendable {
    /// The bytes; aligned to at least 16 when allocated here, to whatever the caller gave when adopted.
    public let bytes: UnsafeRawBufferPointer
    /// The `binaryChecksum` of `bytes`, when whoever filled them summed them on the way in
    /// (`RegularFile.readOwned` sums each chunk it reads while the chunk is still in the cache), so that
    /// `BinarySection.checked` need not read 20 MB from memory a second time; nil when nobody did.
    public let checksum: UInt64?
    private let release: (@Sendable (UnsafeRawBufferPointer) -> Void)?

    /// Takes ownership of `bytes`; `release` is called once, when the last table using them is gone.
    /// The caller must not change or free the bytes itself.
    /// - Parameter checksum: `binaryChecksum(bytes)`, when the caller computed it while filling them.
    public init(adopting bytes: UnsafeRawBufferPointer, checksum: UInt64? = nil,
                release: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.bytes = bytes
        self.checksum = checksum
        self.release = release
    }

    /// A private copy of `source`.
    public convenience init(copying source: UnsafeRawBufferPointer) {
        let memory = ByteStorage.allocate(source.count)
        if source.count > 0 { memory.copyMemory(from: source) }
        self.init(owned: memory)
    }

    /// `count` zero bytes, for tables built in memory.
    convenience init(zeroedCount count: Int) {
        let memory = ByteStorage.allocate(count)
        memory.initializeMemory(as: UInt8.self, repeating: 0)
        self.init(owned: memory)
    }

    private init(owned memory: UnsafeMutableRawBufferPointer) {
        bytes = UnsafeRawBufferPointer(memory)
        checksum = nil
        release = nil
    }

    private static func allocate(_ count: Int) -> UnsafeMutableRawBufferPointer {
        // At least one byte, so even an empty table has a valid base address.
        UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 16)
    }

    deinit {
        if let release { release(bytes) } else { bytes.deallocate() }
    }
}
