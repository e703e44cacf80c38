/// A vector in 3-D space; unit vectors stand for points on the sphere (x towards 0°/0°, z towards the north pole).
///
/// Great-circle work in vectors avoids the special cases of spherical trigonometry (poles, the antimeridian,
/// tiny and near-antipodal angles) and costs only multiplications once the vectors exist.
struct Vector3: Equatable {
    var x: Double
    var y: Double
    var z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The unit vector of a point on the sphere.
    init(_ point: GeoPoint) {
        let (sinLat, cosLat) = GeoMath.sinCos(degrees: point.lat)
        let (sinLon, cosLon) = GeoMath.sinCos(degrees: point.lon)
        self.init(x: cosLat * cosLon, y: cosLat * sinLon, z: sinLat)
    }

    static func + (u: Vector3, v: Vector3) -> Vector3 { Vector3(x: u.x + v.x, y: u.y + v.y, z: u.z + v.z) }
    static func - (u: Vector3, v: Vector3) -> Vector3 { Vector3(x: u.x - v.x, y: u.y - v.y, z: u.z - v.z) }
    static func * (s: Double, v: Vector3) -> Vector3 { Vector3(x: s * v.x, y: s * v.y, z: s * v.z) }

    func dot(_ v: Vector3) -> Double { x * v.x + y * v.y + z * v.z }

    func cross(_ v: Vector3) -> Vector3 {
        Vector3(x: y * v.z - z * v.y, y: z * v.x - x * v.z, z: x * v.y - y * v.x)
    }

    var length: Double { GeoMath.hypot(x, y, z) }

    /// The angle between two vectors in radians, in [0, π]: atan2(|u×v|, u·v) keeps full relative precision
    /// for tiny angles and near π, where acos and asin lose half the digits.
    func angle(to v: Vector3) -> Double {
        GeoMath.atan2(cross(v).length, dot(v))
    }

    /// The point this vector points at, in degrees; the zero vector gives (0, 0).
    var geoPoint: GeoPoint {
        GeoPoint(lat: GeoMath.atan2Degrees(z, GeoMath.hypot(x, y)), lon: GeoMath.atan2Degrees(y, x))
    }
}
