import Testing
@testable import GeoCore

/// `LayerFeatures.writeMembers` writes a hit's id, name and properties from the stored text in place; these
/// tests hold it to the bytes of the old path (`encodedID`, `name`, `encodedProperties` written as values).
@Suite("User layers: a feature's members written in place")
struct LayerFeaturesWriteTests {
    /// Ids of every JSON kind and none, names plain, with escapes, control characters and non-ASCII, or none.
    static let geoJSON = """
    {"type":"FeatureCollection","features":[
    {"type":"Feature","id":7,"properties":{"name":"Main Street","highway":"primary"},"geometry":{"type":"Point","coordinates":[10,50]}},
    {"type":"Feature","id":"a\\"b","properties":{"name":"Say \\"hi\\" \\\\ \\n\\t\\u0001 here"},"geometry":{"type":"Point","coordinates":[10,50]}},
    {"type":"Feature","properties":{"name":"Rautatientori – Järnvägstorget 🚉"},"geometry":{"type":"Point","coordinates":[10,50]}},
    {"type":"Feature","id":2.50,"properties":{"amenity":"bench"},"geometry":null},
    {"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[10,50]}}
    ]}
    """

    static func old(_ features: LayerFeatures, _ f: Int) -> [UInt8] {
        var out = JSONWriter()
        out.beginObject()
        out.key("id")
        let id = features.encodedID(f)
        if id.isEmpty { out.null() } else { out.raw(id) }
        out.key("name")
        if let name = features.name(f) { out.string(name) } else { out.null() }
        out.key("properties")
        out.raw(features.encodedProperties(f))
        out.endObject()
        return out.bytes
    }

    static func new(_ features: LayerFeatures, _ f: Int) -> [UInt8] {
        var out = JSONWriter()
        out.beginObject()
        features.writeMembers(f, into: &out) { member, out in out.key(["id", "name", "properties"][member]) }
        out.endObject()
        return out.bytes
    }

    @Test func sameBytesAsTheCopiedMembers() throws {
        let layer = try FeatureLayer(name: "t", geoJSON: Array(Self.geoJSON.utf8))
        #expect(layer.features.count == 5)
        for f in 0..<layer.features.count {
            #expect(Self.new(layer.features, f) == Self.old(layer.features, f), "feature \(f)")
        }
        let text = String(decoding: Self.new(layer.features, 1), as: UTF8.self)
        #expect(text.contains(#""name":"Say \"hi\" \\ \n\t\u0001 here""#))
    }

    @Test func stringFromUTF8EscapesAsStringDoes() {
        for text in ["", "plain", "quote \" backslash \\ nl \n cr \r tab \t bs \u{8} ff \u{c} nul \u{0} us \u{1f}",
                     "Järnvägstorget – 🚉", "\u{7f}\u{80}"] {
            var a = JSONWriter(), b = JSONWriter()
            a.beginArray(); a.string(text); a.string(text); a.endArray()
            var copy = text
            copy.withUTF8 { utf8 in
                b.beginArray(); b.string(utf8: utf8); b.string(utf8: utf8); b.endArray()
            }
            #expect(a.bytes == b.bytes, "\(text)")
        }
    }
}
