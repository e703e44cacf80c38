import GeocoderKit

/// `--max-data-bytes N`: the cap on every data file the program reads whole (the GeoJSON and the name
/// tables), for every command. A larger file, or one that is not a regular file, fails at once with one
/// line on stderr (`RegularFile`), before anything is read.
extension CommandLineOptions {
    /// 1 GiB (`Geocoder.defaultMaxFileBytes`, the library's default too).
    static let defaultMaxDataBytes = Geocoder.defaultMaxFileBytes

    /// - Throws: `UsageError` unless `text` is a whole number from 1 to 2^53.
    static func dataBytes(_ text: String) throws(UsageError) -> Int {
        guard let value = Int(text), value >= 1, value <= 1 << 53 else {
            throw UsageError(message: "--max-data-bytes must be a whole number of at least 1, got '\(text)'")
        }
        return value
    }
}
