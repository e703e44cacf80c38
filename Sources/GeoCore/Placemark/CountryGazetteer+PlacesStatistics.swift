/// Figures about the places index, for benchmarks.
extension CountryGazetteer {
    /// The places index's leaves, their candidate entries in all, and its bytes in the binary index.
    public var placesIndexSize: (places: Int, leaves: Int, candidates: Int, bytes: Int) {
        let places = search.places
        var out = BinaryWriter()
        places.write(to: &out)
        return (places.count, places.leafStart.count - 1, places.candidates.count, out.bytes.count)
    }

    /// Builds the places index again from the city table and returns its candidate count: what building it
    /// costs when the binary index is written (time the call).
    public func rebuildPlacesIndex() -> Int {
        let cities = search.cities
        let rebuilt = PlaceIndex(points: (0..<cities.count).map(cities.point), population: Array(cities.population),
                                 names: (0..<cities.count).map { search.names.text(Int(cities.name[$0])) })
        return rebuilt.candidates.count
    }
}
