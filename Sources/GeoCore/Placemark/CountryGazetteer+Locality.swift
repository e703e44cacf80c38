/// The placemark's `locality`: the populated place nearest a point, preferring one in the answered country.
extension CountryGazetteer {
    /// How much farther than the overall nearest place a place of the answered country may be and still be
    /// preferred: up to twice as far, and never less than this much farther (km).
    public static let sameCountryMarginKm = 5.0
    /// A place of the answered country farther than this is never preferred (km): beyond it neither place
    /// is "near", and the search for one stays a few dozen 1° buckets.
    public static let sameCountryMaxKm = 200.0

    /// The populated place (GeoNames city or town of 5,000+, or smaller place of 1,000+ from `localities.tsv`) nearest to `point`, with its distance, bearing and direction.
    ///
    /// **The same-country rule.** With d the great-circle distance to the nearest place of any country: when
    /// that place is not in `countryISO2` and a place of `countryISO2` lies within max(2·d, d + 5 km) and within
    /// 200 km, the nearest such place is the answer; otherwise the overall nearest. So a point in France 2 km from a Swiss
    /// suburb and 6 km from a French town is placed by the French town, while a point in France 1 km from a
    /// Swiss town and 40 km from the nearest French one is placed by the Swiss town.
    ///
    /// Distances are great-circle distances on the sphere of `Spherical.earthRadiusKm`, from the chord between
    /// unit vectors (2·asin(chord/2), exact at every distance, within 1e-12 of `Spherical.distanceKm`); places at the same
    /// distance go to the more populous, then the lower GeoNames id (`PlaceIndex`). The bearing is the initial
    /// bearing from `point` to the place (`Bearing.degrees`); a point exactly at a place has distance 0,
    /// bearing 0 and direction "N".
    /// - Parameters:
    ///   - point: any finite `lat` in [-90, 90] and finite `lon` (wrapped into [-180, 180)).
    ///   - countryISO2: the ISO alpha-2 code of the country the placemark answered (for a folded territory,
    ///     GeoNames files its places under the territory's own code: pass that); nil for no preference.
    /// - Returns: nil when the gazetteer has no places (loaded without the name tables) or `point` is not on
    ///   the sphere.
    /// - Complexity: O(1) typical: one leaf of the places index (`PlaceIndex.nearest(to:)`), plus a scan of
    ///   the 1° buckets within the radius when the rule applies.
    public func locality(near point: GeoPoint, countryISO2: String?) -> Locality? {
        guard point.lat >= -90, point.lat <= 90, point.lon.isFinite else { return nil }
        let p = GeoPoint(lat: point.lat, lon: point.lon >= -180 && point.lon <= 180 ? point.lon : GeoMath.wrappedLongitude(point.lon))
        return locality(at: p, countryCode: countryISO2.flatMap(CountryCode.pack) ?? 0)
    }

    /// The place `locality(near:countryISO2:)` answers, as an index for `place(_:)` (cities first, then
    /// localities), without building the answer.
    public func nearestPlace(to point: GeoPoint, countryISO2: String?) -> Int? {
        guard point.lat >= -90, point.lat <= 90, point.lon.isFinite else { return nil }
        let p = GeoPoint(lat: point.lat, lon: point.lon >= -180 && point.lon <= 180 ? point.lon : GeoMath.wrappedLongitude(point.lon))
        return nearestPlace(to: p, countryCode: countryISO2.flatMap(CountryCode.pack) ?? 0)?.place
    }

    /// The place `locality(near:countryISO2:)` answers, as a place number (`ForwardIndex.place`); `countryCode` is a
    /// packed alpha-2, 0 for no preference. `p` is on the sphere with `lon` in [-180, 180], `v` its unit vector.
    func nearestPlace(to p: GeoPoint, vector v: Vector3? = nil, countryCode: UInt16) -> (place: Int, chord2: Double)? {
        let places = search.places
        guard let nearest = places.nearest(to: p, vector: v ?? Vector3(p)) else { return nil }
        guard countryCode != 0, search.placeCountry(nearest.place) != countryCode else { return nearest }
        let d = PlaceIndex.angle(chord2: nearest.chord2)
        let radius = Swift.min(Swift.max(2 * d, d + Self.sameCountryMarginKm / Spherical.earthRadiusKm),
                               Self.sameCountryMaxKm / Spherical.earthRadiusKm)
        guard radius >= d,
              let same = places.nearest(to: p, country: countryCode, countries: search.cities.places.country,
                                        more: search.localities.country, radius: radius)
        else { return nearest }
        return same
    }

    /// The `Locality` of `point` (on the sphere, `lon` in [-180, 180]): its place, distance and direction.
    /// The number of places the locality chooses from: the cities, then the localities.
    public var placeCount: Int { search.places.count }

    /// Place `i`'s position and GeoNames id (`i` below `placeCount`: cities first, then localities).
    public func place(_ i: Int) -> (point: GeoPoint, geonameid: Int) {
        let row = search.place(i)
        return (row.point, Int(row.geonameid))
    }

    func locality(at point: GeoPoint, countryCode: UInt16) -> Locality? {
        let (sinLat, cosLat) = GeoMath.sinCos(degrees: point.lat)
        let (sinLon, cosLon) = GeoMath.sinCos(degrees: point.lon)
        let v = Vector3(x: cosLat * cosLon, y: cosLat * sinLon, z: sinLat)
        guard let (i, chord2) = nearestPlace(to: point, vector: v, countryCode: countryCode) else { return nil }
        let row = search.place(i)
        let division = Int(row.admin1)
        let bearing = chord2 == 0 ? 0 : Bearing.degrees(sinLat: sinLat, cosLat: cosLat, sinLon: sinLon, cosLon: cosLon,
                                                       to: search.places.vector(i))
        return Locality(name: search.places.names.string(i), geonameid: Int(row.geonameid),
                        population: Int(row.population), countryISO2: CountryCode.unpack(row.country),
                        admin1: division >= 0 ? search.labels.string(Int(search.admin1.name[division])) : nil,
                        distanceKm: PlaceIndex.angle(chord2: chord2) * Spherical.earthRadiusKm,
                        bearing: bearing, direction: Bearing.wind(bearing))
    }
}
