#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore
import GeoRPC
import GeocoderKit
import Synchronization

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

    /// Why output stopped (`OutputError`, shared with the index cache's writer).
    typealias OutputError = GeocoderKit.OutputError

    /// Input and output bytes after which the loop hands freed memory back to the system when it is next
    /// idle (see `run`): one outsized line must not leave the process holding its peak.
    static let trimAfterBytes = 16 * 1024 * 1024

    /// Serves until end of input or a stop signal.
    ///
    /// On SIGHUP, SIGINT or SIGTERM (see `StopSignal`): the line being answered is finished; the complete
    /// lines already read (the rest of the chunk) are answered within a `StopAllowance` of 1 s of estimated
    /// work, each call past it getting the shutdown error (-32000) with its id; nothing more is read;
    /// every reply is written, and the loop returns 128 + the signal's number. A second signal of the same
    /// kind kills at once.
    /// - Returns: the exit status: 0 at end of input or when the reader closed stdout, 1 on an I/O error,
    ///   128 + N after signal N.
    func run() -> Int32 {
        var session = RPCSession(server: server, flushThreshold: Self.flushThreshold)
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        let fd = outputFD
        var traffic = 0
        let send: ([UInt8]) throws(OutputError) -> Void = { (bytes) throws(OutputError) in
            traffic += bytes.count
            try writeAll(fd, bytes)
        }
        let stop: () -> Int32 = { StopSignal.received }
        do throws(OutputError) {
            while true {
                if StopSignal.received != 0 { break }
                if !inputReady() {
                    if session.hasPendingOutput { try session.flush(write: send) }
                    if traffic >= Self.trimAfterBytes {
                        // Idle after a large line: give its freed pages back (glibc keeps them otherwise).
                        traffic = 0
                        releaseFreedMemory()
                    }
                }
                if readerGone() { return 0 }
                if StopSignal.received != 0 { break }
                let count = chunk.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    let reason = String(cString: strerror(errno))
                    try session.flush(write: send)
                    report("cannot read stdin: \(reason)")
                    return 1
                }
                traffic += count
                try chunk.withUnsafeBufferPointer { (buffer) throws(OutputError) in
                    try session.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]), write: send, stop: stop)
                }
            }
            let signal = StopSignal.received
            if signal != 0 {
                try session.flush(write: send)
                return 128 + signal
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
                       pollfd(fd: outputFD, events: 0, revents: 0),
                       pollfd(fd: StopSignal.wakeFD, events: Int16(POLLIN), revents: 0)]
        // The third entry wakes the wait when a stop signal arrives (a negative fd is ignored by poll).
        while poll(&entries, 3, -1) < 0 && errno == EINTR && StopSignal.received == 0 {}
        return entries[1].revents & Int16(POLLERR | POLLHUP) != 0 && entries[0].revents & Int16(POLLIN) == 0
    }

    /// True when a read would not block: data, end of input, or an error is waiting.
    private func inputReady() -> Bool {
        var entry = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}

/// Returns freed heap pages to the system with glibc's `malloc_trim(0)`, looked up at run time because
/// Swift's Glibc module does not export it (and other C libraries lack it; then this does nothing).
func releaseFreedMemory() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
}

/// The signal that asked the server to stop; see `StdioServer.run`.
///
/// The handler is async-signal-safe: it stores the signal's number in an atomic (a lock-free store) and
/// writes one byte to a self-pipe with write(2), saving and restoring errno; nothing else. The loop
/// checks the atomic between lines, and its blocking `poll` watches the pipe's read end, so a signal that
/// lands just before the loop blocks still wakes it (a flag alone would be missed there). Installed without
/// SA_RESTART, so a blocking `read` returns EINTR. SA_RESETHAND puts the default action back, so a second
/// signal ends the process at once.
enum StopSignal {
    /// 0 until a stop signal arrives, then its number.
    static var received: Int32 { flag.load(ordering: .acquiring) }

    /// The self-pipe's read end, readable once a stop signal arrived; -1 before `install`.
    static var wakeFD: Int32 { readEnd.load(ordering: .relaxed) }

    private static let flag = Atomic<Int32>(0)
    private static let writeEnd = Atomic<Int32>(-1)
    private static let readEnd = Atomic<Int32>(-1)

    /// Installs the handler for SIGHUP, SIGINT and SIGTERM.
    static func install() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)  // a full pipe must not block the handler
        }
        // Initialised here, before a handler can run, so the handler only ever loads them.
        readEnd.store(ends[0], ordering: .relaxed)
        writeEnd.store(ends[1], ordering: .releasing)
        _ = flag.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let saved = errno
            StopSignal.flag.store(signal, ordering: .releasing)
            var byte: UInt8 = 1
            _ = write(StopSignal.writeEnd.load(ordering: .acquiring), &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)  // 0x80000000: the sign bit
        for signal in [SIGHUP, SIGINT, SIGTERM] { sigaction(signal, &action, nil) }
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
