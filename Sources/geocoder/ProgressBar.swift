#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeocoderKit

/// A one-line progress display on stderr, shown only when stderr is a terminal.
///
/// Redrawn at most four times a second: rows, rows per second and, for a regular file whose size is
/// known, a bar, the percentage and an ETA from bytes read so far.
struct ProgressBar {
    let totalBytes: Int?
    let enabled: Bool
    let started: Double
    private var lastDrawn: Double = 0
    private var drawn = false

    init(totalBytes: Int?) {
        self.totalBytes = totalBytes
        enabled = isatty(2) == 1
        started = ProgressBar.now()
    }

    /// Seconds since the run started.
    var elapsed: Double { ProgressBar.now() - started }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    mutating func update(bytes: Int, rows: Int) {
        guard enabled else { return }
        let now = ProgressBar.now()
        guard now - lastDrawn >= 0.25 else { return }
        lastDrawn = now
        let seconds = now - started
        var line = "\r\u{1B}[2K\(ProgressBar.rate(Double(rows))) rows, \(ProgressBar.rate(seconds > 0 ? Double(rows) / seconds : 0)) rows/s"
        if let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(bytes) / Double(totalBytes))
            let width = 30
            // `fraction` is in [0, 1] (bytes and totalBytes are counts, totalBytes > 0), so both
            // conversions below are in range.
            let filled = Int(fraction * Double(width))
            line += "  [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
            line += "\(Int(fraction * 100))%"
            if fraction > 0 {
                let remaining = seconds / fraction - seconds
                line += " ETA \(ProgressBar.clock(remaining))"
            }
        }
        try? writeAll(2, Array(line.utf8))
        drawn = true
    }

    /// Erases the bar so the summary starts on a clean line.
    mutating func clear() {
        guard drawn else { return }
        try? writeAll(2, Array("\r\u{1B}[2K".utf8))
        drawn = false
    }

    /// 1234 → "1234", 2_500_000 → "2.50 M".
    static func rate(_ value: Double) -> String {
        if value >= 1e6 { return fixed(value / 1e6, 2) + " M" }
        if value >= 1e4 { return fixed(value / 1e3, 1) + " k" }
        return fixed(value, 0)
    }

    /// 75 → "1:15", 3700 → "1:01:40".
    static func clock(_ seconds: Double) -> String {
        // An estimate from a tiny fraction done can be astronomically large (or not a number): past
        // 99,999 hours it says so instead of trapping in the conversion.
        let rounded = max(0, seconds.rounded())  // NaN becomes 0
        guard rounded < 360_000_000 else { return "more than 99999:59:59" }
        let total = Int(rounded)
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let mm = minutes < 10 && hours > 0 ? "0\(minutes)" : "\(minutes)"
        let ss = secs < 10 ? "0\(secs)" : "\(secs)"
        return hours > 0 ? "\(hours):\(mm):\(ss)" : "\(mm):\(ss)"
    }
}
