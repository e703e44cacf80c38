#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Keeping the cache folder small: each index records the data file it was built from, and storing an
/// index removes the indexes whose data file is gone (a moved checkout, a deleted temporary folder, an
/// upgraded install), so the folder does not grow by one 28 MB index per data path forever. An index
/// whose data file changed in place needs nothing: it has the same name and is replaced by rename.
///
/// What counts as ours (`isOurs`): regular files owned by this user, named `<name>.idx` (an index),
/// `<name>.idx.source` (the path it was built from) or `.<name>.idx.<hex>` (a temporary). Nothing else
/// in the folder is read or removed, links are never followed (every look is `fstatat` with
/// AT_SYMLINK_NOFOLLOW relative to the folder's descriptor, and `unlinkat` removes a name, never what a
/// link points to).
extension IndexCache {
    /// The file next to an index holding its data file's real path.
    static func sourceRecordName(_ indexName: String) -> String { indexName + ".source" }

    /// Records where this index came from (best effort, like the index itself), then removes the
    /// indexes whose recorded data file no longer exists.
    func recordSourceAndPrune(dataPath: String) {
        var resolved = dataPath
        if let real = realpath(dataPath, nil) {
            resolved = String(cString: real)
            free(real)
        }
        if case .success(let temporary) = TemporaryFile.create(in: directory, for: Self.sourceRecordName(name), mode: 0o600) {
            _ = temporary.commit(Array((resolved + "\n").utf8), as: Self.sourceRecordName(name))
        }
        for entry in Self.entries(directory) where entry.kind == .index && entry.name != name {
            guard let source = Self.recordedSource(entry.name, in: directory) else { continue }
            var info = stat()
            if stat(source, &info) != 0 && errno == ENOENT {
                unlinkat(directory, entry.name, 0)
                unlinkat(directory, Self.sourceRecordName(entry.name), 0)
            }
        }
    }

    enum EntryKind { case index, sourceRecord, temporary }

    struct Entry {
        let name: String
        let kind: EntryKind
        let info: stat
    }

    /// Which of our files `name` is, by name alone; nil for anything else.
    static func kind(of name: String) -> EntryKind? {
        if name.hasPrefix(".") {
            // `.<name>.idx.<hex>` or `.<name>.idx.source.<hex>`.
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 4, let last = parts.last, !last.isEmpty,
                  last.allSatisfy({ $0.isHexDigit }), parts[parts.count - 2] == "idx" || parts[parts.count - 2] == "source"
            else { return nil }
            return .temporary
        }
        if name.hasSuffix(".idx.source") && name.count > 11 { return .sourceRecord }
        if name.hasSuffix(".idx") && name.count > 4 { return .index }
        return nil
    }

    /// Our files in the folder: regular files of this user with one of our names.
    static func entries(_ directory: Int32) -> [Entry] {
        let copy = dup(directory)
        guard copy >= 0, let folder = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(folder) }
        rewinddir(folder)
        var found: [Entry] = []
        while let entry = readdir(folder) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let kind = kind(of: entryName) else { continue }
            var info = stat()
            guard fstatat(directory, entryName, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG,
                  info.st_uid == geteuid() else { continue }
            found.append(Entry(name: entryName, kind: kind, info: info))
        }
        return found.sorted { $0.name < $1.name }
    }

    /// The data path recorded for index `name`, or nil when none is (an index from before records, or a
    /// record that is not a small regular file of ours).
    static func recordedSource(_ name: String, in directory: Int32) -> String? {
        guard let file = try? RegularFile(sourceRecordName(name), in: directory, followLinks: false, maxBytes: 8192),
              file.info.st_uid == geteuid() else { return nil }
        var bytes = [UInt8](repeating: 0, count: file.size)
        guard case .success(bytes.count) = bytes.withUnsafeMutableBytes({ file.readFully(into: $0, at: 0) }) else { return nil }
        var text = String(decoding: bytes, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text.hasPrefix("/") ? text : nil
    }
}
