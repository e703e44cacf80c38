import GeoCore

/// `nearby` results: one object per feature, nearest first.
extension GeoCall {
    /// Runs a `nearby` call against the loaded layers.
    /// - Throws: `.invalidParams` naming `layers[k]` when that name is not a loaded layer (the message
    ///   lists the loaded ones; a server without `--layer` has none, and then answers `[]` to a call
    ///   that names no layer).
    public static func nearbyHits(_ request: NearbyRequest, in layers: FeatureLayers) throws(RPCError) -> [NearbyHit] {
        let selection = try layerIndexes(request.layers, param: "layers", in: layers)
        return layers.nearby(request.point, radiusM: request.radiusM, limit: request.limit, layers: selection,
                             geometry: request.geometry)
    }

    /// Writes the `nearby` result: an array of
    /// `{layer, id, name, properties, geometry, distanceM, bearingDeg, direction, inside, nearestPoint}`,
    /// members in this order. `id`, `name` and `properties` are null when the feature has none; `bearingDeg`
    /// and `direction` are null at distance 0; `inside` is null for features without area;
    /// `nearestPoint` is `[lat, lon]`. Distances and bearings are written in full (shortest round-trip).
    public static func writeNearby(_ hits: [NearbyHit], layers: FeatureLayers, into out: inout JSONWriter) {
        out.beginArray()
        for hit in hits { writeHit(hit, layers: layers, into: &out) }
        out.endArray()
    }

    /// One hit as `nearby` writes it (`whereAmI` writes its places and roads the same way).
    public static func writeHit(_ hit: NearbyHit, layers: FeatureLayers, into out: inout JSONWriter) {
        // Read through the buffer: `layers.layers[k]` copies the whole layer (a retain per table) per hit.
        // `all[hit.layer].features` is read in place each time: bound to a `let`, it would be a copy (a
        // retain and release of each of its tables) per hit.
        layers.layers.withUnsafeBufferPointer { all in
            out.beginObject()
            key(AroundKeys.layer, &out)
            out.string(all[hit.layer].name)
            // The id, name and properties are written from the layer's stored text in place (the id and
            // properties are the compact JSON `JSONWriter.value` writes): not copied into arrays or strings.
            all[hit.layer].features.writeMembers(hit.feature, into: &out) { member, out in
                key(member == 0 ? AroundKeys.id : member == 1 ? Keys.name : AroundKeys.properties, &out)
            }
            key(AroundKeys.geometry, &out)
            if let kind = all[hit.layer].features.kind(hit.feature) { out.string(kind.name) } else { out.null() }
            writeReach(distanceM: hit.distanceM, bearingDeg: hit.bearingDeg, direction: hit.direction, into: &out)
            key(AroundKeys.inside, &out)
            if let inside = hit.inside { out.bool(inside) } else { out.null() }
            key(AroundKeys.nearestPoint, &out)
            out.beginArray()
            out.number(hit.nearestPoint.lat)
            out.number(hit.nearestPoint.lon)
            out.endArray()
            out.endObject()
        }
    }

    /// `distanceM`, `bearingDeg` and `direction` (the last two null at distance 0), as nearby hits and
    /// whereAmI's intersections both write them.
    static func writeReach(distanceM: Double, bearingDeg: Double?, direction: String?, into out: inout JSONWriter) {
        key(AroundKeys.distanceM, &out)
        out.number(distanceM)
        key(AroundKeys.bearingDeg, &out)
        if let bearingDeg { out.number(bearingDeg) } else { out.null() }
        key(Keys.direction, &out)
        if let direction { out.string(direction) } else { out.null() }
    }

    /// The member names of `nearby` hits and `whereAmI` answers, quoted with their colons, as `Keys` holds
    /// them (`name` and `direction` are the placemark's).
    enum AroundKeys {
        static let layer: StaticString = #""layer":"#, id: StaticString = #""id":"#
        static let properties: StaticString = #""properties":"#, geometry: StaticString = #""geometry":"#
        static let distanceM: StaticString = #""distanceM":"#, bearingDeg: StaticString = #""bearingDeg":"#
        static let inside: StaticString = #""inside":"#, nearestPoint: StaticString = #""nearestPoint":"#
        static let context: StaticString = #""context":"#, poi: StaticString = #""poi":"#
        static let road: StaticString = #""road":"#, intersection: StaticString = #""intersection":"#
        static let nearestRoad: StaticString = #""nearestRoad":"#, nearestPOI: StaticString = #""nearestPOI":"#
        static let phrase: StaticString = #""phrase":"#, names: StaticString = #""names":"#
        static let point: StaticString = #""point":"#
    }
}
