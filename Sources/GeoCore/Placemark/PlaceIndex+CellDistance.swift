/// Exact distances between a point and a latitude/longitude cell, the bounds the places index is built on.
///
/// A cell is the closed rectangle [south, north] × [west, east] in degrees, with east − west at most 45°
/// (every cell the index makes), so it never wraps the antimeridian and its meridian edges are great-circle
/// arcs shorter than 180°.
struct PlaceCell {
    let south: Double, north: Double, west: Double, east: Double
    /// The corners, as unit vectors, for the distance to the meridian edges.
    let southWest: Vector3, northWest: Vector3, southEast: Vector3, northEast: Vector3

    init(south: Double, north: Double, west: Double, east: Double) {
        self.south = south
        self.north = north
        self.west = west
        self.east = east
        southWest = Vector3(GeoPoint(lat: south, lon: west))
        northWest = Vector3(GeoPoint(lat: north, lon: west))
        southEast = Vector3(GeoPoint(lat: south, lon: east))
        northEast = Vector3(GeoPoint(lat: north, lon: east))
    }

    /// The smallest angle in radians from the point (`lat`, `lon`, unit vector `v`) to any point of the cell.
    ///
    /// S2's `S2LatLngRect::GetDistance(S2LatLng)` (google/s2geometry `src/s2/s2latlng_rect.cc`): when the
    /// point's longitude lies in the cell's span, the nearest point of the cell is on the same meridian, so
    /// the angle is the latitude gap; otherwise it lies on the meridian edge nearer in longitude, a
    /// great-circle arc, whose distance `Spherical.angleToArc` gives exactly.
    /// - Complexity: O(1), no allocation.
    func minAngle(lat: Double, lon: Double, _ v: Vector3) -> Double {
        let span = east - west
        if Self.eastward(from: west, to: lon) <= span {
            if lat < south { return (south - lat) * GeoMath.radiansPerDegree }
            if lat > north { return (lat - north) * GeoMath.radiansPerDegree }
            return 0
        }
        // Outside the span: the edge nearer in longitude (east of the cell, or west of it).
        if Self.eastward(from: east, to: lon) <= Self.eastward(from: lon, to: west) {
            return Spherical.angleToArc(v, southEast, northEast)
        }
        return Spherical.angleToArc(v, southWest, northWest)
    }

    /// The largest angle in radians from the point to any point of the cell: π minus the smallest angle
    /// from its antipode (the farthest point of a set from p is the nearest one to −p).
    func maxAngle(lat: Double, lon: Double, _ v: Vector3) -> Double {
        let antipodeLon = lon >= 0 ? lon - 180 : lon + 180
        return GeoMath.pi - minAngle(lat: -lat, lon: antipodeLon, Vector3(x: -v.x, y: -v.y, z: -v.z))
    }

    /// How far east `to` lies from `from`, in [0, 360) degrees.
    static func eastward(from: Double, to: Double) -> Double {
        let d = to - from
        return d < 0 ? d + 360 : (d >= 360 ? d - 360 : d)
    }
}
