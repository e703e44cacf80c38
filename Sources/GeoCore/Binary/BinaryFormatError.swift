/// Why a binary index could not be used. Any of these means "rebuild it from the GeoJSON".
public enum BinaryFormatError: Error, Equatable, Sendable {
    /// The file does not start with the magic bytes, or was written with another byte order.
    case notAnIndex
    /// Written by another version of the format.
    case version(UInt32)
    /// Built from another source file (size or modification time differ) or with other settings.
    case staleSource
    /// Shorter or longer than its header says.
    case size(expected: UInt64, actual: UInt64)
    /// The payload's checksum does not match the header.
    case checksum
    /// A read past the end of the payload at this byte offset.
    case truncated(offset: Int)
    /// The payload decodes but breaks an invariant of the structure (an offset out of bounds, a count
    /// that does not match, a non-monotone table); the text names which.
    case invalid(String)

    public var message: String {
        switch self {
        case .notAnIndex: return "not a geocoder index file"
        case .version(let v): return "index format version \(v) is not this program's"
        case .staleSource: return "index was built from another version of the data file"
        case .size(let expected, let actual): return "index file is \(actual) bytes, header says \(expected)"
        case .checksum: return "index checksum mismatch"
        case .truncated(let offset): return "index payload ends early (at byte \(offset))"
        case .invalid(let what): return "index is inconsistent: \(what)"
        }
    }
}
