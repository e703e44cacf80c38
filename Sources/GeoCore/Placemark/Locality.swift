/// The populated place nearest a point, as a placemark's `locality`: enough for a host to say
/// "2.3 km north-east of Cahors" without a second lookup.
public struct Locality: Sendable, Equatable {
    /// The place's GeoNames name.
    public var name: String
    public var geonameid: Int
    public var population: Int
    /// The place's country, ISO 3166-1 alpha-2 as GeoNames gives it.
    public var countryISO2: String
    /// The place's admin-1 division, by its GeoNames name, when GeoNames knows it.
    public var admin1: String?
    /// Great-circle distance from the query point to the place, in km.
    public var distanceKm: Double
    /// Initial bearing from the query point to the place, in degrees clockwise from true north, [0, 360).
    public var bearing: Double
    /// `bearing` as one of the eight winds: "N", "NE", "E", "SE", "S", "SW", "W", "NW".
    public var direction: String

    public init(name: String, geonameid: Int, population: Int, countryISO2: String, admin1: String?,
                distanceKm: Double, bearing: Double, direction: String) {
        self.name = name
        self.geonameid = geonameid
        self.population = population
        self.countryISO2 = countryISO2
        self.admin1 = admin1
        self.distanceKm = distanceKm
        self.bearing = bearing
        self.direction = direction
    }
}
