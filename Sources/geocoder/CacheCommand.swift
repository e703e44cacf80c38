#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `geocoder cache path|list|clear`: the index cache folder, its indexes, and removing them.
///
/// Only our files are listed or removed (`IndexCache.entries`: regular files of this user with an index,
/// record or temporary name), by name relative to the folder's descriptor and never through a link, so
/// `clear` cannot reach outside the folder or delete another user's or program's files even in a folder
/// someone else can write. The folder is not created by `list` or `clear`.
enum CacheCommand {
    static func run(_ action: CacheAction) -> Int32 {
        guard let path = IndexCache.directoryPath() else {
            report("no cache folder: none of GEOCODER_CACHE_DIR, XDG_CACHE_HOME, HOME is set")
            return 1
        }
        if action == .path {
            print(path)
            return 0
        }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return 0 }
            report("cannot open \(path): \(String(cString: strerror(errno)))")
            return 1
        }
        defer { close(fd) }
        let entries = IndexCache.entries(fd)
        switch action {
        case .path:
            return 0
        case .list:
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            var total = 0
            for entry in entries where entry.kind == .index {
                let size = Int(entry.info.st_size)
                total += size
                let age = Int(now.tv_sec - entry.info.st_mtim.tv_sec)
                let source = IndexCache.recordedSource(entry.name, in: fd) ?? "-"
                print("\(megabytes(size))\t\(ageText(age))\t\(entry.name)\t\(source)")
            }
            print("total\t\(megabytes(total))\t\(entries.filter { $0.kind == .index }.count) index file(s) in \(path)")
            return 0
        case .clear:
            var removed = 0, bytes = 0
            var status: Int32 = 0
            for entry in entries {
                if unlinkat(fd, entry.name, 0) == 0 {
                    removed += 1
                    bytes += Int(entry.info.st_size)
                } else if errno != ENOENT {
                    report("cannot remove \(path)/\(entry.name): \(String(cString: strerror(errno)))")
                    status = 1
                }
            }
            print("removed \(removed) file(s), \(megabytes(bytes)), from \(path)")
            return status
        }
    }

    /// `27.9 MB` (decimal megabytes, one decimal).
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// `42 s`, `5 min`, `3 h`, `12 d`.
    static func ageText(_ seconds: Int) -> String {
        let s = max(seconds, 0)
        if s < 120 { return "\(s) s" }
        if s < 7200 { return "\(s / 60) min" }
        if s < 172_800 { return "\(s / 3600) h" }
        return "\(s / 86400) d"
    }
}
