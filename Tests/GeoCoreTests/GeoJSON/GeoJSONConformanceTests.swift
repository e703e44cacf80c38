import Foundation
import Testing
@testable import GeoCore

/// Every data file under `../shared/conformance/geojson` (see its README): each must decode or throw, never
/// crash, and must keep the classification recorded here. Files not listed must decode with no warnings.
///
/// Where we differ from the corpus's own labels, deliberately:
/// - Positions must be WGS 84 degrees (longitude in [-180, 180], latitude in [-90, 90]), so
///   `problematic_outside_lat_lon_boundaries`, `problematic_crs_defined` (projected metres),
///   `antimeridian/input/{over-180,issues-187}` and geojsonhint's `good/issue82` (latitude -107) are rejected.
/// - Wrong winding is accepted with a warning (RFC 7946 §3.1.6), although two corpus files call it invalid.
/// - GeometryCollections that are nested or have one member, 4-D positions and excess precision are
///   accepted: the RFC only says SHOULD NOT.
@Suite("GeoJSON conformance corpus")
struct GeoJSONConformanceTests {
    enum Expected: Equatable {
        case rejected(String)
        case warned(exterior: Int, holes: Int)
    }

    static let directory = JSONTestFiles.conformance.appendingPathComponent("geojson")

    static let expectations: [String: Expected] = [
        "antimeridian/input/issues-187.json":
            .rejected("coordinateOutOfRange"),
        "antimeridian/input/over-180.json":
            .rejected("coordinateOutOfRange"),
        "geojson-invalid-geometry/examples/invalid_geometries/invalid_incorrect_geometry_data_type.geojson":
            .rejected("wrongNesting"),
        "geojson-invalid-geometry/examples/invalid_geometries/invalid_less_three_unique_nodes.geojson":
            .rejected("ringTooShort"),
        "geojson-invalid-geometry/examples/invalid_geometries/invalid_unclosed.geojson":
            .rejected("ringNotClosed"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_feature_geometry_is_string.geojson":
            .rejected("wrongMemberType(.geometry)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_feature_id_type.geojson":
            .rejected("wrongMemberType(.id)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_feature_no_properties.geojson":
            .rejected("missingMember(.properties)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_feature_properties_is_array.geojson":
            .rejected("wrongMemberType(.properties)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_feature_properties_is_int.geojson":
            .rejected("wrongMemberType(.properties)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_feature_wrong_geometry_key.geojson":
            .rejected("missingMember(.geometry)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_featurecollection_feature_nullfeature.geojson":
            .rejected("expectedObject"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_featurecollection_features_is_object.geojson":
            .rejected("wrongMemberType(.features)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_featurecollection_no_features_member.geojson":
            .rejected("missingMember(.features)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_featurecollection_nulltype.geojson":
            .rejected("wrongMemberType(.type)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_featurecollection_type_lowercase.geojson":
            .rejected("unknownType"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_featurecollection_unknown_type.geojson":
            .rejected("unknownType"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_bbox_not4or6.geojson":
            .rejected("invalidBoundingBox"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_bbox_not_list.geojson":
            .rejected("wrongMemberType(.bbox)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_bbox_not_numbers.geojson":
            .rejected("invalidBoundingBox"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_coordinates_1d.geojson":
            .rejected("positionTooShort"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_coordinates_empty_position.geojson":
            .rejected("positionTooShort"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_coordinates_missing.geojson":
            .rejected("missingMember(.coordinates)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_coordinates_string.geojson":
            .rejected("positionElementNotNumber"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_depth_deep_point.geojson":
            .rejected("wrongNesting"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_depth_deep_polygon.geojson":
            .rejected("wrongNesting"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_depth_shallow_linestring.geojson":
            .rejected("wrongNesting"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_depth_shallow_multipolygon.geojson":
            .rejected("wrongNesting"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_depth_shallow_polygon.geojson":
            .rejected("wrongNesting"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_geometrycollection_null_geometry.geojson":
            .rejected("expectedObject"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_mislabeled_point.geojson":
            .rejected("wrongNesting"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_missing_type.geojson":
            .rejected("missingMember(.type)"),
        "geojson-invalid-geometry/examples/invalid_structure/invalid_geometry_wrong_geometry_type.geojson":
            .rejected("unknownType"),
        "geojson-invalid-geometry/examples/problematic_geometries/problematic_outside_lat_lon_boundaries.geojson":
            .rejected("coordinateOutOfRange"),
        "geojson-invalid-geometry/examples/problematic_structure/problematic_crs_defined.geojson":
            .rejected("coordinateOutOfRange"),
        "geojsonhint/bad/bad-duplicate-properties.geojson":
            .rejected("duplicateMember"),
        "geojsonhint/bad/bad-featurelist.geojson":
            .rejected("positionTooShort"),
        "geojsonhint/bad/bad-json.geojson":
            .rejected("json"),
        "geojsonhint/bad/bad-object-type.geojson":
            .rejected("wrongMemberType(.type)"),
        "geojsonhint/bad/bad-polygonloop.geojson":
            .rejected("wrongNesting"),
        "geojsonhint/bad/bad-properties-as-array.geojson":
            .rejected("wrongMemberType(.properties)"),
        "geojsonhint/bad/badcoord.geojson":
            .rejected("positionElementNotNumber"),
        "geojsonhint/bad/badcoordtype.geojson":
            .rejected("positionTooShort"),
        "geojsonhint/bad/badfeature.geojson":
            .rejected("expectedObject"),
        "geojsonhint/bad/badfeatureid.geojson":
            .rejected("wrongMemberType(.id)"),
        "geojsonhint/bad/bbox-4or6elements.geojson":
            .rejected("invalidBoundingBox"),
        "geojsonhint/bad/bbox-contains-string.geojson":
            .rejected("invalidBoundingBox"),
        "geojsonhint/bad/bbox-string.geojson":
            .rejected("wrongMemberType(.bbox)"),
        "geojsonhint/bad/different-first-last.geojson":
            .rejected("ringNotClosed"),
        "geojsonhint/bad/different-first-size.geojson":
            .rejected("ringNotClosed"),
        "geojsonhint/bad/expected_object.geojson":
            .rejected("wrongMemberType(.properties)"),
        "geojsonhint/bad/false.geojson":
            .rejected("expectedObject"),
        "geojsonhint/bad/feature_changed_semantics.geojson":
            .rejected("forbiddenMember"),
        "geojsonhint/bad/featurecollection-obj.geojson":
            .rejected("wrongMemberType(.features)"),
        "geojsonhint/bad/featurecollection-type-case.geojson":
            .rejected("unknownType"),
        "geojsonhint/bad/featurecollection.geojson":
            .rejected("missingMember(.features)"),
        "geojsonhint/bad/featurecollection_changed_semantics.geojson":
            .rejected("forbiddenMember"),
        "geojsonhint/bad/geometry_changed_semantics.geojson":
            .rejected("forbiddenMember"),
        "geojsonhint/bad/multiple_problems.geojson":
            .rejected("wrongMemberType(.id)"),
        "geojsonhint/bad/multipoint-multidimension.geojson":
            .rejected("wrongNesting"),
        "geojsonhint/bad/multipoint-nondimension.geojson":
            .rejected("wrongNesting"),
        "geojsonhint/bad/nofeaturetype.geojson":
            .rejected("unknownType"),
        "geojsonhint/bad/notype.geojson":
            .rejected("missingMember(.type)"),
        "geojsonhint/bad/point-labeled-as-a-multipolygon.geojson":
            .rejected("wrongNesting"),
        "geojsonhint/bad/point-string.geojson":
            .rejected("positionElementNotNumber"),
        "geojsonhint/bad/point-toofew.geojson":
            .rejected("positionTooShort"),
        "geojsonhint/bad/point.geojson":
            .rejected("missingMember(.coordinates)"),
        "geojsonhint/bad/rootstring.geojson":
            .rejected("expectedObject"),
        "geojsonhint/bad/short-line.geojson":
            .rejected("lineTooShort"),
        "geojsonhint/bad/short-linearring.geojson":
            .rejected("ringTooShort"),
        "geojsonhint/bad/short-multilinestring.geojson":
            .rejected("lineTooShort"),
        "geojsonhint/bad/stringcoord.geojson":
            .rejected("positionElementNotNumber"),
        "geojsonhint/bad/unknowntype.geojson":
            .rejected("unknownType"),
        "geojsonhint/good/issue82.geojson":
            .rejected("coordinateOutOfRange"),
        "antimeridian/input/almost-180.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/complex-split.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/crossing-latitude.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/cw-only.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/extra-crossing.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/great-circle.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/issues-124.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/issues-182.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/issues-201.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/issues-81.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/multi-split.json":
            .warned(exterior: 2, holes: 0),
        "antimeridian/input/one-ccw-hole.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/one-hole.json":
            .warned(exterior: 1, holes: 1),
        "antimeridian/input/point-on-antimeridian.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/simple-with-ccw-hole.json":
            .warned(exterior: 0, holes: 1),
        "antimeridian/input/split.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/input/two-holes.json":
            .warned(exterior: 1, holes: 1),
        "antimeridian/output/flat/cw-only.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/output/flat/force-north-pole.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/output/flat/issues-134.json":
            .warned(exterior: 2, holes: 1),
        "antimeridian/output/flat/ocean.json":
            .warned(exterior: 2, holes: 120),
        "antimeridian/output/spherical/cw-only.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/output/spherical/force-north-pole.json":
            .warned(exterior: 1, holes: 0),
        "antimeridian/output/spherical/ocean.json":
            .warned(exterior: 2, holes: 120),
        "geojson-fixtures/data/geometry/multipolygon-xyz.geojson":
            .warned(exterior: 0, holes: 1),
        "geojson-fixtures/data/geometry/multipolygon.geojson":
            .warned(exterior: 0, holes: 1),
        "geojson-invalid-geometry/examples/invalid_geometries/invalid_exterior_not_ccw.geojson":
            .warned(exterior: 1, holes: 0),
        "geojson-invalid-geometry/examples/invalid_geometries/invalid_interior_not_cw.geojson":
            .warned(exterior: 0, holes: 1),
        "geojson-invalid-geometry/examples/problematic_geometries/problematic_crosses_antimeridian.geojson":
            .warned(exterior: 1, holes: 0),
        "geojsonhint/bad/bad-polygon-interiorring-rhr.geojson":
            .warned(exterior: 0, holes: 1),
        "geojsonhint/bad/polygon_winding_order.geojson":
            .warned(exterior: 1, holes: 0),    ]

    static func corpus() -> [String]? {
        JSONTestFiles.allFiles(under: directory)?.filter { $0.hasSuffix(".json") || $0.hasSuffix(".geojson") }
    }

    /// What the decoder actually does with a file, in the table's terms (nil: accepted without warnings).
    static func outcome(_ bytes: [UInt8]) -> Expected? {
        do throws(GeoJSONError) {
            let result = try GeoJSONDecoder.decodeFeatures(bytes)
            let exterior = result.warnings.filter { $0.kind == .exteriorRingClockwise }.count
            let holes = result.warnings.filter { $0.kind == .holeCounterClockwise }.count
            return result.warnings.isEmpty ? nil : .warned(exterior: exterior, holes: holes)
        } catch {
            return .rejected(GeoJSONErrorNames.name(of: error))
        }
    }

    @Test("the corpus is present: 252 GeoJSON data files, and every listed file exists")
    func corpusIsPresent() throws {
        let files = try #require(Self.corpus(), "GeoJSON corpus not found at \(Self.directory.path)")
        #expect(files.count == 252)
        #expect(Set(Self.expectations.keys).subtracting(files).isEmpty)
    }

    @Test("every file keeps its classification (accepted, accepted with winding warnings, or rejected why)")
    func classification() throws {
        let files = try #require(Self.corpus(), "GeoJSON corpus not found at \(Self.directory.path)")
        for path in files {
            let bytes = try #require(JSONTestFiles.bytes(Self.directory.appendingPathComponent(path)))
            #expect(Self.outcome(bytes) == Self.expectations[path], "\(path)")
        }
    }

    @Test("every error offset points inside the file")
    func errorOffsetsAreInRange() throws {
        let files = try #require(Self.corpus(), "GeoJSON corpus not found at \(Self.directory.path)")
        for path in files {
            let bytes = try #require(JSONTestFiles.bytes(Self.directory.appendingPathComponent(path)))
            do throws(GeoJSONError) {
                _ = try GeoJSONDecoder.decodeFeatures(bytes)
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count, "\(path): \(error.message)")
            }
        }
    }
}
