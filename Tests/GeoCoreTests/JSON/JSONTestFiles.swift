import Foundation

/// Finds fixture files from the test sources' own location, so tests run from any working directory.
enum JSONTestFiles {
    /// The repository root: the nearest directory above this file that holds `Package.swift`.
    static let repositoryRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    }()

    /// `../shared/conformance` next to the repository (the team's shared, read-only corpora).
    static let conformance = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")

    /// This folder's `Fixtures/`.
    static let jsonFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The bytes of a file, or nil if it cannot be read.
    static func bytes(_ url: URL) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return [UInt8](data)
    }

    /// Regular files directly inside `directory` (sorted by name), or nil if it does not exist.
    static func files(in directory: URL) -> [URL]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Every regular file below `directory`, as paths relative to it, sorted; nil if it does not exist.
    static func allFiles(under directory: URL) -> [String]? {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return nil }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path,
                                              isDirectory: &isDirectory), !isDirectory.boolValue {
                paths.append(path)
            }
        }
        return paths.isEmpty ? nil : paths.sorted()
    }
}
