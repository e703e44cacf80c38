/// What a placemark's members are read from: the layers and places of the gazetteer that answered it.
///
/// Why a placemark keeps numbers and this, not strings: building a full placemark's dozen strings and
/// boxing them cost more than the four lookups that find them (measured with `geocoder-bench --placemark`:
/// 290 ns for `[country, timezone]` against 110 ns for the two grid lookups). A `Placemark` made by the
/// gazetteer holds the admin-1 feature, the zone and the place as numbers and one reference to this
/// object; its members are decoded when read. The object is made once per gazetteer (whenever its layers
/// or places change), is immutable, and costs one retain per placemark copy.
final class PlacemarkSource: Sendable {
    let layers: PlacemarkLayers
    let search: ForwardIndex
    /// Each country's ISO alpha-2, packed (`CountryCode.pack`), 0 when it has none: the locality's preferred
    /// country without a string per answer.
    let countryCodes: [UInt16]
    /// Per admin-1 division: -1 when it lies in no folded territory or its territory has no alpha-2, else
    /// the territory's packed alpha-2 (0 when not two letters), the country GeoNames files its places under.
    let territoryCodes: [Int32]
    /// Per admin-1 division: whether any `territory_*` property is set (the placemark's `territory`).
    let hasTerritory: [Bool]
    /// Whether every time zone has its `tzid` (the built-in layer's always do): then `zoneNumber` need not look.
    let everyZoneNamed: Bool

    init(layers: PlacemarkLayers, search: ForwardIndex, countries: [Country]) {
        self.layers = layers
        self.search = search
        countryCodes = countries.map { $0.iso2.flatMap(CountryCode.pack) ?? 0 }
        var codes: [Int32] = []
        var territory: [Bool] = []
        if let admin1 = layers.admin1 {
            let s = layers.slots
            for feature in 0..<admin1.featureCount {
                let iso2 = admin1.value(feature, s.territoryIso2)
                codes.append(iso2.map { Int32(CountryCode.pack($0) ?? 0) } ?? -1)
                territory.append(iso2 != nil || admin1.value(feature, s.territoryIso3) != nil
                                 || admin1.value(feature, s.territoryName) != nil)
            }
        }
        territoryCodes = codes
        hasTerritory = territory
        if let zones = layers.timezones {
            everyZoneNamed = (0..<zones.featureCount).allSatisfy { zones.value($0, layers.slots.tzid) != nil }
        } else {
            everyZoneNamed = true
        }
    }

    /// `Placemark.Found.zone` for time-zone feature `zone`: the feature, or `noZone` when it has no `tzid`.
    @inline(__always)
    func zoneNumber(_ zone: Int) -> Int32 {
        everyZoneNamed || layers.timezones?.value(zone, layers.slots.tzid) != nil ? Int32(zone) : Placemark.Found.noZone
    }

    /// The `admin1` member of admin-1 feature `feature`.
    func admin1(_ feature: Int, distanceKm: Double) -> Placemark.Admin1? {
        guard let admin1 = layers.admin1 else { return nil }
        let s = layers.slots
        return Placemark.Admin1(name: admin1.value(feature, s.nameEn) ?? admin1.value(feature, s.name) ?? "",
                                iso3166_2: admin1.value(feature, s.iso),
                                type: admin1.value(feature, s.typeEn) ?? admin1.value(feature, s.type),
                                geonamesCode: admin1.value(feature, s.geonames),
                                feature: feature, distanceKm: distanceKm)
    }

    /// The `territory` member of admin-1 feature `feature` (one with `hasTerritory`).
    func territory(_ feature: Int) -> Placemark.Territory? {
        guard let admin1 = layers.admin1 else { return nil }
        let s = layers.slots
        return Placemark.Territory(iso2: admin1.value(feature, s.territoryIso2),
                                   iso3: admin1.value(feature, s.territoryIso3),
                                   name: admin1.value(feature, s.territoryName))
    }

    /// The IANA id of `zone`: a feature of the time-zone layer when ≥ 0, else the nautical zone
    /// `Placemark.Found.nautical(offsetHours:)` encoded.
    func timezone(_ zone: Int32) -> String? {
        if zone >= 0 { return layers.timezones?.value(Int(zone), layers.slots.tzid) }
        return NauticalZone.ids[Int(-2 - zone)]
    }

    /// The `locality` member: place `place` (cities first, then localities) seen from `point`, at chord²
    /// `chord2` (of unit vectors).
    func locality(_ place: Int, chord2: Double, from point: GeoPoint) -> Locality {
        let row = search.place(place)
        let division = Int(row.admin1)
        let (distanceKm, bearing) = measure(place, chord2: chord2, from: point)
        return Locality(name: search.places.names.string(place), geonameid: Int(row.geonameid),
                        population: Int(row.population), countryISO2: CountryCode.unpack(row.country),
                        admin1: division >= 0 ? search.labels.string(Int(search.admin1.name[division])) : nil,
                        distanceKm: distanceKm, bearing: bearing, direction: Bearing.wind(bearing))
    }

    /// The locality of `place` as `LocalityBytes`: its strings as the pools' bytes, valid during `body`.
    func withLocalityBytes<R>(_ place: Int, chord2: Double, from point: GeoPoint, _ body: (LocalityBytes) -> R) -> R {
        let row = search.place(place)
        let division = Int(row.admin1)
        let (distanceKm, bearing) = measure(place, chord2: chord2, from: point)
        return body(LocalityBytes(name: search.places.names.utf8(place), geonameid: Int(row.geonameid),
                                  population: Int(row.population),
                                  admin1: division >= 0 ? search.labels.utf8(Int(search.admin1.name[division])) : nil,
                                  distanceKm: distanceKm, bearing: bearing, direction: Bearing.wind(bearing)))
    }

    /// The great-circle distance (km) and initial bearing (degrees) from `point` to place `place`, at chord²
    /// `chord2`; bearing 0 at the place itself.
    private func measure(_ place: Int, chord2: Double, from point: GeoPoint) -> (distanceKm: Double, bearing: Double) {
        let (sinLat, cosLat) = GeoMath.sinCos(degrees: point.lat)
        let (sinLon, cosLon) = GeoMath.sinCos(degrees: point.lon)
        let bearing = chord2 == 0 ? 0 : Bearing.degrees(sinLat: sinLat, cosLat: cosLat, sinLon: sinLon, cosLon: cosLon,
                                                       to: search.places.vector(place))
        return (PlaceIndex.angle(chord2: chord2) * Spherical.earthRadiusKm, bearing)
    }
}

/// A locality as a writer copies it: the same members as `Locality`, the strings as UTF-8 bytes of the
/// index's pools (valid UTF-8, checked when the index was built and summed when it was loaded) instead of
/// `String`s, so writing a placemark's locality builds no string (`Placemark.withFoundLocality`).
package struct LocalityBytes {
    package let name: UnsafeBufferPointer<UInt8>
    package let geonameid: Int
    package let population: Int
    package let admin1: UnsafeBufferPointer<UInt8>?
    package let distanceKm: Double
    package let bearing: Double
    package let direction: String

    package init(name: UnsafeBufferPointer<UInt8>, geonameid: Int, population: Int, admin1: UnsafeBufferPointer<UInt8>?,
                 distanceKm: Double, bearing: Double, direction: String) {
        self.name = name
        self.geonameid = geonameid
        self.population = population
        self.admin1 = admin1
        self.distanceKm = distanceKm
        self.bearing = bearing
        self.direction = direction
    }
}
