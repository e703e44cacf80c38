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
            out.key("admin1")
            if let admin1 = placemark.admin1 {
                out.beginObject()
                string("name", admin1.name, &out)
                string("iso3166_2", admin1.iso3166_2, &out)
                string("type", admin1.type, &out)
                string("geonamesCode", admin1.geonamesCode, &out)
                out.endObject()
            } else {
                out.null()
            }
        }
        if fields.contains(.territory) {
            out.key("territory")
            if let territory = placemark.territory {
                out.beginObject()
                string("iso2", territory.iso2, &out)
                string("iso3", territory.iso3, &out)
                string("name", territory.name, &out)
                out.endObject()
            } else {
                out.null()
            }
        }
        if fields.contains(.locality) {
            out.key("locality")
            if let place = placemark.locality {
                out.beginObject()
                string("name", place.name, &out)
                out.key("geonameid")
                out.number(place.geonameid)
                out.key("population")
                out.number(place.population)
                string("admin1", place.admin1, &out)
                out.key("distanceKm")
                out.number((place.distanceKm * 1000).rounded() / 1000)
                out.key("bearing")
                out.number((place.bearing * 10).rounded() / 10)
                string("direction", place.direction, &out)
                out.endObject()
            } else {
                out.null()
            }
        }
        if fields.contains(.timezone) {
            out.key("timezone")
            if let zone = placemark.timezone { out.string(zone) } else { out.null() }
        }
        out.endObject()
    }

    private static func string(_ key: String, _ value: String?, _ out: inout JSONWriter) {
        out.key(key)
        if let value { out.string(value) } else { out.null() }
    }
}
