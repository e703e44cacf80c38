/// One GeoJSON Feature (RFC 7946 §3.2). A bare geometry at the top level becomes a feature with no id and
/// no properties.
public struct GeoJSONFeature: Equatable, Sendable {
    /// The `id` member: a string or number as written, or nil when absent or null.
    public var id: JSONValue?
    /// The `properties` object, members in document order, or nil when `properties` is null.
    public var properties: JSONObject?
    /// nil when `geometry` is null or its `coordinates` array is empty.
    public var geometry: GeoJSONGeometry?

    public init(id: JSONValue? = nil, properties: JSONObject? = nil, geometry: GeoJSONGeometry? = nil) {
        self.id = id
        self.properties = properties
        self.geometry = geometry
    }
}
