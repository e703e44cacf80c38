#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why output stopped.
package enum OutputError: Error {
    /// The reader went away (EPIPE): not an error for a server, just the end.
    case closed
    case failed(Int32)
}

/// Writes every byte, retrying after signals, partial writes and a non-blocking descriptor that is full.
/// - Throws: `.closed` on EPIPE (SIGPIPE is ignored, so a closed reader shows up here), `.failed` otherwise.
package func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(OutputError) {
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

/// One line on stderr, prefixed with the program name.
package func report(_ message: String) {
    try? writeAll(2, Array("geocoder: \(message)\n".utf8))
}
