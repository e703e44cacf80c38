import Foundation
import Testing
@testable import GeoCore

@Suite("GeoJSON decoder")
struct GeoJSONDecoderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func decode(_ text: String) throws(GeoJSONError) -> (features: [GeoJSONFeature], warnings: [GeoJSONWarning]) {
        try GeoJSONDecoder.decodeFeatures(Array(text.utf8))
    }

    static func square(_ west: Double, _ south: Double, _ east: Double, _ north: Double) -> [GeoPoint] {
        [GeoPoint(lat: south, lon: west), GeoPoint(lat: south, lon: east), GeoPoint(lat: north, lon: east),
         GeoPoint(lat: north, lon: west), GeoPoint(lat: south, lon: west)]
    }

    // MARK: - Accepted input

    struct Accepted: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let geometry: GeoJSONGeometry?
        var testDescription: String { name }
    }

    static let accepted: [Accepted] = [
        Accepted(name: "point, altitude ignored", json: #"{"type":"Point","coordinates":[1.5,-2.25,300]}"#,
                 geometry: .point(GeoPoint(lat: -2.25, lon: 1.5))),
        Accepted(name: "coordinates before type", json: #"{"coordinates":[[0,0],[3,4]],"type":"LineString"}"#,
                 geometry: .lineString([GeoPoint(lat: 0, lon: 0), GeoPoint(lat: 4, lon: 3)])),
        Accepted(name: "multipoint with a 4-D position",
                 json: #"{"type":"MultiPoint","coordinates":[[1,2,3,4],[5,6]]}"#,
                 geometry: .multiPoint([GeoPoint(lat: 2, lon: 1), GeoPoint(lat: 6, lon: 5)])),
        Accepted(name: "multilinestring",
                 json: #"{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2],[3,3],[4,4]]]}"#,
                 geometry: .multiLineString([[GeoPoint(lat: 0, lon: 0), GeoPoint(lat: 1, lon: 1)],
                                             [GeoPoint(lat: 2, lon: 2), GeoPoint(lat: 3, lon: 3),
                                              GeoPoint(lat: 4, lon: 4)]])),
        Accepted(name: "multipolygon", json: #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"#,
                 geometry: .multiPolygon(MultiPolygon(polygons: [Polygon(exterior: Ring(points: square(0, 0, 1, 1)))]))),
        Accepted(name: "longitude and latitude at their limits",
                 json: #"{"type":"Point","coordinates":[-180,90]}"#, geometry: .point(GeoPoint(lat: 90, lon: -180))),
        Accepted(name: "empty coordinates mean a null geometry", json: #"{"type":"Polygon","coordinates":[]}"#,
                 geometry: nil),
        Accepted(name: "an empty member of a collection is left out",
                 json: #"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[]},{"type":"Point","coordinates":[1,2]}]}"#,
                 geometry: .geometryCollection([.point(GeoPoint(lat: 2, lon: 1))])),
        Accepted(name: "nested geometry collections",
                 json: #"{"type":"GeometryCollection","geometries":[{"type":"GeometryCollection","geometries":[]}]}"#,
                 geometry: .geometryCollection([.geometryCollection([])])),
        Accepted(name: "foreign members, even named like core ones, are ignored",
                 json: #"{"type":"Point","geometries":"x","id":{},"coordinates":[1,2],"extra":[[["deep"]]]}"#,
                 geometry: .point(GeoPoint(lat: 2, lon: 1))),
        Accepted(name: "whitespace everywhere",
                 json: " \n{ \"type\" : \"Point\" ,\r\n\t\"coordinates\" : [ 1 , 2 ] } \n",
                 geometry: .point(GeoPoint(lat: 2, lon: 1))),
    ]

    @Test("bare geometries decode as one feature with no id or properties", arguments: accepted)
    func acceptsGeometry(_ testCase: Accepted) throws {
        let result = try Self.decode(testCase.json)
        #expect(result.features == [GeoJSONFeature(geometry: testCase.geometry)])
        #expect(result.warnings.isEmpty)
    }

    @Test("a lone Feature keeps its id, properties in order, and geometry")
    func loneFeature() throws {
        let result = try Self.decode(#"{"properties":{"b":1,"a":null,"c":"é"},"geometry":null,"id":"x1","type":"Feature"}"#)
        let feature = try #require(result.features.first)
        #expect(result.features.count == 1)
        #expect(feature.id == .string("x1"))
        #expect(feature.properties?.members.map(\.key) == ["b", "a", "c"])
        #expect(feature.properties?["c"] == .string("é"))
        #expect(feature.geometry == nil)
    }

    @Test("member order and foreign members do not change the result")
    func memberOrderDoesNotMatter() throws {
        let canonical = try #require(JSONTestFiles.bytes(Self.fixtures.appendingPathComponent("member-order-canonical.geojson")))
        let shuffled = try #require(JSONTestFiles.bytes(Self.fixtures.appendingPathComponent("member-order-shuffled.geojson")))
        let expected = try GeoJSONDecoder.decodeFeatures(canonical)
        let actual = try GeoJSONDecoder.decodeFeatures(shuffled)
        #expect(actual.features == expected.features)
        #expect(expected.features.count == 3)
        let square = Polygon(exterior: Ring(points: Self.square(10, 10, 20, 20)),
                             holes: [Ring(points: [GeoPoint(lat: 12, lon: 12), GeoPoint(lat: 14, lon: 12),
                                                   GeoPoint(lat: 14, lon: 14), GeoPoint(lat: 12, lon: 14),
                                                   GeoPoint(lat: 12, lon: 12)])])
        #expect(actual.features.first?.geometry == .polygon(square))
        #expect(actual.features.first?.id == .string("square"))
        #expect(actual.features[1].id?.doubleValue == 7)
        #expect(actual.features[2].properties?["empty"] == .bool(true))
        #expect(actual.warnings.isEmpty)
    }

    @Test("wrong winding is accepted with a warning at the ring (RFC 7946 section 3.1.6)")
    func windingWarnings() throws {
        let text = #"{"type":"Polygon","coordinates":[[[0,0],[0,1],[1,1],[1,0],[0,0]],[[0.2,0.2],[0.8,0.2],[0.8,0.8],[0.2,0.2]]]}"#
        let result = try Self.decode(text)
        let offsets = Self.offsets(of: ["[[0,0]", "[[0.2"], in: text)
        #expect(result.warnings == [GeoJSONWarning(offset: offsets[0], kind: .exteriorRingClockwise),
                                    GeoJSONWarning(offset: offsets[1], kind: .holeCounterClockwise)])
        #expect(result.warnings[0].message == "exterior ring is clockwise (RFC 7946 section 3.1.6) at offset \(offsets[0])")
        if case .polygon(let polygon)? = result.features.first?.geometry {
            #expect(polygon.exterior.points.count == 5 && polygon.holes.count == 1)
        } else {
            Issue.record("expected a polygon")
        }
    }

    // MARK: - Rejected input

    struct Rejected: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let error: String
        /// The error's offset is where this text first occurs in `json`.
        let at: String
        var testDescription: String { name }
    }

    static let rejected: [Rejected] = [
        Rejected(name: "missing type", json: #"{"coordinates":[1,2]}"#, error: "missingMember(.type)", at: "{"),
        Rejected(name: "type names are case-sensitive", json: #"{"type":"point","coordinates":[1,2]}"#,
                 error: "unknownType", at: #""point""#),
        Rejected(name: "type is not a string", json: #"{"type":7}"#, error: "wrongMemberType(.type)", at: "7"),
        Rejected(name: "root is an array", json: "[]", error: "expectedObject", at: "["),
        Rejected(name: "a Feature inside geometries",
                 json: #"{"type":"GeometryCollection","geometries":[{"type":"Feature","properties":null,"geometry":null}]}"#,
                 error: "unexpectedType", at: #""Feature""#),
        Rejected(name: "a FeatureCollection inside features",
                 json: #"{"type":"FeatureCollection","features":[{"type":"FeatureCollection","features":[]}]}"#,
                 error: "unexpectedType", at: #""FeatureCollection","features":[]"#),
        Rejected(name: "coordinates on a Feature (RFC 7946 section 7.1)",
                 json: #"{"type":"Feature","properties":{},"geometry":null,"coordinates":[1,2]}"#,
                 error: "forbiddenMember", at: "[1,2]"),
        Rejected(name: "forbidden member met before type",
                 json: #"{"properties":{},"type":"Point","coordinates":[1,2]}"#, error: "forbiddenMember", at: "{}"),
        Rejected(name: "duplicate type", json: #"{"type":"Point","type":"Point","coordinates":[1,2]}"#,
                 error: "duplicateMember", at: #""Point","coordinates""#),
        Rejected(name: "Feature without properties", json: #"{"type":"Feature","geometry":null}"#,
                 error: "missingMember(.properties)", at: "{"),
        Rejected(name: "properties is an array", json: #"{"type":"Feature","properties":[],"geometry":null}"#,
                 error: "wrongMemberType(.properties)", at: "[]"),
        Rejected(name: "id is an object", json: #"{"type":"Feature","id":{},"properties":null,"geometry":null}"#,
                 error: "wrongMemberType(.id)", at: "{}"),
        Rejected(name: "bbox with three numbers", json: #"{"type":"Point","coordinates":[1,2],"bbox":[1,2,3]}"#,
                 error: "invalidBoundingBox", at: "[1,2,3]"),
        Rejected(name: "point nested too deep", json: #"{"type":"Point","coordinates":[[1,2]]}"#,
                 error: "wrongNesting", at: "[[1,2]]"),
        Rejected(name: "polygon nested too shallow",
                 json: #"{"type":"Polygon","coordinates":[[0,0],[1,0],[1,1],[0,0]]}"#,
                 error: "wrongNesting", at: "[[0,0]"),
        Rejected(name: "uneven nesting", json: #"{"type":"MultiPoint","coordinates":[[1,2],[[3,4]]]}"#,
                 error: "positionElementNotNumber", at: "[3,4]"),
        Rejected(name: "position with one number", json: #"{"type":"Point","coordinates":[1]}"#,
                 error: "positionTooShort", at: "[1]"),
        Rejected(name: "empty position in a line", json: #"{"type":"LineString","coordinates":[[1,2],[]]}"#,
                 error: "positionTooShort", at: "[]"),
        Rejected(name: "position element is a string", json: #"{"type":"Point","coordinates":[1,"2"]}"#,
                 error: "positionElementNotNumber", at: #""2""#),
        Rejected(name: "coordinate beyond the Double range", json: #"{"type":"Point","coordinates":[1e999,0]}"#,
                 error: "coordinateNotFinite", at: "1e999"),
        Rejected(name: "longitude beyond 180", json: #"{"type":"Point","coordinates":[180.0001,0]}"#,
                 error: "coordinateOutOfRange", at: "180.0001"),
        Rejected(name: "latitude beyond -90", json: #"{"type":"Point","coordinates":[0,-90.5]}"#,
                 error: "coordinateOutOfRange", at: "-90.5"),
        Rejected(name: "line with one position", json: #"{"type":"LineString","coordinates":[[1,2]]}"#,
                 error: "lineTooShort", at: "[[1,2]]"),
        Rejected(name: "ring with three positions", json: #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]}"#,
                 error: "ringTooShort", at: "[[0,0]"),
        Rejected(name: "unclosed ring", json: #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}"#,
                 error: "ringNotClosed", at: "[[0,0]"),
        Rejected(name: "ring whose ends differ only in altitude",
                 json: #"{"type":"Polygon","coordinates":[[[0,0,1],[1,0],[1,1],[0,0,2]]]}"#,
                 error: "ringNotClosed", at: "[[0,0,1]"),
        Rejected(name: "polygon without rings in a multipolygon", json: #"{"type":"MultiPolygon","coordinates":[[]]}"#,
                 error: "emptyPolygon", at: "[]"),
        Rejected(name: "null inside geometries", json: #"{"type":"GeometryCollection","geometries":[null]}"#,
                 error: "expectedObject", at: "null"),
        Rejected(name: "invalid JSON (trailing comma)", json: #"{"type":"Point","coordinates":[1,2,]}"#,
                 error: "json", at: "]}"),
        Rejected(name: "text after the document", json: #"{"type":"Point","coordinates":[1,2]} {}"#,
                 error: "json", at: " {}"),
    ]

    @Test("invalid documents are rejected with the right error at the right offset", arguments: rejected)
    func rejects(_ testCase: Rejected) {
        do throws(GeoJSONError) {
            _ = try Self.decode(testCase.json)
            Issue.record("accepted")
        } catch {
            #expect(GeoJSONErrorNames.name(of: error) == testCase.error)
            let expected = Self.offsets(of: [testCase.at], in: testCase.json)[0]
            // JSON errors point at the offending byte, which for these cases is right after any whitespace.
            #expect(error.offset == expected || (testCase.error == "json" && error.offset == expected + 1),
                    "\(error.message)")
        }
    }

    @Test("deeply nested geometry collections give an error, not a stack overflow")
    func deepNestingIsAnError() {
        let depth = 5_000
        let text = String(repeating: #"{"type":"GeometryCollection","geometries":["#, count: depth)
            + String(repeating: "]}", count: depth)
        #expect(throws: GeoJSONError.json(.depthLimitExceeded(offset: 43 * 64))) { try Self.decode(text) }
    }

    @Test("error messages are one ASCII line naming the offset")
    func errorMessages() {
        #expect(GeoJSONError.missingMember(offset: 0, .features).message == #"missing member "features" at offset 0"#)
        #expect(GeoJSONError.json(.unexpectedByte(offset: 12, byte: 0x7D)).message == "unexpected byte 0x7D at offset 12")
        #expect(GeoJSONError.ringNotClosed(offset: 5).offset == 5)
    }

    /// Byte offsets of the first occurrence of each marker.
    static func offsets(of markers: [String], in text: String) -> [Int] {
        let bytes = Array(text.utf8)
        return markers.map { marker in
            let needle = Array(marker.utf8)
            for start in 0...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
                return start
            }
            return -1
        }
    }
}
