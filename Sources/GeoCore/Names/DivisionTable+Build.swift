/// Building the division table and the divisions' names from the admin-1 layer.
extension DivisionTable {
    /// The divisions of `layers.admin1` (empty without it), their names added to `names` as `.division`
    /// and their ISO 3166-2 codes (and a folded territory's ISO 3166-1 codes) as `.divisionCode`.
    ///
    /// Names: the layer's `name` (local) and `name_en`, and — joined by the GeoNames admin-1 code under
    /// the division's country (or its territory, for French Guiana and the like) — the GeoNames name and
    /// alternates of `Data/admin1.tsv` ("Bavaria", "NSW"). A code that several divisions share gives its
    /// names to those of them that the row names (`rowNames`: "Apes" by "Apes Novads", "K.P." by "Khyber
    /// Pakhtunkhwa"), else to the largest: Natural Earth
    /// splits some GeoNames divisions (Hungary's counties and their cities of county rank, Bosnia's
    /// cantons, Pakistan's K.P. and the former tribal areas), and the position join gives a few
    /// neighbours one code (Quảng Bình and Quảng Trị), so giving every user the names made "Quang Tri"
    /// name Quảng Bình too, at the same score, and "Somogy" the city of Kaposvár.
    ///
    /// Names in other languages (`Data/admin1-names.tsv`, joined by ISO 3166-2 code) are indexed as the
    /// division's own names (`.division`: "Bavière" scores as "Bayern" does) and given to `localized`
    /// (language, division, label) for `lang`.
    /// - Parameters:
    ///   - label: the label pool's number for a display string.
    ///   - number: a GeoNames row's number in `ForwardIndex.admin1` (by "country.code"), when it has one.
    ///   - translations: the divisions' names in other languages; a code no division has is skipped.
    ///   - newLabel: adds a display string to the label pool without looking for an equal one: the
    ///     translations are 24,000 strings, and a look-up table over them raised a first start's peak memory
    ///     by about 10 MB (`scripts/attack` check 7 holds it to 200 MB); a repeat costs a few bytes.
    static func build(_ layers: PlacemarkLayers, countries: [Country], geonames: [Admin1Row], number: [[UInt8]: Int],
                      translations: [Admin1NameRow] = [], label: (String) -> UInt32, newLabel: ((String) -> UInt32)? = nil,
                      names: inout KeyIndexBuilder,
                      localized: inout [(language: [UInt8], code: UInt32, text: UInt32)]) -> DivisionTable {
        guard let layer = layers.admin1 else { return .empty }
        var divisionOfCode: [[UInt8]: Int] = [:]
        var byCode: [[UInt8]: Int] = [:]
        for (k, row) in geonames.enumerated() { byCode[Array((row.country + "." + row.code).utf8)] = k }
        var country: [Int32] = [], name: [UInt32] = [], iso: [UInt32] = [], type: [UInt32] = [], geometry: [Int32] = []
        var joined: [Int16] = []
        let slots = layers.slots
        /// Feature `k`'s GeoNames key ("country.code") under its country, else its territory, when
        /// `Data/admin1.tsv` has that row.
        func geonamesKey(_ k: Int) -> [UInt8]? {
            guard let gn = layer.value(k, slots.geonames) else { return nil }
            let c = k < layers.divisionCountry.count ? layers.divisionCountry[k] : -1
            var owners: [String] = []
            if c >= 0, let iso2 = countries[Int(c)].iso2 { owners.append(iso2) }
            if let territory = layer.value(k, slots.territoryIso2) { owners.append(territory) }
            for owner in owners {
                let key = Array((owner + "." + gn).utf8)
                if byCode[key] != nil { return key }
            }
            return nil
        }
        let keys = (0..<layer.featureCount).map(geonamesKey)
        var users: [[UInt8]: [Int]] = [:]
        for (k, key) in keys.enumerated() { if let key { users[key, default: []].append(k) } }
        // The features that take their GeoNames row's names (see above).
        var takesNames = [Bool](repeating: false, count: layer.featureCount)
        for (key, sharing) in users {
            guard sharing.count > 1, let row = byCode[key] else {
                for k in sharing { takesNames[k] = true }
                continue
            }
            let rowKeys = ([geonames[row].name] + geonames[row].alternates).map(NameFolding.key)
            let named = sharing.filter { k in
                [layer.value(k, slots.name), layer.value(k, slots.nameEn)].contains { text in
                    guard let text else { return false }
                    let key = NameFolding.key(text)
                    return rowKeys.contains { Self.rowNames(key, $0) }
                }
            }
            if !named.isEmpty {
                for k in named { takesNames[k] = true }
                continue
            }
            var largest = sharing[0], largestArea = Spherical.area(of: Self.area(sharing[0], in: layer.index))
            for k in sharing.dropFirst() {
                let area = Spherical.area(of: Self.area(k, in: layer.index))
                if area > largestArea { (largest, largestArea) = (k, area) }
            }
            takesNames[largest] = true
        }
        for k in 0..<layer.featureCount where k < Posting.maxTargets - 1 {
            let c = k < layers.divisionCountry.count ? layers.divisionCountry[k] : -1
            let local = layer.value(k, slots.name), english = layer.value(k, slots.nameEn)
            guard let shown = english ?? local else { continue }
            let d = country.count
            country.append(c)
            name.append(label(shown))
            let code = layer.value(k, slots.iso)
            iso.append(code.map(label) ?? Self.none)
            type.append((layer.value(k, slots.typeEn) ?? layer.value(k, slots.type)).map(label) ?? Self.none)
            for text in [local, english] { if let text { names.add(text, .division, d) } }
            if let code {
                names.add(code, .divisionCode, d)
                if divisionOfCode[Array(code.utf8)] == nil { divisionOfCode[Array(code.utf8)] = d }
            }
            // An ISO 3166-1 territory the country data folds into its sovereign (issues 15, 16): its own
            // alpha-2 and alpha-3 codes and name find the division ("RE", "GUF", "Svalbard and Jan
            // Mayen"), as a country's would, so "RE" is Réunion, not a name that folds to "re".
            for slot in [slots.territoryIso2, slots.territoryIso3] {
                if let territoryCode = layer.value(k, slot) { names.add(territoryCode, .divisionCode, d) }
            }
            if let territory = layer.value(k, slots.territoryName), territory != shown, territory != local {
                names.add(territory, .division, d)
            }
            var geonamesNumber = -1
            if let key = keys[k], let row = byCode[key] {
                if takesNames[k] {
                    names.add(geonames[row].name, .division, d)
                    for alternate in geonames[row].alternates { names.add(alternate, .division, d) }
                }
                geonamesNumber = number[key] ?? -1
            }
            joined.append(Int16(geonamesNumber))
            let (centroid, box) = Self.placement(of: k, in: layer.index)
            geometry += [centroid.lat, centroid.lon].map { Int32(($0 * Self.scale).rounded()) }
            geometry += [box.minLat, box.minLon].map { Int32(($0 * Self.scale).rounded(.down)) }
            geometry += [box.maxLat, box.maxLon].map { Int32(($0 * Self.scale).rounded(.up)) }
        }
        // One array per language, shared by its rows (not one allocation per row).
        var languages: [[UInt8]: [UInt8]] = [:]
        localized.reserveCapacity(localized.count + translations.count)
        for row in translations {
            guard let d = divisionOfCode[Array(row.code.utf8)] else { continue }
            names.add(row.name, .division, d)
            let tag = asciiLowercased(row.lang)
            let language = languages[tag] ?? tag
            if languages[tag] == nil { languages[tag] = tag }
            let text: UInt32
            if let newLabel { text = newLabel(row.name) } else { text = label(row.name) }
            localized.append((language, UInt32(d), text))
        }
        return DivisionTable(country: Table(country), name: Table(name), iso: Table(iso), type: Table(type),
                             geometry: Table(geometry), geonames: Table(joined))
    }

