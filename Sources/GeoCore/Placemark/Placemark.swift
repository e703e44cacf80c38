/// Everything known about a point: its country, as `reverse` answers, and what the other layers add.
///
/// Each member is nil when it was not asked for (`PlacemarkFields`), when its layer is not loaded, or when
/// the layer does not know it (no division of the country, a point in no folded territory).
public struct Placemark: Sendable, Equatable {
    /// The country answer, exactly as `CountryGazetteer.reverse(_:maxDistanceKm:)` gives it.
    public var country: ReverseMatch?
    /// The members other than the country, in one shared box; nil when all of them are nil.
    ///
    /// Why a box: held inline they made the placemark 264 bytes with a dozen strings, and every copy on the
    /// way out of `placemark(at:)` (an optional wrapped, a value returned) was a 264-byte `memcpy` with a
    /// retain and a release of each string: `fields: ["country"]` ran at half the plain country lookup's
    /// rate. Boxed, a country-only placemark is the country answer and one nil reference, and a full one
    /// is copied as one reference. The box is immutable; setting a member makes a new one.
    private var members: Members?

    /// The first-level division: the one containing the point, always of the answered country.
    public var admin1: Admin1? {
        get { members?.admin1 }
        set { members = Members(admin1: newValue, territory: territory, locality: locality, timezone: timezone) }
    }
    /// The ISO 3166-1 territory (French Guiana, Svalbard, …) that the country layer folds into its sovereign.
    public var territory: Territory? {
        get { members?.territory }
        set { members = Members(admin1: admin1, territory: newValue, locality: locality, timezone: timezone) }
    }
    /// The nearest populated place.
    public var locality: Locality? {
        get { members?.locality }
        set { members = Members(admin1: admin1, territory: territory, locality: newValue, timezone: timezone) }
    }
    /// The IANA time zone id, e.g. "America/Chicago", or an `Etc/GMT±N` nautical zone at sea.
    public var timezone: String? {
        get { members?.timezone }
        set { members = Members(admin1: admin1, territory: territory, locality: locality, timezone: newValue) }
    }

    public init(country: ReverseMatch? = nil, admin1: Admin1? = nil, territory: Territory? = nil,
                locality: Locality? = nil, timezone: String? = nil) {
        self.country = country
        members = Members(admin1: admin1, territory: territory, locality: locality, timezone: timezone)
    }

    /// Whether nothing at all is known: the answer is then `null`.
    public var isEmpty: Bool { country == nil && members == nil }

    public static func == (a: Placemark, b: Placemark) -> Bool {
        a.country == b.country && a.admin1 == b.admin1 && a.territory == b.territory && a.locality == b.locality
            && a.timezone == b.timezone
    }

    /// The members other than the country (`members`).
    private final class Members: Sendable {
        let admin1: Admin1?
        let territory: Territory?
        let locality: Locality?
        let timezone: String?

        private init(_ admin1: Admin1?, _ territory: Territory?, _ locality: Locality?, _ timezone: String?) {
            self.admin1 = admin1
            self.territory = territory
            self.locality = locality
            self.timezone = timezone
        }

        /// The box of these members; nil when every one is nil (so `isEmpty` is one comparison).
        convenience init?(admin1: Admin1?, territory: Territory?, locality: Locality?, timezone: String?) {
            if admin1 == nil && territory == nil && locality == nil && timezone == nil { return nil }
            self.init(admin1, territory, locality, timezone)
        }
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
