/// Appends little-endian fixed-size values, arrays and strings to a byte buffer.
///
/// Arrays are written as a 64-bit count followed by their raw bytes, padded to 8 bytes, so a reader can
/// copy each one in a single move. Both targets (x86_64, wasm32) are little-endian; the header records the
/// byte order so a big-endian reader rejects the file instead of misreading it.
public struct BinaryWriter {
    /// The bytes written and not yet handed to `sink` (all of them when there is no sink).
    public private(set) var bytes: [UInt8] = []
    /// Where full chunks go, so a large index is never whole in memory (`CountryGazetteer.writeBinaryIndex`);
    /// nil keeps everything in `bytes`.
    let sink: (any BinarySink)?
    /// Bytes already handed to `sink`.
    private(set) var flushed = 0
    /// The chunk size at which `bytes` is handed to `sink`.
    static let chunkBytes = 1 << 20

    public init() { sink = nil }

    /// A writer that hands its bytes to `sink` in chunks of about 1 MiB; call `flush()` at the end.
    public init(sink: any BinarySink) {
        self.sink = sink
        bytes.reserveCapacity(Self.chunkBytes + 4096)
    }

    /// Bytes written so far, flushed or not: the offset the next value lands at.
    public var count: Int { flushed + bytes.count }

    /// Hands what `bytes` holds to the sink (nothing without one).
    public mutating func flush() {
        guard let sink, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { sink.write($0) }
        flushed += bytes.count
        bytes.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func flushIfFull() {
        if sink != nil, bytes.count >= Self.chunkBytes { flush() }
    }

    public mutating func u8(_ value: UInt8) {
        bytes.append(value)
        flushIfFull()
    }

    public mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        flushIfFull()
    }

    public mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        flushIfFull()
    }

    public mutating func f64(_ value: Double) { u64(value.bitPattern) }

    /// Pads with zeros to a multiple of 8 bytes.
    mutating func align() {
        while count % 8 != 0 { bytes.append(0) }
    }

    /// Writes a count, then the elements' bytes, padded to 8.
    public mutating func array<T: BitwiseCopyable>(_ values: [T]) {
        u64(UInt64(values.count))
        align()
        values.withUnsafeBytes { append($0) }
        align()
        flushIfFull()
    }

    /// A table, laid out exactly as `array(_:)` lays out the same values.
    public mutating func array<T: BitwiseCopyable>(_ values: Table<T>) {
        u64(UInt64(values.count))
        align()
        append(UnsafeRawBufferPointer(values.buffer))
        align()
        flushIfFull()
    }

    /// Appends raw bytes; with a sink, a large run goes to it in chunks instead of growing `bytes`.
    mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard sink != nil else {
            bytes.append(contentsOf: raw)
            return
        }
        var start = 0
        while start < raw.count {
            let end = Swift.min(raw.count, start + Self.chunkBytes)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
            start = end
            flushIfFull()
        }
    }

    public mutating func string(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            u32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
        flushIfFull()
    }

    /// A presence byte, then the string.
    public mutating func optionalString(_ value: String?) {
        if let value {
            u8(1)
            string(value)
        } else {
            u8(0)
        }
    }

    /// Overwrites 8 bytes at `offset` (for header fields known only at the end).
    /// Only without a sink (a flushed byte cannot be changed).
    mutating func patch(u64 value: UInt64, at offset: Int) {
        precondition(sink == nil, "patch needs every byte in memory")
        for k in 0..<8 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> UInt64(8 * k)) }
    }
}

/// Receives a `BinaryWriter`'s bytes in order, chunk after chunk (a file, a checksum). A class protocol, so
/// a writer can hold one under Embedded Swift.
public protocol BinarySink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer)
}

/// `binaryChecksum` over bytes that arrive in pieces: the same value for the same bytes, however cut.
public struct BinaryChecksum {
    var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
    var c: UInt64 = 0xA409_3822_299F_31D0, d: UInt64 = 0x082E_FA98_EC4E_6C89
    /// Bytes of an incomplete 32-byte block, waiting for the rest.
    var pending: [UInt8] = []
    /// All bytes seen.
    public private(set) var count = 0

