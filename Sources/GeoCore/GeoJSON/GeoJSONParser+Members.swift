extension GeoJSONParser {
    /// Reads `type`: a string naming a GeoJSON type that `context` allows.
    mutating func readType(in context: Context) throws(GeoJSONError) -> ObjectType {
        let offset = valueOffset()
        guard scanner.peekKind() == .string else { throw GeoJSONError.wrongMemberType(offset: offset, .type) }
        let name = try json { (scanner) throws(JSONError) in try scanner.readString() }
        guard let type = ObjectType(name: name) else { throw GeoJSONError.unknownType(offset: offset) }
        guard context.allows(type) else { throw GeoJSONError.unexpectedType(offset: offset) }
        return type
    }

    /// Validates `bbox` (an array of 2×n numbers, n >= 2, RFC 7946 §5) and otherwise ignores it: the decoder
    /// computes its own bounds from the coordinates.
    mutating func checkBoundingBox() throws(GeoJSONError) {
        let offset = valueOffset()
        guard scanner.peekKind() == .array else { throw GeoJSONError.wrongMemberType(offset: offset, .bbox) }
        try json { (scanner) throws(JSONError) in try scanner.beginArray() }
        var count = 0
        while try json({ (scanner) throws(JSONError) in try scanner.hasNext() }) {
            switch scanner.peekKind() {
            case .number: break
            case nil: throw GeoJSONError.json(scanner.unexpected())
            default: throw GeoJSONError.invalidBoundingBox(offset: offset)
            }
            _ = try json { (scanner) throws(JSONError) in try scanner.readDouble() }
            count += 1
        }
        guard count >= 4 && count % 2 == 0 else { throw GeoJSONError.invalidBoundingBox(offset: offset) }
    }

    /// Reads `features`: an array of Feature objects.
    mutating func readFeatureList() throws(GeoJSONError) -> [GeoJSONFeature] {
        let offset = valueOffset()
        guard scanner.peekKind() == .array else { throw GeoJSONError.wrongMemberType(offset: offset, .features) }
        try json { (scanner) throws(JSONError) in try scanner.beginArray() }
        var features: [GeoJSONFeature] = []
        while try json({ (scanner) throws(JSONError) in try scanner.hasNext() }) {
            featuresBegun += 1
            if case .feature(let feature) = try readObject(in: .featureList) { features.append(feature) }
        }
        featureListEnded = true
        return features
    }

    /// Reads `geometries`: an array of geometry objects (null is not allowed inside a collection).
    /// Members with empty `coordinates` count as null and are left out.
    mutating func readGeometryList() throws(GeoJSONError) -> [GeoJSONGeometry] {
        let offset = valueOffset()
        guard scanner.peekKind() == .array else { throw GeoJSONError.wrongMemberType(offset: offset, .geometries) }
        try json { (scanner) throws(JSONError) in try scanner.beginArray() }
        var geometries: [GeoJSONGeometry] = []
        while try json({ (scanner) throws(JSONError) in try scanner.hasNext() }) {
            if case .geometry(let geometry?) = try readObject(in: .geometry) { geometries.append(geometry) }
        }
        return geometries
    }

    /// Reads a Feature's `geometry`: a geometry object or null.
    mutating func readGeometryMember() throws(GeoJSONError) -> GeoJSONGeometry? {
        let offset = valueOffset()
        switch scanner.peekKind() {
        case .null:
            try json { (scanner) throws(JSONError) in try scanner.readNull() }
            return nil
        case .object:
            guard case .geometry(let geometry) = try readObject(in: .geometry) else { return nil }
            return geometry
        default:
            throw GeoJSONError.wrongMemberType(offset: offset, .geometry)
        }
    }

    /// Reads a Feature's `properties`: an object (kept as a tree, members in order) or null.
    mutating func readProperties() throws(GeoJSONError) -> JSONObject? {
        let offset = valueOffset()
        switch scanner.peekKind() {
        case .null:
            try json { (scanner) throws(JSONError) in try scanner.readNull() }
            return nil
        case .object:
            guard case .object(let object) = try json({ (scanner) throws(JSONError) in try scanner.readValue() }) else {
                return nil
            }
            return object
        default:
            throw GeoJSONError.wrongMemberType(offset: offset, .properties)
        }
    }

    /// Reads a Feature's `id`: a string or number (RFC 7946 §3.2); null is taken as "no id".
    mutating func readID() throws(GeoJSONError) -> JSONValue? {
        let offset = valueOffset()
        switch scanner.peekKind() {
        case .null:
            try json { (scanner) throws(JSONError) in try scanner.readNull() }
            return nil
        case .string, .number:
            return try json { (scanner) throws(JSONError) in try scanner.readValue() }
        default:
            throw GeoJSONError.wrongMemberType(offset: offset, .id)
        }
    }
}
