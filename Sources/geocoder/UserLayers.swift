#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// `--layer NAME=PATH` (repeatable) and `--layer-name-key KEY`: the user's GeoJSON layers for `nearby`.
///
/// Each file is read with the data files' checks (a regular file of at most `--max-data-bytes`, else one
/// line on stderr and exit 1) and indexed at the first start; the index is kept in the binary index cache
/// (`IndexCache`: same folder, same trust rules) as `<file>-<hash>-layer.idx`, keyed by the file's
/// identity and change times and by the name key, so later starts load it (about 15 ms for 200,000
/// segments instead of 0.3–1 s). A cached layer is checked whole before use (`FeatureLayer(name:binary:sourceKey:)`);
/// a stale or damaged one is rebuilt from the GeoJSON and rewritten. `--no-cache` and `GEOCODER_NO_CACHE=1`
/// read and write nothing.
enum UserLayers {
    /// One `--layer` argument, split at its first `=`.
    struct Spec: Equatable {
        var name: String
        var path: String
    }

    /// Splits `NAME=PATH`; names must be non-empty and distinct.
    /// - Throws: `UsageError` for a missing `=`, an empty name or path, or a repeated name.
    static func parse(_ arguments: [String]) throws(UsageError) -> [Spec] {
        var specs: [Spec] = []
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else {
                throw UsageError(message: "--layer needs NAME=PATH, got '\(argument)'")
            }
            let name = String(argument[..<equals]), path = String(argument[argument.index(after: equals)...])
            guard !name.isEmpty, !path.isEmpty else {
                throw UsageError(message: "--layer needs NAME=PATH, got '\(argument)'")
            }
            guard !specs.contains(where: { $0.name == name }) else {
                throw UsageError(message: "--layer: the name '\(name)' is given twice")
            }
            specs.append(Spec(name: name, path: path))
        }
        return specs
    }

    /// Reads and indexes every layer, in the order given, through the cache when `useCache`.
    /// - Returns: the layers, or one line naming the layer, the file, the feature and the problem.
    static func load(_ specs: [Spec], nameKey: String, maxBytes: Int,
                     useCache: Bool = true) -> Result<FeatureLayers, UsageError> {
        var layers: [FeatureLayer] = []
        for spec in specs {
            let cache = useCache ? IndexCache.forDataFile(spec.path, variant: "-layer") : nil
            let key = cache == nil ? nil : IndexCache.sourceKey([spec.path], maxBytes: maxBytes).map { keyed($0, nameKey) }
            if let cache, let key, let layer = cached(spec.name, cache, key) {
                layers.append(layer)
                continue
            }
            let bytes: [UInt8]
            switch DataLocator.read(spec.path, maxBytes: maxBytes) {
            case .success(let read): bytes = read
            case .failure(let error): return .failure(UsageError(message: "layer \(spec.name): \(error.message)"))
            }
            do throws(FeatureLayerError) {
                let layer = try FeatureLayer(name: spec.name, geoJSON: bytes, nameKey: nameKey)
                if let cache, let key { store(layer, cache, key, dataPath: spec.path) }
                layers.append(layer)
            } catch {
                return .failure(UsageError(message: "cannot load layer \(spec.name) (\(spec.path)): \(error.message)"))
            }
        }
        return .success(FeatureLayers(layers: layers))
    }

    /// The file's key with the name key mixed in: the same file read with another `--layer-name-key`
    /// gives other names, so another index.
    static func keyed(_ key: IndexCache.SourceKey, _ nameKey: String) -> IndexCache.SourceKey {
        var keyed = key
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in nameKey.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        keyed.header.1 ^= hash
        return keyed
    }

    /// The cached layer when it is valid for `key`; nil on any miss. The same checks as
    /// `IndexCache.load`: a regular file (no link followed), this user's, writable by no one else, no
    /// larger than `maxIndexBytes`, read into memory the server owns, checked whole, then sealed.
    static func cached(_ name: String, _ cache: IndexCache, _ key: IndexCache.SourceKey) -> FeatureLayer? {
        guard let file = try? RegularFile(cache.name, in: cache.directory, followLinks: false,
                                          maxBytes: IndexCache.maxIndexBytes(key)),
              file.info.st_uid == geteuid(), file.info.st_mode & 0o022 == 0,
              let storage = try? file.readOwned(),
              let layer = try? FeatureLayer(name: name, binary: storage, sourceKey: key.header) else { return nil }
        storage.seal()
        return layer
    }

    /// Writes the layer's index (mode 0600, a new file renamed over the old); failures are silent, and
    /// nothing is written while the file's ctime is in the current clock tick (`SourceKey.settled`).
    static func store(_ layer: FeatureLayer, _ cache: IndexCache, _ key: IndexCache.SourceKey, dataPath: String) {
        guard key.settled else { return }
        let bytes = layer.binary(sourceKey: key.header)
        guard bytes.count <= IndexCache.maxIndexBytes(key) else { return }
        cache.removeAbandonedTemporaries()
        guard case .success(let temporary) = TemporaryFile.create(in: cache.directory, for: cache.name, mode: 0o600),
              case .success = temporary.commit(bytes, as: cache.name) else { return }
        cache.recordSourceAndPrune(dataPath: dataPath)
    }
}
