#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension IndexCache {
    /// Opens the cache folder, creating it (and missing parents) with mode 0700 when it does not exist.
    ///
    /// The folder must be a directory owned by this user that neither group nor others can write: in a
    /// folder someone else can write, they could plant a link at a name the server writes, or an index
    /// that passes every check and answers wrongly. Such a folder is refused with one line on stderr and
    /// the program goes on without the cache. A folder that cannot be created or opened is skipped
    /// silently, as before (a read-only home, a path under a file).
    /// - Parameter warn: receives that line (the command line's `report`; a `Geocoder` keeps it in `notes`).
    /// - Returns: the folder's descriptor (O_DIRECTORY), which every later open, create and rename is
    ///   relative to, so the checked folder is the one used even if the path is changed afterwards.
    package static func openDirectory(_ path: String, warn: (String) -> Void = report) -> Int32? {
        var fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 && errno == ENOENT {
            makeDirectories(path)
            fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return nil
        }
        var problem: String?
        if info.st_uid != geteuid() {
            problem = "it belongs to user \(info.st_uid), not to this user (\(geteuid()))"
        } else if info.st_mode & 0o022 != 0 {
            problem = "others can write it (mode \(String(info.st_mode & 0o7777, radix: 8))); chmod go-w it"
        }
        if let problem {
            warn("not using the index cache in \(path): \(problem)")
            close(fd)
            return nil
        }
        return fd
    }

    /// `mkdir -p` with mode 0700 for every folder it creates (the XDG base directory rule).
    package static func makeDirectories(_ path: String) {
        var current = ""
        for (k, part) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            current = k == 0 ? String(part) : current + "/" + part
            if !current.isEmpty { mkdir(current, 0o700) }
        }
    }
}
