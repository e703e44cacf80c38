/// How a reverse lookup found its country.
public enum MatchKind: Equatable, Sendable {
    /// The point lies inside the country or on its border.
    case inside
    /// The point lies in no country; this one's border is the nearest within the search radius.
    case nearest
}

/// The answer to a reverse lookup.
public struct ReverseMatch: Equatable, Sendable {
    /// Index into `CountryGazetteer.countries`.
    public var countryIndex: Int
    public var kind: MatchKind
    /// 0 when inside; otherwise the great-circle distance in km to the country's border.
    public var distanceKm: Double

    public init(countryIndex: Int, kind: MatchKind, distanceKm: Double) {
        self.countryIndex = countryIndex
        self.kind = kind
        self.distanceKm = distanceKm
    }
}

/// One answer to a name search.
public struct ForwardMatch: Equatable, Sendable {
    /// Index into `CountryGazetteer.countries`.
    public var countryIndex: Int
    /// In (0, 1]: 1 for the country's own English name; lower for other names, codes and prefixes.
    public var score: Double
    /// The name or code, as the data spells it, that the query matched.
    public var matched: String

    public init(countryIndex: Int, score: Double, matched: String) {
        self.countryIndex = countryIndex
        self.score = score
        self.matched = matched
    }
}
