/// The places index in the binary index file, after the city table it indexes.
extension PlaceIndex {
    func write(to out: inout BinaryWriter) {
        out.array(vectors)
        out.array(rank)
        out.array(nodes)
        out.array(leafStart)
        out.array(candidates)
        names.write(to: &out)
    }

    /// Reads what `write(to:)` wrote for the places of `cities` then `localities`, checking every table so that no query can
    /// read outside one or loop: unit vectors, a permutation for the ranks, children stored after their
    /// parent, every list inside its table, every place number below the city count.
    /// - Throws: `BinaryFormatError.invalid` naming the table at fault, or `.truncated`.
    init(reading input: inout BinaryReader, cities: CityTable, localities: LocalityTable) throws(BinaryFormatError) {
        guard cities.count + localities.count <= Self.maxPlaces else { throw .invalid("place count") }
        let n = cities.count + localities.count
        let vectors = try input.table(of: Double.self)
        let rank = try input.table(of: UInt32.self)
        let nodes = try input.table(of: UInt32.self)
        let leafStart = try input.table(of: UInt32.self)
        let candidates = try input.table(of: UInt32.self)
        let names = try StringPool(reading: &input, what: "place names")
        guard names.count == n else { throw .invalid("place name count") }
        guard vectors.count == 3 * n, rank.count == n else { throw .invalid("place columns") }
        if n == 0 {
            guard nodes.isEmpty, leafStart.count == 1, candidates.isEmpty else { throw .invalid("places of an empty table") }
            self = .empty
            return
        }
        let v = vectors.buffer
        for k in 0..<n {
            let x = v[3 * k], y = v[3 * k + 1], z = v[3 * k + 2]
            let norm = x * x + y * y + z * z
            guard norm > 0.999_999, norm < 1.000_001 else { throw .invalid("place vector") }
        }
        var seen = [Bool](repeating: false, count: n)
        for r in rank.buffer {
            guard Int(r) < n, !seen[Int(r)] else { throw .invalid("place rank") }
            seen[Int(r)] = true
        }
        let leaves = leafStart.count - 1
        guard leaves >= 1, leafStart[0] == 0, Int(leafStart[leaves]) == candidates.count else { throw .invalid("place leaves") }
        for k in 0..<leaves where leafStart[k] >= leafStart[k + 1] { throw .invalid("place leaf list") }
        for c in candidates.buffer where Int(c) >= n { throw .invalid("place candidate") }
        /// A node value is a leaf in range, or a first child whose four children lie after `position`.
        func valid(_ value: UInt32, after position: Int) -> Bool {
            if value & Self.leafFlag != 0 { return Int(value & ~Self.leafFlag) < leaves }
            return Int(value) > position && Int(value) + 3 < nodes.count
        }
        let roots = Self.rootRows * Self.rootColumns
        guard nodes.count >= roots else { throw .invalid("place roots") }
        for (k, value) in nodes.buffer.enumerated() where !valid(value, after: k) { throw .invalid("place node") }
        // The lookup grid and the buckets are derived here (see `lookupGrid`, `buckets`), not read.
        let lookup = Self.lookupGrid(nodes.buffer)
        let lat = cities.places.lat.buffer, lon = cities.places.lon.buffer, m = cities.count
        let moreLat = localities.lat.buffer, moreLon = localities.lon.buffer
        let buckets = Self.buckets((0..<n).map { $0 < m ? Self.bucket(lat: lat[$0], lon: lon[$0])
                                                        : Self.bucket(lat: moreLat[$0 - m], lon: moreLon[$0 - m]) },
                                   rank: Array(rank.buffer))
        self.init(vectors: vectors, rank: rank, nodes: nodes, leafStart: leafStart, candidates: candidates, lookup: Table(lookup),
                  bucketStart: Table(buckets.start), bucketPlaces: Table(buckets.places), names: names)
    }
}
