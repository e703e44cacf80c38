/// Everything known about a point: its country, as `reverse` answers, and what the other layers add.
///
/// Each member is nil when it was not asked for (`PlacemarkFields`), when its layer is not loaded, or when
/// the layer does not know it (no division of the country, a point in no folded territory).
public struct Placemark: Sendable, Equatable {
    /// The country answer, exactly as `CountryGazetteer.reverse(_:maxDistanceKm:)` gives it.
    public var country: ReverseMatch?
    /// The members other than the country: none, values given to `init` or a setter, or what the gazetteer
    /// found, as numbers decoded when read (`PlacemarkSource` says why).
    private var storage: Storage

    private enum Storage: Sendable {
        case none
        case values(Members)
        case found(Found)
    }

    /// The first-level division: the one containing the point, always of the answered country.
    public var admin1: Admin1? {
        get {
            switch storage {
            case .none: return nil
            case .values(let m): return m.admin1
            case .found(let f): return f.division >= 0 ? f.source.admin1(Int(f.division), distanceKm: f.divisionKm) : nil
            }
        }
        set { storage = Self.values(admin1: newValue, territory: territory, locality: locality, timezone: timezone) }
    }
    /// The ISO 3166-1 territory (French Guiana, Svalbard, …) that the country layer folds into its sovereign.
    public var territory: Territory? {
        get {
            switch storage {
            case .none: return nil
            case .values(let m): return m.territory
            case .found(let f): return f.territory >= 0 ? f.source.territory(Int(f.territory)) : nil
            }
        }
        set { storage = Self.values(admin1: admin1, territory: newValue, locality: locality, timezone: timezone) }
    }
    /// The nearest populated place.
    public var locality: Locality? {
        get {
            switch storage {
            case .none: return nil
            case .values(let m): return m.locality
            case .found(let f): return f.place >= 0 ? f.source.locality(Int(f.place), chord2: f.placeChord2, from: f.point) : nil
            }
        }
        set { storage = Self.values(admin1: admin1, territory: territory, locality: newValue, timezone: timezone) }
    }
    /// The IANA time zone id, e.g. "America/Chicago", or an `Etc/GMT±N` nautical zone at sea.
    public var timezone: String? {
        get {
            switch storage {
            case .none: return nil
            case .values(let m): return m.timezone
            case .found(let f): return f.zone != Found.noZone ? f.source.timezone(f.zone) : nil
            }
        }
        set { storage = Self.values(admin1: admin1, territory: territory, locality: locality, timezone: newValue) }
    }

    public init(country: ReverseMatch? = nil, admin1: Admin1? = nil, territory: Territory? = nil,
                locality: Locality? = nil, timezone: String? = nil) {
        self.country = country
        storage = Self.values(admin1: admin1, territory: territory, locality: locality, timezone: timezone)
    }

    /// The placemark of a country answer alone (`fields: [.country]`). Not the public initialiser with its
    /// defaults: that one makes four nil members, tests each and destroys them, a third of a country
    /// lookup's time (`geocoder-bench --placemark`: 8.4 against 11.5–12.6 M/s uniform).
    init(countryOnly country: ReverseMatch) {
        self.country = country
        storage = .none
    }

    /// The placemark of what a gazetteer found: `found`'s members are decoded when read.
    init(country: ReverseMatch?, found: Found) {
        self.country = country
        storage = found.isEmpty ? .none : .found(found)
    }

    /// Calls `body` with the locality as bytes when this placemark's locality is one the gazetteer found
    /// (not one given as a value), so a writer copies its strings without building them; nil otherwise
    /// (no locality, or one given as a value: read `locality`). The bytes are valid during `body`.
    package func withFoundLocality<R>(_ body: (LocalityBytes) -> R) -> R? {
        guard case .found(let f) = storage, f.place >= 0 else { return nil }
        return f.source.withLocalityBytes(Int(f.place), chord2: f.placeChord2, from: f.point, body)
    }

    private static func values(admin1: Admin1?, territory: Territory?, locality: Locality?, timezone: String?) -> Storage {
        if admin1 == nil && territory == nil && locality == nil && timezone == nil { return .none }
        return .values(Members(admin1: admin1, territory: territory, locality: locality, timezone: timezone))
    }

    /// Whether nothing at all is known: the answer is then `null`.
    public var isEmpty: Bool {
        if country != nil { return false }
        if case .none = storage { return true }
        return false
    }

    public static func == (a: Placemark, b: Placemark) -> Bool {
        a.country == b.country && a.admin1 == b.admin1 && a.territory == b.territory && a.locality == b.locality
            && a.timezone == b.timezone
    }

    /// Members given as values (`init`, the setters), shared by copies.
    private final class Members: Sendable {
        let admin1: Admin1?
        let territory: Territory?
        let locality: Locality?
        let timezone: String?

        init(admin1: Admin1?, territory: Territory?, locality: Locality?, timezone: String?) {
            self.admin1 = admin1
            self.territory = territory
            self.locality = locality
            self.timezone = timezone
        }
    }

    /// The members a gazetteer found, as numbers into `source`; -1 (or `noZone`) where a member is absent.
    struct Found: Sendable {
        let source: PlacemarkSource
        /// The query point (on the sphere, longitude in [-180, 180]): the locality's bearing is measured from it.
        var point: GeoPoint
        /// The admin-1 feature of `admin1`.
        var division: Int32 = -1
        var divisionKm = 0.0
        /// The admin-1 feature whose `territory_*` properties are `territory`.
        var territory: Int32 = -1
        /// A time-zone feature (≥ 0), a nautical zone (`nautical(offsetHours:)`), or `noZone`.
        var zone: Int32 = Found.noZone
        /// The place (`ForwardIndex.place`) of `locality`, and its chord² from `point`.
        var place: Int32 = -1
        var placeChord2 = 0.0

        static let noZone: Int32 = -1

        init(source: PlacemarkSource, point: GeoPoint) {
            self.source = source
            self.point = point
        }

        /// The `zone` of the nautical zone of `offsetHours` (-12…12): -2 for -12 down to -26 for +12.
        static func nautical(offsetHours: Int) -> Int32 { Int32(-2 - (offsetHours + 12)) }

        var isEmpty: Bool { division < 0 && territory < 0 && zone == Self.noZone && place < 0 }
    }

    /// A first-level administrative division (state, province, region, …).
    public struct Admin1: Sendable, Equatable {
        /// The English name when the data has one, else the local name.
        public var name: String
        /// ISO 3166-2 code, e.g. "US-TX".
        public var iso3166_2: String?
        /// The kind of division as the data calls it, in English when given ("State", "Region").
        public var type: String?
        /// The GeoNames admin-1 code ("TX"), as in Data/admin1.tsv.
        public var geonamesCode: String?
        /// The division's feature number in the admin-1 layer.
        public var feature: Int
        /// 0 when the division contains the point, else the great-circle distance to its border in km.
        public var distanceKm: Double

        public init(name: String, iso3166_2: String?, type: String?, geonamesCode: String?, feature: Int,
                    distanceKm: Double) {
            self.name = name
            self.iso3166_2 = iso3166_2
            self.type = type
            self.geonamesCode = geonamesCode
            self.feature = feature
            self.distanceKm = distanceKm
        }
    }

    /// An ISO 3166-1 territory inside a sovereign's country feature.
    public struct Territory: Sendable, Equatable {
        public var iso2: String?
        public var iso3: String?
        public var name: String?

        public init(iso2: String?, iso3: String?, name: String?) {
            self.iso2 = iso2
            self.iso3 = iso3
            self.name = name
        }
    }
}
