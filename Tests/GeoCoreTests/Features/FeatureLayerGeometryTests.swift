import Foundation
import Testing
@testable import GeoCore

@Suite("User layers: polygons with holes, the antimeridian, nearest points and bad files")
struct FeatureLayerGeometryTests {
    static func layer(_ json: String, nameKey: String = "name") throws -> FeatureLayers {
        FeatureLayers(layers: [try FeatureLayer(name: "l", geoJSON: Array(json.utf8), nameKey: nameKey)])
    }

    static func collection(_ geometries: [String]) -> String {
        let features = geometries.enumerated().map { #"{"type":"Feature","id":\#($0.offset),"properties":{"name":"f\#($0.offset)","title":"t\#($0.offset)"},"geometry":\#($0.element)}"# }
        return #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    /// A metre of latitude on the model sphere.
    static let degreeM = FeatureLayer.earthRadiusM * Double.pi / 180

    /// A square block 0.01° on a side with a 0.002° courtyard in its middle.
    static let courtyard = #"{"type":"Polygon","coordinates":[[[10,50],[10.01,50],[10.01,50.01],[10,50.01],[10,50]],[[10.004,50.004],[10.004,50.006],[10.006,50.006],[10.006,50.004],[10.004,50.004]]]}"#

    @Test func insideThePolygonButNotInItsHole() throws {
        let layers = try Self.layer(Self.collection([Self.courtyard]))
        let inside = layers.nearby(GeoPoint(lat: 50.002, lon: 10.005), radiusM: 0, limit: 10)
        #expect(inside.count == 1)
        #expect(inside.first?.inside == true && inside.first?.distanceM == 0 && inside.first?.bearingDeg == nil)
        // In the courtyard: outside, nearest the hole's eastern and western edges (meridian arcs 0.001° of
        // longitude away: asin(cos φ sin Δλ) on the sphere, 71.5 m; the northern and southern are 111 m).
        let hole = GeoPoint(lat: 50.005, lon: 10.005)
        let expected = asin(cos(50.005 * Double.pi / 180) * sin(0.001 * Double.pi / 180)) * FeatureLayer.earthRadiusM
        #expect(layers.nearby(hole, radiusM: 71, limit: 10).isEmpty)
        let near = try #require(layers.nearby(hole, radiusM: 72, limit: 10).first)
        #expect(near.inside == false)
        #expect((near.distanceM - expected).magnitude < 1e-6 * near.distanceM)
        #expect(near.direction == "N" || near.direction == "S" || near.direction == "E" || near.direction == "W")
        // Outside the block: not inside, measured to the western edge.
        let west = try #require(layers.nearby(GeoPoint(lat: 50.005, lon: 9.999), radiusM: 500, limit: 10).first)
        #expect(west.inside == false && west.direction == "E")
    }

    @Test func nearestPointInsideASegmentAndItsBearing() throws {
        // An east-west street; the query 100 m south of its middle.
        let layers = try Self.layer(Self.collection([#"{"type":"LineString","coordinates":[[24.0,60.0],[24.02,60.0]]}"#]))
        let q = GeoPoint(lat: 60 - 100 / Self.degreeM, lon: 24.01)
        let hit = try #require(layers.nearby(q, radiusM: 500, limit: 1).first)
        #expect((hit.nearestPoint.lon - 24.01).magnitude < 1e-9)
        // The arc bulges north of 60° between its ends, so the foot is a little north of 60°.
        #expect(hit.nearestPoint.lat > 60 && hit.nearestPoint.lat < 60.0001)
        #expect(hit.direction == "N")
        #expect(hit.bearingDeg.map { min($0, 360 - $0) < 1e-6 } == true)
        // `Spherical.distanceToSegmentKm` takes the arc's normal as a × b, good to about 1e-16 / θ rad for an
        // arc of angle θ (3.5e-4 here: 2 µm); the layer's is better (see the next test).
        #expect((hit.distanceM - Spherical.distanceToSegmentKm(q, GeoPoint(lat: 60, lon: 24), GeoPoint(lat: 60, lon: 24.02)) * 1000).magnitude < 1e-5)
    }

    /// Segments from 1 cm to 100 m along a meridian, each measured from points 1 m to 1 km east of its
    /// middle. The answer is known in closed form: a point at longitude offset Δλ and latitude φ lies
    /// asin(cos φ sin Δλ) from the meridian's plane, and choosing tan φ = tan φₘ cos Δλ puts the foot at the
    /// segment's middle latitude φₘ. With the arc's normal taken as a × b, this test's 1 cm segment came out
    /// 5.8 mm off; now every distance is within a micrometre (the rounding of the vertices' unit vectors,
    /// about 1e-16 rad) plus 1e-9 of itself.
    @Test func shortSegmentsAreMeasuredToTheRoundingOfTheSphere() throws {
        let radians = Double.pi / 180
        var worst = 0.0
        for (k, length) in [0.01, 0.03, 0.1, 0.3, 1, 5, 20, 100].enumerated() {
            let south = 60.123456 + Double(k) * 0.001, lon = 24.9
            let north = south + length / Self.degreeM
            let layers = try Self.layer(Self.collection([#"{"type":"LineString","coordinates":[[\#(lon),\#(south)],[\#(lon),\#(north)]]}"#]))
            let middle = (south + north) / 2
            for distance in [1.0, 3, 10, 37, 100, 420, 1000] {
                // Δλ such that the point is `distance` metres from the meridian, to first order; the
                // expected distance is then computed exactly from it.
                let deltaLon = distance / (FeatureLayer.earthRadiusM * cos(middle * radians))
                let lat = atan(tan(middle * radians) * cos(deltaLon)) / radians
                let expected = asin(cos(lat * radians) * sin(deltaLon)) * FeatureLayer.earthRadiusM
                let q = GeoPoint(lat: lat, lon: lon + deltaLon / radians)
                let hit = try #require(layers.nearby(q, radiusM: 2 * distance + 1, limit: 1).first)
                let error = (hit.distanceM - expected).magnitude
                worst = max(worst, error / expected)
                #expect(error < 1e-6 + 1e-9 * expected, "segment \(length) m, point \(distance) m: \(hit.distanceM) against \(expected)")
                #expect(hit.direction == "W")
            }
        }
        #expect(worst < 1e-6)
    }

    @Test func aLineAcrossTheAntimeridianIsTheShortArc() throws {
        let layers = try Self.layer(Self.collection([#"{"type":"LineString","coordinates":[[179.99,0],[-179.99,0]]}"#]))
        for lon in [180.0, -180, 179.995, -179.995] {
            let hit = try #require(layers.nearby(GeoPoint(lat: 0.001, lon: lon), radiusM: 500, limit: 1).first, "at \(lon)")
            #expect((hit.distanceM - 0.001 * Self.degreeM).magnitude < 1e-6 * hit.distanceM)
            #expect(hit.direction == "S")
        }
        // The long way round (through 0°) is not part of it.
        #expect(layers.nearby(GeoPoint(lat: 0, lon: 0), radiusM: 10_000, limit: 1).isEmpty)
    }

    @Test func aPolygonSplitAtTheAntimeridianContainsBothSides() throws {
        let split = #"{"type":"MultiPolygon","coordinates":[[[[179.99,-17],[180,-17],[180,-16.99],[179.99,-16.99],[179.99,-17]]],[[[-180,-17],[-179.99,-17],[-179.99,-16.99],[-180,-16.99],[-180,-17]]]]}"#
        let layers = try Self.layer(Self.collection([split]))
        for lon in [179.995, -179.995] {
            #expect(layers.nearby(GeoPoint(lat: -16.995, lon: lon), radiusM: 0, limit: 1).first?.inside == true)
        }
        // West of the western part, across nothing: 0.001° of longitude at 17° S.
        let outside = try #require(layers.nearby(GeoPoint(lat: -16.995, lon: 179.989), radiusM: 500, limit: 1).first)
        #expect(outside.inside == false && outside.direction == "E")
    }

    @Test func aRingAcrossTheAntimeridianIsRefusedNamingTheFeature() {
        let crossing = #"{"type":"Polygon","coordinates":[[[179.99,-17],[-179.99,-17],[-179.99,-16.99],[179.99,-16.99],[179.99,-17]]]}"#
        #expect(throws: FeatureLayerError.ringCrossesAntimeridian(featureIndex: 1)) {
            try Self.layer(Self.collection([#"{"type":"Point","coordinates":[0,0]}"#, crossing]))
        }
    }

    @Test func aBadFeatureIsNamedInOneLine() throws {
        let text = Self.collection([#"{"type":"Point","coordinates":[0,0]}"#, #"{"type":"Point","coordinates":[0,0]}"#,
                                    #"{"type":"LineString","coordinates":[[0,0]]}"#])
        do {
            _ = try Self.layer(text)
            Issue.record("a one-position line must be refused")
        } catch let error as FeatureLayerError {
            guard case .geoJSON(let numbered) = error else { throw error }
            #expect(numbered.featureIndex == 2)
            #expect(error.message.hasPrefix("feature 2: line needs at least two positions at offset "))
            #expect(!error.message.contains("\n"))
        }
        // Outside any feature: no feature named.
        #expect(throws: FeatureLayerError.geoJSON(NumberedGeoJSONError(featureIndex: nil, error: .missingMember(offset: 0, .features)))) {
            try Self.layer(#"{"type":"FeatureCollection"}"#)
        }
    }

    @Test func idNamePropertiesAndKindAreKept() throws {
        let json = #"{"type":"FeatureCollection","features":[{"type":"Feature","id":12345678901234567890,"properties":{"title":"Library","n":1.50},"geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[0,0]}]}},{"type":"Feature","properties":null,"geometry":null}]}"#
        let layers = try Self.layer(json, nameKey: "title")
        let feature = layers.layers[0].features[0]
        #expect(feature.id == .number(JSONNumber(text: "12345678901234567890", value: 12345678901234567890)))
        #expect(feature.name == "Library")
        #expect(String(decoding: feature.properties, as: UTF8.self) == #"{"title":"Library","n":1.50}"#)
        #expect(feature.kind == .geometryCollection)
        #expect(layers.layers[0].features[1].kind == nil)
        #expect(String(decoding: layers.layers[0].features[1].properties, as: UTF8.self) == "null")
        #expect(layers.nearby(GeoPoint(lat: 0, lon: 0), radiusM: 10, limit: 10).map(\.feature) == [0])
    }

    @Test func aQueryAtThePoleSeesEveryLongitude() throws {
        let layers = try Self.layer(Self.collection([#"{"type":"Point","coordinates":[-120,89.999]}"#, #"{"type":"Point","coordinates":[60,89.999]}"#]))
        let hits = layers.nearby(GeoPoint(lat: 90, lon: 0), radiusM: 200, limit: 10)
        #expect(hits.count == 2)
        #expect(hits.allSatisfy { ($0.distanceM - 0.001 * Self.degreeM).magnitude < 1e-6 * $0.distanceM })
    }
}
