/// Loading an index's sections when first used instead of all at start-up.
///
/// Start-up used to read, sum and check the whole 85 MB index before the first answer (about 80 ms, most of
/// it zeroing and copying pages, the checksum and the layers' table checks: BENCHMARKS.md, "Start-up"). A
/// gazetteer made by `init(directory:core:fetch:lock:)` holds only the core section (countries and the
/// country grid); the places, the names, the admin-1 and the time-zone sections are read through `fetch`, summed and
/// checked the first time a request needs them (`loading(_:)`), once per process.
///
/// Why snapshots instead of filling the gazetteer in place: a gazetteer is a value shared by every thread
/// that queries it, and its queries read `search` and `layers` as plain stored properties at full speed.
/// `loading(_:)` hands out an immutable `GazetteerSnapshot` (the base with the sections filled in), made once
/// per set of sections under `SectionLock` and cached, so no query ever reads a half-loaded table and the
/// hot paths pay nothing for the laziness.
extension CountryGazetteer {
    /// Makes a gazetteer from an index file's directory and core section, deferring the other sections.
    /// - Parameters:
    ///   - directory: from `binaryDirectory(_:fileSize:sourceKey:)`.
    ///   - core: the core section's bytes (`directory[.core]`), checked here against its checksum.
    ///   - fetch: reads a section's bytes when first needed; must return exactly `entry.length` bytes, at an
    ///     address aligned to 8; they are summed and checked before use.
    ///   - lock: serialises first loads across threads (`SectionLock.none` for a single-threaded host).
    /// - Throws: `BinaryFormatError` when the core section is damaged.
    public init(directory: BinarySection.Directory, core: ByteStorage, fetch: @escaping SectionFetch,
                lock: SectionLock) throws(BinaryFormatError) {
        var present: GazetteerSections = [.places, .names]
        if directory[.admin1].length > 0 { present.insert(.admin1) }
        if directory[.timezones].length > 0 { present.insert(.timezones) }
        let deferred = DeferredSections(directory: directory, fetch: fetch, lock: lock, present: present)
        try self.init(core: BinarySection.checked(core, directory[.core]), deferred: deferred)
    }

    /// Loads a gazetteer from an index whose bytes are all in `storage` (the wasm module's embedded index),
    /// checking the header, the directory and the core section now and each other section when first used
    /// (views into `storage`, no copy). First loads take no lock: for a host with one thread.
    /// - Throws: `BinaryFormatError`, as `init(binary:sourceKey:)` for the parts checked now.
    public init(lazyBinary storage: ByteStorage, sourceKey: (UInt64, UInt64)) throws(BinaryFormatError) {
        let directory = try Self.binaryDirectory(storage.bytes, fileSize: UInt64(storage.bytes.count), sourceKey: sourceKey)
        let core = directory[.core]
        try self.init(directory: directory, core: ByteStorage(viewing: storage, offset: Int(core.offset), count: Int(core.length)),
                      fetch: { entry in .success(ByteStorage(viewing: storage, offset: Int(entry.offset), count: Int(entry.length))) },
                      lock: .none)
    }

    /// The sections this gazetteer's index has and this value has not loaded (empty for a gazetteer built in
    /// memory or loaded whole).
    public var deferredSections: GazetteerSections { deferred?.present ?? [] }

    /// This gazetteer with `wanted` sections loaded, or nil when it needs none it lacks (use `self`).
    ///
    /// The first call for a set of sections reads, sums and checks them (and keeps each section for later
    /// sets); later calls return the same snapshot. A section that fails keeps failing with the same error,
    /// and only requests that need it fail.
    /// - Throws: `BinaryFormatError` naming what is wrong with a section (or that it could not be read).
    public func loading(_ wanted: GazetteerSections) throws(BinaryFormatError) -> GazetteerSnapshot? {
        guard let deferred else { return nil }
        // Forward search's names are checked against, and answer with, the places section's tables.
        let needed = (wanted.contains(.names) ? wanted.union(.places) : wanted).intersection(deferred.present)
        if needed.isEmpty { return nil }
        return try deferred.snapshot(needed, base: self)
    }

    /// This gazetteer with every section loaded: for hosts that query it from many threads at full speed
    /// from the start, or that need all of it anyway (one-shot commands).
    public func loadingAll() throws(BinaryFormatError) -> CountryGazetteer {
        guard let snapshot = try loading(.all) else { return self }
        return snapshot.gazetteer
    }
}

/// Sections of the index that are loaded when first used.
public struct GazetteerSections: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Forward search's name keys, localized names and divisions (the places come with them).
    public static let names = GazetteerSections(rawValue: 1)
    /// The admin-1 polygon layer (admin1, territory).
    public static let admin1 = GazetteerSections(rawValue: 2)
    /// The time-zone polygon layer.
    public static let timezones = GazetteerSections(rawValue: 4)
    /// The labels, the admin-1 table, the cities and the places index (locality).
    public static let places = GazetteerSections(rawValue: 8)
    public static let all: GazetteerSections = [.places, .names, .admin1, .timezones]
}

