#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// A descriptor that receives the binary index chunk by chunk (`CountryGazetteer.writeBinaryIndex`), so
/// writing the cache or `geocoder index --output` never holds the whole index in memory.
///
/// The first failure is kept and every later chunk is dropped: the caller checks `failure` once at the end.
final class FileSink: BinarySink {
    let fd: Int32
    /// The errno of the first failed write (EPIPE for a closed reader), or nil.
    private(set) var failure: Int32? = nil

    init(fd: Int32) { self.fd = fd }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        do throws(StdioServer.OutputError) {
            try writeAll(fd, Array(bytes))
        } catch {
            if case .failed(let code) = error { failure = code } else { failure = EPIPE }
        }
    }

    /// Writes the index of `gazetteer` to `fd`; the errno of the first failure, or nil.
    static func writeIndex(of gazetteer: CountryGazetteer, sourceKey: (UInt64, UInt64), to fd: Int32) -> Int32? {
        let sink = FileSink(fd: fd)
        gazetteer.writeBinaryIndex(sourceKey: sourceKey, to: sink)
        return sink.failure
    }
}
