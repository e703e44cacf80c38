/// What `whereAmI` needs besides `FeatureLayers.nearby`, computed once when the layers are loaded: every
/// layer's road intersections (``RoadJunction``) in a grid, and every feature's area (to pick the
/// innermost of nested places).
public struct WhereAmIIndex: Sendable {
    public let layers: FeatureLayers
    /// All layers' junctions, layer by layer.
    public let junctions: [RoadJunction]
    /// Junctions by the grid cell of their point.
    let junctionGrid: FeatureGrid
    /// `areasM2[layer][feature]`: square metres, 0 for features without area.
    let areasM2: [[Double]]

    /// No layers: every answer is "other" with nothing near.
    public static let empty = WhereAmIIndex(layers: .empty)

    /// - Complexity: O(v log v) in the layers' line vertices, plus O(polygon vertices).
    public init(layers: FeatureLayers) {
        self.layers = layers
        var junctions: [RoadJunction] = []
        var areas: [[Double]] = []
        for (index, layer) in layers.layers.enumerated() {
            junctions.append(contentsOf: layer.roadJunctions(layer: index))
            areas.append(layer.featureAreasM2())
        }
        var grid = FeatureGridBuilder()
        for (index, junction) in junctions.enumerated() {
            let p = junction.point
            grid.add(UInt32(index), south: p.lat, north: p.lat, west: p.lon, east: p.lon)
        }
        self.junctions = junctions
        junctionGrid = grid.build()
        areasM2 = areas
    }

    /// The indexes (into ``junctions``) of junctions that may lie within `radiusM` of `query` (a superset:
    /// the cells of the query's circle), ascending.
    func junctionCandidates(near query: GeoPoint, radiusM: Double) -> [Int] {
        var found = junctionGrid.wide.map { Int($0) }
        let window = FeatureLayer.window(query, radiusM: radiusM)
        for row in window.rows {
            for columns in window.columns {
                let low = FeatureGrid.key(row: row, column: columns.lowerBound)
                let high = FeatureGrid.key(row: row, column: columns.upperBound)
                var k = junctionGrid.firstKey(atLeast: low)
                while k < junctionGrid.keys.count && junctionGrid.keys[k] <= high {
                    for item in junctionGrid.items[Int(junctionGrid.starts[k])..<Int(junctionGrid.starts[k + 1])] {
                        found.append(Int(item))
                    }
                    k += 1
                }
            }
        }
        found.sort()
        return found
    }
}
