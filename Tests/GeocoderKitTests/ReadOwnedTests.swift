#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
@testable import GeocoderKit
import GeoCore
import Testing

/// `RegularFile.readOwned(fd:offset:count:summing:)`: a section read in chunks and summed on the way in has
/// the same bytes and the same checksum as one read whole and summed afterwards, at every cut of the chunks
/// and the checksum's 32-byte blocks, and a file that ends early is an error, not a short section.
@Suite("Sections read and summed in one pass")
struct ReadOwnedTests {
    /// A temporary file of `count` pseudo-random bytes, open for reading; the caller closes it.
    static func file(_ count: Int) throws -> (fd: Int32, bytes: [UInt8]) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<count).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        var template = Array("/tmp/readowned-test.XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0, "mkstemp failed")
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        try #require(written == count, "short write")
        return (fd, bytes)
    }

    /// (offset, count): empty, shorter than a block, a block and a bit, one chunk, chunks and a tail, an
    /// unaligned offset (chunk sizes are those of `RegularFile.sumChunk`, 256 KiB).
    static let cuts: [(Int, Int)] = [(0, 0), (8, 31), (3, 37), (16, 262_144), (40, 525_325), (1, 1_310_717)]

    @Test("the checksum summed while reading equals binaryChecksum of the bytes read", arguments: cuts)
    func summedWhileReading(offset: Int, count: Int) throws {
        let (fd, bytes) = try Self.file(offset + count + 11)
        defer { close(fd) }
        let storage = try RegularFile.readOwned(fd: fd, offset: offset, count: count, summing: true)
        #expect(Array(storage.bytes) == Array(bytes[offset..<(offset + count)]))
        let expected = binaryChecksum(storage.bytes)
        #expect(storage.checksum == expected, "summed in chunks of \(RegularFile.sumChunk) bytes")
        let plain = try RegularFile.readOwned(fd: fd, offset: offset, count: count)
        #expect(plain.checksum == nil, "not summed unless asked")
        #expect(Array(plain.bytes) == Array(storage.bytes))
    }

    @Test("a file that ends inside the section is refused, in the first chunk or a later one")
    func endsEarly() throws {
        let (fd, _) = try Self.file(RegularFile.sumChunk + 100)
        defer { close(fd) }
        for count in [RegularFile.sumChunk + 101, 3 * RegularFile.sumChunk] {
            #expect(throws: FileProblem.changed) { try RegularFile.readOwned(fd: fd, offset: 0, count: count, summing: true) }
        }
        #expect(throws: FileProblem.changed) { try RegularFile.readOwned(fd: fd, offset: 200, count: RegularFile.sumChunk) }
    }
}
