#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A `geocoder` server process with its stdin and stdout connected to this one.
struct ServerProcess {
    let pid: pid_t
    /// Our end of its stdin (a pipe), or -1 when stdin is a file.
    var input: Int32
    /// Our end of its stdout.
    let output: Int32

    /// Spawns `binary args…`; stdin comes from `inputFile` when given, else from a pipe.
    static func spawn(_ binary: String, _ args: [String], inputFile: String? = nil) -> ServerProcess? {
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        guard pipe(&fromChild) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let inputFile {
            posix_spawn_file_actions_addopen(&actions, 0, inputFile, O_RDONLY, 0)
        } else {
            guard pipe(&toChild) == 0 else { return nil }
            posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
            posix_spawn_file_actions_addclose(&actions, toChild[1])
        }
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addclose(&actions, fromChild[0])
        let argv = ([binary] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        close(fromChild[1])
        if toChild[0] >= 0 { close(toChild[0]) }
        guard status == 0 else { return nil }
        return ServerProcess(pid: pid, input: toChild[1], output: fromChild[0])
    }

    func send(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Reads until the first newline; the bytes read, or nil at end of output.
    func readLine() -> [UInt8]? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(output, &byte, 1) == 1 {
            if byte == 0x0A { return line }
            line.append(byte)
        }
        return nil
    }

    /// Closes stdin and waits for the exit; returns the exit status.
    mutating func finish() -> Int32 {
        if input >= 0 { close(input); input = -1 }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while buffer.withUnsafeMutableBytes({ read(output, $0.baseAddress, $0.count) }) > 0 {}
        close(output)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status
    }
}

enum ServerBench {
    static let paris = "{\"jsonrpc\":\"2.0\",\"method\":\"reverseGeocode\",\"params\":{\"lat\":48.8566,\"lon\":2.3522},\"id\":1}\n"

    /// Spawn → first answer, in ms, and the server's resident memory after that answer, in MB.
    static func startUp(_ binary: String, _ args: [String]) -> (ms: Double, rssMB: Double)? {
        let t0 = now()
        guard var server = ServerProcess.spawn(binary, args) else { return nil }
        server.send(paris)
        guard let reply = server.readLine() else { return nil }
        let ms = (now() - t0) * 1000
        let rss = residentMB(pid: "\(server.pid)") ?? .nan
        _ = server.finish()
        guard String(decoding: reply, as: UTF8.self).contains("\"FR\"") else { return nil }
        return (ms, rss)
    }

    /// Feeds `payload` (one request per line, `count` of them… or `points` points) from a file and counts
    /// reply lines; the rate is taken from the first reply byte to the end of output, so start-up is left out.
    static func pipelined(_ binary: String, _ args: [String], payload: [UInt8], expectedLines: Int) -> Double? {
        var path = Array("/tmp/geocoder-bench-XXXXXX".utf8CString)
        let fd = path.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        let name = String(cString: path)
        defer { unlink(name) }
        var offset = 0
        while offset < payload.count {
            let n = payload.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { close(fd); return nil }
            offset += n
        }
        close(fd)
        guard var server = ServerProcess.spawn(binary, args, inputFile: name) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var lines = 0
        var first = 0.0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(server.output, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            if first == 0 {
                first = now()
                // A server without the method answers errors: that is no throughput.
                if String(decoding: buffer[0..<n], as: UTF8.self).contains("\"error\":") {
                    _ = server.finish()
                    return nil
                }
            }
            for i in 0..<n where buffer[i] == 0x0A { lines += 1 }
        }
        let elapsed = now() - first
        _ = server.finish()
        guard lines == expectedLines else {
            say("  ! expected \(expectedLines) reply lines, got \(lines)")
            return nil
        }
        return elapsed
    }
}
