#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// The open index file a lazily loaded gazetteer reads its other sections from when first used
/// (`CountryGazetteer+Sections.swift`): each section is read into memory this process owns
/// and summed as it is read (`RegularFile.readOwned(fd:offset:count:summing:)`), sealed read-only, and checked
/// by the gazetteer against its checksum before any query reads it.
///
/// The descriptor stays open for the gazetteer's life, so a cache file replaced meanwhile (a rebuild renames
/// a new file over it) does not change what is read; one truncated or written in place makes the section's
/// read or checksum fail, which is an error for the requests that need that section, never a crash.
final class IndexSectionFile: @unchecked Sendable {
    let fd: Int32

    /// Takes ownership of `fd`.
    init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    func read(_ entry: BinarySection.Entry) -> Result<ByteStorage, BinaryFormatError> {
        guard entry.length <= UInt64(Int.max), entry.offset <= UInt64(Int.max) else { return .failure(.invalid("section place")) }
        do throws(FileProblem) {
            let storage = try RegularFile.readOwned(fd: fd, offset: Int(entry.offset), count: Int(entry.length), summing: true)
            storage.seal()
            return .success(storage)
        } catch {
            // The file changed under the server (truncated, or unreadable): the section cannot be trusted.
            return .failure(.truncated(offset: Int(entry.offset)))
        }
    }
}

extension SectionLock {
    /// A pthread mutex around first loads: a `Geocoder` or a server may be queried from several threads.
    static func mutex() -> SectionLock {
        let mutex = MutexBox()
        return SectionLock(lock: { pthread_mutex_lock(mutex.pointer) }, unlock: { pthread_mutex_unlock(mutex.pointer) })
    }

    /// Owns the mutex's memory (a pthread mutex must not move).
    private final class MutexBox: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<pthread_mutex_t>
        init() {
            pointer = .allocate(capacity: 1)
            pthread_mutex_init(pointer, nil)
        }
        deinit {
            pthread_mutex_destroy(pointer)
            pointer.deallocate()
        }
    }
}
