extension FeatureLayer {
    /// Builds a layer from a GeoJSON document (a FeatureCollection, a lone Feature or a bare geometry).
    ///
    /// The decoder's validation applies (RFC 7946 shapes, closed rings, coordinates in range); winding
    /// warnings are ignored, since containment does not depend on winding.
    /// - Parameters:
    ///   - name: the layer's name.
    ///   - bytes: the UTF-8 document.
    ///   - nameKey: the `properties` member whose string value is the feature's `name`.
    /// - Throws: `FeatureLayerError`, naming the feature (0-based) and the problem.
    /// - Complexity: O(n log n) in the vertices (the grid's sort).
    public convenience init(name: String, geoJSON bytes: [UInt8], nameKey: String = "name") throws(FeatureLayerError) {
        let decoded: [GeoJSONFeature]
        do throws(NumberedGeoJSONError) {
            decoded = try GeoJSONDecoder.decodeNumberedFeatures(bytes).features
        } catch {
            throw .geoJSON(error)
        }
        var flat = Flattener()
        var features = LayerFeaturesBuilder()
        for (index, feature) in decoded.enumerated() {
            // Compared as UInt64: on wasm32 `Int(UInt32.max)` does not fit in an Int and would trap.
            guard UInt64(index) < UInt64(UInt32.max) else { throw .tooLarge }
            var properties: [UInt8] = Array("null".utf8)
            var featureName: String?
            if let object = feature.properties {
                properties = JSONValue.object(object).encoded()
                featureName = object[nameKey]?.stringValue
            }
            var kind: FeatureKind?
            if let geometry = feature.geometry {
                kind = FeatureKind(geometry)
                try flat.add(geometry, feature: UInt32(index))
            }
            try features.append(id: feature.id, name: featureName, properties: properties, kind: kind)
        }
        guard flat.vertices.count < Int(Int32.max) - 1 else { throw .tooLarge }
        self.init(name: name, features: features.build(), vertices: flat.vertices, runs: flat.runs,
                  elements: flat.elements,
                  areas: flat.areas, areaFeatures: flat.areaFeatures, areaRingStarts: flat.areaRingStarts,
                  areaRings: flat.areaRings)
    }

    /// Turns geometries into vertices, points, segments and polygons.
    private struct Flattener {
        var vertices: [GeoPoint] = []
        /// Each point's, line's and ring's run of `vertices`, in order.
        var runs: [RingRun] = []
        var elements: [Element] = []
        var areas: [Polygon] = []
        var areaFeatures: [UInt32] = []
        var areaRingStarts: [UInt32] = [0]
        var areaRings: [RingRun] = []

        mutating func add(_ geometry: GeoJSONGeometry, feature: UInt32) throws(FeatureLayerError) {
            switch geometry {
            case .point(let point):
                addPoint(point, feature)
            case .multiPoint(let points):
                for point in points { addPoint(point, feature) }
            case .lineString(let line):
                addLine(line, feature)
            case .multiLineString(let lines):
                for line in lines { addLine(line, feature) }
            case .polygon(let polygon):
                try addPolygon(polygon, feature)
            case .multiPolygon(let area):
                for polygon in area.polygons { try addPolygon(polygon, feature) }
            case .geometryCollection(let members):
                for member in members { try add(member, feature: feature) }
            }
        }

        private mutating func addPoint(_ point: GeoPoint, _ feature: UInt32) {
            elements.append(Element(feature: feature, start: UInt32(truncatingIfNeeded: vertices.count), isSegment: false))
            runs.append(RingRun(start: UInt32(truncatingIfNeeded: vertices.count), count: 1))
            vertices.append(point)
        }

        /// A line's segments; its last vertex starts none.
        private mutating func addLine(_ line: [GeoPoint], _ feature: UInt32) {
            let base = vertices.count
            runs.append(RingRun(start: UInt32(truncatingIfNeeded: base), count: UInt32(truncatingIfNeeded: line.count)))
            vertices.append(contentsOf: line)
            for i in 0..<Swift.max(0, line.count - 1) {
                elements.append(Element(feature: feature, start: UInt32(truncatingIfNeeded: base + i), isSegment: true))
            }
        }

        /// A polygon: its rings' edges as segments (the distance from outside), the polygon for containment.
        private mutating func addPolygon(_ polygon: Polygon, _ feature: UInt32) throws(FeatureLayerError) {
            for ring in polygon.rings {
                for i in 1..<ring.points.count where (ring.points[i].lon - ring.points[i - 1].lon).magnitude > 180 {
                    throw .ringCrossesAntimeridian(featureIndex: Int(feature))
                }
                areaRings.append(RingRun(start: UInt32(truncatingIfNeeded: vertices.count),
                                         count: UInt32(truncatingIfNeeded: ring.points.count)))
                addLine(ring.points, feature)
            }
            areaRingStarts.append(UInt32(truncatingIfNeeded: areaRings.count))
            areas.append(polygon)
            areaFeatures.append(feature)
        }
    }
}
