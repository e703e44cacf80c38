/// A read-only array of plain values stored in a `ByteStorage`: the index's tables.
///
/// A table either owns a copy of values built in memory (`init(_:)`, used when the index is built from
/// GeoJSON) or is a view into a loaded index (`BinaryReader.table(of:)`: the cache file as read into memory, or the wasm
/// module's embedded index), so start-up does not copy 20 MB. Reads are bounds-checked like an array's: a
/// table can never read outside its storage.
public struct Table<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    /// The first element; valid for `count` elements while `storage` is alive.
    let base: UnsafePointer<Element>
    public let count: Int
    /// Keeps the memory behind `base` alive.
    let storage: ByteStorage

    /// A view of `count` elements at `byteOffset` in `storage`; the caller has checked bounds and alignment.
    init(storage: ByteStorage, byteOffset: Int, count: Int) {
        self.storage = storage
        self.count = count
        base = (storage.bytes.baseAddress! + byteOffset).assumingMemoryBound(to: Element.self)
    }

    /// A table holding a copy of `values`.
    public init(_ values: [Element]) {
        let byteCount = values.count * MemoryLayout<Element>.stride
        let storage = ByteStorage(zeroedCount: byteCount)
        values.withUnsafeBytes { source in
            if byteCount > 0 { UnsafeMutableRawPointer(mutating: storage.bytes.baseAddress!).copyMemory(from: source.baseAddress!, byteCount: byteCount) }
        }
        self.init(storage: storage, byteOffset: 0, count: values.count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    @inline(__always)
    public subscript(position: Int) -> Element {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "table index out of range")
        return base[position]
    }

    /// The elements as a buffer, for whole-table scans (validation) without per-element checks.
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
