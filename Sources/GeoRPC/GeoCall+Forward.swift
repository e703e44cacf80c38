import GeoCore

/// The `forwardGeocode` result object, members in the documented order (rpc-schema/openrpc.json,
/// `ForwardMatch`): kind, name, matched, matchType, score, iso2, iso3, adm0a3, country, admin1, population,
/// lat, lon; then a country's centroid, labelPoint and bbox, a city's geonameid, or an admin-1 division's
/// centroid, bbox, iso3166_2 and type.
extension GeoCall {
    func writeForward(_ match: ForwardMatch, gazetteer: CountryGazetteer, language: String?, into out: inout JSONWriter) {
        let country = match.countryIndex.map { gazetteer.countries[$0] }
        out.beginObject()
        out.key("kind")
        if let cityIndex = match.cityIndex {
            let city = gazetteer.city(cityIndex, language: language)
            out.string("city")
            field("name", city.name, &out)
            writeMatch(match, into: &out)
            field("iso2", city.iso2, &out)
            field("iso3", country?.iso3, &out)
            field("adm0a3", country?.adm0a3, &out)
            field("country", gazetteer.countryName(iso2: city.iso2, language: language), &out)
            field("admin1", city.admin1, &out)
            out.key("population")
            out.number(city.population)
            writeCoordinates(city.point, into: &out)
            out.key("geonameid")
            out.number(city.geonameid)
        } else if let divisionIndex = match.divisionIndex {
            let division = gazetteer.division(divisionIndex, language: language)
            out.string("admin1")
            field("name", division.name, &out)
            writeMatch(match, into: &out)
            field("iso2", country?.iso2, &out)
            field("iso3", country?.iso3, &out)
            field("adm0a3", country?.adm0a3, &out)
            field("country", match.countryIndex.map { gazetteer.countryName($0, language: language) }, &out)
            field("admin1", division.name, &out)
            out.key("population")
            out.null()
            writeCoordinates(division.centroid, into: &out)
            out.key("centroid")
            writePoint(division.centroid, into: &out)
            writeBox(division.bounds, into: &out)
            field("iso3166_2", division.iso3166_2, &out)
            field("type", division.type, &out)
        } else if let index = match.countryIndex, let country {
            let name = gazetteer.countryName(index, language: language)
            let centroid = gazetteer.centroid(of: index)
            out.string("country")
            field("name", name, &out)
            writeMatch(match, into: &out)
            field("iso2", country.iso2, &out)
            field("iso3", country.iso3, &out)
            field("adm0a3", country.adm0a3, &out)
            field("country", name, &out)
            out.key("admin1")
            out.null()
            out.key("population")
            if let population = country.population { out.number(population) } else { out.null() }
            writeCoordinates(centroid, into: &out)
            out.key("centroid")
            writePoint(centroid, into: &out)
            out.key("labelPoint")
            writePoint(country.labelPoint ?? centroid, into: &out)
            // [west, south, east, north], as GeoJSON's bbox; west > east when the area crosses ±180°.
            writeBox(gazetteer.bounds(of: index), into: &out)
        }
        out.endObject()
    }

    private func writeMatch(_ match: ForwardMatch, into out: inout JSONWriter) {
        field("matched", match.matched, &out)
        field("matchType", match.matchType.name, &out)
        out.key("score")
        out.number(match.score)
    }

    /// `bbox`: [west, south, east, north], as GeoJSON's bbox; west > east when the area crosses ±180°.
    private func writeBox(_ bounds: GeoBox, into out: inout JSONWriter) {
        out.key("bbox")
        out.beginArray()
        out.number(bounds.minLon)
        out.number(bounds.minLat)
        out.number(bounds.maxLon)
        out.number(bounds.maxLat)
        out.endArray()
    }

    private func writeCoordinates(_ point: GeoPoint, into out: inout JSONWriter) {
        out.key("lat")
        out.number(point.lat)
        out.key("lon")
        out.number(point.lon)
    }
}
