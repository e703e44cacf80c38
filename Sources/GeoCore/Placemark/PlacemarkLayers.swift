/// The polygon layers a gazetteer composes into placemarks, with what is worked out from them at load:
/// the property slots the answers read, and which divisions belong to which country.
struct PlacemarkLayers: Sendable {
    /// Admin-1 divisions (Data/admin1-polygons.geojson), schema `admin1Schema`.
    var admin1: AreaLayer?
    /// Time zones (Data/timezones.geojson), schema `timezoneSchema`.
    var timezones: AreaLayer?
    /// Per division, the country it belongs to (its `adm0_a3` matched to a country's ADM0_A3), or -1.
    var divisionCountry: [Int32] = []
    /// Per country, its divisions in layer order (the restricted nearest search's candidates).
    var countryDivisions: [[Int32]] = []
    /// Slots of the admin-1 properties the answer reads (nil when the layer lacks one).
    var slots = Slots()

    struct Slots: Sendable {
        var name: Int?, nameEn: Int?, iso: Int?, type: Int?, typeEn: Int?, geonames: Int?
        var territoryIso2: Int?, territoryIso3: Int?, territoryName: Int?
        var tzid: Int?
    }

    /// The admin-1 properties kept (the data contract's names).
    static let admin1Schema = ["adm0_a3", "iso_3166_2", "name", "name_en", "type", "type_en", "geonames_admin1",
                               "territory_iso2", "territory_iso3", "territory_name"]
    /// The time-zone property kept.
    static let timezoneSchema = ["tzid"]

    init() {}

    /// Composes the layers for `countries`: matches each division's `adm0_a3` to a country and finds the slots.
    init(admin1: AreaLayer?, timezones: AreaLayer?, countries: [Country]) {
        // The admin-1 layer's restricted nearest-division search prunes by edge boxes; the time zones need none.
        self.admin1 = admin1?.withEdgeBoxes()
        self.timezones = timezones
        countryDivisions = Array(repeating: [], count: countries.count)
        if let admin1 {
            // Keyed by the code's bytes, not by String: String hashing drags Unicode tables into the wasm build.
            var byCode: [UInt64: Int32] = [:]
            for (k, country) in countries.enumerated() {
                if let key = Self.codeKey(country.adm0a3), byCode[key] == nil { byCode[key] = Int32(k) }
            }
            let codeSlot = admin1.slot(of: "adm0_a3")
            for feature in 0..<admin1.featureCount {
                let country = admin1.value(feature, codeSlot).flatMap(Self.codeKey).flatMap { byCode[$0] } ?? -1
                divisionCountry.append(country)
                if country >= 0 { countryDivisions[Int(country)].append(Int32(feature)) }
            }
            slots.name = admin1.slot(of: "name")
            slots.nameEn = admin1.slot(of: "name_en")
            slots.iso = admin1.slot(of: "iso_3166_2")
            slots.type = admin1.slot(of: "type")
            slots.typeEn = admin1.slot(of: "type_en")
            slots.geonames = admin1.slot(of: "geonames_admin1")
            slots.territoryIso2 = admin1.slot(of: "territory_iso2")
            slots.territoryIso3 = admin1.slot(of: "territory_iso3")
            slots.territoryName = admin1.slot(of: "territory_name")
        }
        slots.tzid = timezones?.slot(of: "tzid")
    }

    /// A code of 1 to 7 bytes packed into one integer (with its length), so equal codes get equal keys.
    static func codeKey(_ code: String) -> UInt64? {
        var key: UInt64 = 0
        var count: UInt64 = 0
        for byte in code.utf8 {
            guard count < 7 else { return nil }
            key = key << 8 | UInt64(byte)
            count += 1
        }
        return count == 0 ? nil : key << 8 | count
    }
}
