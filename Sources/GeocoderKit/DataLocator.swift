#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds and reads the Natural Earth data file.
///
/// Search order, first existing file wins:
/// 1. `--data PATH` and 2. `$GEOCODER_DATA`: when given, used as they are, with no fallback, so a typo
///    is reported rather than hidden by another copy;
/// 3. `<executable dir>/../share/geocoder/<file>`: the install layout, PREFIX/bin + PREFIX/share;
/// 4. `Data/<file>` in the executable's folder or any folder above it: a checkout's `.build/release`;
/// 5. `./Data/<file>`.
/// The executable's path is its real path (`/proc/self/exe`), so symlinks to the binary still find the data.
package enum DataLocator {
    package static let fileName = "ne_10m_admin_0_countries.geojson"

    /// The places searched when the user named no file (steps 3 to 5), in order.
    /// - Parameter executable: the executable's real path, if known.
    package static func searchPaths(executable: String?) -> [String] {
        var paths: [String] = []
        if let executable, let binDirectory = parent(of: executable) {
            paths.append(binDirectory + "/../share/geocoder/" + fileName)
            var directory: String? = binDirectory
            while let current = directory {
                paths.append((current == "/" ? "" : current) + "/Data/" + fileName)
                directory = parent(of: current)
            }
        }
        paths.append("Data/" + fileName)
        return paths
    }

    /// The file to load, or a one-line reason naming what was tried.
    /// - Parameter explicit: the `--data` value. It and a non-empty `GEOCODER_DATA` are used as given,
    ///   so `read` reports exactly what is wrong with the file the user named.
    package static func locate(explicit: String?) -> Result<String, GeocoderError> {
        if let explicit { return .success(explicit) }
        if let environment = getenv("GEOCODER_DATA"), environment.pointee != 0 {
            return .success(String(cString: environment))
        }
        let paths = searchPaths(executable: executablePath())
        for path in paths where access(path, F_OK) == 0 { return .success(path) }
        return .failure(.dataNotFound(searched: paths))
    }

    /// The whole file, read with open/read (no Foundation: start-up time matters for one-shot queries).
    ///
    /// Only a regular file of at most `maxBytes` is read (`RegularFile`): `--data /dev/zero`, a FIFO or a
    /// sparse file of gigabytes fail at once with one line, instead of being read until memory runs out.
    /// - Parameter maxBytes: `--max-data-bytes`.
    package static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], GeocoderError> {
        do throws(RegularFile.Failure) {
            let file = try RegularFile(path, maxBytes: maxBytes)
            return .success(try file.readAll(maxBytes: maxBytes))
        } catch {
            return .failure(.unreadable(path: path, error))
        }
    }

    /// The real path of the running executable, from `/proc/self/exe`.
    package static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return -1 }
            return readlink("/proc/self/exe", base, buffer.count - 1)
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder holding `path`; nil for "/" and for a bare name.
    package static func parent(of path: String) -> String? {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
