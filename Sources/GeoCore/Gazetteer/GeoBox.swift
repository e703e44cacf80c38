/// A latitude/longitude box as JSON-RPC clients give it. `minLon > maxLon` means the box crosses the
/// antimeridian: it runs east from `minLon` to 180 and on from -180 to `maxLon`.
public struct GeoBox: Equatable, Sendable {
    public var minLat: Double
    public var minLon: Double
    public var maxLat: Double
    public var maxLon: Double

    public init(minLat: Double, minLon: Double, maxLat: Double, maxLon: Double) {
        self.minLat = minLat
        self.minLon = minLon
        self.maxLat = maxLat
        self.maxLon = maxLon
    }

    public var crossesAntimeridian: Bool { minLon > maxLon }

    /// The box as boxes that do not cross the antimeridian and together cover the same points.
    ///
    /// -180 and 180 are one meridian: a box that reaches one of them also reaches the other, so that side
    /// gets a zero-width part on the other spelling (`[65, -180, 67, -180]` meets what lies along 180 as
    /// well as what lies along -180).
    public var parts: [BoundingBox] {
        var result: [BoundingBox]
        if !crossesAntimeridian {
            result = [BoundingBox(west: minLon, south: minLat, east: maxLon, north: maxLat)]
        } else {
            result = [BoundingBox(west: minLon, south: minLat, east: 180, north: maxLat),
                      BoundingBox(west: -180, south: minLat, east: maxLon, north: maxLat)]
        }
        let reachesWest = result.contains { $0.west <= -180 }, reachesEast = result.contains { $0.east >= 180 }
        if reachesWest && !reachesEast { result.append(BoundingBox(west: 180, south: minLat, east: 180, north: maxLat)) }
        if reachesEast && !reachesWest { result.append(BoundingBox(west: -180, south: minLat, east: -180, north: maxLat)) }
        return result
    }

    /// The narrowest box that covers all of `boxes`, crossing the antimeridian when that is narrower.
    ///
    /// Fiji's islands lie on both sides of ±180°: the box from 176.9°E across to 178.2°W is 5° wide,
    /// where a box that may not cross would span nearly the whole globe.
    /// - Complexity: O(n log n).
    public static func covering(_ boxes: [BoundingBox]) -> GeoBox? {
        let spans = boxes.filter { !$0.isEmpty }.sorted { $0.west < $1.west }
        guard let first = spans.first else { return nil }
        var south = first.south, north = first.north
        // Merge overlapping longitude spans, then find the widest gap between them on the circle.
        var merged: [(west: Double, east: Double)] = []
        for box in spans {
            south = min(south, box.south)
            north = max(north, box.north)
            if let last = merged.last, box.west <= last.east {
                merged[merged.count - 1].east = max(last.east, box.east)
            } else {
                merged.append((box.west, box.east))
            }
        }
        // The gap that wraps round from the last span's east to the first span's west.
        var gap = merged[0].west + 360 - merged[merged.count - 1].east
        var west = merged[0].west, east = merged[merged.count - 1].east
        for k in merged.indices.dropFirst() {
            let inner = merged[k].west - merged[k - 1].east
            if inner > gap {
                gap = inner
                west = merged[k].west
                east = merged[k - 1].east
            }
        }
        return GeoBox(minLat: south, minLon: west, maxLat: north, maxLon: east)
    }
}
