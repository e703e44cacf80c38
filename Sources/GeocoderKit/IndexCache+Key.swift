#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension IndexCache {
    /// What the index cache is keyed on: the identity and change times of every file the index is built
    /// from (the GeoJSON and the name tables), as the two numbers of the index header.
    ///
    /// Per file: device, inode, size, modification time and status-change time (ctime), both in
    /// nanoseconds, and whether the file is there at all. Any write to a file moves its ctime, and a user
    /// cannot set ctime back (`touch`/`utimensat` set mtime, and setting it moves ctime to now); replacing a
    /// file by rename gives a new inode. So an edit is seen even when it keeps the size and restores the
    /// mtime. Hashing the contents instead would read 34 MB at every start (BENCHMARKS.md, issue 13).
    ///
    /// One race is left: the kernel stamps files from a clock that ticks every few milliseconds, so a
    /// second write in the same tick as the one before the stat could keep ctime. `settled` says whether
    /// every ctime is older than the current tick (2 s for a filesystem that keeps whole seconds); when it
    /// is not, the index is built but not written, so an index is only ever stored under a key no later
    /// write can repeat (git's "racily clean" rule).
    package struct SourceKey {
        /// The header's two numbers.
        package var header: (UInt64, UInt64)
        /// Every source's ctime lies before the coarse clock's current tick.
        package var settled: Bool
        /// The sources' sizes added up (bounds the size an index of them may have).
        package var totalBytes: Int
    }

    /// The key for the files at `paths` (nil entries: tables that were not found), or nil when one of
    /// them cannot be stat'ed, is not a regular file or is larger than `maxBytes`: then the sources are
    /// read, and reading them reports what is wrong, rather than an index built before answering for them.
    package static func sourceKey(_ paths: [String?], maxBytes: Int) -> SourceKey? {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        var a: UInt64 = 0x6765_6f63_6f64_6572, b: UInt64 = 0x2d69_6e64_6578_2d31
        var settled = true
        var total = 0
        for (k, path) in paths.enumerated() {
            guard let path else {
                a = mix(a, 0xA5A5 &+ UInt64(k))
                b = mix(b, 0x5A5A &+ UInt64(k))
                continue
            }
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maxBytes else { return nil }
            let fields: [UInt64] = [
                UInt64(info.st_dev), UInt64(info.st_ino), UInt64(truncatingIfNeeded: info.st_size),
                nanoseconds(info.st_mtim), nanoseconds(info.st_ctim),
            ]
            for field in fields {
                a = mix(a, field)
                b = mix(b, field)
            }
            // A ctime of whole seconds may come from a filesystem that keeps only seconds (FAT, some FUSE
            // and network ones), where the tick is up to 2 s long.
            let margin = info.st_ctim.tv_nsec == 0 ? 2 : 0
            if (info.st_ctim.tv_sec + margin, info.st_ctim.tv_nsec) >= (now.tv_sec, now.tv_nsec) { settled = false }
            let (sum, overflow) = total.addingReportingOverflow(Int(clamping: info.st_size))
            total = overflow ? .max : sum
        }
        return SourceKey(header: (a, b), settled: settled, totalBytes: total)
    }

    private static func nanoseconds(_ time: timespec) -> UInt64 {
        UInt64(bitPattern: Int64(time.tv_sec)) &* 1_000_000_000 &+ UInt64(bitPattern: Int64(time.tv_nsec))
    }

    /// SplitMix64's finaliser over `a` combined with `b`.
    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var h = (a ^ b) &+ 0x9E37_79B9_7F4A_7C15
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}
