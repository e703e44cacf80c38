import GeoCore

/// `whereAmI`, `nearbyMany` and `whereAmIMany`: decoding, resolving layer names, writing the answers.
extension GeoCall {
    /// Decodes the params of the three methods (``GeoCall/decode(method:params:)`` hands them here).
    static func decodeAroundMe(_ method: GeoMethod, _ bound: BoundParams) throws(RPCError) -> GeoCall {
        switch method {
        case .whereAmI:
            let lat = try bound.number(0, within: -90, 90)
            let lon = try bound.number(1, within: -180, 180)
            let heading: Double? = bound.values(2) == nil ? nil : try bound.number(2, within: 0, 360)
            return .whereAmI(WhereAmIRequest(
                point: TracePoint(point: GeoPoint(lat: lat, lon: lon), heading: heading),
                previousRoad: try bound.optionalString(3), roadLayer: try bound.optionalString(4),
                poiLayer: try bound.optionalString(5)))
        case .nearbyMany:
            let points = try bound.trace(0, headings: false).map { $0.point }
            let radius = try bound.number(1, within: 0, NearbyRequest.maxRadiusM, default: NearbyRequest.defaultRadiusM)
            let limit = try bound.integer(2, within: 1, NearbyRequest.maxLimit, default: NearbyRequest.defaultLimit)
            return .nearbyMany(NearbyManyRequest(points: points, radiusM: radius, limit: limit,
                                                 layers: try bound.layerNames(3), geometry: try bound.geometry(4)))
        default:
            return .whereAmIMany(WhereAmIManyRequest(
                points: try bound.trace(0, headings: true), previousRoad: try bound.optionalString(1),
                roadLayer: try bound.optionalString(2), poiLayer: try bound.optionalString(3)))
        }
    }

    /// One of the three calls with its layer names turned into indexes, ready to run.
    enum AroundMe {
        case whereAmI(WhereAmIQuery)
        case nearbyMany([GeoPoint], radiusM: Double, limit: Int, layers: [Int]?, geometry: [GeometryFilter]?)
        case whereAmIMany([TracePoint], WhereAmIQuery)
    }

    /// Resolves the call's layer names against `layers`; nil for any other call.
    /// - Throws: `.invalidParams` naming the parameter (`roadLayer`, `layers[1]`) whose layer is not loaded.
    func aroundMe(in layers: FeatureLayers) throws(RPCError) -> AroundMe? {
        switch self {
        case .whereAmI(let request):
            var query = WhereAmIQuery(point: request.point.point, heading: request.point.heading,
                                      previousRoad: request.previousRoad)
            query.roadLayers = try Self.layerIndexes(request.roadLayer.map { [$0] }, param: "roadLayer", in: layers)
            query.poiLayers = try Self.layerIndexes(request.poiLayer.map { [$0] }, param: "poiLayer", in: layers)
            return .whereAmI(query)
        case .nearbyMany(let request):
            return .nearbyMany(request.points, radiusM: request.radiusM, limit: request.limit,
                               layers: try Self.layerIndexes(request.layers, param: "layers", in: layers),
                               geometry: request.geometry)
        case .whereAmIMany(let request):
            var template = WhereAmIQuery(point: GeoPoint(lat: 0, lon: 0), previousRoad: request.previousRoad)
            template.roadLayers = try Self.layerIndexes(request.roadLayer.map { [$0] }, param: "roadLayer", in: layers)
            template.poiLayers = try Self.layerIndexes(request.poiLayer.map { [$0] }, param: "poiLayer", in: layers)
            return .whereAmIMany(request.points, template)
        default:
            return nil
        }
    }

    /// Layer names to indexes (duplicates dropped), nil for nil. `param` names a single-layer parameter as
    /// is and a list's element as `param[k]`.
    static func layerIndexes(_ names: [String]?, param: String, in layers: FeatureLayers) throws(RPCError) -> [Int]? {
        guard let names else { return nil }
        var indexes: [Int] = []
        for (k, name) in names.enumerated() {
            guard let index = layers.index(named: name) else {
                let loaded = layers.layers.isEmpty ? "none" : layers.layers.map { $0.name }.joined(separator: ", ")
                let path = param == "layers" ? "layers[\(k)]" : param
                throw .invalidParams(InvalidParams(param: path,
                                                   problem: .invalidValue("names no loaded layer (loaded: \(loaded))")))
            }
            if !indexes.contains(index) { indexes.append(index) }
        }
        return indexes
    }

