/// The sections of the country index file (`CountryGazetteer+Binary.swift`), in file order, and its
/// directory: per section where it lies and its checksum, so each can be read and checked on its own,
/// when first used (`CountryGazetteer+Sections.swift`).
public enum BinarySection: Int, CaseIterable, Sendable, Hashable {
    /// Countries, centroids, boxes, the country grid index: what every answer needs.
    case core
    /// The labels, admin-1 table, cities and the places index: what a placemark's locality reads.
    case places
    /// Forward search's name tables (`ForwardIndex`), checked against the places section.
    case names
    /// The admin-1 polygon layer (empty when the index has none).
    case admin1
    /// The time-zone polygon layer (empty when the index has none).
    case timezones

    /// How errors and notes name the section.
    public var name: String {
        switch self {
        case .core: return "core"
        case .places: return "places"
        case .names: return "names"
        case .admin1: return "admin-1"
        case .timezones: return "time-zone"
        }
    }

    /// Where a section lies in the file (from its start), how long it is, and its `binaryChecksum`.
    public struct Entry: Sendable, Equatable {
        public let offset: UInt64
        public let length: UInt64
        public let checksum: UInt64
    }

    /// The directory: one entry per section, in `allCases` order.
    public struct Directory: Sendable {
        public let entries: [Entry]

        public subscript(section: BinarySection) -> Entry { entries[section.rawValue] }

        /// Reads the directory (`write(_:to:)`) and checks that every section lies inside a file of
        /// `fileSize` bytes after the directory, in order, without overlap, at a multiple of 8, and that only
        /// the layers may be empty (offset 0).
        init(reading table: UnsafeRawBufferPointer, fileSize: UInt64) throws(BinaryFormatError) {
            var input = BinaryReader(table)
            guard try input.u32() == UInt32(BinarySection.allCases.count), try input.u32() == 0 else {
                throw .invalid("section directory")
            }
            var entries: [Entry] = []
            var end = UInt64(CountryGazetteer.binaryPrefixSize)
            for section in BinarySection.allCases {
                let entry = Entry(offset: try input.u64(), length: try input.u64(), checksum: try input.u64())
                if entry.length == 0 {
                    guard section == .admin1 || section == .timezones, entry.offset == 0, entry.checksum == 0 else {
                        throw .invalid("\(section.name) section place")
                    }
                } else {
                    guard entry.offset >= end, entry.offset % 8 == 0, entry.offset <= fileSize,
                          entry.length <= fileSize - entry.offset else { throw .invalid("\(section.name) section place") }
                    end = entry.offset + entry.length
                }
                entries.append(entry)
            }
            self.entries = entries
        }
    }

    /// Appends the directory: the section count, a zero word, then each entry's offset, length, checksum.
    static func write(_ entries: [Entry], to out: inout BinaryWriter) {
        out.u32(UInt32(entries.count))
        out.u32(0)
        for entry in entries {
            out.u64(entry.offset)
            out.u64(entry.length)
            out.u64(entry.checksum)
        }
    }

    /// `storage` when its bytes are the section `entry` describes (same checksum; summed here unless the
    /// storage was summed as it was filled, `ByteStorage.checksum`).
    /// - Throws: `.checksum` when they are not.
    static func checked(_ storage: ByteStorage, _ entry: Entry) throws(BinaryFormatError) -> ByteStorage {
        guard (storage.checksum ?? binaryChecksum(storage.bytes)) == entry.checksum else { throw .checksum }
        return storage
    }
}

extension ByteStorage {
    /// `count` bytes at `offset` in `parent`, kept alive by this storage; the caller has checked the bounds.
    convenience init(viewing parent: ByteStorage, offset: Int, count: Int) {
        let bytes = UnsafeRawBufferPointer(rebasing: parent.bytes[offset..<(offset + count)])
        self.init(adopting: bytes, release: { _ in withExtendedLifetime(parent) {} })
    }
}
