import GeoCore

/// The cost model behind ``RPCLimits/maxWork``: how much CPU a call will take, estimated from its params
/// alone, before anything runs (and, for `forwardGeocode`, once more when the search reaches its fuzzy tier).
///
/// One unit is about one microsecond of CPU on the reference machine (2 cores, the release build) for the
/// whole call: search, result encoding and writing. Each figure is the worst measured for its kind of call
/// times about 2 (1.5 at least), so that the default budget of 10,000,000 units is at most about 5–6.5 s of
/// real CPU whatever the line holds, while a million default-radius points, or a batch of 10,000 ordinary
/// calls of any method, fits. Estimating from params rather than a clock keeps the limit deterministic:
/// the same line always gets the same answer, on any machine and under any load.
///
/// Every figure lives here, so the model can be recalibrated in one place when a search gets faster.
/// Origin of the figures below: `python3 scripts/work-calibrate .build/release/geocoder`, which times each
/// kind of call through a real server (CPU time from /proc, per call, over batches of hundreds to a hundred
/// thousand), run twice on 2026-11-24 at 13:35 and 13:39 UTC on the integrated branch h-rpc2 (bounded
/// forward search and best-first nearest-border search), machine shared with other builds; "measured" below
/// is the larger of the two runs. Where `geocoder-bench --nearest` or `--forward` (BENCHMARKS.md) found a
/// worse case, that figure is used instead and named.
public enum WorkCost {
    /// Every call, whatever it does: decoding the envelope and writing the reply object.
    static let perCall = 2

    /// One `reverseGeocode` point, or one point of `reverseGeocodeMany`, searched within `radiusKm`.
    ///
    /// Inside a country the answer costs under 1 µs at any radius (0.27 µs per point measured on land; a
    /// million mixed land and sea points 1.47 µs each). A point at sea searches the borders nearest first,
    /// and only up to the radius, so the cost grows with the radius until it passes the distance to the
    /// nearest border. Worst measured per point, over the worst points of `geocoder-bench --nearest` and a
    /// 5° grid of the South Pacific, radius → µs: 10 → 3.9 (the Amazon mouth), 50 → 4.0 (Chilean fjords),
    /// 100 → 6.6 (Canadian Arctic; 7.3 in BENCHMARKS.md), 500 → 6.0, 1,000 → 50 (52 in BENCHMARKS.md),
    /// 1,500 → 50, 2,000 → 100, 2,500 → 150, 3,000 → 250, 5,000 → 700, 10,000 → 660, 20,037.5 → 670
    /// (42° S 125° W; BENCHMARKS.md: 0.60–1.25 ms at 44.28° S 125.34° W over 4,010 sea points, 0.69 ms on a 1°
    /// grid). The table is about twice those; a radius between two rows costs the larger row, so the
    /// estimate never falls below the measured curve. Remeasured on 2026-12-07 on the CI machine, which is
    /// slower: 3,000 → 320, 5,000 → 1,660, 20,037.5 → 1,620 (42° S 125° W), so the last row went from 2,000
    /// to 3,200 (a line of 5,000 such points took 8 s of CPU, over the 5–6.5 s the budget means).
    /// - Parameter radiusKm: `maxDistanceKm`, already checked to lie in [0, 20037.5].
    /// - Returns: units per point.
    @inline(__always)
    public static func reversePoint(radiusKm: Double) -> Int {
        if radiusKm <= reverseTable[0].radius { return reverseTable[0].cost }  // the default radius: no walk
        for (radius, cost) in reverseTable where radiusKm <= radius { return cost }
        return reverseTable[reverseTable.count - 1].cost
    }

    /// (radius in km, units per point), by growing radius; see ``reversePoint(radiusKm:)``. The first row
    /// is the default radius: a million points at it cost 8,000,002 units, within the default budget.
    static let reverseTable: [(radius: Double, cost: Int)] = [
        (10, 8), (50, 9), (100, 15), (500, 15), (1_000, 100), (1_500, 100), (2_000, 200), (2_500, 300),
        (3_000, 500), (GeoCall.maxDistanceKmLimit, 3_200),
    ]

