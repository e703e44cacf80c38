@testable import GeoCore

/// Damaged copies of a binary index whose checksum is repaired, so the damage gets past the checksum and
/// reaches the structural checks (and, when those pass, the queries) — what a bug in the writer, rather
/// than a torn file, would produce.
enum DamagedIndex {
    /// Calls `body` with a copy of `bytes` for every `step`-th payload position and every pattern, with
    /// `width` bytes overwritten there; copies equal to `bytes` are skipped.
    static func forEach(of bytes: [UInt8], step: Int, width: Int, patterns: [UInt8], _ body: ([UInt8]) -> Void) {
        let header = CountryGazetteer.binaryHeaderSize
        for position in stride(from: header, to: bytes.count - width, by: step) {
            for pattern in patterns {
                var damaged = bytes
                for k in 0..<width { damaged[position + k] = pattern }
                if damaged == bytes { continue }
                body(CountryGazetteer.resealed(damaged))
            }
        }
    }
}
