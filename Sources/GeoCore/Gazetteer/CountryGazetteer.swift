/// The country dataset with everything its queries need, built once at load.
///
/// Answers the three questions the server asks: which country contains a point (`reverse`), where a
/// named country is (`forward`), and which countries a box touches (`countries(in:)`).
public struct CountryGazetteer: Sendable {
    /// The countries, in the order of the source file.
    public let countries: [Country]
    let index: CountryIndex
    /// Names of countries and cities for `forward` (`ForwardIndex`).
    var search: ForwardIndex { didSet { refreshPlacemarkSource() } }
    let centroids: [GeoPoint]
    let boxes: [GeoBox]
    /// Each country's position when sorted by English name, then ADM0_A3: the order of `countries(in:)`.
    let displayRank: [Int]
    /// The other polygon layers a placemark draws on (admin-1 divisions, time zones); empty until
    /// `withLayers(admin1:timezones:)` adds them (`CountryGazetteer+Layers.swift`).
    var layers = PlacemarkLayers() { didSet { refreshPlacemarkSource() } }
    /// `layers` and `search` as a placemark reads them (`PlacemarkSource`); remade whenever either changes.
    private(set) var placemarkSource: PlacemarkSource
    /// The index sections not read yet, for a gazetteer loaded lazily (`CountryGazetteer+Sections.swift`);
    /// nil when everything it has is loaded.
    var deferred: DeferredSections? = nil

    /// The default search radius for points that fall in no country, in km. It absorbs the 1:10m
    /// coastline's generalisation: a beach or a pier can lie a few hundred metres outside the polygon.
    public static let defaultMaxDistanceKm = 10.0

    /// Builds the indexes over `countries`.
    ///
    /// The countries are kept without their geometry: the index holds every vertex once, and a second
    /// copy would double the memory for nothing (`Country.geometry` is empty in `countries`).
    /// - Complexity: O(total vertices), dominated by the grid index build.
    public init(countries: [Country], cellSize: Double = CountryIndex.defaultCellSize) {
        let index = CountryIndex(areas: countries.map { $0.geometry }, cellSize: cellSize)
        var centroids: [GeoPoint] = []
        var boxes: [GeoBox] = []
        for country in countries {
            let box = GeoBox.covering(country.geometry.polygons.map { $0.bounds })
                ?? GeoBox(minLat: 0, minLon: 0, maxLat: 0, maxLon: 0)
            boxes.append(box)
            centroids.append(Spherical.centroid(of: country.geometry)
                ?? country.labelPoint
                ?? GeoPoint(lat: (box.minLat + box.maxLat) / 2, lon: (box.minLon + box.maxLon) / 2))
        }
        var bare = countries
        for k in bare.indices { bare[k].geometry = MultiPolygon(polygons: []) }
        self.init(countries: bare, index: index, centroids: centroids, boxes: boxes)
    }

    /// Assembles a gazetteer from parts already computed (by `init(countries:cellSize:)` or read from a
    /// binary index); builds the name index and the display order.
    init(countries: [Country], index: CountryIndex, centroids: [GeoPoint], boxes: [GeoBox], search: ForwardIndex? = nil) {
        self.countries = countries
        self.index = index
        self.centroids = centroids
        self.boxes = boxes
        let search = search ?? ForwardIndex(countries: countries, data: nil)
        self.search = search
        placemarkSource = PlacemarkSource(layers: PlacemarkLayers(), search: search, countries: countries)
        let order = countries.indices.sorted { a, b in
            let l = countries[a], r = countries[b]
            return l.name != r.name ? l.name < r.name : l.adm0a3 < r.adm0a3
        }
        var rank = [Int](repeating: 0, count: countries.count)
        for (position, country) in order.enumerated() { rank[country] = position }
        displayRank = rank
    }

    /// The country containing `point`, else the one whose border is nearest within `maxDistanceKm`.
    /// - Parameters:
    ///   - point: `lat` finite in [-90, 90] (the caller checks); any finite `lon`, wrapped into [-180, 180).
    ///   - maxDistanceKm: the search radius for points in no country; 0 asks for strict containment.
    /// - Returns: nil when no country contains the point and none is that close.
    /// - Complexity: one table read for most points; see `CountryIndex`.
    public func reverse(_ point: GeoPoint, maxDistanceKm: Double = defaultMaxDistanceKm) -> ReverseMatch? {
        match(point, inside: index.area(containing: point), maxDistanceKm: maxDistanceKm)
    }

    /// The answer for `point` once its containing area (nil: none) is known: that area, else the nearest
    /// border within `maxDistanceKm`.
    private func match(_ point: GeoPoint, inside area: Int?, maxDistanceKm: Double) -> ReverseMatch? {
        if let area { return ReverseMatch(countryIndex: area, kind: .inside, distanceKm: 0) }
        guard maxDistanceKm > 0, let near = index.nearestArea(to: point, withinKm: maxDistanceKm) else { return nil }
        return ReverseMatch(countryIndex: near.area, kind: .nearest, distanceKm: near.distanceKm)
    }

