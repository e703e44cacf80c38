import GeoCore

/// Every country's `reverseGeocode` result object, encoded once at start-up.
///
/// A reverse result is about 300 bytes of fixed text per country plus the match kind and distance, so
/// the hot path copies bytes instead of escaping fourteen strings per reply. The bytes come from the
/// same `GeoCall.writeReverse` the general path uses, so both paths write identical replies.
public struct ReverseReplies: Sendable {
    /// `{…,"match":"inside","distanceKm":0}` per country.
    let inside: [[UInt8]]
    /// `{…,"match":"nearest","distanceKm":` per country; the distance and `}` follow.
    let nearestPrefix: [[UInt8]]

    /// Any call will do: `writeReverse` only needs its arguments.
    static let writer = GeoCall.reverse(GeoPoint(lat: 0, lon: 0), maxDistanceKm: 0)

    public init(gazetteer: CountryGazetteer) {
        var inside: [[UInt8]] = [], nearest: [[UInt8]] = []
        for (k, country) in gazetteer.countries.enumerated() {
            var out = JSONWriter()
            Self.writer.writeReverse(ReverseMatch(countryIndex: k, kind: .inside, distanceKm: 0), country, into: &out)
            inside.append(out.bytes)
            out.reset()
            Self.writer.writeReverse(ReverseMatch(countryIndex: k, kind: .nearest, distanceKm: 0), country, into: &out)
            // Ends in `:0}`; keep everything up to the colon.
            nearest.append(Array(out.bytes.dropLast(2)))
        }
        self.inside = inside
        nearestPrefix = nearest
    }

    /// Writes the result value for `match` (or `null`), exactly as `GeoCall.writeResult` would.
    @inline(__always)
    func write(_ match: ReverseMatch?, into out: inout JSONWriter) {
        guard let match else {
            out.null()
            return
        }
        switch match.kind {
        case .inside:
            out.raw(inside[match.countryIndex])
        case .nearest:
            out.raw(nearestPrefix[match.countryIndex])
            // The number follows the key's colon directly, as after `key(_:)`.
            out.continueAfterKey()
            out.number((match.distanceKm * 1000).rounded() / 1000)
            out.bytes.append(UInt8(ascii: "}"))
        }
    }
}
