import Foundation
import Testing
@testable import GeoCore

/// Decodes the real data file the server ships with (Natural Earth 1:10m admin-0, 21 MB).
@Suite("GeoJSON: Natural Earth countries")
struct GeoJSONNaturalEarthTests {
    static let path = JSONTestFiles.repositoryRoot.appendingPathComponent("Data/ne_10m_admin_0_countries.geojson")

    /// Decoded once for all tests in this suite.
    static let decoded: Result<(features: [GeoJSONFeature], warnings: [GeoJSONWarning]), GeoJSONError>? = {
        guard let bytes = JSONTestFiles.bytes(path) else { return nil }
        do throws(GeoJSONError) {
            return .success(try GeoJSONDecoder.decodeFeatures(bytes))
        } catch {
            return .failure(error)
        }
    }()

    static func features() throws -> [GeoJSONFeature] {
        let result = try #require(decoded, "data file missing at \(path.path)")
        return try result.get().features
    }

    static func feature(_ adm0a3: String) throws -> GeoJSONFeature {
        let found = try features().first { $0.properties?["ADM0_A3"] == .string(adm0a3) }
        return try #require(found, "no feature \(adm0a3)")
    }

    static func polygons(_ geometry: GeoJSONGeometry?) -> [Polygon] {
        switch geometry {
        case .polygon(let polygon)?: return [polygon]
        case .multiPolygon(let multi)?: return multi.polygons
        default: return []
        }
    }

    @Test("250 features, every one a Polygon or MultiPolygon, 547,488 positions, no winding warnings")
    func wholeFile() throws {
        let result = try #require(Self.decoded, "data file missing at \(Self.path.path)").get()
        #expect(result.features.count == 250)
        #expect(result.warnings.isEmpty)
        var polygonCount = 0, multiPolygonCount = 0, positions = 0
        for feature in result.features {
            switch feature.geometry {
            case .polygon?: polygonCount += 1
            case .multiPolygon?: multiPolygonCount += 1
            default: Issue.record("unexpected geometry in \(feature.properties?["NAME"]?.stringValue ?? "?")")
            }
            for polygon in Self.polygons(feature.geometry) {
                positions += polygon.rings.reduce(0) { $0 + $1.points.count }
            }
        }
        #expect(polygonCount == 101 && multiPolygonCount == 149)
        #expect(positions == 547_488)
    }

    @Test("ADM0_A3 is present and unique")
    func adm0a3IsUnique() throws {
        let codes = try Self.features().compactMap { $0.properties?["ADM0_A3"]?.stringValue }
        #expect(codes.count == 250)
        #expect(Set(codes).count == 250)
    }

    @Test("Lesotho is one Polygon whose first vertex is read bit-exactly")
    func lesotho() throws {
        let lesotho = try Self.feature("LSO")
        guard case .polygon(let polygon)? = lesotho.geometry else {
            Issue.record("Lesotho is not a Polygon")
            return
        }
        #expect(polygon.holes.isEmpty)
        #expect(polygon.exterior.points.count == 324)
        #expect(polygon.exterior.points.first == GeoPoint(lat: -28.909035338999985, lon: 28.980845581000068))
        #expect(lesotho.properties?["NAME"] == .string("Lesotho"))
        #expect(lesotho.properties?["NAME_ALT"] == .null)
        #expect(lesotho.properties?["NAME_JA"] == .string("レソト"))
        #expect(lesotho.properties?["LABEL_X"]?.doubleValue == 28.246639)
    }

    @Test("South Africa has a hole, and Lesotho's label point lies inside that hole's box")
    func southAfricaHasAHole() throws {
        let southAfrica = try Self.feature("ZAF")
        let polygons = Self.polygons(southAfrica.geometry)
        #expect(polygons.count == 3)
        let holes = polygons.flatMap(\.holes)
        #expect(holes.count == 1)
        let label = GeoPoint(lat: -29.480158, lon: 28.246639)
        #expect(holes.first?.bounds.contains(label) == true)
    }

    @Test("large multipolygons keep all their parts", arguments: [("USA", 344), ("ATA", 179), ("FJI", 44), ("ITA", 29)])
    func partCounts(_ code: String, _ parts: Int) throws {
        #expect(Self.polygons(try Self.feature(code).geometry).count == parts)
    }

    @Test("Fiji, which straddles the antimeridian, stays within [-180, 180]")
    func fijiBounds() throws {
        let fiji = try Self.feature("FJI")
        guard case .multiPolygon(let multi)? = fiji.geometry else {
            Issue.record("Fiji is not a MultiPolygon")
            return
        }
        #expect(multi.bounds.west >= -180 && multi.bounds.east <= 180)
        #expect(multi.bounds.west < -179 && multi.bounds.east > 179)
    }
}