    /// One point's placemark: the country lookup (``reversePoint(radiusKm:)``), plus, for fields beyond the
    /// country, the same again for each polygon layer asked for (admin-1 and territory share one; the time
    /// zone is another): a layer lookup is the country lookup's work over another grid, a grid lookup inside
    /// a feature and a nearest-border search within the same radius outside one. Admin-1 adds
    /// `admin1Fallback` for the search among the country's own divisions that a point near a border may
    /// need (`CountryGazetteer.division(of:country:maxDistanceKm:in:)`), and the locality a nearest-place
    /// lookup (`localityPoint`). `[.country]` costs exactly ``reversePoint(radiusKm:)``, as before.
    /// Charged for what is asked, whether or not the layers are loaded, so the same line always costs
    /// the same.
    @inline(__always)
    public static func placemarkPoint(radiusKm: Double, fields: PlacemarkFields) -> Int {
        let lookup = reversePoint(radiusKm: radiusKm)
        var cost = lookup
        if !fields.isDisjoint(with: [.admin1, .territory]) { cost += lookup + admin1Fallback }
        if fields.contains(.timezone) { cost += lookup }
        if fields.contains(.locality) { cost += localityPoint }
        return cost
    }

    /// The admin-1 fallback's search among one country's divisions (`AreaLayer.nearest(to:among:)`): whole-
    /// polygon tests, then the edges of the divisions its latitude bound cannot rule out. Not yet measured
    /// on the real admin-1 data (issue 15's data work); an estimate of 10 µs per point on average.
    static let admin1Fallback = 10
    /// The nearest-place lookup of the locality (issue 15's places index); an estimate until it is measured.
    static let localityPoint = 4

    /// A whole `reverseGeocodeMany` call of `count` points; saturates instead of overflowing.
    public static func reverseMany(count: Int, radiusKm: Double, fields: PlacemarkFields = .country) -> Int {
        let perPoint = placemarkPoint(radiusKm: radiusKm, fields: fields)
        let (product, overflow) = count.multipliedReportingOverflow(by: perPoint)
        return overflow ? .max : perCall + product
    }

    /// One `forwardGeocode` call up to the fuzzy tier: the exact lookup, the prefix scan and the reply.
    ///
    /// The prefix scan and the reply grow with `limit` (a one-letter prefix matches thousands of names, and
    /// 250 results are a 93 KB reply); folding and qualifiers grow with the query's bytes. Measured (µs per
    /// call): an exact name (`"paris"`, limit 5) 12; one letter, limit 5, 225; one letter, limit 250, 1,070
    /// to 1,530 (`a`, `b`, `c`, `k`, `m`, `s`); two or three letters, limit 250, 530 to 970; 64,000 bytes of
    /// `"a,a,…"` 1,600, of `"Paris, France, France, …"` 600, of one letter or combining marks 400–600.
    /// Estimate: 400 + 10 per result of `limit` + 1 per 12 query bytes, so `"paris"` costs 452 (10,000 of
    /// them fit the default budget), one letter at limit 250 costs 2,902, 64,000 bytes 5,735; plus the
    /// prefix scan, charged once its length is known (``prefixScan(names:)``).
    /// Remeasured on 2026-12-07 on the CI machine (slower, and with five times the city names of
    /// Data/city-names.tsv): `"paris"` 18–26, `"a"` limit 5 615–760, one letter at limit 250 2,200–2,800,
    /// `"ab"` limit 250 (1,037 names under it) 1,100, 64,000 bytes of `"a,a,…"` 2,800. Without the scan's
    /// charge, 10,000 `["a", 250]` took 9.4 s of CPU (about 3,400 answered), near the 10 s that
    /// scripts/attack allows; with it, `"s"` at limit 250 (40,040 names) costs 5,404 (1.9×), `"a"` 4,475.
    /// The fuzzy walk, which only a query that matches no name and no prefix reaches, is charged
    /// separately when the search gets there (``fuzzy(editBound:)``), so ordinary names do not pay for it.
    /// - Parameters:
    ///   - queryBytes: the query's length in UTF-8 bytes.
    ///   - limit: the `limit` param, 1...250.
    public static func forward(queryBytes: Int, limit: Int) -> Int {
        // The length is capped at 2^24 bytes so the sum fits a 32-bit Int (wasm32), far above any string cap.
        perCall + forwardBase + forwardPerResult * limit + Swift.min(queryBytes, 1 << 24) / forwardBytesPerUnit
    }

