import GeoCore

/// `--layer NAME=PATH` (repeatable) and `--layer-name-key KEY`: the user's GeoJSON layers for `nearby`.
///
/// Each file is read with the data files' checks (a regular file of at most `--max-data-bytes`, else one
/// line on stderr and exit 1) and indexed in memory at start-up; user layers are not (yet) kept in the
/// binary index cache, so a server rebuilds them on every start (about a second for 200,000 segments).
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

    /// Reads and indexes every layer, in the order given.
    /// - Returns: the layers, or one line naming the layer, the file, the feature and the problem.
    static func load(_ specs: [Spec], nameKey: String, maxBytes: Int) -> Result<FeatureLayers, UsageError> {
        var layers: [FeatureLayer] = []
        for spec in specs {
            let bytes: [UInt8]
            switch DataLocator.read(spec.path, maxBytes: maxBytes) {
            case .success(let read): bytes = read
            case .failure(let error): return .failure(UsageError(message: "layer \(spec.name): \(error.message)"))
            }
            do throws(FeatureLayerError) {
                layers.append(try FeatureLayer(name: spec.name, geoJSON: bytes, nameKey: nameKey))
            } catch {
                return .failure(UsageError(message: "cannot load layer \(spec.name) (\(spec.path)): \(error.message)"))
            }
        }
        return .success(FeatureLayers(layers: layers))
    }
}