    /// `reverse(_:maxDistanceKm:)` for many points, with the same answers, in order.
    ///
    /// Containment goes through `CountryIndex.areas(containing:into:)`, which overlaps the cache misses of
    /// 16 points at a time (near borders about 1.3–1.5× the rate of one call per point); points in no
    /// country then search for the nearest border through `CountryIndex.nearestAreas`, which does the same
    /// for their first border records.
    public func reverse(_ points: [GeoPoint], maxDistanceKm: Double = defaultMaxDistanceKm) -> [ReverseMatch?] {
        var areas = [Int32](repeating: -1, count: points.count)
        points.withUnsafeBufferPointer { p in areas.withUnsafeMutableBufferPointer { index.areas(containing: p, into: $0) } }
        guard maxDistanceKm > 0 else {
            return areas.map { $0 >= 0 ? ReverseMatch(countryIndex: Int($0), kind: .inside, distanceKm: 0) : nil }
        }
        // Points in no country search for the nearest border in groups (`CountryIndex.nearestAreas`).
        var sea: [Int] = []
        for k in points.indices where areas[k] < 0 { sea.append(k) }
        var near = [(area: Int, distanceKm: Double)?](repeating: nil, count: sea.isEmpty ? 0 : points.count)
        if !sea.isEmpty {
            points.withUnsafeBufferPointer { p in
                near.withUnsafeMutableBufferPointer { index.nearestAreas(to: p, indices: sea, withinKm: maxDistanceKm, into: $0) }
            }
        }
        return points.indices.map { k in
            if areas[k] >= 0 { return ReverseMatch(countryIndex: Int(areas[k]), kind: .inside, distanceKm: 0) }
            return near[k].map { ReverseMatch(countryIndex: $0.area, kind: .nearest, distanceKm: $0.distanceKm) }
        }
    }

    /// The countries whose land really meets `box` (polygon intersection, not bounding-box overlap).
    /// - Returns: indices into `countries`, sorted by English name, then ADM0_A3.
    ///
    /// A country whose own box lies inside `box` meets it without a polygon test, and one whose box misses
    /// `box` cannot meet it; the grid is walked only for the rest, and stops once they are all found. A box
    /// around the whole world costs a pass over the countries' boxes, not over every cell of the grid
    /// (2.5 ms before, for each of a batch of 10,000 such calls: scripts/attack check 9).
    public func countries(in box: GeoBox) -> [Int] {
        let parts = box.parts
        // `found` starts true for the countries already decided, which the grid walk then skips; `inside`
        // marks those decided in, `candidate` those left to the walk.
        var found = [Bool](repeating: false, count: countries.count)
        var inside = found, candidate = found
        var remaining = 0
        var windows: [(country: Int, box: BoundingBox)] = [], windowArea = 0.0, unboxed = false
        for k in countries.indices {
            let own = boxes[k]
            // A country with no polygon has the box 0,0,0,0 (`init(countries:cellSize:)`): left to the
            // grid, which never finds it.
            let hasArea = own.minLat != 0 || own.minLon != 0 || own.maxLat != 0 || own.maxLon != 0
            // The country's box as one or two spans, without an array per country (a 10°×10° box costs
            // a few µs in all). `parts` already holds the zero-width span on the other spelling of ±180°.
            let crosses = own.crossesAntimeridian
            let east = BoundingBox(west: own.minLon, south: own.minLat, east: crosses ? 180 : own.maxLon, north: own.maxLat)
            let west = BoundingBox(west: -180, south: own.minLat, east: own.maxLon, north: own.maxLat)
            let spans = 0..<(crosses ? 2 : 1)
            func span(_ i: Int) -> BoundingBox { i == 0 ? east : west }
            if hasArea && spans.allSatisfy({ i in parts.contains { $0.contains(span(i)) } }) {
                inside[k] = true
                found[k] = true
            } else if !hasArea {
                candidate[k] = true
                remaining += 1
                unboxed = true
            } else if spans.contains(where: { i in parts.contains { $0.intersects(span(i)) } }) {
                candidate[k] = true
                remaining += 1
                for i in spans {
                    for part in parts where part.intersects(span(i)) {
                        let window = part.intersection(span(i))
                        windows.append((k, window))
                        windowArea += window.degreeArea
                    }
                }
            } else {
                found[k] = true
            }
        }
        // A candidate can only meet the box inside its own box: walk those windows when they are smaller
        // in all than the box (a box that cuts Antarctica walks its sliver of it, not the world), else the box.
        if !unboxed && windowArea < parts.reduce(0, { $0 + $1.degreeArea }) {
            for (k, window) in windows where remaining > 0 && !found[k] {
                index.collectAreas(intersecting: window, into: &found, remaining: &remaining)
            }
        } else {
            for part in parts where remaining > 0 {
                index.collectAreas(intersecting: part, into: &found, remaining: &remaining)
            }
        }
        var result: [Int] = []
        for k in countries.indices where inside[k] || (candidate[k] && found[k]) { result.append(k) }
        result.sort { displayRank[$0] < displayRank[$1] }
        return result
    }

    /// The country's area-weighted centroid on the sphere.
    public func centroid(of index: Int) -> GeoPoint { centroids[index] }

    /// The narrowest box around the country; `minLon > maxLon` when it crosses the antimeridian.
    public func bounds(of index: Int) -> GeoBox { boxes[index] }

    /// The grid index, for benchmarks and exactness checks.
    public var spatialIndex: CountryIndex { index }

    /// Remakes `placemarkSource` from the current `layers` and `search`. Property observers do not run in an
    /// initialiser, so one that sets either of them calls this itself.
    mutating func refreshPlacemarkSource() {
        placemarkSource = PlacemarkSource(layers: layers, search: search, countries: countries)
    }
}