    /// The prefix scan of a `forwardGeocode` call: scoring each name that starts with the query, asked
    /// by the search once it knows how many there are (a one-letter query has 17,000–40,000, `"paris"`
    /// a handful). Measured about 25 ns a name with its share of the reply (`"a"` at limit 5: 25,171 names,
    /// 615–760 µs); 1 unit per 16 names is about twice that.
    public static func prefixScan(names: Int) -> Int {
        names / prefixNamesPerUnit
    }

    static let prefixNamesPerUnit = 16

    static let forwardBase = 400
    static let forwardPerResult = 10
    static let forwardBytesPerUnit = 12

    /// The fuzzy walk of a `forwardGeocode` query that matched no name and no prefix, charged when the
    /// search reaches it, before it runs; its cost is bounded by the trie, not by the query.
    ///
    /// Measured whole calls that walk (µs), since the walk starts from the 4-byte group table: one edit
    /// (4–7 folded bytes) 33–40 (`"Germny"`, `"zqxjk"`); two edits (8 bytes or more) 600–930
    /// (`"wvqzpkdh"`, 18 consonants) in `scripts/work-calibrate`, and the worst of `geocoder-bench
    /// --forward`, a wrong first letter that reaches the `.other` walk (`"uangladwsh"`), 4.7 ms (11.4 ms
    /// before the table). Estimates 2,000 and 12,000, kept: about 2.5× that worst two-edit walk, so a line
    /// of no-match queries stops after about 800 of them.
    /// - Parameter editBound: 1 for queries of 4–7 folded scalars (letters), 2 from 8.
    public static func fuzzy(editBound: Int) -> Int {
        editBound <= 1 ? fuzzyOneEdit : fuzzyTwoEdits
    }

    static let fuzzyOneEdit = 2_000
    static let fuzzyTwoEdits = 12_000

    /// One `countriesInBBox` call: the countries' boxes, then a polygon test for those that meet the box,
    /// whose cost follows the box's area. Measured first: whole world 2,260–2,760 µs, 140°×360° 1,840–2,000,
    /// 45°×90° 210–240, 10°×10° 10, 1°×1° 4. Since countries whose boxes lie inside are taken without a
    /// walk (2026-12-07, CI machine, `scripts/work-calibrate --calls`, medians of 3): whole world 190,
    /// 140°×360° 920, 90°×180° 1,190, 45°×90° 420, 30°×70° 125. Estimate 52 + 10,000 × the box's share of
    /// the globe's lat/lon rectangle: 677 for 45°×90° (1.6×), 2,552 for 90°×180° (2.1×), 10,052 for the
    /// world (over-charged: about 1,000 of them fit a line), 67 for 10°×10° (10,000 fit easily).
    /// - Parameter box: the checked box; an antimeridian-crossing box counts its wrapped width.
    public static func countriesInBBox(_ box: GeoBox) -> Int {
        var width = box.maxLon - box.minLon
        if width < 0 { width += 360 }
        let fraction = Swift.min(1, Swift.max(0, width / 360 * (box.maxLat - box.minLat) / 180))
        return perCall + 50 + Int((10_000 * fraction).rounded(.up))
    }

