/// The decoder's working state: a scanner over the document and the warnings found so far.
struct GeoJSONParser {
    var scanner: JSONScanner
    var warnings: [GeoJSONWarning] = []
    /// Features of a `features` array begun so far; after an error, the failing feature is number
    /// `featuresBegun - 1` (0-based), for messages that name it (`GeoJSONDecoder.decodeNumberedFeatures`).
    var featuresBegun = 0
    /// Set once the `features` array has been read to its end.
    var featureListEnded = false

    /// The GeoJSON object types; names are case-sensitive (RFC 7946 §1.4).
    enum ObjectType: Equatable {
        case featureCollection, feature
        case point, multiPoint, lineString, multiLineString, polygon, multiPolygon, geometryCollection

        init?(name: String) {
            switch name {
            case "FeatureCollection": self = .featureCollection
            case "Feature": self = .feature
            case "Point": self = .point
            case "MultiPoint": self = .multiPoint
            case "LineString": self = .lineString
            case "MultiLineString": self = .multiLineString
            case "Polygon": self = .polygon
            case "MultiPolygon": self = .multiPolygon
            case "GeometryCollection": self = .geometryCollection
            default: return nil
            }
        }
    }

    /// Where an object sits, which decides the types it may have.
    enum Context {
        case root, featureList, geometry

        func allows(_ type: ObjectType) -> Bool {
            switch self {
            case .root: return true
            case .featureList: return type == .feature
            case .geometry: return type != .feature && type != .featureCollection
            }
        }
    }

    /// A decoded object. A geometry is nil when its `coordinates` array was empty.
    enum ParsedObject {
        case featureCollection([GeoJSONFeature])
        case feature(GeoJSONFeature)
        case geometry(GeoJSONGeometry?)
    }

    /// The type-dependent members of one object, as far as they have been read.
    struct Members {
        var features: [GeoJSONFeature]?
        var hasGeometry = false
        var geometry: GeoJSONGeometry?
        var hasProperties = false
        var properties: JSONObject?
        var id: JSONValue?
        var coordinates: CoordinateNode?
        var geometries: [GeoJSONGeometry]?
    }

    /// Reads one GeoJSON object of any type allowed in `context`.
    mutating func readObject(in context: Context) throws(GeoJSONError) -> ParsedObject {
        let objectOffset = valueOffset()
        guard scanner.peekKind() == .object else { throw GeoJSONError.expectedObject(offset: objectOffset) }
        try json { (scanner) throws(JSONError) in try scanner.beginObject() }
        var type: ObjectType?
        var members = Members()
        var seen: UInt16 = 0
        // Members met before `type`, to be read once the type is known.
        var deferred: [(member: GeoJSONError.Member, at: JSONScanner.Checkpoint, offset: Int)] = []
        while let key = try json({ (scanner) throws(JSONError) in try scanner.nextKey() }) {
            let offset = valueOffset()
            guard let member = GeoJSONParser.member(named: key) else {
                try json { (scanner) throws(JSONError) in try scanner.skipValue() }  // a foreign member
                continue
            }
            let bit = GeoJSONParser.bit(member)
            if seen & bit != 0 { throw GeoJSONError.duplicateMember(offset: offset, member) }
            seen |= bit
            switch member {
            case .type:
                type = try readType(in: context)
            case .bbox:
                try checkBoundingBox()
            default:
                if let type {
                    try readMember(member, of: type, into: &members)
                } else {
                    deferred.append((member, scanner.checkpoint, offset))
                    try json { (scanner) throws(JSONError) in try scanner.skipValue() }
                }
            }
        }
        guard let type else { throw GeoJSONError.missingMember(offset: objectOffset, .type) }
        if !deferred.isEmpty {
            let end = scanner.checkpoint
            for entry in deferred {
                scanner.restore(entry.at)
                try readMember(entry.member, of: type, into: &members)
            }
            scanner.restore(end)
        }
        return try finish(type, members, objectOffset: objectOffset)
    }

