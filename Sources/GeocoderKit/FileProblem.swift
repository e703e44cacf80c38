#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a data or index file could not be opened or read (`RegularFile`). The text is built when it is shown.
public enum FileProblem: Error, Equatable, Sendable {
    /// `open`, `fstat` or `read` failed with this errno.
    case system(Int32)
    /// Not a regular file; the text names what it is ("a FIFO").
    case notRegular(String)
    /// Larger than the cap (before or while it was read).
    case tooLarge(size: Int, cap: Int)
    /// Shorter than `fstat` said when it was opened: it changed while it was read.
    case changed

    /// "cannot read PATH: …", one line.
    public func message(_ path: String, capName: String = "--max-data-bytes") -> String {
        switch self {
        case .system(let code): return "cannot read \(path): \(String(cString: strerror(code)))"
        case .notRegular(let kind): return "cannot read \(path): it is \(kind), not a regular file"
        case .tooLarge(let size, let cap):
            return "cannot read \(path): it is \(size) bytes, more than \(capName) (\(cap))"
        case .changed: return "cannot read \(path): it changed while it was read"
        }
    }
}
