/// Reads what `BinaryWriter` wrote, checking every length against the bytes that remain.
///
/// Every read either returns a value that lies wholly inside the buffer or throws `.truncated`; no
/// count from the file is trusted before it is checked, so a damaged file cannot make it read out of
/// bounds or allocate without limit.
public struct BinaryReader {
    let bytes: UnsafeRawBufferPointer
    public private(set) var offset: Int
    /// When set, `bytes` are `storage.bytes` and `table(of:)` returns views into them instead of copies.
    let storage: ByteStorage?

    public init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
        storage = nil
    }

    /// A reader over `storage`'s bytes whose tables share the storage.
    public init(_ storage: ByteStorage, offset: Int = 0) {
        bytes = storage.bytes
        self.offset = offset
        self.storage = storage
    }

    public var remaining: Int { bytes.count - offset }

    mutating func need(_ count: Int) throws(BinaryFormatError) {
        if count < 0 || count > remaining { throw .truncated(offset: offset) }
    }

    public mutating func u8() throws(BinaryFormatError) -> UInt8 {
        try need(1)
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func u32() throws(BinaryFormatError) -> UInt32 {
        try need(4)
        defer { offset += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    public mutating func u64() throws(BinaryFormatError) -> UInt64 {
        try need(8)
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    public mutating func f64() throws(BinaryFormatError) -> Double { Double(bitPattern: try u64()) }

    mutating func align() throws(BinaryFormatError) {
        let pad = (8 - offset % 8) % 8
        try need(pad)
        offset += pad
    }

    /// An array written by `BinaryWriter.array`, copied out in one move.
    public mutating func array<T: BitwiseCopyable>(of type: T.Type) throws(BinaryFormatError) -> [T] {
        let count = try u64()
        try align()
        let stride = MemoryLayout<T>.stride
        guard count <= UInt64(remaining / stride) else { throw .truncated(offset: offset) }
        let n = Int(count)
        let source = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n * stride)])
        let values = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            initialized = n
        }
        offset += n * stride
        try align()
        return values
    }

    /// An array written by `BinaryWriter.array`, as a view into the reader's storage when it has one and
    /// the values are aligned there, else as a copy.
    public mutating func table<T: BitwiseCopyable>(of type: T.Type) throws(BinaryFormatError) -> Table<T> {
        let start = offset
        let count = try u64()
        try align()
        let stride = MemoryLayout<T>.stride
        guard count <= UInt64(remaining / stride) else { throw .truncated(offset: offset) }
        let n = Int(count)
        if let storage, Int(bitPattern: bytes.baseAddress! + offset) % MemoryLayout<T>.alignment == 0 {
            let table = Table<T>(storage: storage, byteOffset: offset, count: n)
            offset += n * stride
            try align()
            return table
        }
        offset = start
        return Table(try array(of: T.self))
    }

    /// A UTF-8 string; invalid UTF-8 is repaired rather than trusted.
    public mutating func string() throws(BinaryFormatError) -> String {
        let count = Int(try u32())
        try need(count)
        defer { offset += count }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]), as: UTF8.self)
    }

    public mutating func optionalString() throws(BinaryFormatError) -> String? {
        switch try u8() {
        case 0: return nil
        case 1: return try string()
        default: throw .invalid("optional string flag at \(offset - 1)")
        }
    }
}