    /// Reads (or skips, or rejects) one type-dependent member now that the object's type is known.
    private mutating func readMember(_ member: GeoJSONError.Member, of type: ObjectType,
                                     into members: inout Members) throws(GeoJSONError) {
        let offset = valueOffset()
        switch (type, member) {
        case (.featureCollection, .features):
            members.features = try readFeatureList()
        case (.feature, .geometry):
            members.hasGeometry = true
            members.geometry = try readGeometryMember()
        case (.feature, .properties):
            members.hasProperties = true
            members.properties = try readProperties()
        case (.feature, .id):
            members.id = try readID()
        case (.geometryCollection, .geometries):
            members.geometries = try readGeometryList()
        case (.featureCollection, .coordinates), (.featureCollection, .geometries),
             (.feature, .coordinates), (.feature, .geometries),
             (_, .features), (_, .geometry), (_, .properties):
            // RFC 7946 §7.1: these members would give the object a second meaning.
            throw GeoJSONError.forbiddenMember(offset: offset, member)
        case (_, .coordinates) where type != .geometryCollection:
            members.coordinates = try readCoordinates()
        default:
            // `id` on a collection or geometry, `coordinates` on a GeometryCollection, `geometries` on a
            // single geometry: foreign members with no special meaning here.
            try json { (scanner) throws(JSONError) in try scanner.skipValue() }
        }
    }

    /// Checks the required members and assembles the result.
    private mutating func finish(_ type: ObjectType, _ members: Members, objectOffset: Int)
        throws(GeoJSONError) -> ParsedObject {
        switch type {
        case .featureCollection:
            guard let features = members.features else {
                throw GeoJSONError.missingMember(offset: objectOffset, .features)
            }
            return .featureCollection(features)
        case .feature:
            guard members.hasGeometry else { throw GeoJSONError.missingMember(offset: objectOffset, .geometry) }
            guard members.hasProperties else { throw GeoJSONError.missingMember(offset: objectOffset, .properties) }
            return .feature(GeoJSONFeature(id: members.id, properties: members.properties, geometry: members.geometry))
        case .geometryCollection:
            guard let geometries = members.geometries else {
                throw GeoJSONError.missingMember(offset: objectOffset, .geometries)
            }
            return .geometry(.geometryCollection(geometries))
        case .point, .multiPoint, .lineString, .multiLineString, .polygon, .multiPolygon:
            guard let coordinates = members.coordinates else {
                throw GeoJSONError.missingMember(offset: objectOffset, .coordinates)
            }
            return .geometry(try geometry(type, from: coordinates))
        }
    }

    // MARK: - Helpers

    /// Runs a scanner operation, wrapping its error.
    @inline(__always)
    mutating func json<T>(_ operation: (inout JSONScanner) throws(JSONError) -> T) throws(GeoJSONError) -> T {
        do {
            return try operation(&scanner)
        } catch {
            throw GeoJSONError.json(error)
        }
    }

    /// The offset of the next value (after whitespace), for error reports.
    @inline(__always)
    mutating func valueOffset() -> Int {
        scanner.skipWhitespace()
        return scanner.offset
    }

    static func member(named key: String) -> GeoJSONError.Member? {
        switch key {
        case "type": return .type
        case "features": return .features
        case "geometry": return .geometry
        case "properties": return .properties
        case "coordinates": return .coordinates
        case "geometries": return .geometries
        case "id": return .id
        case "bbox": return .bbox
        default: return nil
        }
    }

    static func bit(_ member: GeoJSONError.Member) -> UInt16 {
        switch member {
        case .type: return 1
        case .features: return 2
        case .geometry: return 4
        case .properties: return 8
        case .coordinates: return 16
        case .geometries: return 32
        case .id: return 64
        case .bbox: return 128
        }
    }
}
