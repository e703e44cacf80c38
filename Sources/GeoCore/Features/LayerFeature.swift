/// What a layer keeps of one GeoJSON feature besides its geometry: what `nearby` echoes back.
public struct LayerFeature: Equatable, Sendable {
    /// The feature's `id` as written (string or number, numbers in their literal text), nil when absent.
    public var id: JSONValue?
    /// The string value of the layer's name property, nil when absent or not a string.
    public var name: String?
    /// `properties` as compact JSON text (`null` when the feature had none), written back unchanged.
    public var properties: [UInt8]
    /// nil for a feature whose geometry is null (it is never near anything).
    public var kind: FeatureKind?

    public init(id: JSONValue?, name: String?, properties: [UInt8], kind: FeatureKind?) {
        self.id = id
        self.name = name
        self.properties = properties
        self.kind = kind
    }
}
