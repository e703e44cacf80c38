/// True when the closed segment a–b and the closed box share at least one point.
///
/// Exact, including segments that only touch the box's edge or corner and segments lying along its sides: the
/// decision uses comparisons of the inputs and the exact orientation predicate, never interpolated
/// intersection points. By the separating-axis theorem a segment and a box are disjoint exactly when their
/// boxes are disjoint or all four box corners lie strictly on one side of the segment's line.
/// - Parameters:
///   - a: one end, in degrees (edges are straight lines in lon/lat).
///   - b: the other end; `a == b` is allowed and means the single point.
///   - box: a box with `west <= east` and `south <= north`; an empty box (or NaN anywhere) meets nothing.
/// - Complexity: O(1), no allocation.
public func segmentIntersectsBox(_ a: GeoPoint, _ b: GeoPoint, _ box: BoundingBox) -> Bool {
    // Written so that NaN anywhere answers false: every comparison with NaN is false.
    guard box.west <= box.east, box.south <= box.north,
          !a.lat.isNaN, !a.lon.isNaN, !b.lat.isNaN, !b.lon.isNaN else { return false }
    if box.contains(a) || box.contains(b) { return true }
    // Separating axes along x and y: the segment's own box against the box.
    if (a.lon < box.west && b.lon < box.west) || (a.lon > box.east && b.lon > box.east) { return false }
    if (a.lat < box.south && b.lat < box.south) || (a.lat > box.north && b.lat > box.north) { return false }
    // The axis across the segment: do the corners straddle (or touch) its line?
    let s1 = Orientation.sign(a, b, GeoPoint(lat: box.south, lon: box.west))
    let s2 = Orientation.sign(a, b, GeoPoint(lat: box.south, lon: box.east))
    let s3 = Orientation.sign(a, b, GeoPoint(lat: box.north, lon: box.east))
    let s4 = Orientation.sign(a, b, GeoPoint(lat: box.north, lon: box.west))
    let allLeft = s1 > 0 && s2 > 0 && s3 > 0 && s4 > 0
    let allRight = s1 < 0 && s2 < 0 && s3 < 0 && s4 < 0
    return !(allLeft || allRight)
}
