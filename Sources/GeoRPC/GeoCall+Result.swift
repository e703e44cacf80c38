import GeoCore

/// Result objects: written straight into the reply, member by member, in the documented order.
extension GeoCall {
    /// Runs the call and writes its result value.
    ///
    /// - `reverse`: `null`, or one country object ending in `match` ("inside" or "nearest") and
    ///   `distanceKm` (0 when inside, else kilometres rounded to 3 decimals).
    /// - `forward`: an array of matches, best first; a blank query gives `[]`.
    /// - `countriesInBBox`: an array of `{iso2, iso3, adm0a3, name}` in the gazetteer's order.
    ///
    /// Absent optional fields are JSON null. Numbers are written in their shortest round-trip form.
    /// - Parameters:
    ///   - gazetteer: the loaded dataset.
    ///   - out: receives exactly one JSON value.
    public func writeResult(using gazetteer: CountryGazetteer, into out: inout JSONWriter) {
        writeResult(using: gazetteer, replies: nil, into: &out)
    }

    /// As ``writeResult(using:into:)``; `replies`, when given, supplies reverse results pre-encoded.
    public func writeResult(using gazetteer: CountryGazetteer, replies: ReverseReplies?, into out: inout JSONWriter) {
        writeResult(using: gazetteer, replies: replies, into: &out, spill: { _ in })
    }

    /// As ``writeResult(using:replies:into:)``, handing long results to `spill` as they are written
    /// (`reverseGeocodeMany` between chunks of points), so a million-point result is never held whole.
    public func writeResult(using gazetteer: CountryGazetteer, replies: ReverseReplies?, into out: inout JSONWriter,
                            spill: ReplySpill) {
        switch self {
        case .reverse(let point, let radius, let fields) where !gazetteer.availableFields.intersection(fields).isCountryOnly:
            let asked = gazetteer.availableFields.intersection(fields)
            Self.writePlacemark(gazetteer.placemark(at: point, maxDistanceKm: radius, fields: asked), fields: asked,
                                gazetteer: gazetteer, replies: replies, into: &out)
        case .reverseMany(let points, let radius, let fields)
            where !gazetteer.availableFields.intersection(fields).isCountryOnly:
            let asked = gazetteer.availableFields.intersection(fields)
            out.beginArray()
            var start = 0
            while start < points.count {
                let end = Swift.min(points.count, start + ReverseFastPath.chunkPoints)
                for placemark in gazetteer.placemarks(at: Array(points[start..<end]), maxDistanceKm: radius, fields: asked) {
                    Self.writePlacemark(placemark, fields: asked, gazetteer: gazetteer, replies: replies, into: &out)
                }
                start = end
                RPCServer.maybeSpill(&out, spill)
            }
            out.endArray()
        case .reverse(let point, let radius, _):
            // Only the country (asked for, or all the data knows): today's answer by today's path.
            let match = gazetteer.reverse(point, maxDistanceKm: radius)
            if let replies {
                replies.write(match, into: &out)
                return
            }
            guard let match else {
                out.null()
                return
            }
            writeReverse(match, gazetteer.countries[match.countryIndex], into: &out)
        case .reverseMany(let points, let radius, _):
            // One result per point, in order: the reverseGeocode result, or null; a chunk at a time.
            out.beginArray()
            var start = 0
            while start < points.count {
                let end = Swift.min(points.count, start + ReverseFastPath.chunkPoints)
                for match in gazetteer.reverse(Array(points[start..<end]), maxDistanceKm: radius) {
                    if let replies {
                        replies.write(match, into: &out)
                    } else if let match {
                        writeReverse(match, gazetteer.countries[match.countryIndex], into: &out)
                    } else {
                        out.null()
                    }
                }
                start = end
                RPCServer.maybeSpill(&out, spill)
            }
            out.endArray()
        case .forward(let query, let options):
            writeForward(isBlank(query) ? [] : gazetteer.forward(query, options: options), gazetteer: gazetteer,
                         language: options.language, into: &out)
        case .countriesInBBox(let box):
            out.beginArray()
            for index in gazetteer.countries(in: box) {
                let country = gazetteer.countries[index]
                out.beginObject()
                writeCodes(country, into: &out)
                out.endObject()
            }
            out.endArray()
        case .nearby:
            // No layers here: the server (``RPCServer/layers``) answers `nearby` itself. Without layers
            // every nearby answer is empty.
            out.beginArray()
            out.endArray()
        case .whereAmI, .nearbyMany, .whereAmIMany:
            // As `nearby`: the server answers these with its layers; here there are none.
            GeoCall.writeAroundMe(self, index: .empty, into: &out, spill: { _ in })
        }
    }

