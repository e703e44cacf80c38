#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `main` of a fuzz target built without libFuzzer: it runs the target once per file named on the
/// command line (folders are walked one level deep), so a plain `swift build` yields a working binary that
/// replays a corpus or the crash files kept as regression tests.
///
/// Built with `--sanitize=fuzzer`, SwiftPM compiles the target as a library and libFuzzer's own `main`
/// drives `LLVMFuzzerTestOneInput`; the global that calls this is then never touched.
public enum FuzzReplay {
    /// Replays every input named in `CommandLine.arguments`, then exits: 0 when all ran, 1 when a path
    /// could not be read. A bug in the target crashes the process, which is the point.
    /// - Parameter target: the fuzz target's entry point.
    public static func main(_ target: (UnsafePointer<UInt8>?, Int) -> Int32) -> Void {
        var count = 0
        var failed = false
        for path in CommandLine.arguments.dropFirst() {
            for file in files(at: path) {
                guard let bytes = read(file) else {
                    write(2, "cannot read \(file)\n")
                    failed = true
                    continue
                }
                _ = bytes.withUnsafeBufferPointer { target($0.baseAddress, $0.count) }
                count += 1
            }
        }
        write(1, "replayed \(count) input\(count == 1 ? "" : "s")\n")
        exit(failed ? 1 : 0)
    }

    /// The path itself, or the regular files directly inside it when it is a folder, sorted.
    static func files(at path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            names.append(path + "/" + name)
        }
        return names.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return ferror(file) == 0 ? bytes : nil
    }

    static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
    }
}

/// Stops the fuzzer with a message when an invariant fails (libFuzzer records the input as a crash).
public func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FuzzReplay.write(2, "fuzz invariant failed: \(message())\n")
        abort()
    }
}
