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
/// Every figure lives here, so the model can be recalibrated in one place when a search gets faster
/// (`python3 /tmp/…/calib.py` style: time each kind of call through a real server and divide). Measured
/// on main at 13b27ca (before the bounded nearest-border search and the cheap short-prefix forward search).
public enum WorkCost {
    /// Every call, whatever it does: decoding the envelope and writing the reply object.
    static let perCall = 2

    /// One `reverseGeocode` point, or one point of `reverseGeocodeMany`, searched within `radiusKm`.
    ///
    /// Inside a country the answer costs about 1 µs at any radius. A point at sea searches the borders
    /// within the radius, and the cost grows with the area searched: measured 0.4 µs per point at 10 km,
    /// 3 µs at 500 km, 100 µs at 2,000 km, 1.8 ms at 5,000 km, 28–44 ms at 20,037.5 km (far-sea points, the
    /// worst case). `1 + 44_000 · (r / 20_037.5)²` bounds every one of these from above.
    /// - Parameter radiusKm: `maxDistanceKm`, already checked to lie in [0, 20037.5].
    /// - Returns: units per point.
    public static func reversePoint(radiusKm: Double) -> Int {
        let fraction = radiusKm / GeoCall.maxDistanceKmLimit
        return 1 + Int((44_000 * fraction * fraction).rounded(.up))
    }

    /// A whole `reverseGeocodeMany` call of `count` points; saturates instead of overflowing.
    public static func reverseMany(count: Int, radiusKm: Double) -> Int {
        let perPoint = reversePoint(radiusKm: radiusKm)
        let (product, overflow) = count.multipliedReportingOverflow(by: perPoint)
        return overflow ? .max : perCall + product
    }

    /// One `forwardGeocode` call.
    ///
    /// The search visits the name trie along the query (its length) and then gathers up to `limit` matches,
    /// each written as a ~370-byte object: measured `"a"` with limit 250 at 27 ms, limit 5 at 1.3 ms,
    /// `"paris"` at 0.1 ms, a 1,000-byte query at 2 ms. Short queries with a large limit are the expensive
    /// ones (a one-letter prefix matches thousands of names), hence the term that falls with length.
    /// - Parameters:
    ///   - queryBytes: the query's length in UTF-8 bytes.
    ///   - limit: the `limit` param, 1...250.
    public static func forward(queryBytes: Int, limit: Int) -> Int {
        let shortQuery = queryBytes <= 2 ? 110 : (queryBytes <= 4 ? 25 : 3)
        return perCall + 200 + shortQuery * limit + 3 * Swift.min(queryBytes, 1 << 40)
    }

    /// One `countriesInBBox` call: the countries' boxes, then a polygon test for those that meet the box,
    /// whose cost follows the box's area (measured 9.6 ms for the whole world, 40 µs for 1°×1°).
    /// - Parameter box: the checked box; an antimeridian-crossing box counts its wrapped width.
    public static func countriesInBBox(_ box: GeoBox) -> Int {
        var width = box.maxLon - box.minLon
        if width < 0 { width += 360 }
        let fraction = Swift.min(1, Swift.max(0, width / 360 * (box.maxLat - box.minLat) / 180))
        return perCall + 50 + Int((12_000 * fraction).rounded(.up))
    }

    /// One `rpc.discover`: copying the OpenRPC document into the reply, about 1 unit per 200 bytes
    /// (measured 25 µs for the ~40 KB document).
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

/// What is left of one line's ``RPCLimits/maxWork``, spent call by call in the order the calls appear.
///
/// The first call that does not fit, and every call after it in the same line, is refused with the
/// `maxWork` error and its own id; the calls before it were answered in full. Refused calls cost nothing,
/// but the budget stays closed, so what a batch gets never depends on how its later calls are sized.
struct WorkBudget {
    let max: Int
    private(set) var remaining: Int
    private(set) var closed = false

    init(max: Int) {
        self.max = max
        remaining = max
    }

    /// Takes `cost` from the budget.
    /// - Returns: nil when the call may run, else the error to answer it with.
    mutating func charge(_ cost: Int) -> LimitExceeded? {
        if closed || cost > remaining {
            closed = true
            return LimitExceeded(limit: .work, max: max, found: cost, remaining: remaining)
        }
        remaining -= cost
        return nil
    }
}
