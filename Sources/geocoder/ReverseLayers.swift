import GeoCore
import GeoCSV
import GeoRPC

/// `geocoder reverse --layer NAME=PATH [--layer-radius M]`: each answer gains each layer's nearest feature.
///
/// JSON: the answer object gets a last member `"nearby": {"<layer>": <hit> | null, …}`, layers in the order
/// given, each hit written as the `nearby` method writes one (`layer`, `id`, `name`, `properties`,
/// `geometry`, `distanceM`, `bearingDeg`, `direction`, `inside`, `nearestPoint`), null when the layer has
/// no feature within the radius; an answer that would be null (no country) is `{"nearby": {…}}`, so the
/// layers are still reported at sea. `--format csv|tsv`: three columns per layer after the result's,
/// `<layer>_name,<layer>_distanceM,<layer>_direction`, the columns `geocoder csv --layer` adds
/// (`CSVGeocoder+Layers.swift`). The nearest feature is `nearby`'s first hit for that layer alone.
struct ReverseLayers {
    let layers: FeatureLayers
    let radiusM: Double

    var isEmpty: Bool { layers.layers.isEmpty }

    /// `result` (the bytes `reverseGeocode` wrote: an object or `null`) with the `nearby` member appended.
    func json(_ result: [UInt8], at point: GeoPoint) -> [UInt8] {
        var member = JSONWriter()
        member.beginObject()
        member.key("nearby")
        member.beginObject()
        for (index, hit) in CSVGeocoder.layerHits(layers, at: point, radiusM: radiusM).enumerated() {
            member.key(layers.layers[index].name)
            if let hit { GeoCall.writeHit(hit, layers: layers, into: &member) } else { member.null() }
        }
        member.endObject()
        member.endObject()
        // `"nearby":{…}`: the member without the braces around it.
        let inner = member.bytes[1..<(member.bytes.count - 1)]
        guard result.count >= 2, result.first == UInt8(ascii: "{"), result.last == UInt8(ascii: "}") else {
            return [UInt8(ascii: "{")] + Array(inner) + [UInt8(ascii: "}")]
        }
        var joined = Array(result[..<(result.count - 1)])
        if result.count > 2 { joined.append(UInt8(ascii: ",")) }
        joined += inner
        joined.append(UInt8(ascii: "}"))
        return joined
    }

    /// The table columns after the result's.
    var columns: [String] { CSVGeocoder.layerColumns(layers) }

    /// The table cells for `point`; empty cells for a line without a point.
    func cells(at point: GeoPoint?) -> [String] {
        guard let point else { return Array(repeating: "", count: columns.count) }
        return CSVGeocoder.layerCells(layers, at: point, radiusM: radiusM).map { $0 ?? "" }
    }

    /// The point of a decoded `reverseGeocode` call.
    static func point(of call: GeoCall) -> GeoPoint? {
        if case .reverse(let point, _, _) = call { return point }
        return nil
    }
}
