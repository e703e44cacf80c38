/// What kind of name an index entry is: decides the match tier (exact or alias), whether it may match
/// only whole (codes), and whether it points at a country, a city or an admin-1 division (the qualifier
/// index's `admin1`, or forward search's `division`).
enum NameKind: UInt8, Sendable {
    /// Natural Earth NAME: the country's own English name.
    case countryName = 0
    /// NAME_LONG, FORMAL_EN.
    case countryLongName = 1
    /// A CLDR default name in some language, a Natural Earth NAME_xx, or an ISO 3166-1 name, common name or
    /// official name from iso-codes in any of its languages (the user typed the country's own name).
    case countryLocalName = 2
    /// ISO alpha-2, alpha-3, numeric, or Natural Earth's ADM0_A3: matches only whole.
    case countryCode = 3
    /// CLDR short and variant forms and the curated English aliases (UK, Burma, Holland).
    case countryAlias = 4
    /// Natural Earth NAME_ALT and ADMIN: alternative English names.
    case countryAlternate = 5
    /// A city's GeoNames name.
    case cityName = 6
    /// One of a city's GeoNames alternate names.
    case cityAlternate = 7
    /// An admin-1 division's name, code or alternate (the qualifier index only).
    case admin1 = 8
    /// An admin-1 division's name in forward search (issue 15): the admin-1 layer's local and English
    /// names, and the GeoNames name and alternates joined to it by its GeoNames admin-1 code.
    case division = 9
    /// An admin-1 division's ISO 3166-2 code ("US-TX"): matches only whole.
    case divisionCode = 10

    var isCity: Bool { self == .cityName || self == .cityAlternate }
    var isDivision: Bool { self == .division || self == .divisionCode }
    var isCode: Bool { self == .countryCode || self == .divisionCode }
    var isAlias: Bool { self == .countryAlias || self == .countryAlternate }

    /// The score of an exact (or alias) match on a country's or a division's name of this kind; see `ForwardScore`.
    var countryScore: Double {
        switch self {
        case .countryName: return 1.0
        case .countryLongName: return 0.99
        case .countryLocalName: return 0.98
        case .countryCode: return 0.97
        case .countryAlias: return 0.9
        case .countryAlternate: return 0.88
        case .divisionCode: return 0.97
        case .division: return ForwardScore.divisionExact
        default: return 0
        }
    }
}

/// One index entry's target, packed in 24 bits so the entries' targets are one flat 3-byte table:
/// bits 0–3 the `NameKind`, bit 4 set when the entry's key is the name's spelled key (German umlauts
/// spelled out, apostrophes dropped: `NameFolding.spelledKey`), bits 5–23 the country, city or admin-1 number.
struct Posting: Equatable, Sendable {
    let bits: UInt32

    init(bits: UInt32) { self.bits = bits }

    init(kind: NameKind, target: Int, spelled: Bool = false) {
        bits = (UInt32(truncatingIfNeeded: target) & 0x7_FFFF) << 5 | (spelled ? 0x10 : 0) | UInt32(kind.rawValue)
    }

    /// nil for a number no `NameKind` has (only in a damaged index).
    var kind: NameKind? { NameKind(rawValue: UInt8(truncatingIfNeeded: bits & 0x0F)) }
    var spelled: Bool { bits & 0x10 != 0 }
    var target: Int { Int(bits >> 5) }
    /// The kind bits, for ordering.
    var kindBits: UInt32 { bits & 0x0F }

    /// The most targets of one kind a posting can address.
    static let maxTargets = 1 << 19
}
