/// Figures about the places index, for benchmarks.
extension CountryGazetteer {
    /// The places index's leaves, their candidate entries in all, and its bytes in the binary index.
    public var placesIndexSize: (places: Int, leaves: Int, candidates: Int, bytes: Int) {
        let places = search.places
        var out = BinaryWriter()
        places.write(to: &out)
        return (places.count, places.leafStart.count - 1, places.candidates.count, out.bytes.count)
    }

    /// Builds the places index again from the city and locality tables and returns its candidate count: what
    /// building it costs when the binary index is written (time the call).
    public func rebuildPlacesIndex() -> Int {
        let rows = (0..<search.places.count).map(search.place)
        let rebuilt = PlaceIndex(points: rows.map { $0.point }, population: rows.map { $0.population },
                                 names: (0..<rows.count).map(search.places.names.string))
        return rebuilt.candidates.count
    }
}
