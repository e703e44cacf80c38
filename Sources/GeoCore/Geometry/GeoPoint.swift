/// A position on the WGS 84 ellipsoid, in degrees.
///
/// Public labels say `lat`/`lon`; GeoJSON's own order (longitude first) stays inside the decoder.
public struct GeoPoint: Equatable, Sendable, BitwiseCopyable {
    public var lat: Double
    public var lon: Double

    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }
}
