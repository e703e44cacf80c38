#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An open regular file whose type and size were checked before a byte of it was read.
///
/// Every file the executable reads whole (the GeoJSON, the name tables, the index cache) goes through here,
/// so none of them can be a FIFO that blocks start-up forever, a device such as `/dev/zero` that never
/// ends, or a sparse file far larger than any dataset that is read whole before the parser finds the first
/// byte wrong: the descriptor is opened with O_NONBLOCK (opening a FIFO does not wait for a writer), then
/// `fstat` must say "regular file" and a size within the caller's cap.
package struct RegularFile: ~Copyable {
    package let fd: Int32
    /// The size `fstat` gave when the file was opened.
    package let size: Int
    /// The `fstat` record itself (owner, mode, times) for callers that check more.
    package let info: stat

    /// Why a file could not be opened or read (`FileProblem`).
    package typealias Failure = FileProblem

    /// Opens `path` for reading and checks it.
    /// - Parameters:
    ///   - directory: a folder descriptor `path` is relative to, or AT_FDCWD.
    ///   - followLinks: false adds O_NOFOLLOW (a symlink then fails with ELOOP).
    ///   - maxBytes: the largest size accepted.
    /// - Throws: `Failure`, never blocking: not even on a FIFO.
    package init(_ path: String, in directory: Int32 = AT_FDCWD, followLinks: Bool = true, maxBytes: Int) throws(Failure) {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followLinks ? 0 : O_NOFOLLOW)
        let fd = openat(directory, path, flags)
        guard fd >= 0 else { throw .system(errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .system(code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notRegular(Self.kind(info.st_mode))
        }
        let size = Int(clamping: info.st_size)
        guard size <= maxBytes else {
            close(fd)
            throw .tooLarge(size: size, cap: maxBytes)
        }
        self.fd = fd
        self.size = size
        self.info = info
    }

    deinit { close(fd) }

    /// Reads the whole file: its `fstat` size, and whatever it grew by since, up to `maxBytes`.
    /// - Throws: `.tooLarge` when it grew past `maxBytes` while being read, `.system` on a read error.
    package func readAll(maxBytes: Int) throws(Failure) -> [UInt8] {
        // Straight into the result at its known size (one copy, not a chunk buffer and then the array).
        var failure: Failure?
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            switch readFully(into: raw, at: 0) {
            case .success(let count): initialized = count
            case .failure(let error):
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        guard bytes.count == size else { return bytes }  // shrank while read: what was there
        // Grew while read (or `st_size` was 0, as for some kernel files): the rest, in chunks, up to the cap.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            guard bytes.count + count <= maxBytes else { throw .tooLarge(size: bytes.count + count, cap: maxBytes) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Fills `buffer` from `offset` with `pread`, stopping early only at the end of the file.
    /// - Returns: the bytes read.
    package func readFully(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Result<Int, Failure> {
        Self.readFully(fd: fd, into: buffer, at: offset)
    }

    /// `readFully(into:at:)` on any open file (`IndexCache`'s sections read after the load returned).
    package static func readFully(fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Result<Int, Failure> {
        var done = 0
        while done < buffer.count {
            let count = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count > 0 {
                done += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                return .failure(.system(errno))
            }
        }
        return .success(done)
    }

    /// "a FIFO", "a directory", … for a `st_mode`.
    package static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }
}
