extension GeoMath {
    /// `lon` mod 360, mapped into [-180, 180): exactly, for every finite double.
    ///
    /// The mathematically exact remainder of any finite double by 360 is itself a double (it needs no more
    /// significant bits than the input), so the wrapped longitude can and must be exact: `1e37` and
    /// `1e37 + 360` name the same meridian, and `180 + 2^-44` must land just east of -180, not on it.
    /// The naive `lon - 360 * floor((lon + 180) / 360)` loses that from about 5e16 on, where `360 * q`
    /// is no longer exact, and gives values outside [-180, 180) that later traps turned into crashes.
    /// - Parameter lon: any double.
    /// - Returns: the longitude in [-180, 180) (180 itself becomes -180); NaN for NaN or an infinity.
    /// - Complexity: O(1): at most ten integer multiplications for the largest inputs; no libm.
    ///   Out of line: callers handle [-180, 180) themselves, and this code inlined into the lookup slowed
    ///   every lookup down.
    @inline(never)
    static func wrappedLongitude(_ lon: Double) -> Double {
        if lon >= -180 && lon < 180 { return lon }
        guard lon.isFinite else { return .nan }
        let r = remainder360(lon.magnitude)  // in [0, 360)
        var wrapped = lon < 0 ? -r : r  // in (-360, 360)
        // Both steps are exact by Sterbenz's lemma: |wrapped| lies within a factor 2 of 360.
        if wrapped >= 180 { wrapped -= 360 } else if wrapped < -180 { wrapped += 360 }
        return wrapped
    }

    /// `x mod 360` for a finite `x >= 0`, exact, in [0, 360).
    static func remainder360(_ x: Double) -> Double {
        if x < 360 { return x }
        if x < 0x1p53 {
            // In range for UInt64 (x < 2^53), and truncation is the floor for x >= 0. `x - Double(n)` is the
            // exact fraction, and adding it to `n % 360` is exact: below 256 the sum is x itself, else its
            // bits run from 2^8 down to ulp(x) >= 2^-44, which a double holds.
            let n = UInt64(x)
            return Double(n % 360) + (x - Double(n))
        }
        // From 2^53 on every double is an integer m · 2^e with m < 2^53 and 1 <= e <= 971:
        // x mod 360 = (m mod 360) · (2^e mod 360) mod 360, all in integers below 360² (no overflow).
        let m = x.significandBitPattern | (1 << 52)
        var e = x.exponent - 52
        var power: UInt64 = 1, base: UInt64 = 2
        while e > 0 {
            if e & 1 == 1 { power = power * base % 360 }
            base = base * base % 360
            e >>= 1
        }
        return Double(m % 360 * power % 360)
    }
}

extension GeoMath {
    /// The gap in degrees between longitudes `west...east` and `otherWest...otherEast` (each within
    /// [-180, 180], west ≤ east), the shorter way round the antimeridian; 0 when they meet.
    ///
    /// The one antimeridian rule of the nearest-border search and of the near lists' builder (a point is
    /// the interval `lon...lon`): the gap eastward from one interval to the other and the gap westward,
    /// each taken mod 360 by one addition, the lesser of the two. Both are under 360 and sum to at most
    /// 360 minus the widths, so the lesser is at most 180 (the clamp only absorbs rounding).
    @inline(__always)
    static func longitudeGap(west: Double, east: Double, otherWest: Double, otherEast: Double) -> Double {
        if west <= otherEast && otherWest <= east { return 0 }
        var toOther = otherWest - east, fromOther = west - otherEast
        if toOther < 0 { toOther += 360 }
        if fromOther < 0 { fromOther += 360 }
        return min(180, min(toOther, fromOther))
    }
}
