#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension IndexCache {
    /// Takes the index mapping's pages out of this process once the load has checked them; the bytes stay
    /// in the kernel's page cache, and the few pages a query reads come back on first touch (a minor fault,
    /// no disk read).
    ///
    /// Why: the load must read every byte before serving (the checksum, and the grid's checks of every
    /// vertex, cell and border record), so after it the whole 31 MB file is mapped into the process although
    /// a reverse lookup reads a handful of its pages. Resident memory after the first answer went from
    /// 42.7 to about 8 MB (BENCHMARKS.md, "Start-up memory (issue 4d)"); a server that answers every kind of
    /// query maps the used tables back in over time.
    ///
    /// Safe because the mapping is private, read-only and never written: MADV_DONTNEED on such pages only
    /// drops this process's page-table entries, and a later read maps the same file bytes again. The file
    /// is never changed in place (`store` writes a new file and renames it), so those bytes are the ones the
    /// load checked; the kernel may drop clean file pages under memory pressure just the same.
    static func releaseCheckedPages(_ base: UnsafeMutableRawPointer, _ size: Int) {
        _ = madvise(base, size, MADV_DONTNEED)
    }
}
