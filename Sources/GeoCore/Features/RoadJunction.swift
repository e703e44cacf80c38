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
    /// Each feature's area in square metres on the sphere (0 for features without area), exterior rings
    /// less their holes: what makes one containing place "inner" to another.
    ///
    /// Each ring by the spherical trapezoid sum R²·|Σ (λ₂ − λ₁)(sin φ₁ + sin φ₂)/2| (edges as rhumb-ish
    /// chords, exact enough to order nested buildings; rings never cross the antimeridian, the layer refuses
    /// them).
    static func featureAreasM2(featureCount: Int, areas: [Polygon], areaFeatures: [UInt32]) -> [Double] {
        var result = [Double](repeating: 0, count: featureCount)
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
