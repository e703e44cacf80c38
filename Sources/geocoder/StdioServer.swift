#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore
import GeoRPC

/// The stdin/stdout loop around `RPCSession`, which frames, answers and buffers; this adds only the OS.
///
/// Input is read in 64 KiB chunks and every complete line is answered at once into the session's buffer.
/// The buffer is written out when it passes 64 KiB, and whenever stdin has nothing more ready: an
/// interactive client gets each answer as soon as its line is complete, while piped input is answered
/// in large writes.
struct StdioServer {
    let server: RPCServer
    /// The protocol's private copy of the original stdout (see `protectStandardOutput`).
    let outputFD: Int32
    var inputFD: Int32 = 0

    static let chunkSize = 64 * 1024
    static let flushThreshold = 64 * 1024

    /// Why output stopped.
    enum OutputError: Error {
        /// The reader went away (EPIPE): not an error for a server, just the end.
        case closed
        case failed(Int32)
    }

    /// Serves until end of input.
    /// - Returns: the exit status: 0 at end of input or when the reader closed stdout, 1 on an I/O error.
    func run() -> Int32 {
        var session = RPCSession(server: server, flushThreshold: Self.flushThreshold)
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        let fd = outputFD
        let send: ([UInt8]) throws(OutputError) -> Void = { (bytes) throws(OutputError) in try writeAll(fd, bytes) }
        do throws(OutputError) {
            while true {
                if session.hasPendingOutput && !inputReady() { try session.flush(write: send) }
                if readerGone() { return 0 }
                let count = chunk.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    let reason = String(cString: strerror(errno))
                    try session.flush(write: send)
                    report("cannot read stdin: \(reason)")
                    return 1
                }
                try chunk.withUnsafeBufferPointer { (buffer) throws(OutputError) in
                    try session.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]), write: send)
                }
            }
            try session.finish(write: send)
            return 0
        } catch {
            switch error {
            case .closed:
                return 0
            case .failed(let code):
                report("cannot write stdout: \(String(cString: strerror(code)))")
                return 1
            }
        }
    }

    /// Waits until stdin has something to read; true if, meanwhile, the reader of stdout went away.
    ///
    /// A client that closes its end of our stdout and keeps stdin open would otherwise leave the server
    /// blocked in `read` forever: a pipe's write end reports POLLERR once its reader is gone, so the
    /// server can exit quietly (status 0) without waiting for its next write to fail with EPIPE.
    private func readerGone() -> Bool {
        var entries = [pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: outputFD, events: 0, revents: 0)]
        while poll(&entries, 2, -1) < 0 && errno == EINTR {}
        return entries[1].revents & Int16(POLLERR | POLLHUP) != 0 && entries[0].revents & Int16(POLLIN) == 0
    }

    /// True when a read would not block: data, end of input, or an error is waiting.
    private func inputReady() -> Bool {
        var entry = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}

/// Writes every byte, retrying after signals, partial writes and a non-blocking descriptor that is full.
/// - Throws: `.closed` on EPIPE (SIGPIPE is ignored, so a closed reader shows up here), `.failed` otherwise.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(StdioServer.OutputError) {
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer in
            write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
        if written >= 0 {
            offset += written
            continue
        }
        switch errno {
        case EINTR:
            continue
        case EAGAIN, EWOULDBLOCK:
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, -1)
        case EPIPE:
            throw .closed
        case let code:
            throw .failed(code)
        }
    }
}

/// Keeps stray prints off the protocol stream, as sourcekit-lsp does: the protocol writes to a private
/// duplicate of stdout, and fd 1 is pointed at stderr.
/// - Returns: the private descriptor, or nil when stdout is not open.
func protectStandardOutput() -> Int32? {
    let fd = fcntl(1, F_DUPFD_CLOEXEC, 3)
    guard fd >= 0 else { return nil }
    guard dup2(2, 1) >= 0 else { return fd }
    return fd
}

/// One line on stderr, prefixed with the program name.
func report(_ message: String) {
    try? writeAll(2, Array("geocoder: \(message)\n".utf8))
}
