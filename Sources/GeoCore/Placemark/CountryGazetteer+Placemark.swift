extension CountryGazetteer {
    /// The placemark of `point`: its country as `reverse(_:maxDistanceKm:)` answers, and the members of
    /// `fields` that the loaded layers know.
    ///
    /// - admin1: the division containing the point (the admin-1 grid's answer, identical to whole-polygon
    ///   tests), accepted only when it belongs to the answered country; otherwise (the point answered as
    ///   `nearest`, in another country's division, or in none) the nearest division of that country
    ///   (`nearestDivision`). No division without a country.
    /// - territory: the division's `territory_*` properties, when it lies in a folded territory.
    /// - timezone: the zone containing the point, else the zone whose border is nearest within
    ///   `maxDistanceKm`, else (open sea the data has no zone for) the nautical `Etc/GMT±N` zone of the
    ///   longitude (`NauticalZone`).
    /// - locality: the nearest populated place (`locality(near:countryISO2:)`).
    ///
    /// `fields == [.country]` does the country lookup and nothing else.
    /// - Returns: nil when nothing at all is known (no country within the radius and no other member).
    /// - Complexity: the country lookup, plus one grid lookup per polygon layer for most points; see
    ///   `nearestDivision` for the fallback's bound.
    public func placemark(at point: GeoPoint, maxDistanceKm: Double = defaultMaxDistanceKm,
                          fields: PlacemarkFields = .all) -> Placemark? {
        // The country is always available, so `[.country]` needs no look at the other layers
        // (`availableFields` reads the deferred sections and the places index: a third of a country lookup).
        if fields.isCountryOnly {
            guard let country = reverse(point, maxDistanceKm: maxDistanceKm) else { return nil }
            return Placemark(countryOnly: country)
        }
        let fields = fields.intersection(availableFields)
        let country = reverse(point, maxDistanceKm: maxDistanceKm)
        if fields.isCountryOnly { return country.map { Placemark(countryOnly: $0) } }
        return complete(point, country: country, maxDistanceKm: maxDistanceKm, fields: fields)
    }

    /// `placemark(at:maxDistanceKm:fields:)` for many points, in order; the country lookups go through the
    /// batch `reverse(_:maxDistanceKm:)`.
    public func placemarks(at points: [GeoPoint], maxDistanceKm: Double = defaultMaxDistanceKm,
                           fields: PlacemarkFields = .all) -> [Placemark?] {
        let fields = fields.isCountryOnly ? fields : fields.intersection(availableFields)
        let countries = reverse(points, maxDistanceKm: maxDistanceKm)
        if fields.isCountryOnly { return countries.map { $0.map { Placemark(countryOnly: $0) } } }
        return points.indices.map { complete(points[$0], country: countries[$0], maxDistanceKm: maxDistanceKm, fields: fields) }
    }

    /// The fields this gazetteer's layers can answer: the country always; admin-1 and territory with the
    /// admin-1 layer, the time zone with the time-zone layer, the locality with the places index. A field
    /// asked for but not available is left out of the answer (its member is absent, not null).
    public var availableFields: PlacemarkFields {
        var fields: PlacemarkFields = .country
        // A section not loaded yet counts: `loading(_:)` gives the gazetteer that answers it.
        let later = deferredSections
        if layers.admin1 != nil || later.contains(.admin1) { fields.formUnion([.admin1, .territory]) }
        if layers.timezones != nil || later.contains(.timezones) { fields.insert(.timezone) }
        if hasLocalities || later.contains(.places) { fields.insert(.locality) }
        return fields
    }

    /// The placemark once the country answer is known.
    ///
    /// The members are found as numbers (a feature, a zone, a place) and decoded only when read
    /// (`PlacemarkSource` says why); the answer is one value with one reference, built once at the end.
    func complete(_ point: GeoPoint, country: ReverseMatch?, maxDistanceKm: Double,
                  fields: PlacemarkFields) -> Placemark? {
        let source = placemarkSource
        var found = Placemark.Found(source: source, point: point)
        // The country GeoNames files the point's places under: a folded territory's own code (GF, not FR)
        // when the territory was asked for and found, -1 to take the answered country's.
        var territoryCode: Int32 = -1
        if !fields.isDisjoint(with: [.admin1, .territory]), let admin1 = source.layers.admin1, let country,
           let division = division(of: point, country: country, maxDistanceKm: maxDistanceKm, in: admin1) {
            if fields.contains(.admin1) {
                found.division = Int32(division.feature)
                found.divisionKm = division.distanceKm
            }
            if fields.contains(.territory), source.hasTerritory[division.feature] {
                found.territory = Int32(division.feature)
                territoryCode = source.territoryCodes[division.feature]
            }
        }
        if fields.contains(.timezone), let zones = source.layers.timezones {
            found.zone = zone(at: point, maxDistanceKm: maxDistanceKm, in: zones)
        }
        if fields.contains(.locality), point.lat >= -90, point.lat <= 90, point.lon.isFinite {
            let p = GeoPoint(lat: point.lat, lon: point.lon >= -180 && point.lon <= 180 ? point.lon : GeoMath.wrappedLongitude(point.lon))
            let preferred = territoryCode >= 0 ? UInt16(territoryCode) : country.map { source.countryCodes[$0.countryIndex] } ?? 0
            if let (place, chord2) = nearestPlace(to: p, countryCode: preferred) {
                found.point = p
                found.place = Int32(place)
                found.placeChord2 = chord2
            }
        }
        let countryMember = fields.contains(.country) ? country : nil
        if countryMember == nil && found.isEmpty { return nil }
        return Placemark(country: countryMember, found: found)
    }

    /// How far beyond the country's own border distance the admin-1 fallback first looks for the nearest
    /// division (km). The admin-1 and country polygons are generalised apart, so their coasts differ by up to
    /// a few hundred metres: within 1 km of the country's distance, the first search found the nearest
    /// division for 75,362 of 76,680 near-border points in no division (`geocoder-bench --placemark`'s
    /// points, 2026-12-07), and the search at 1 km more took 1.6 µs against 2.3 µs at 10 km.
    static let divisionHintMarginKm = 1.0

    /// The admin-1 division of `country` for `point`: the containing division when it is the country's,
    /// else the nearest of the country's divisions.
    ///
    /// The fallback asks the layer's index for the nearest division within `max(maxDistanceKm, 10)` km
    /// first (a few border cells; within the country's distance + `divisionHintMarginKm` before that); only when that names no division or another country's does it search the
    /// country's own divisions (`AreaLayer.nearest(to:among:)`: whole-polygon tests of the divisions whose box
    /// holds the point, none when the grid found it in no division; then the edges of the country's
    /// divisions, the one of least lower bound from their boxes first, skipping divisions, groups of runs and
    /// runs of edges farther than the best so far). That search is exact, allocates nothing, and is bounded
    /// by the vertices of one country's divisions.
    /// - Returns: nil when the country has no division in the layer.
    func division(of point: GeoPoint, country: ReverseMatch, maxDistanceKm: Double,
                  in admin1: AreaLayer) -> (feature: Int, distanceKm: Double)? {
        let owner = Int32(country.countryIndex)
        // A division of the country that contains the point is its nearest one too (distance 0), whether
        // the country layer answered `inside` or, where the two layers' coastlines differ, `nearest`.
        let inside = admin1.index.area(containing: point)
        if let inside, layers.divisionCountry[inside] == owner { return (inside, 0) }
        let candidates = layers.countryDivisions[country.countryIndex]
        if candidates.isEmpty { return nil }
        // In no division: the nearest border is the nearest division's. (Inside another country's division,
        // the nearest border might be that division's own, so only the restricted search is sure.)
        guard inside == nil else { return admin1.nearest(to: point, among: candidates) }
        // The nearest division within the radius, looked for first within the country's own distance plus
        // `divisionHintMarginKm`: the search's cost grows with its radius, and the nearest area within the
        // smaller radius, when there is one, is the nearest within the larger (the same area and distance).
        let radius = Swift.max(maxDistanceKm, Self.defaultMaxDistanceKm)
        let hint = country.distanceKm + Self.divisionHintMarginKm
        var near = hint < radius ? admin1.index.nearestArea(to: point, withinKm: hint) : nil
        if near == nil { near = admin1.index.nearestArea(to: point, withinKm: radius) }
        if let near, layers.divisionCountry[near.area] == owner {
            return (near.area, near.distanceKm)
        }
        // The grid found the point in no division, so the restricted search needs no containment test.
        return admin1.nearest(to: point, among: candidates, knownOutside: true).map { ($0.feature, $0.distanceKm) }
    }

    /// The time zone of `point`: containing zone, else the nearest within the radius, else nautical; as a
    /// `Placemark.Found.zone`.
    /// A zone without a `tzid` answers no time zone (`noZone`), as its value would.
    func zone(at point: GeoPoint, maxDistanceKm: Double, in zones: AreaLayer) -> Int32 {
        if let zone = zones.index.area(containing: point) { return placemarkSource.zoneNumber(zone) }
        if maxDistanceKm > 0, let near = zones.index.nearestArea(to: point, withinKm: maxDistanceKm) {
            return placemarkSource.zoneNumber(near.area)
        }
        return Placemark.Found.nautical(offsetHours: NauticalZone.offsetHours(longitude: point.lon))
    }

    /// Whether a places index is loaded (the placemark can have a locality): the gazetteer was built with
    /// the GeoNames cities.
    var hasLocalities: Bool { search.places.count > 0 }
}