    /// Runs a resolved call and writes its result value, spilling between points of a trace.
    static func write(_ call: AroundMe, index: WhereAmIIndex, into out: inout JSONWriter, spill: ReplySpill) {
        switch call {
        case .whereAmI(let query):
            writeWhereAmI(index.whereAmI(query), heading: query.heading, index: index, into: &out)
        case .nearbyMany(let points, let radius, let limit, let selection, let geometry):
            out.beginArray()
            for point in points {
                writeNearby(index.layers.nearby(point, radiusM: radius, limit: limit, layers: selection, geometry: geometry),
                            layers: index.layers, into: &out)
                RPCServer.maybeSpill(&out, spill)
            }
            out.endArray()
        case .whereAmIMany(let points, let template):
            out.beginArray()
            var query = template
            for point in points {
                query.point = point.point
                query.heading = point.heading
                let answer = index.whereAmI(query)
                writeWhereAmI(answer, heading: point.heading, index: index, into: &out)
                query.previousRoad = answer.road.flatMap { WhereAmI.roadKey(index.feature($0)) }
                RPCServer.maybeSpill(&out, spill)
            }
            out.endArray()
        }
    }

    /// Runs `whereAmI`, `nearbyMany` or `whereAmIMany` against `index` and writes its result value (the
    /// command line's `geocoder where`); writes nothing for any other call.
    /// - Throws: `.invalidParams` for a layer name that `index` does not hold, before anything is written.
    public static func answerAroundMe(_ call: GeoCall, index: WhereAmIIndex, into out: inout JSONWriter) throws(RPCError) {
        if let resolved = try call.aroundMe(in: index.layers) { write(resolved, index: index, into: &out, spill: { _ in }) }
    }

    /// The result of a call without a server's layers (``GeoCall/writeResult(using:into:)``): as if none
    /// were loaded; a call that names a layer gets the answer of no layers too.
    static func writeAroundMe(_ call: GeoCall, index: WhereAmIIndex, into out: inout JSONWriter, spill: ReplySpill) {
        let resolved: AroundMe?
        do throws(RPCError) {
            resolved = try call.aroundMe(in: index.layers)
        } catch {
            resolved = try? call.withoutLayerNames().aroundMe(in: index.layers)
        }
        if let resolved { write(resolved, index: index, into: &out, spill: spill) } else { out.null() }
    }

    private func withoutLayerNames() -> GeoCall {
        switch self {
        case .whereAmI(var request):
            request.roadLayer = nil
            request.poiLayer = nil
            return .whereAmI(request)
        case .nearbyMany(var request):
            request.layers = nil
            return .nearbyMany(request)
        case .whereAmIMany(var request):
            request.roadLayer = nil
            request.poiLayer = nil
            return .whereAmIMany(request)
        default:
            return self
        }
    }

    /// Writes one answer: `{context, poi, road, intersection, nearestRoad, nearestPOI, phrase}`, members in
    /// this order, each absent one null. Places and roads are written as `nearby` hits; the intersection
    /// as `{layer, names, point, distanceM, bearingDeg, direction}` (`point` is `[lat, lon]`).
    public static func writeWhereAmI(_ answer: WhereAmI, heading: Double?, index: WhereAmIIndex,
                                     into out: inout JSONWriter) {
        out.beginObject()
        key(AroundKeys.context, &out)
        out.string(answer.context.name)
        writeHit(answer.poi, key: AroundKeys.poi, index: index, into: &out)
        writeHit(answer.road, key: AroundKeys.road, index: index, into: &out)
        key(AroundKeys.intersection, &out)
        if let hit = answer.intersection {
            let junction = index.junction(hit.junction)
            out.beginObject()
            key(AroundKeys.layer, &out)
            out.string(index.layers.layers[junction.layer].name)
            key(AroundKeys.names, &out)
            out.beginArray()
            for name in junction.names { out.string(name) }
            out.endArray()
            key(AroundKeys.point, &out)
            out.beginArray()
            out.number(junction.point.lat)
            out.number(junction.point.lon)
            out.endArray()
            writeReach(distanceM: hit.distanceM, bearingDeg: hit.bearingDeg, direction: hit.direction, into: &out)
            out.endObject()
        } else {
            out.null()
        }
        writeHit(answer.nearestRoad, key: AroundKeys.nearestRoad, index: index, into: &out)
        writeHit(answer.nearestPOI, key: AroundKeys.nearestPOI, index: index, into: &out)
        key(AroundKeys.phrase, &out)
        out.string(index.phrase(answer, heading: heading))
        out.endObject()
    }

    /// `"key":` and the hit as `nearby` writes it, or null.
    private static func writeHit(_ hit: NearbyHit?, key name: StaticString, index: WhereAmIIndex, into out: inout JSONWriter) {
        key(name, &out)
        if let hit { writeHit(hit, layers: index.layers, into: &out) } else { out.null() }
    }
}
