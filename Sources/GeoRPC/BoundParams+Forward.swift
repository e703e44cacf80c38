import GeoCore

/// The `forwardGeocode` options beyond query and limit: `lang`, `countryCodes`, `kinds`, `match`.
extension BoundParams {
    /// The BCP 47 tag in `slot`, lower-cased (`pt-BR` → `pt-br`); nil when left out.
    ///
    /// Checked for shape, not against a registry: a 2–3 letter language (or `und`), then subtags of 1–8
    /// letters or digits separated by `-` (`_` is accepted as `-`); at most 35 bytes. A tag CLDR has no
    /// names for is valid and falls back to English.
    /// - Throws: `.invalidParams` naming the parameter for a non-string or a malformed tag.
    func language(_ slot: Int) throws(RPCError) -> String? {
        guard values(slot) != nil else { return nil }
        let text = try string(slot)
        var bytes = Array(text.utf8)
        let bad = RPCError.invalidParams(InvalidParams(param: names[slot], problem: .invalidValue(
            "must be a BCP 47 language tag such as \"de\", \"pt-BR\" or \"zh-Hant\"")))
        guard !bytes.isEmpty, bytes.count <= 35 else { throw bad }
        for k in bytes.indices {
            let b = bytes[k]
            if b == 0x5F { bytes[k] = 0x2D } else if b >= 0x41 && b <= 0x5A { bytes[k] = b + 0x20 }
        }
        let subtags = bytes.split(separator: 0x2D, omittingEmptySubsequences: false)
        guard let first = subtags.first, first.count >= 2, first.count <= 3,
              first.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { throw bad }
        for subtag in subtags.dropFirst() {
            guard !subtag.isEmpty, subtag.count <= 8,
                  subtag.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) else { throw bad }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The array of ISO alpha-2 codes in `slot`, upper-cased; nil when left out.
    /// - Throws: `.invalidParams` naming the parameter for a non-array, an empty array, or an element that
    ///   is not a two-letter string.
    func countryCodes(_ slot: Int) throws(RPCError) -> [String]? {
        guard let value = values(slot) else { return nil }
        let bad = RPCError.invalidParams(InvalidParams(param: names[slot], problem: .invalidValue(
            "must be a non-empty array of ISO 3166-1 alpha-2 codes such as [\"FR\", \"de\"]")))
        guard case .array(let elements) = value, !elements.isEmpty else { throw bad }
        var codes: [String] = []
        for element in elements {
            guard case .string(let code) = element else { throw bad }
            let bytes = Array(code.utf8)
            guard bytes.count == 2, bytes.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }) else {
                throw bad
            }
            codes.append(String(decoding: bytes.map { $0 >= 0x61 ? $0 - 0x20 : $0 }, as: UTF8.self))
        }
        return codes
    }

    /// The `match` string in `slot`: "code", "name" or "any"; `.any` when left out.
    /// - Throws: `.invalidParams` naming the parameter for anything else.
    func match(_ slot: Int) throws(RPCError) -> ForwardMatchMode {
        guard let value = values(slot) else { return .any }
        guard case .string(let text) = value, let mode = ForwardMatchMode(rawValue: text) else {
            throw .invalidParams(InvalidParams(param: names[slot], problem: .invalidValue(
                "must be \"code\", \"name\" or \"any\"")))
        }
        return mode
    }

    /// The `kinds` array in `slot`: which of countries, cities and admin-1 divisions to return; all three
    /// when left out.
    /// - Throws: `.invalidParams` naming the parameter for a non-array, an empty array, or an element other
    ///   than "country", "city" or "admin1".
    func kinds(_ slot: Int) throws(RPCError) -> (countries: Bool, cities: Bool, admin1: Bool) {
        guard let value = values(slot) else { return (true, true, true) }
        let bad = RPCError.invalidParams(InvalidParams(param: names[slot], problem: .invalidValue(
            "must be a non-empty array of \"country\", \"city\" and \"admin1\"")))
        guard case .array(let elements) = value, !elements.isEmpty else { throw bad }
        var countries = false, cities = false, admin1 = false
        for element in elements {
            guard case .string(let kind) = element else { throw bad }
            switch kind {
            case "country": countries = true
            case "city": cities = true
            case "admin1": admin1 = true
            default: throw bad
            }
        }
        return (countries, cities, admin1)
    }
}
