#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A new file under a random name in an open folder, written and then renamed over its final name: how the
/// index cache and `geocoder index --output` replace a file so that a reader never sees half of it.
///
/// The name is `.<final name>.<16 random hex digits>` and the file is created with O_CREAT|O_EXCL|O_NOFOLLOW
/// (what `mkstemp` does), relative to the folder's descriptor: a symlink or file planted under a guessed
/// name makes the create fail instead of being written through, so nothing outside the folder can be
/// overwritten. The rename is `renameat` in the same folder, so it is atomic and does not follow a symlink at
/// the final name either (it replaces the link itself).
struct TemporaryFile {
    /// The folder (not owned: the caller closes it).
    let directory: Int32
    let name: String
    let fd: Int32

    /// Creates the file.
    /// - Parameters:
    ///   - directory: the folder's descriptor.
    ///   - finalName: the name it will be renamed to (only to derive the temporary name).
    ///   - mode: its permissions before the umask (0o600 for the cache).
    /// - Returns: the file, or the errno of the last attempt.
    static func create(in directory: Int32, for finalName: String, mode: mode_t) -> Result<TemporaryFile, Failure> {
        var code: Int32 = EEXIST
        for _ in 0..<8 {
            let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
            let name = "." + finalName + "." + suffix
            let fd = openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return .success(TemporaryFile(directory: directory, name: name, fd: fd)) }
            code = errno
            if code != EEXIST { break }
        }
        return .failure(Failure(code: code))
    }

    /// An errno from creating, writing or renaming.
    struct Failure: Error {
        let code: Int32
        var text: String { String(cString: strerror(code)) }
    }

    /// Writes `bytes` whole, then commits as `commit(as:fill:)` does: for small files (an index's `.source` record).
    func commit(_ bytes: [UInt8], as finalName: String) -> Result<Void, Failure> {
        commit(as: finalName) { fd in
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += n
            }
            return nil
        }
    }

    /// Lets `fill` write the content (returning the errno of a failure, or nil; `FileSink` streams the index
    /// in chunks), closes the file and renames it to `finalName`; on any failure removes it.
    func commit(as finalName: String, fill: (Int32) -> Int32?) -> Result<Void, Failure> {
        var code: Int32 = fill(fd) ?? 0
        if close(fd) != 0 && code == 0 { code = errno }
        if code == 0 && renameat(directory, name, directory, finalName) != 0 { code = errno }
        guard code != 0 else { return .success(()) }
        unlinkat(directory, name, 0)
        return .failure(Failure(code: code))
    }
}