    /// The matches of a `forwardGeocode` call, charging the fuzzy walk to `budget` only if the search
    /// reaches it (``WorkCost/fuzzy(editBound:)``): the one costly tier, which a query that matches a name
    /// or a prefix never pays for; and the prefix scan by the names it scores
    /// (``WorkCost/prefixScan(names:)``), which only short queries make long.
    /// - Throws: the budget's refusal when the walk does not fit; nothing was written.
    func forwardMatches(_ query: String, _ options: ForwardOptions, gazetteer: CountryGazetteer,
                        budget: inout WorkBudget) throws(RPCError) -> [ForwardMatch] {
        if isBlank(query) { return [] }
        var refusal: RPCError?
        let found = gazetteer.forward(query, options: options, fuzzy: { (bound) in
            refusal = budget.charge(WorkCost.fuzzy(editBound: bound))
            return refusal == nil
        }, prefix: { (names) in
            refusal = budget.charge(WorkCost.prefixScan(names: names))
            return refusal == nil
        })
        if let refusal { throw refusal }
        return found ?? []
    }

    /// The `forwardGeocode` result: an array of matches, best first.
    func writeForward(_ matches: [ForwardMatch], gazetteer: CountryGazetteer, language: String?,
                      into out: inout JSONWriter) {
        out.beginArray()
        for match in matches { writeForward(match, gazetteer: gazetteer, language: language, into: &out) }
        out.endArray()
    }

    func writeReverse(_ match: ReverseMatch, _ country: Country, into out: inout JSONWriter) {
        out.beginObject()
        field("iso2", country.iso2, &out)
        field("iso3", country.iso3, &out)
        field("isoNumeric", country.isoNumeric, &out)
        field("name", country.name, &out)
        field("nameLong", country.nameLong, &out)
        field("formalName", country.formalName, &out)
        field("adm0a3", country.adm0a3, &out)
        field("sovereign", country.sovereign, &out)
        field("sovereignA3", country.sovereignA3, &out)
        field("type", country.type, &out)
        field("continent", country.continent, &out)
        field("regionUN", country.regionUN, &out)
        field("subregion", country.subregion, &out)
        field("wikidataId", country.wikidataID, &out)
        out.key("match")
        switch match.kind {
        case .inside:
            out.string("inside")
            out.key("distanceKm")
            out.number(0)
        case .nearest:
            out.string("nearest")
            out.key("distanceKm")
            out.number((match.distanceKm * 1000).rounded() / 1000)
        }
        out.endObject()
    }

    /// The identifying members shared by forward and bbox results.
    func writeCodes(_ country: Country, into out: inout JSONWriter) {
        field("iso2", country.iso2, &out)
        field("iso3", country.iso3, &out)
        field("adm0a3", country.adm0a3, &out)
        field("name", country.name, &out)
    }

    func writePoint(_ point: GeoPoint, into out: inout JSONWriter) {
        out.beginObject()
        out.key("lat")
        out.number(point.lat)
        out.key("lon")
        out.number(point.lon)
        out.endObject()
    }

    func field(_ key: String, _ value: String?, _ out: inout JSONWriter) {
        out.key(key)
        if let value { out.string(value) } else { out.null() }
    }

    /// Only spaces, tabs and line breaks: nothing to search for.
    private func isBlank(_ query: String) -> Bool {
        for byte in query.utf8 where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            return false
        }
        return true
    }
}
