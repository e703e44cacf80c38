/// An intersection for `whereAmI`: a vertex that line features ("roads") with at least two different
/// names share, as OpenStreetMap ways share the node where two streets meet.
///
/// Unnamed roads take part in no intersection: a screen reader cannot say "intersection with" a road
/// that has no name, and unnamed footways and service roads would otherwise put an "intersection" every
/// few metres along a street.
public struct RoadJunction: Equatable, Sendable {
    /// The shared vertex.
    public var point: GeoPoint
    /// Index into `FeatureLayers.layers`: both roads lie in this layer (vertices are matched per layer).
    public var layer: Int
    /// The named roads through the vertex, as feature indexes, ascending.
    public var roads: [Int]
    /// Their distinct names, in the order of `roads` (first appearance).
    public var names: [String]

    public init(point: GeoPoint, layer: Int, roads: [Int], names: [String]) {
        self.point = point
        self.layer = layer
        self.roads = roads
        self.names = names
    }
}

extension FeatureKind {
    /// Whether `whereAmI` treats a feature of this kind as a road: lines (LineString, MultiLineString).
    public var isRoad: Bool { self == .lineString || self == .multiLineString }
    /// Whether `whereAmI` treats a feature of this kind as a place: points and polygons. A
    /// GeometryCollection is neither (it has no single role).
    public var isPOI: Bool { self == .point || self == .multiPoint || hasArea }
}

extension FeatureLayer {
    /// The intersections of this layer's roads: every vertex of a line feature that named line
    /// features with two or more distinct names share (coordinates compared exactly).
    /// - Parameter layer: the layer's index, copied into each junction.
    /// - Complexity: O(v log v) in the line vertices.
    func roadJunctions(layer: Int) -> [RoadJunction] {
        var ends: [(point: GeoPoint, feature: UInt32)] = []
        for element in elements where element.isSegment {
            let feature = features[Int(element.feature)]
            guard feature.kind?.isRoad == true, feature.name != nil else { continue }
            ends.append((vertices[Int(element.start)], element.feature))
            ends.append((vertices[Int(element.start) + 1], element.feature))
        }
        ends.sort {
            if $0.point.lat != $1.point.lat { return $0.point.lat < $1.point.lat }
            if $0.point.lon != $1.point.lon { return $0.point.lon < $1.point.lon }
            return $0.feature < $1.feature
        }
        var junctions: [RoadJunction] = []
        var start = 0
        while start < ends.count {
            var end = start + 1
            while end < ends.count && ends[end].point == ends[start].point { end += 1 }
            if end - start >= 2 {
                var roads: [Int] = []
                var names: [String] = []
                for k in start..<end where roads.last != Int(ends[k].feature) {
                    roads.append(Int(ends[k].feature))
                    if let name = features[Int(ends[k].feature)].name, !names.contains(name) { names.append(name) }
                }
                if names.count >= 2 {
                    junctions.append(RoadJunction(point: ends[start].point, layer: layer, roads: roads, names: names))
                }
            }
            start = end
        }
        return junctions
    }

    /// Each feature's area in square metres on the sphere (0 for features without area), exterior rings
    /// less their holes: what makes one containing place "inner" to another.
    ///
    /// Each ring by the spherical trapezoid sum R²·|Σ (λ₂ − λ₁)(sin φ₁ + sin φ₂)/2| (edges as rhumb-ish
    /// chords, exact enough to order nested buildings; rings never cross the antimeridian, the layer refuses
    /// them).
    func featureAreasM2() -> [Double] {
        var result = [Double](repeating: 0, count: features.count)
        for (index, polygon) in areas.enumerated() {
            var area = FeatureLayer.ringAreaM2(polygon.exterior.points)
            for hole in polygon.holes { area -= FeatureLayer.ringAreaM2(hole.points) }
            result[Int(areaFeatures[index])] += max(0, area)
        }
        return result
    }

    static func ringAreaM2(_ points: [GeoPoint]) -> Double {
        guard points.count >= 3 else { return 0 }
        var sum = 0.0
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i]
            let dLon = (b.lon - a.lon) * (Double.pi / 180)
            sum += dLon * (GeoMath.sinCos(degrees: a.lat).sin + GeoMath.sinCos(degrees: b.lat).sin) / 2
        }
        return sum.magnitude * earthRadiusM * earthRadiusM
    }
}
