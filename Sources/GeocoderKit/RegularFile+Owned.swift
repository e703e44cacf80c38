#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

extension RegularFile {
    /// The whole file, read into memory this process owns, for the index cache.
    ///
    /// Why a copy and not a mapping of the file: pages of a file mapping (even MAP_PRIVATE) are the file's
    /// pages until written, so another process that truncates the file makes the next read of the mapping
    /// SIGBUS, and one that writes the file in place (`cp new.idx cache.idx`, zeroes, random bytes) changes
    /// the bytes under tables that were checked at load. A copy cannot be changed by anyone else, and the
    /// server's resident memory shows what it holds (anonymous memory, `RssAnon`) instead of hiding it in
    /// the page cache.
    ///
    /// The memory is an anonymous mapping aligned to 2 MiB with MADV_HUGEPAGE on its whole huge pages, so
    /// where transparent huge pages are allowed the 28 MB copy costs about 14 page faults instead of
    /// 7,000 (4 ms instead of 13 ms here). Once the loader has checked it, `seal` makes it read-only.
    /// - Returns: storage holding exactly `size` bytes; it unmaps itself when the last table goes.
    /// - Throws: `.system` when memory or the read fail, `.changed` when the file ended early.
    package func readOwned() throws(Failure) -> ByteStorage {
        try Self.readOwned(fd: fd, offset: 0, count: size)
    }

    /// `count` bytes at `offset` of the file open as `fd`, read into memory this process owns as
    /// `readOwned()` reads the whole file: the index cache reads each section so, when first used.
    ///
    /// With `summing`, the bytes are read in chunks of `sumChunk` and each chunk is added to the
    /// `binaryChecksum` right after it lands, while it is still in the cache (`ByteStorage.checksum`): summing
    /// the whole section afterwards read it from memory a second time (a tenth of a first placemark's
    /// start-up CPU time, issue 15).
    /// - Throws: `.system` when memory or the read fail, `.changed` when the file ended early.
    package static func readOwned(fd: Int32, offset: Int, count size: Int, summing: Bool = false) throws(Failure) -> ByteStorage {
        let hugePage = 2 << 20
        let length = max(size, 1)
        let reserved = length + hugePage
        guard let raw = mmap(nil, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { throw .system(errno) }
        // Keep the 2 MiB-aligned part; give the slack before and after back.
        let address = Int(bitPattern: raw)
        let start = (address + hugePage - 1) & ~(hugePage - 1)
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapped = (length + pageSize - 1) / pageSize * pageSize
        if start > address { munmap(raw, start - address) }
        let end = start + mapped, reservedEnd = address + reserved
        if reservedEnd > end { munmap(UnsafeMutableRawPointer(bitPattern: end), reservedEnd - end) }
        let base = UnsafeMutableRawPointer(bitPattern: start)!
        if size >= hugePage { _ = madvise(base, size / hugePage * hugePage, MADV_HUGEPAGE) }
        var sum = summing ? BinaryChecksum() : nil
        var done = 0
        while done < size {
            let chunk = UnsafeMutableRawBufferPointer(start: base + done, count: summing ? min(sumChunk, size - done) : size - done)
            let result = readFully(fd: fd, into: chunk, at: offset + done)
            guard case .success(let count) = result, count == chunk.count else {
                munmap(base, mapped)
                if case .failure(let error) = result { throw error }
                throw .changed
            }
            sum?.update(UnsafeRawBufferPointer(chunk))
            done += count
        }
        return ByteStorage(adopting: UnsafeRawBufferPointer(start: base, count: size), checksum: sum?.finish()) { bytes in
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), max(bytes.count, 1))
        }
    }

    /// The chunk `readOwned(fd:offset:count:summing:)` sums as it reads: well inside a core's L2 cache, and a
    /// multiple of the checksum's 32-byte block, so no chunk leaves a partial block behind.
    static let sumChunk = 256 << 10
}

extension ByteStorage {
    /// Makes storage from `RegularFile.readOwned()` read-only, once the loader has checked it: from here
    /// on not even a stray write in this process can change what was checked.
    package func seal() {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        _ = mprotect(UnsafeMutableRawPointer(mutating: base), bytes.count, PROT_READ)
    }
}