    /// One `rpc.discover`: copying the OpenRPC document into the reply, charged 1 unit per 1,000 bytes
    /// (measured 9 µs for the 17 KB document; the estimate is about 2×).
    public static var discover: Int { perCall + OpenRPCDocument.json.utf8.count / 1_000 }

    /// One `nearby` call. The grid window grows with the radius squared, and so do the segments in it in a
    /// dense city; the reply with `limit`. Estimate (not yet calibrated by `scripts/work-calibrate`):
    /// 20 + (radiusM / 100)² + limit / 4 units: 50 at the default 500 m and 10 results (measured about
    /// 10–20 µs in-process on the generated city, `geocoder-bench --nearby`), 10,270 at 10 km and 1,000.
    ///
    /// A `geometry` filter costs ``geometryFactor`` times as much. Measured by `scripts/work-calibrate
    /// --layer` on the generated city (2026-11-25, machine loaded; CPU ticks of 10 ms over 2,000 calls, so
    /// ±5 µs) when the filter asked the search again for 4k, 16k, … features: 500 m and 10 results 25 µs
    /// unfiltered, 65 µs for points, 810 µs for lines (300 streets among 120,000 features); 100 m 25 → 45
    /// µs. Up to 64 results the k-nearest walk now filters by kind itself (one walk, about the unfiltered
    /// cost); above 64 the widening searches remain, which the factor covers only where the kind is common.
    public static func nearby(radiusM: Double, limit: Int, filtered: Bool = false) -> Int {
        let area = radiusM / 100
        let base = 20 + Int((area * area).rounded(.up)) + limit / 4
        return perCall + (filtered ? base * geometryFactor : base)
    }

    /// How many times an unfiltered `nearby` a `geometry`-filtered one costs.
    static let geometryFactor = 3

    /// One `whereAmI` point: the places containing it, a k-nearest walk for the roads within 20 m, walks
    /// with k = 1 for the nearest place and (without a road) the nearest road within 500 m, and the
    /// junction cells within 200 m. Measured on the generated city (2026-11-25, machine loaded): 10–11 µs
    /// in-process (`geocoder-bench --where`), 21 µs of server CPU per `whereAmI` request with its reply
    /// (100,000 requests piped through `geocoder serve`, heading 90°; 43 µs before the walks). 100 units,
    /// about 2× the larger (the old estimate of 4 `nearby` calls was 200); 10,000 trace points cost 1,000,002.
    static let whereAmIPoint = 100

    /// A batch form of `count` points at `perPoint` units each; saturates instead of overflowing.
    static func many(_ count: Int, _ perPoint: Int) -> Int {
        let (product, overflow) = count.multipliedReportingOverflow(by: perPoint)
        return overflow ? .max : perCall + product
    }

    /// A call that fails before it runs (unknown method, bad params): only the error reply.
    static let refused = perCall

    /// The estimate for a decoded call.
    /// - Parameter available: the placemark fields the server's data can answer
    ///   (`CountryGazetteer.availableFields`): a field whose layer is not loaded costs nothing.
    public static func estimate(_ call: GeoCall, available: PlacemarkFields = .all) -> Int {
        switch call {
        case .reverse(_, let radius, let fields):
            return perCall + placemarkPoint(radiusKm: radius, fields: fields.intersection(available))
        case .reverseMany(let points, let radius, let fields):
            return reverseMany(count: points.count, radiusKm: radius, fields: fields.intersection(available))
        case .forward(let query, let options): return forward(queryBytes: query.utf8.count, limit: options.limit)
        case .countriesInBBox(let box): return countriesInBBox(box)
        case .nearby(let request):
            return nearby(radiusM: request.radiusM, limit: request.limit, filtered: request.geometry != nil)
        case .whereAmI: return perCall + whereAmIPoint
        case .nearbyMany(let request):
            return many(request.points.count,
                        nearby(radiusM: request.radiusM, limit: request.limit, filtered: request.geometry != nil) - perCall)
        case .whereAmIMany(let request): return many(request.points.count, whereAmIPoint)
        }
    }
}
