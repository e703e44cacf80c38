#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeocoderKit

// Usage: swift-consumer [DATA_DIRECTORY]. Without one, the data is found as the geocoder CLI finds it
// ($GEOCODER_DATA, an install's share/geocoder, Data/ above the executable). Exits 1 on a wrong answer.
do throws(GeocoderError) {
    let arguments = CommandLine.arguments
    let geocoder = arguments.count > 1 ? try Geocoder(dataDirectory: arguments[1]) : try Geocoder()
    print("loaded from cache: \(geocoder.loadedFromCache)")
    let paris = try geocoder.reverse(lat: 48.8566, lon: 2.3522)
    print("Paris: \(paris?.country.iso2 ?? "-") \(paris?.country.name ?? "no country") (\(paris.map { "\($0.match)" } ?? "-"))")
    let zone = try geocoder.placemark(lat: 48.8566, lon: 2.3522)?.timezone
    print("Paris time zone: \(zone ?? "-")")
    let many = try geocoder.reverseMany([GeoPoint(lat: 52.52, lon: 13.405), GeoPoint(lat: 0, lon: -30)])
    print("Berlin, mid-Atlantic: \(many.map { $0?.country.iso2 ?? "none" }.joined(separator: ", "))")
    let tokyo = try geocoder.forward("Tokyo", limit: 1).first
    print("Tokyo: \(tokyo.map { "\($0.kind) \($0.iso2 ?? "-") \($0.point.lat),\($0.point.lon)" } ?? "nothing")")
    let benelux = try geocoder.countries(inBBox: GeoBox(minLat: 49.6, minLon: 4.5, maxLat: 52.2, maxLon: 6.0))
    print("Benelux box: \(benelux.compactMap(\.iso2).joined(separator: " "))")
    guard paris?.country.iso2 == "FR", zone == "Europe/Paris", many.map({ $0?.country.iso2 }) == ["DE", nil],
          tokyo?.iso2 == "JP", benelux.contains(where: { $0.iso2 == "LU" }) else {
        print("wrong answer")
        exit(1)
    }
} catch {
    print("error: \(error.message)")
    exit(1)
}