    public init() { pending.reserveCapacity(32) }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        count += bytes.count
        var start = 0
        if !pending.isEmpty {
            let take = Swift.min(32 - pending.count, bytes.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<take]))
            start = take
            guard pending.count == 32 else { return }
            pending.withUnsafeBytes { block($0, at: 0) }
            pending.removeAll(keepingCapacity: true)
        }
        // The lanes in locals for the bulk of the bytes, so they stay in registers (as in `binaryChecksum`):
        // through `self` every block stored and reloaded them, half again slower.
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        var a = a, b = b, c = c, d = d
        while bytes.count - start >= 32 {
            a = ((a ^ bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)) &* k).rotateLeft(29)
            b = ((b ^ bytes.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)) &* k).rotateLeft(29)
            c = ((c ^ bytes.loadUnaligned(fromByteOffset: start + 16, as: UInt64.self)) &* k).rotateLeft(29)
            d = ((d ^ bytes.loadUnaligned(fromByteOffset: start + 24, as: UInt64.self)) &* k).rotateLeft(29)
            start += 32
        }
        (self.a, self.b, self.c, self.d) = (a, b, c, d)
        if start < bytes.count { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...])) }
    }

    @inline(__always)
    mutating func block(_ bytes: UnsafeRawBufferPointer, at base: Int) {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        a = ((a ^ bytes.loadUnaligned(fromByteOffset: base, as: UInt64.self)) &* k).rotateLeft(29)
        b = ((b ^ bytes.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self)) &* k).rotateLeft(29)
        c = ((c ^ bytes.loadUnaligned(fromByteOffset: base + 16, as: UInt64.self)) &* k).rotateLeft(29)
        d = ((d ^ bytes.loadUnaligned(fromByteOffset: base + 24, as: UInt64.self)) &* k).rotateLeft(29)
    }

    /// The checksum of everything given to `update`.
    public func finish() -> UInt64 {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = a ^ b.rotateLeft(16) ^ c.rotateLeft(32) ^ d.rotateLeft(48) ^ UInt64(count)
        for byte in pending { h = (h ^ UInt64(byte)) &* k }
        return h ^ (h >> 32)
    }
}

/// A fast 64-bit checksum over whole words: four independent multiply-rotate lanes (so the CPU can
/// overlap them), then the tail bytes. It detects the damage a cache file suffers (truncation, torn
/// writes, flipped bits); it is not meant to resist deliberate tampering.
/// - Complexity: O(n), about one cycle per 8 bytes.
public func binaryChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let k: UInt64 = 0x9E37_79B9_7F4A_7C15
    var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
    var c: UInt64 = 0xA409_3822_299F_31D0, d: UInt64 = 0x082E_FA98_EC4E_6C89
    let words = bytes.count / 32 * 4
    var i = 0
    while i < words {
        let base = i * 8
        a = ((a ^ bytes.loadUnaligned(fromByteOffset: base, as: UInt64.self)) &* k).rotateLeft(29)
        b = ((b ^ bytes.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self)) &* k).rotateLeft(29)
        c = ((c ^ bytes.loadUnaligned(fromByteOffset: base + 16, as: UInt64.self)) &* k).rotateLeft(29)
        d = ((d ^ bytes.loadUnaligned(fromByteOffset: base + 24, as: UInt64.self)) &* k).rotateLeft(29)
        i += 4
    }
    var h = a ^ b.rotateLeft(16) ^ c.rotateLeft(32) ^ d.rotateLeft(48) ^ UInt64(bytes.count)
    for j in (words * 8)..<bytes.count { h = (h ^ UInt64(bytes[j])) &* k }
    return h ^ (h >> 32)
}

extension UInt64 {
    @inline(__always)
    func rotateLeft(_ n: UInt64) -> UInt64 { (self << n) | (self >> (64 - n)) }
}
