/// The nautical time zone of a longitude, as an IANA `Etc/GMT±N` id: the placemark's time zone at sea
/// where the time-zone data has no zone for the point.
///
/// Nautical zones are 15° wide, centred on the multiples of 15°: zone `N` (N in -12...12) covers longitudes
/// [15N − 7.5, 15N + 7.5), UTC offset +N hours. The formula, for `lon` wrapped into [-180, 180):
///
///     N = floor((lon + 7.5) / 15)      (−12 ... 12)
///
/// so 7.5° E is zone +1 and 7.5° W zone 0 (each boundary belongs to the zone east of it), and zone ±12
/// is halved by the 180th meridian: [172.5, 180) is +12, [-180, -172.5) is −12. A point on the meridian
/// itself, wrapped to -180, is −12. IANA's Etc names invert the sign (POSIX style): UTC+N is `Etc/GMT-N`,
/// UTC−N is `Etc/GMT+N`, and zone 0 is `Etc/GMT`.
public enum NauticalZone {
    /// The zone number (UTC offset in hours, −12 ... 12) of a finite longitude.
    public static func offsetHours(longitude lon: Double) -> Int {
        let wrapped = CountryIndex.wrapLongitude(lon)
        let n = Int(((wrapped + 7.5) / 15).rounded(.down))
        return Swift.min(12, Swift.max(-12, n))
    }

    /// The IANA id of the zone of a finite longitude, e.g. "Etc/GMT+2" for 30° W.
    public static func tzid(longitude lon: Double) -> String {
        let n = offsetHours(longitude: lon)
        return tzid(offsetHours: n)
    }

    /// The IANA id of a nautical zone: `Etc/GMT` for 0, `Etc/GMT-N` east of Greenwich, `Etc/GMT+N` west.
    public static func tzid(offsetHours n: Int) -> String {
        if n == 0 { return "Etc/GMT" }
        return n > 0 ? "Etc/GMT-\(n)" : "Etc/GMT+\(-n)"
    }

    /// Every id `tzid(longitude:)` can give, computed once: the answers share these strings.
    static let ids: [String] = (-12...12).map { tzid(offsetHours: $0) }
}
