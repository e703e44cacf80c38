/// What kind of name an index entry is: decides the match tier (exact or alias), whether it may match
/// only whole (codes), and whether it points at a country, a city or an admin-1 division.
enum NameKind: UInt8, Sendable {
    /// Natural Earth NAME: the country's own English name.
    case countryName = 0
    /// NAME_LONG, FORMAL_EN.
    case countryLongName = 1
    /// A CLDR default name in some language, or a Natural Earth NAME_xx.
    case countryLocalName = 2
    /// ISO alpha-2, alpha-3, numeric, or Natural Earth's ADM0_A3: matches only whole.
    case countryCode = 3
    /// CLDR short and variant forms and the curated English aliases (UK, Burma, Holland).
    case countryAlias = 4
    /// Natural Earth NAME_ALT and ADMIN: alternative English names.
    case countryAlternate = 5
    /// A city's GeoNames name.
    case cityName = 8
    /// One of a city's GeoNames alternate names.
    case cityAlternate = 9
    /// An admin-1 division's name, code or alternate (the qualifier index only).
    case admin1 = 16

    var isCity: Bool { rawValue >= 8 && rawValue < 16 }
    var isCode: Bool { self == .countryCode }
    var isAlias: Bool { self == .countryAlias || self == .countryAlternate }

    /// The score of an exact (or alias) match on a country name of this kind; see `ForwardScore`.
    var countryScore: Double {
        switch self {
        case .countryName: return 1.0
        case .countryLongName: return 0.99
        case .countryLocalName: return 0.98
        case .countryCode: return 0.97
        case .countryAlias: return 0.9
        case .countryAlternate: return 0.88
        default: return 0
        }
    }
}

/// One index entry's target, packed in 64 bits so the postings are one flat table:
/// bits 0–7 the `NameKind`, 8–31 the country, city or admin-1 number, 32–63 the matched text's number
/// in the text pool.
struct Posting: Equatable, Sendable {
    let bits: UInt64

    init(bits: UInt64) { self.bits = bits }

    init(kind: NameKind, target: Int, text: UInt32) {
        bits = UInt64(text) << 32 | UInt64(UInt32(truncatingIfNeeded: target) & 0xFF_FFFF) << 8 | UInt64(kind.rawValue)
    }

    /// nil for a byte no `NameKind` has (only in a damaged index).
    var kind: NameKind? { NameKind(rawValue: UInt8(truncatingIfNeeded: bits)) }
    var target: Int { Int((bits >> 8) & 0xFF_FFFF) }
    var text: Int { Int(bits >> 32) }

    /// The most targets of one kind a posting can address.
    static let maxTargets = 1 << 24
}
