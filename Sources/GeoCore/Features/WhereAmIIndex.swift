/// What `whereAmI` reads besides the layers' grids: every layer's road intersections (``RoadJunction``,
/// the layer's `JunctionTable`) numbered one after the other, and every feature's area (to pick the
/// innermost of nested places). Both are built with each layer and kept in its binary form, so making
/// this index costs nothing at start.
public struct WhereAmIIndex: Sendable {
    public let layers: FeatureLayers
    /// Where each layer's junctions start in the numbering of ``JunctionHit/junction``: junction j of
    /// layer l is number `junctionStarts[l] + j`; one entry more than layers.
    let junctionStarts: [Int]

    /// No layers: every answer is "other" with nothing near.
    public static let empty = WhereAmIIndex(layers: .empty)

    /// - Complexity: O(layers).
    public init(layers: FeatureLayers) {
        self.layers = layers
        var starts = [0]
        for layer in layers.layers { starts.append(starts[starts.count - 1] + layer.junctions.count) }
        junctionStarts = starts
    }

    /// How many junctions all layers have.
    public var junctionCount: Int { junctionStarts[junctionStarts.count - 1] }

    /// Junction number `index` (as ``JunctionHit/junction`` gives it), `0 ..< junctionCount`.
    public func junction(_ index: Int) -> RoadJunction {
        precondition(index >= 0 && index < junctionCount, "junction index out of range")
        var layer = 0
        while junctionStarts[layer + 1] <= index { layer += 1 }
        let table = layers.layers[layer]
        return table.junctions.junction(index - junctionStarts[layer], layer: layer, features: table.features)
    }

    /// Every junction, in number order.
    /// - Complexity: O(junctions); for tests and tools, `junction(_:)` reads one.
    public var junctions: [RoadJunction] { (0..<junctionCount).map(junction) }

    /// The area of a hit's feature in square metres (0 without area).
    func areaM2(_ hit: NearbyHit) -> Double { layers.layers[hit.layer].areasM2[hit.feature] }
}
