import GeoCore

extension GeoCall {
    /// The index sections this call reads beyond the core (`CountryGazetteer+Sections.swift`): a server
    /// loads them before answering, the first time a call needs them. A country answer and a box query need
    /// none; the user layers' calls read no index section.
    var sections: GazetteerSections {
        switch self {
        case .reverse(_, _, let fields), .reverseMany(_, _, let fields): return fields.sections
        case .forward: return .names
        case .countriesInBBox, .nearby, .whereAmI, .nearbyMany, .whereAmIMany: return []
        }
    }
}

extension CountryGazetteer {
    /// This gazetteer with `sections` loaded (what a call reads: `GeoCall.sections`), or nil when it has
    /// them all (use `self`).
    /// - Throws: `.internalError` naming the damage when a section cannot be read or fails its checks.
    func sectionsLoaded(_ sections: GazetteerSections) throws(RPCError) -> GazetteerSnapshot? {
        do throws(BinaryFormatError) {
            return try loading(sections)
        } catch {
            throw .internalError("the index cache file is damaged (\(error.message)); "
                                 + "delete it or restart the server to rebuild it")
        }
    }
}
