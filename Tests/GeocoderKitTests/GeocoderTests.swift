#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeocoderKit
import Testing

/// `Geocoder` on the real Data/ folder, with its index cache in a fresh temporary folder: the same load
/// path, cache files and answers a Swift program depending on the package gets.
@Suite("Geocoder, the library entry point", .serialized)
struct GeocoderTests {
    /// The repository's Data/ folder, found from this file's path.
    static let dataDirectory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/GeocoderKitTests/GeocoderTests.swift
        return parts.joined(separator: "/") + "/Data"
    }()

    /// A new empty folder under $TMPDIR (or /tmp).
    static func temporaryFolder() -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/geocoderkit-test.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return made.map { String(cString: $0) } ?? base
    }

    /// The first load, into a cache folder no other test uses: parses the data and writes the index.
    static let first: (geocoder: Geocoder?, error: GeocoderError?, cacheFolder: String) = {
        let folder = temporaryFolder() + "/cache"
        do throws(GeocoderError) {
            return (try Geocoder(dataDirectory: dataDirectory, cache: .directory(folder)), nil, folder)
        } catch {
            return (nil, error, folder)
        }
    }()

    static func loaded() throws -> Geocoder {
        try #require(first.geocoder, "loading \(dataDirectory) failed: \(first.error?.message ?? "?")")
    }

    @Test("the first load parses the data and writes the index; a second load reads it")
    func secondLoadUsesTheCache() throws {
        let geocoder = try Self.loaded()
        #expect(!geocoder.loadedFromCache, "a fresh cache folder cannot hold an index")
        let cacheFile = try #require(geocoder.cacheFile, "a cache folder was given, so there is an index file")
        #expect(cacheFile.hasPrefix(Self.first.cacheFolder + "/"), "the index lies in the folder given: \(cacheFile)")
        #expect(access(cacheFile, F_OK) == 0, "the first load wrote \(cacheFile)")
        let again = try Geocoder(dataFile: Self.dataDirectory + "/ne_10m_admin_0_countries.geojson",
                                 cache: .directory(Self.first.cacheFolder))
        #expect(again.loadedFromCache, "the second load reads the index the first wrote")
        #expect(again.cacheFile == cacheFile)
        #expect(try again.reverse(lat: 48.8566, lon: 2.3522)?.country.iso2 == "FR")
        #expect(try again.forward("Tokyo", limit: 1).first?.iso2 == "JP")
    }

    @Test("Paris is in France, on land")
    func paris() throws {
        let found = try #require(try Self.loaded().reverse(lat: 48.8566, lon: 2.3522), "Paris has a country")
        #expect(found.country.iso2 == "FR")
        #expect(found.country.iso3 == "FRA")
        #expect(found.country.name == "France")
        #expect(found.match == .inside)
        #expect(found.distanceKm == 0)
    }

    @Test("a point 13 km off Portugal: nothing within the default 10 km, Portugal within 30 km")
    func seaPointAndRadius() throws {
        let geocoder = try Self.loaded()
        #expect(try geocoder.reverse(lat: 38.6, lon: -9.55) == nil)
        let wide = try #require(try geocoder.reverse(lat: 38.6, lon: -9.55, maxDistanceKm: 30))
        #expect(wide.country.iso2 == "PT")
        #expect(wide.match == .nearest)
        #expect(wide.distanceKm > 11.5 && wide.distanceKm < 14.5, "\(wide.distanceKm) km")
        #expect(try geocoder.reverse(lat: 0, lon: -30, maxDistanceKm: 0) == nil, "mid-Atlantic, strict")
    }

    @Test("reverseMany answers as reverse does, point by point")
    func reverseMany() throws {
        let geocoder = try Self.loaded()
        let points = [GeoPoint(lat: 48.8566, lon: 2.3522), GeoPoint(lat: 38.6, lon: -9.55), GeoPoint(lat: 52.52, lon: 13.405),
                      GeoPoint(lat: -33.87, lon: 151.21), GeoPoint(lat: 0, lon: -30)]
        let many = try geocoder.reverseMany(points, maxDistanceKm: 30)
        #expect(many.count == points.count)
        for (point, answer) in zip(points, many) {
            #expect(answer == (try geocoder.reverse(lat: point.lat, lon: point.lon, maxDistanceKm: 30)), "\(point)")
        }
        #expect(many.map { $0?.country.iso2 } == ["FR", "PT", "DE", "AU", nil])
    }

    @Test("the placemark of Paris: Île-de-France, Europe/Paris, a Paris locality")
    func placemark() throws {
        let found = try #require(try Self.loaded().placemark(lat: 48.8566, lon: 2.3522))
        #expect(found.country?.country.iso2 == "FR")
        #expect(found.admin1?.iso3166_2 == "FR-IDF", "\(String(describing: found.admin1))")
        #expect(found.timezone == "Europe/Paris")
        #expect(found.locality?.name.hasPrefix("Paris") == true, "\(String(describing: found.locality))")
        let countryOnly = try #require(try Self.loaded().placemark(lat: 48.8566, lon: 2.3522, fields: .country))
        #expect(countryOnly.timezone == nil && countryOnly.admin1 == nil, "only the fields asked for")
    }

    @Test("forward: Tokyo is the Japanese city first; country names in the language asked for")
    func forward() throws {
        let geocoder = try Self.loaded()
        let tokyo = try #require(try geocoder.forward("Tokyo").first)
        #expect(tokyo.kind == .city)
        #expect(tokyo.iso2 == "JP")
        #expect(tokyo.country == "Japan")
        #expect(abs(tokyo.point.lat - 35.69) < 0.5 && abs(tokyo.point.lon - 139.69) < 0.5, "\(tokyo.point)")
        #expect(try geocoder.forward("Tokyo", lang: "de").first?.country == "Japan")
        #expect(try geocoder.forward("Germany", lang: "de").first?.name == "Deutschland")
        #expect(try geocoder.forward("Paris", countries: ["us"], kinds: .cities).allSatisfy { $0.iso2 == "US" && $0.kind == .city })
        #expect(try geocoder.forward("   ").isEmpty)
    }

    @Test("forward finds admin-1 divisions as forwardGeocode does: by name, local name and ISO 3166-2 code; kinds selects them")
    func forwardDivisions() throws {
        let geocoder = try #require(Self.first.geocoder, "\(String(describing: Self.first.error))")
        for query in ["Bavaria", "Bayern", "DE-BY"] {
            let found = try #require(try geocoder.forward(query, kinds: .admin1).first, "\(query)")
            #expect(found.kind == .admin1 && found.iso3166_2 == "DE-BY" && found.iso2 == "DE" && found.country == "Germany", "\(found)")
            #expect(found.admin1 == found.name && found.population == nil && found.geonameid == nil && found.type != nil)
            let box = try #require(found.bounds)
            #expect(box.minLat <= found.point.lat && found.point.lat <= box.maxLat && box.minLon <= found.point.lon && found.point.lon <= box.maxLon)
        }
        let texas = try #require(try geocoder.forward("US-TX").first)
        #expect(texas.kind == .admin1 && texas.iso3166_2 == "US-TX" && texas.type == "State")
        #expect(try geocoder.forward("Île-de-France", lang: "fr").contains { $0.kind == .admin1 && $0.iso3166_2 == "FR-IDF" && $0.country == "France" })
        #expect(try geocoder.forward("Bavaria", kinds: [.countries, .cities]).allSatisfy { $0.kind != .admin1 })
    }

    @Test("a box around the Benelux meets Belgium, the Netherlands and Luxembourg, sorted by name")
    func boundingBox() throws {
        let found = try Self.loaded().countries(inBBox: GeoBox(minLat: 49.6, minLon: 4.5, maxLat: 52.2, maxLon: 6.0))
        let codes = found.compactMap(\.iso2)
        for code in ["BE", "NL", "LU"] { #expect(codes.contains(code), "\(codes)") }
        #expect(found.map(\.name) == found.map(\.name).sorted(), "sorted by English name")
    }

    @Test("a folder without the data is a typed error naming it")
    func missingDataDirectory() {
        let folder = Self.temporaryFolder() + "/no-such-folder"
        #expect(throws: GeocoderError.dataNotFound(searched: [folder + "/ne_10m_admin_0_countries.geojson"])) {
            try Geocoder(dataDirectory: folder, cache: .disabled)
        }
    }

    /// Calls with one argument out of range, and the parameter the error must name.
    enum BadCall: String, CaseIterable, Sendable {
        case lat91, lonNaN, negativeRadius, limit0, threeLetterCountry, emptyCountries, boxUpsideDown, secondPoint

        var parameter: String {
            switch self {
            case .lat91: return "lat"
            case .lonNaN: return "lon"
            case .negativeRadius: return "maxDistanceKm"
            case .limit0: return "limit"
            case .threeLetterCountry, .emptyCountries: return "countries"
            case .boxUpsideDown: return "minLat"
            case .secondPoint: return "points[1].lat"
            }
        }

        func run(_ g: Geocoder) throws(GeocoderError) {
            switch self {
            case .lat91: _ = try g.reverse(lat: 91, lon: 0)
            case .lonNaN: _ = try g.placemark(lat: 0, lon: .nan)
            case .negativeRadius: _ = try g.reverse(lat: 0, lon: 0, maxDistanceKm: -1)
            case .limit0: _ = try g.forward("Paris", limit: 0)
            case .threeLetterCountry: _ = try g.forward("Paris", countries: ["FRA"])
            case .emptyCountries: _ = try g.forward("Paris", countries: [])
            case .boxUpsideDown: _ = try g.countries(inBBox: GeoBox(minLat: 10, minLon: 0, maxLat: 0, maxLon: 1))
            case .secondPoint: _ = try g.reverseMany([GeoPoint(lat: 0, lon: 0), GeoPoint(lat: -95, lon: 0)])
            }
        }
    }

    @Test("arguments out of range are refused with the parameter's name", arguments: BadCall.allCases)
    func invalidArguments(_ call: BadCall) throws {
        let geocoder = try Self.loaded()
        do throws(GeocoderError) {
            try call.run(geocoder)
            Issue.record("\(call): no error")
        } catch {
            guard case .invalidArgument(let name, _) = error else {
                Issue.record("\(call): \(error)")
                return
            }
            #expect(name == call.parameter, "\(call): \(error.message)")
        }
    }

    @Test("lookups from several tasks at once give the answers of one task")
    func concurrentLookups() async throws {
        let geocoder = try Self.loaded()
        let points = (0..<2000).map { k in GeoPoint(lat: Double(k % 170) - 85, lon: Double((k * 37) % 360) - 180) }
        let serial = try points.map { try geocoder.reverse(lat: $0.lat, lon: $0.lon, maxDistanceKm: 50) }
        let names = ["Tokyo", "Paris", "Berlin", "Sydney"]
        let serialNames = try names.map { try geocoder.forward($0) }
        let agreed = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let answers = try? points.map { try geocoder.reverse(lat: $0.lat, lon: $0.lon, maxDistanceKm: 50) }
                    let found = try? geocoder.forward(names[task % names.count])
                    return answers == serial && found == serialNames[task % names.count]
                }
            }
            var all = true
            for await ok in group { all = all && ok }
            return all
        }
        #expect(agreed, "every task got the serial answers")
    }
}