    /// Whether a GeoNames admin-1 name (folded `row`) names a division called `division` (folded): the
    /// same key, every word of the division's name among the row's ("apes" of "apes novads", "hawalli"
    /// of "muhafazat hawalli"), or the division's name as the row's initials ("k p" of "khyber
    /// pakhtunkhwa", Natural Earth's "K.P.").
    static func rowNames(_ division: [UInt8], _ row: [UInt8]) -> Bool {
        if division == row { return true }
        let words = division.split(separator: 0x20), rowWords = row.split(separator: 0x20)
        guard !words.isEmpty else { return false }
        if words.allSatisfy({ word in rowWords.contains { $0.elementsEqual(word) } }) { return true }
        return words.count == rowWords.count && words.count > 1
            && zip(words, rowWords).allSatisfy { $0.count == 1 && $0.first == $1.first }
    }

    /// Area `k`'s rings in `index`, as polygons: a ring running clockwise (a hole, RFC 7946) joins the
    /// polygon before it.
    static func area(_ k: Int, in index: CountryIndex) -> MultiPolygon {
        var polygons: [Polygon] = []
        for ring in Int(index.areaRingStart[k])..<Int(index.areaRingStart[k + 1]) {
            let first = Int(index.ringStart[ring]), end = Int(index.ringStart[ring + 1])
            var points: [GeoPoint] = []
            var twiceArea = 0.0
            for v in first..<end {
                points.append(GeoPoint(lat: index.vertexLat(v), lon: index.vertexLon(v)))
                if v + 1 < end {
                    twiceArea += index.vertexLon(v) * index.vertexLat(v + 1) - index.vertexLon(v + 1) * index.vertexLat(v)
                }
            }
            guard points.count >= 4 else { continue }
            if twiceArea < 0 && !polygons.isEmpty {
                polygons[polygons.count - 1].holes.append(Ring(points: points))
            } else {
                polygons.append(Polygon(exterior: Ring(points: points)))
            }
        }
        return MultiPolygon(polygons: polygons)
    }

