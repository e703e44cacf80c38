/// A decoded GeoJSON geometry (RFC 7946 §3.1), in `GeoPoint`s (altitude and further values dropped).
///
/// Polygons arrive as the geometry layer's `Polygon`/`MultiPolygon`, already checked: every ring has at least
/// four positions and is closed. Winding is not corrected; a wrong winding only produces a `GeoJSONWarning`.
public indirect enum GeoJSONGeometry: Equatable, Sendable {
    case point(GeoPoint)
    case multiPoint([GeoPoint])
    /// At least two positions.
    case lineString([GeoPoint])
    /// Each line has at least two positions.
    case multiLineString([[GeoPoint]])
    case polygon(Polygon)
    case multiPolygon(MultiPolygon)
    /// Members whose `coordinates` were empty are left out (RFC 7946 §3.1 lets them count as null).
    case geometryCollection([GeoJSONGeometry])
}
