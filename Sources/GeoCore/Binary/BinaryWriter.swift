/// Appends little-endian fixed-size values, arrays and strings to a byte buffer.
///
/// Arrays are written as a 64-bit count followed by their raw bytes, padded to 8 bytes, so a reader can
/// copy each one in a single move. Both targets (x86_64, wasm32) are little-endian; the header records the
/// byte order so a big-endian reader rejects the file instead of misreading it.
public struct BinaryWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func u8(_ value: UInt8) { bytes.append(value) }

    public mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    public mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    public mutating func f64(_ value: Double) { u64(value.bitPattern) }

    /// Pads with zeros to a multiple of 8 bytes.
    mutating func align() {
        while bytes.count % 8 != 0 { bytes.append(0) }
    }

    /// Writes a count, then the elements' bytes, padded to 8.
    public mutating func array<T: BitwiseCopyable>(_ values: [T]) {
        u64(UInt64(values.count))
        align()
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        align()
    }

    /// A table, laid out exactly as `array(_:)` lays out the same values.
    public mutating func array<T: BitwiseCopyable>(_ values: Table<T>) {
        u64(UInt64(values.count))
        align()
        bytes.append(contentsOf: UnsafeRawBufferPointer(values.buffer))
        align()
    }

    public mutating func string(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            u32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
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
    mutating func patch(u64 value: UInt64, at offset: Int) {
        for k in 0..<8 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> UInt64(8 * k)) }
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