    /// The point answers show for area `k` and the box covering it.
    ///
    /// The point is the spherical area-weighted centroid (`Spherical.centroid`) when the index puts it
    /// inside the area; otherwise (a crescent, a ring of islands, an area with a hole at its centre) a
    /// point inside it: the middle of the widest stretch of the area along the centroid's latitude, else
    /// along the middle latitude of its largest part's box. So the point is always inside the division,
    /// unless no scan line finds one (then the centroid; the tests check that no division of the data is so).
    static func placement(of k: Int, in index: CountryIndex) -> (point: GeoPoint, box: GeoBox) {
        let area = Self.area(k, in: index)
        let box = GeoBox.covering(area.polygons.map { $0.bounds }) ?? GeoBox(minLat: 0, minLon: 0, maxLat: 0, maxLon: 0)
        let centroid = Spherical.centroid(of: area)
            ?? GeoPoint(lat: (box.minLat + box.maxLat) / 2, lon: (box.minLon + box.maxLon) / 2)
        if index.area(containing: centroid) == k { return (centroid, box) }
        var lines = [centroid.lat]
        if let largest = area.polygons.max(by: { Spherical.area(of: $0) < Spherical.area(of: $1) }) {
            lines.append((largest.bounds.south + largest.bounds.north) / 2)
        }
        for lat in lines {
            if let inside = widestStretch(of: area, at: lat), index.area(containing: inside) == k { return (inside, box) }
        }
        return (centroid, box)
    }

    /// The middle of the widest stretch of `area` along latitude `lat` (crossings paired by the even-odd
    /// rule, edges straight in lon/lat as the index draws them); nil when the line misses the area.
    static func widestStretch(of area: MultiPolygon, at lat: Double) -> GeoPoint? {
        var crossings: [Double] = []
        for polygon in area.polygons {
            for ring in [polygon.exterior] + polygon.holes {
                let p = ring.points
                for i in 0..<(p.count - 1) {
                    let a = p[i], b = p[i + 1]
                    // Half-open, so a vertex on the line counts once.
                    guard (a.lat <= lat) != (b.lat <= lat) else { continue }
                    crossings.append(a.lon + (lat - a.lat) / (b.lat - a.lat) * (b.lon - a.lon))
                }
            }
        }
        crossings.sort()
        var best: (width: Double, lon: Double)? = nil
        var i = 0
        while i + 1 < crossings.count {
            let width = crossings[i + 1] - crossings[i]
            if width > (best?.width ?? -1) { best = (width, (crossings[i] + crossings[i + 1]) / 2) }
            i += 2
        }
        return best.map { GeoPoint(lat: lat, lon: $0.lon) }
    }
}
