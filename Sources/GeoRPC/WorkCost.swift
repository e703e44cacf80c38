import GeoCore

/// The cost model behind ``RPCLimits/maxWork``: how much CPU a call will take, estimated from its params
/// alone, before anything runs.
///
/// One unit is about one microsecond of CPU on the reference machine (2 cores, the release build) for the
/// whole call: search, result encoding and writing. The figures are deliberately pessimistic upper
/// bounds of what was measured, so a line under the budget is really under it. Estimating from params
/// rather than a clock keeps the limit deterministic: the same line always gets the same answer, on any
/// machine and under any load.
///
/// Every figure lives here, so the model can be recalibrated in one place when a search gets faster:
/// `python3 scripts/work-calibrate` times each kind of call through a real server (CPU time from /proc)
/// and prints the figures quoted below. Measured on main at 13b27ca, before the bounded nearest-border
/// search and the bounded forward search; recalibrate after those land.
public enum WorkCost {
    /// Every call, whatever it does: decoding the envelope and writing the reply object.
    static let perCall = 2

    /// One `reverseGeocode` point, or one point of `reverseGeocodeMany`, searched within `radiusKm`.
    ///
    /// Inside a country the answer costs about 1 µs at any radius. A point at sea searches the borders
    /// within the radius, and the cost grows steeply with it. Measured per point at Point Nemo (48.88° S,
    /// 123.39° W, the farthest point from land, so the worst case), radius → µs: 10 → 0.3, 100 → 0.5,
    /// 500 → 5, 1,000 → 10, 1,500 → 67, 2,000 → 125, 2,500 → 5,300, 3,000 → 8,000, 4,000 → 12,000,
    /// 5,000 → 13,000, 10,000 → 19,000, 20,037.5 → 26,000 (31–44 ms in the runs). The table below
    /// is those figures rounded up by about half; a radius between two rows costs the larger row, so the
    /// estimate never falls below the measured curve, which only grows with the radius.
    /// - Parameter radiusKm: `maxDistanceKm`, already checked to lie in [0, 20037.5].
    /// - Returns: units per point.
    @inline(__always)
    public static func reversePoint(radiusKm: Double) -> Int {
        if radiusKm <= reverseTable[0].radius { return reverseTable[0].cost }  // the default radius: no walk
        for (radius, cost) in reverseTable where radiusKm <= radius { return cost }
        return reverseTable[reverseTable.count - 1].cost
    }

    /// (radius in km, units per point), by growing radius; see ``reversePoint(radiusKm:)``.
    static let reverseTable: [(radius: Double, cost: Int)] = [
        (100, 2), (500, 8), (1_000, 16), (1_500, 100), (2_000, 200), (2_500, 8_000), (3_000, 12_000),
        (4_000, 18_000), (5_000, 20_000), (10_000, 30_000), (GeoCall.maxDistanceKmLimit, 44_000),
    ]

    /// A whole `reverseGeocodeMany` call of `count` points; saturates instead of overflowing.
    public static func reverseMany(count: Int, radiusKm: Double) -> Int {
        let perPoint = reversePoint(radiusKm: radiusKm)
        let (product, overflow) = count.multipliedReportingOverflow(by: perPoint)
        return overflow ? .max : perCall + product
    }

    /// One `forwardGeocode` call up to the fuzzy tier: the exact lookup, the prefix scan and the reply.
    ///
    /// The prefix scan and the reply grow with `limit` (a one-letter prefix matches thousands of names, and
    /// 250 results are a 93 KB reply); folding and qualifiers grow with the query's bytes. The fuzzy walk,
    /// which only a query that matches nothing else reaches, is charged separately when the search gets
    /// there (``fuzzy(editBound:)``), so ordinary names do not pay for it.
    /// - Parameters:
    ///   - queryBytes: the query's length in UTF-8 bytes.
    ///   - limit: the `limit` param, 1...250.
    public static func forward(queryBytes: Int, limit: Int) -> Int {
        perCall + forwardBase + forwardPerResult * limit + Swift.min(queryBytes, 1 << 40) / forwardBytesPerUnit
    }

    static let forwardBase = 400
    static let forwardPerResult = 10
    static let forwardBytesPerUnit = 32

    /// The fuzzy walk of a `forwardGeocode` query that matched no name and no prefix, charged when the
    /// search reaches it; its cost does not grow with the query (it is bounded by the trie, not the query).
    /// - Parameter editBound: 1 for queries of 4–7 folded bytes, 2 from 8.
    public static func fuzzy(editBound: Int) -> Int {
        editBound <= 1 ? fuzzyOneEdit : fuzzyTwoEdits
    }

    static let fuzzyOneEdit = 1_000
    static let fuzzyTwoEdits = 12_000

    /// One `countriesInBBox` call: the countries' boxes, then a polygon test for those that meet the box,
    /// whose cost follows the box's area (measured 3.6 ms for the whole world, 9.6 ms in the runs;
    /// 200 µs for 45°×90°, 10 µs for 10°×10°, under 1 µs for 1°×1°).
    /// - Parameter box: the checked box; an antimeridian-crossing box counts its wrapped width.
    public static func countriesInBBox(_ box: GeoBox) -> Int {
        var width = box.maxLon - box.minLon
        if width < 0 { width += 360 }
        let fraction = Swift.min(1, Swift.max(0, width / 360 * (box.maxLat - box.minLat) / 180))
        return perCall + 50 + Int((12_000 * fraction).rounded(.up))
    }

    /// One `rpc.discover`: copying the OpenRPC document into the reply, charged 1 unit per 200 bytes
    /// (measured 13 µs for the 16 KB document; the estimate is 82).
    public static var discover: Int { perCall + OpenRPCDocument.json.utf8.count / 200 }

    /// A call that fails before it runs (unknown method, bad params): only the error reply.
    static let refused = perCall

    /// The estimate for a decoded call.
    public static func estimate(_ call: GeoCall) -> Int {
        switch call {
        case .reverse(_, let radius): return perCall + reversePoint(radiusKm: radius)
        case .reverseMany(let points, let radius): return reverseMany(count: points.count, radiusKm: radius)
        case .forward(let query, let options): return forward(queryBytes: query.utf8.count, limit: options.limit)
        case .countriesInBBox(let box): return countriesInBBox(box)
        }
    }
}
