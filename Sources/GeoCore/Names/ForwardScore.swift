/// The score of a forward match, in (0, 1]: tiers first, population inside a tier.
///
/// Each tier owns a band, so a better tier always ranks first, except that a very large city's exact name
/// may pass a country's alias:
///
/// | tier   | country                                       | admin-1 division     | city (q = population quality)   |
/// |--------|-----------------------------------------------|----------------------|---------------------------------|
/// | exact  | 1.0 name, 0.99 long/formal, 0.98 other language, 0.97 code | 0.75 name, 0.97 ISO 3166-2 code | 0.60 + 0.35·q |
/// | alias  | 0.90 CLDR short/variant and curated, 0.88 NE alternate     | —       | —                               |
/// | prefix | 0.45 + 0.10·c                                 | 0.40 + 0.04·c        | 0.35 + 0.10·q + 0.04·c          |
/// | fuzzy  | 0.29 − 0.10·(d − 1) + 0.05                    | 0.29 − 0.10·(d − 1) + 0.025 | 0.29 − 0.10·(d − 1) + 0.05·q |
///
/// Divisions carry no population in the data, so their exact score is fixed at 0.75, what a city's own name
/// scores at about 213,000 people (q = 3/7): a country of the same name always ranks first ("Georgia": the
/// country, then the US state), a city's own name ranks first from about 213,000 people, a capital's own
/// name always (scored at 100× its population on an exact match, and at least `capitalNameFloor`:
/// "Washington": the US capital, then the state; "The Valley": Anguilla's capital, then the division), and
/// smaller places after the division ("Texas", "Bavaria", "Queensland").
///
/// `q = clamp((log10(population) − 3.7) / 3.8, 0, 1)`: 0 for a town of 5,000 (the data's floor), 1 from
/// about 30 million. `c` is the share of the name the prefix covers (query bytes / name bytes), `d` the
/// edit distance (1 or 2): fewer edits always rank first, whatever the kind ("Marseile" is Marseille at 1
/// edit, not Chile at 2), and among equal edits a country ties only with a city of ~30 million. So "Paris" puts Paris, France (2.1 M, 0.85) before Paris, Texas (25 k, 0.67);
/// "Holland" gives the Netherlands' alias (0.90) before Holland, Michigan (33 k, 0.67): a city's exact name
/// beats a country alias only from about 9 million people.
enum ForwardScore {
    /// A country's code written in capitals ("AO", "NGA"): above every name, so the code's country is first.
    static let upperCaseCode = 1.0

    /// Taken off a match that needed a looser reading of the query (trailing words as a qualifier, words
    /// around a country's name dropped), so a match of the text as written ranks first.
    static let readingPenalty = 0.02

    /// The least population a capital is scored as (after its 10×): GeoNames gives some capitals a
    /// handful of people or none (Plymouth, Montserrat: 0; Adamstown: 46), and a capital should still be
    /// among the first few places of its name.
    static let capitalFloor: UInt64 = 20_000

    /// The weight of a capital matched exactly by one of its names: it ranks first among the places of
    /// that name unless one is 100 times larger (issue 16: "Jamestown" is Saint Helena's capital before
    /// the 30,000 people of Jamestown, New York, "Saint-Pierre" Saint Pierre and Miquelon's before
    /// Réunion's town; but "Hamilton" is still Hamilton, Ontario, 570 times Bermuda's capital, and
    /// "Plymouth" Plymouth, England). The prefix and fuzzy tiers keep 10×, so a capital does not crowd
    /// out every prefix. At least `capitalFloor`, as there.
    static let capitalExactWeight: UInt64 = 100

    /// The least population a capital matched exactly by its own name is scored as:
    /// above the 213,000 people at which a city's own name passes an admin-1 division's fixed score, so a
    /// capital named by its own name ranks above a division of that name ("The Valley": Anguilla's capital
    /// of 2,035 people, then the division of that name, which does not hold it).
    static let capitalNameFloor: UInt64 = 250_000

    /// An exact match on an admin-1 division's name; see the table above.
    static let divisionExact = 0.75

    static func populationQuality(_ population: UInt32) -> Double {
        let q = (log10(Double(max(population, 1))) - 3.7) / 3.8
        return min(max(q, 0), 1)
    }

    static func exact(_ kind: NameKind, population: UInt32) -> Double {
        rounded(kind.isCity ? 0.6 + 0.35 * populationQuality(population) : kind.countryScore)
    }

    static func prefix(_ kind: NameKind, coverage: Double, population: UInt32) -> Double {
        if kind.isDivision { return rounded(0.4 + 0.04 * coverage) }
        return kind.isCity ? cityPrefix(coverage: coverage, quality: populationQuality(population)) : rounded(0.45 + 0.1 * coverage)
    }

    /// A bound no prefix score of a name of this kind, coverage and population can pass, without a
    /// logarithm: the score with the population rounded up to the largest of its bit width. Prefix search
    /// skips, with one table read, the names this puts below the worst kept candidate.
    ///
    /// A bound because `populationQuality` grows with the population inside one binary exponent (every
    /// step of `log10` does), and all populations of one bit width share theirs.
    static func prefixBound(_ kind: NameKind, coverage: Double, population: UInt32) -> Double {
        guard kind.isCity else { return prefix(kind, coverage: coverage, population: 0) }
        // Not rounded (`rounded` costs a libm call per name under a short prefix): the exact sum plus more
        // than rounding to 6 decimals can add, so it still bounds the rounded score.
        return 0.35 + 0.1 * qualityBounds[32 - population.leadingZeroBitCount] + 0.04 * coverage + 1e-6
    }

    /// `qualityBounds[w]`: the population quality of the largest population of `w` bits.
    ///
    /// Shifted in `UInt32`, not `Int`: on wasm32 `Int` has 32 bits, and `(1 << 31) - 1` traps there.
    static let qualityBounds: [Double] = (0...32).map { width in
        populationQuality(UInt32.max >> (32 - width))
    }

    static func cityPrefix(coverage: Double, quality: Double) -> Double {
        rounded(0.35 + 0.1 * quality + 0.04 * coverage)
    }

    static func fuzzy(_ kind: NameKind, distance: Int, population: UInt32) -> Double {
        rounded(0.29 - 0.1 * Double(distance - 1)
                + (kind.isCity ? 0.05 * populationQuality(population) : (kind.isDivision ? 0.025 : 0.05)))
    }

    /// To 6 decimals, so replies show 0.2, not 0.19999999999999998 (a score is a ranking, not a measurement).
    static func rounded(_ x: Double) -> Double {
        (x * 1_000_000).rounded() / 1_000_000
    }

    /// log10 for positive finite `x` without a maths library: x = s·2^e with s in [1, 2), and
    /// ln s = 2·atanh((s − 1)/(s + 1)) as a series that converges fast for s < 2 (error below 1e-9).
    static func log10(_ x: Double) -> Double {
        let e = Double(x.exponent)
        let s = x.significand
        let z = (s - 1) / (s + 1), z2 = z * z
        var term = z, sum = 0.0
        var n = 1.0
        for _ in 0..<12 {
            sum += term / n
            term *= z2
            n += 2
        }
        let ln = 2 * sum + e * 0.693_147_180_559_945_3
        return ln / 2.302_585_092_994_046
    }
}