extension PlacemarkFields {
    /// The sections these members are computed from (the country needs none: it is in the core).
    public var sections: GazetteerSections {
        var sections: GazetteerSections = []
        if !isDisjoint(with: [.admin1, .territory]) { sections.insert(.admin1) }
        if contains(.timezone) { sections.insert(.timezones) }
        if contains(.locality) { sections.insert(.places) }
        return sections
    }
}

/// A gazetteer with some sections loaded, shared by every request that needs them: a class, so a server
/// passes `snapshot.gazetteer` to its queries without copying the gazetteer's tables' references.
public final class GazetteerSnapshot: Sendable {
    public let gazetteer: CountryGazetteer
    init(_ gazetteer: CountryGazetteer) { self.gazetteer = gazetteer }
}

/// Reads a section's bytes for `CountryGazetteer.init(directory:core:fetch:lock:)`.
public typealias SectionFetch = @Sendable (BinarySection.Entry) -> Result<ByteStorage, BinaryFormatError>

/// A lock around first loads of sections, given by the host (GeoCore has no threads of its own).
public struct SectionLock: Sendable {
    let lock: @Sendable () -> Void
    let unlock: @Sendable () -> Void

    public init(lock: @escaping @Sendable () -> Void, unlock: @escaping @Sendable () -> Void) {
        self.lock = lock
        self.unlock = unlock
    }

    /// No lock, for a host with one thread (the wasm module).
    public static let none = SectionLock(lock: {}, unlock: {})
}

/// What a lazily loaded gazetteer has not read yet, and what it has read since (shared by its copies).
final class DeferredSections: @unchecked Sendable {
    let directory: BinarySection.Directory
    let fetch: SectionFetch
    let lock: SectionLock
    /// The sections the index has beyond the core.
    let present: GazetteerSections
    // Guarded by `lock`:
    private var places: Result<ForwardIndex, BinaryFormatError>?
    private var names: Result<ForwardIndex, BinaryFormatError>?
    private var layers: [BinarySection: Result<AreaLayer, BinaryFormatError>] = [:]
    private var snapshots: [UInt8: Result<GazetteerSnapshot, BinaryFormatError>] = [:]

    init(directory: BinarySection.Directory, fetch: @escaping SectionFetch, lock: SectionLock, present: GazetteerSections) {
        self.directory = directory
        self.fetch = fetch
        self.lock = lock
        self.present = present
    }

    /// The snapshot of `base` with `needed` (all present) loaded.
    func snapshot(_ needed: GazetteerSections, base: CountryGazetteer) throws(BinaryFormatError) -> GazetteerSnapshot {
        lock.lock()
        defer { lock.unlock() }
        if let made = snapshots[needed.rawValue] { return try made.get() }
        let made = compose(needed, base: base)
        snapshots[needed.rawValue] = made
        return try made.get()
    }

    private func compose(_ needed: GazetteerSections, base: CountryGazetteer) -> Result<GazetteerSnapshot, BinaryFormatError> {
        var g = base
        g.deferred = nil
        do throws(BinaryFormatError) {
            if needed.contains(.names) {
                g.search = try loadNames(countries: base.countries)
            } else if needed.contains(.places) {
                g.search = try loadPlaces(countries: base.countries)
            }
            let admin1 = needed.contains(.admin1) ? try loadLayer(.admin1) : nil
            let zones = needed.contains(.timezones) ? try loadLayer(.timezones) : nil
            if admin1 != nil || zones != nil {
                g.layers = PlacemarkLayers(admin1: admin1, timezones: zones, countries: base.countries)
            }
            return .success(GazetteerSnapshot(g))
        } catch {
            return .failure(error)
        }
    }

    private func loadPlaces(countries: [Country]) throws(BinaryFormatError) -> ForwardIndex {
        if places == nil {
            do throws(BinaryFormatError) {
                places = .success(try ForwardIndex(places: section(.places), countries: countries))
            } catch {
                places = .failure(error)
            }
        }
        return try places!.get()
    }

    /// The places with the names section added (which is checked against them).
    private func loadNames(countries: [Country]) throws(BinaryFormatError) -> ForwardIndex {
        if names == nil {
            do throws(BinaryFormatError) {
                names = .success(try loadPlaces(countries: countries).withNames(section: section(.names), countries: countries))
            } catch {
                names = .failure(error)
            }
        }
        return try names!.get()
    }

    private func loadLayer(_ part: BinarySection) throws(BinaryFormatError) -> AreaLayer {
        if layers[part] == nil {
            do throws(BinaryFormatError) {
                layers[part] = .success(try AreaLayer(section: section(part), part))
            } catch {
                layers[part] = .failure(error)
            }
        }
        return try layers[part]!.get()
    }

    /// A section's bytes, read and summed.
    private func section(_ part: BinarySection) throws(BinaryFormatError) -> ByteStorage {
        let entry = directory[part]
        let storage = try fetch(entry).get()
        guard UInt64(storage.bytes.count) == entry.length else { throw .truncated(offset: Int(truncatingIfNeeded: entry.offset)) }
        return try BinarySection.checked(storage, entry)
    }
}
