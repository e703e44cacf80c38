import GeoCore
import GeoRPC
import Testing

/// Result shapes on the real Natural Earth data: member order, nulls, rounding, antimeridian boxes.
@Suite("Method results")
struct ResultTests {
    static let reverseKeys = ["iso2", "iso3", "isoNumeric", "name", "nameLong", "formalName", "adm0a3", "sovereign",
                              "sovereignA3", "type", "continent", "regionUN", "subregion", "wikidataId", "match",
                              "distanceKm"]

    @Test("reverseGeocode inside a country: every member, in order")
    func reverseInside() throws {
        let result = try Fixture.server().result("reverseGeocode", #"{"lat":48.8566,"lon":2.3522}"#)
        #expect(result.keys == Self.reverseKeys)
        #expect(result["iso2"] == .string("FR"))
        #expect(result["iso3"] == .string("FRA"))
        #expect(result["isoNumeric"] == .string("250"))
        #expect(result["match"] == .string("inside"))
        #expect(result["distanceKm"]?.doubleValue == 0)
    }

    @Test("reverseGeocode by position gives the same answer as by name")
    func reversePositional() throws {
        let server = try Fixture.server()
        #expect(try server.result("reverseGeocode", "[-33.87,151.21]")
                == server.result("reverseGeocode", #"{"lon":151.21,"lat":-33.87}"#))
    }

    @Test("reverseGeocode in open sea is null within the default radius")
    func reverseOcean() throws {
        #expect(try Fixture.server().result("reverseGeocode", "[0,-30]") == .null)
    }

    @Test("reverseGeocode off the coast finds the nearest country, distance rounded to metres")
    func reverseNearest() throws {
        let result = try Fixture.server().result("reverseGeocode", #"{"lat":0,"lon":-30,"maxDistanceKm":20037.5}"#)
        #expect(result.keys == Self.reverseKeys)
        #expect(result["match"] == .string("nearest"))
        let distance = try #require(result["distanceKm"]?.doubleValue)
        #expect(distance > 0)
        #expect((distance * 1000).rounded() == distance * 1000, "3 decimals: \(distance)")
    }

    @Test("reverseGeocode wraps longitudes beyond ±180")
    func reverseWraps() throws {
        let server = try Fixture.server()
        #expect(try server.result("reverseGeocode", "[48.8566,362.3522]")["iso2"] == .string("FR"))
    }

    @Test("forwardGeocode: members in order, a box and points that make sense")
    func forward() throws {
        let results = try #require(try Fixture.server().result("forwardGeocode", #"{"query":"Germany"}"#).arrayValue)
        let first = try #require(results.first)
        #expect(first.keys == ["kind", "name", "matched", "matchType", "score", "iso2", "iso3", "adm0a3", "country",
                               "admin1", "population", "lat", "lon", "centroid", "labelPoint", "bbox"])
        #expect(first["iso2"] == .string("DE"))
        #expect(first["kind"] == .string("country"))
        #expect(first["matchType"] == .string("exact"))
        #expect(first["admin1"] == .null)
        #expect(first["lat"] == first["centroid"]?["lat"])
        #expect(first["centroid"]?.keys == ["lat", "lon"])
        #expect(first["labelPoint"]?.keys == ["lat", "lon"])
        let bbox = try #require(first["bbox"]?.arrayValue).compactMap { $0.doubleValue }
        try #require(bbox.count == 4)
        let (west, south, east, north) = (bbox[0], bbox[1], bbox[2], bbox[3])
        #expect(west < east && south < north)
        let lat = try #require(first["centroid"]?["lat"]?.doubleValue)
        let lon = try #require(first["centroid"]?["lon"]?.doubleValue)
        #expect(lat > south && lat < north && lon > west && lon < east, "centroid inside the box")
    }

    @Test("forwardGeocode: Fiji's box crosses the antimeridian, so west > east")
    func forwardFiji() throws {
        let results = try #require(try Fixture.server().result("forwardGeocode", #"["Fiji",1]"#).arrayValue)
        let bbox = try #require(results.first?["bbox"]?.arrayValue).compactMap { $0.doubleValue }
        try #require(bbox.count == 4)
        #expect(bbox[0] > bbox[2])
    }

    @Test("forwardGeocode: limit caps the results, a blank query finds nothing", arguments: [
        (#"{"query":"a","limit":1}"#, 1), (#"{"query":"   "}"#, 0), (#"[""]"#, 0),
    ])
    func forwardCounts(_ params: String, _ most: Int) throws {
        let results = try #require(try Fixture.server().result("forwardGeocode", params).arrayValue)
        #expect(results.count <= most)
    }

    @Test("countriesInBBox: Switzerland's box holds Switzerland")
    func bbox() throws {
        let results = try #require(try Fixture.server().result("countriesInBBox", "[45.8,5.9,47.8,10.5]").arrayValue)
        #expect(results.allSatisfy { $0.keys == ["iso2", "iso3", "adm0a3", "name"] })
        #expect(results.contains { $0["iso2"] == .string("CH") })
    }

    @Test("countriesInBBox across the antimeridian finds Fiji")
    func bboxAntimeridian() throws {
        let results = try #require(try Fixture.server().result("countriesInBBox", "[-20,170,-10,-170]").arrayValue)
        #expect(results.contains { $0["iso2"] == .string("FJ") })
    }

    @Test("the whole world: every country once, absent codes null and never \"-99\"")
    func world() throws {
        let server = try Fixture.server()
        let results = try #require(try server.result("countriesInBBox", "[-90,-180,90,180]").arrayValue)
        #expect(results.count == server.gazetteer.countries.count)
        for result in results {
            for key in ["iso2", "iso3"] {
                let value = try #require(result[key])
                #expect(value == .null || (value.stringValue.map { $0 != "-99" && !$0.isEmpty } ?? false),
                        "\(key) of \(result)")
            }
        }
        #expect(results.contains { $0["iso2"] == .null }, "some areas have no ISO code")
    }
}
