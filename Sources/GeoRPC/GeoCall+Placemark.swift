import GeoCore

/// Placemark results: the country object as `reverseGeocode` has always written it, followed by the
/// members of the other fields asked for (`admin1`, `territory`, `locality`, `timezone`, in that order).
extension GeoCall {
    /// Writes one point's result for `fields` (already narrowed to what the gazetteer can answer).
    ///
    /// - `fields == [.country]`: exactly the country answer (`null` when none), the bytes of before.
    /// - otherwise: `null` when nothing is known; else one object: the country members when `country` was
    ///   asked for and a country matched, then each other field asked for, `null` when unknown.
    /// - Parameters:
    ///   - replies: the pre-encoded country objects, when the caller has them (the same bytes
    ///     `writeReverse` writes).
    static func writePlacemark(_ placemark: Placemark?, fields: PlacemarkFields, gazetteer: CountryGazetteer,
                               replies: ReverseReplies?, into out: inout JSONWriter) {
        guard let placemark else {
            out.null()
            return
        }
        if let match = placemark.country, fields.contains(.country) {
            if let replies {
                replies.write(match, into: &out)
            } else {
                ReverseReplies.writer.writeReverse(match, gazetteer.countries[match.countryIndex], into: &out)
            }
            // Reopen the country object: drop its `}`; the writer still expects a comma before the next key.
            out.bytes.removeLast()
        } else {
            out.beginObject()
        }
        if fields.contains(.admin1) {
            key(Keys.admin1, &out)
            if let admin1 = placemark.admin1 {
                out.beginObject()
                string(Keys.name, admin1.name, &out)
                string(Keys.iso3166_2, admin1.iso3166_2, &out)
                string(Keys.type, admin1.type, &out)
                string(Keys.geonamesCode, admin1.geonamesCode, &out)
                out.endObject()
            } else {
                out.null()
            }
        }
        if fields.contains(.territory) {
            key(Keys.territory, &out)
            if let territory = placemark.territory {
                out.beginObject()
                string(Keys.iso2, territory.iso2, &out)
                string(Keys.iso3, territory.iso3, &out)
                string(Keys.name, territory.name, &out)
                out.endObject()
            } else {
                out.null()
            }
        }
        if fields.contains(.locality) {
            key(Keys.locality, &out)
            // A locality the gazetteer found is written from the index's bytes, building no string.
            if placemark.withFoundLocality({ writeLocality($0, &out) }) == nil {
                if let place = placemark.locality { writeLocality(place, &out) } else { out.null() }
            }
        }
        if fields.contains(.timezone) {
            key(Keys.timezone, &out)
            if let zone = placemark.timezone { out.string(zone) } else { out.null() }
        }
        out.endObject()
    }

    /// The locality object, from bytes: the same members and bytes as the `Locality` branch of `writePlacemark`.
    private static func writeLocality(_ place: LocalityBytes, _ out: inout JSONWriter) {
        out.beginObject()
        key(Keys.name, &out)
        out.string(utf8: place.name)
        key(Keys.geonameid, &out)
        out.number(place.geonameid)
        key(Keys.population, &out)
        out.number(place.population)
        key(Keys.admin1, &out)
        if let admin1 = place.admin1 { out.string(utf8: admin1) } else { out.null() }
        key(Keys.distanceKm, &out)
        decimal(place.distanceKm, places: 3, &out)
        key(Keys.bearing, &out)
        decimal(place.bearing, places: 1, &out)
        string(Keys.direction, place.direction, &out)
        out.endObject()
    }

    /// The locality object of a `Locality` value (one given to `Placemark`, not found by the gazetteer).
    private static func writeLocality(_ place: Locality, _ out: inout JSONWriter) {
        var name = place.name, admin1 = place.admin1
        name.withUTF8 { name in
            func write(_ admin1: UnsafeBufferPointer<UInt8>?) {
                writeLocality(LocalityBytes(name: name, geonameid: place.geonameid, population: place.population,
                                            admin1: admin1, distanceKm: place.distanceKm, bearing: place.bearing,
                                            direction: place.direction), &out)
            }
            if admin1 == nil { write(nil) } else { admin1!.withUTF8 { write($0) } }
        }
    }

    private static func string(_ name: StaticString, _ value: String?, _ out: inout JSONWriter) {
        key(name, &out)
        if let value { out.string(value) } else { out.null() }
    }

    /// `out.key(…)` for a key already quoted and followed by its colon: the same bytes and comma handling,
    /// without escaping a constant on every answer. A `StaticString`: its bytes are in the binary, so
    /// writing one reads no global and retains nothing (as a `[UInt8]` constant did, twice per key).
    @inline(__always)
    static func key(_ name: StaticString, _ out: inout JSONWriter) {
        out.raw(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.continueAfterKey()
    }

    /// The placemark's member names, quoted, each with its colon (the other writers use some too).
    enum Keys {
        static let admin1: StaticString = #""admin1":"#, territory: StaticString = #""territory":"#
        static let locality: StaticString = #""locality":"#, timezone: StaticString = #""timezone":"#
        static let name: StaticString = #""name":"#, iso3166_2: StaticString = #""iso3166_2":"#
        static let type: StaticString = #""type":"#, geonamesCode: StaticString = #""geonamesCode":"#
        static let iso2: StaticString = #""iso2":"#, iso3: StaticString = #""iso3":"#
        static let geonameid: StaticString = #""geonameid":"#, population: StaticString = #""population":"#
        static let distanceKm: StaticString = #""distanceKm":"#, bearing: StaticString = #""bearing":"#
        static let direction: StaticString = #""direction":"#
    }

    /// Writes `value` rounded to `places` decimals (1 to 3), as `out.number((value · 10^places).rounded() /
    /// 10^places)` writes it, without going through `Double.description`.
    ///
    /// For k = (value · 10^places).rounded(), the number written there is the double nearest k / 10^places,
    /// whose shortest round-trip text is the decimal k / 10^places itself (trailing zeros dropped; an integer
    /// without a point) whenever that has at most 15 significant digits: two different decimals of 15
    /// digits are never the same double. So below 10^11 this writes those digits; anything else (not
    /// finite, too large) goes the general way.
    static func decimal(_ value: Double, places: Int, _ out: inout JSONWriter) {
        let scale: Int64 = places == 1 ? 10 : (places == 2 ? 100 : 1000)
        let k = (value * Double(scale)).rounded()
        guard k > 0, k < 1e14 else {
            out.number(k / Double(scale))
            return
        }
        let units = Int64(k)
        out.number(Int(units / scale))
        var fraction = units % scale
        guard fraction != 0 else { return }
        var divisor = scale / 10
        while fraction % 10 == 0 {
            fraction /= 10
            divisor /= 10
        }
        out.bytes.append(UInt8(ascii: "."))
        while divisor > 0 {
            out.bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }
}
