#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GeoCore

/// Finds and reads the name tables forward search adds to the countries: `country-names.tsv` (CLDR),
/// `admin1.tsv` and `cities.tsv` (GeoNames), `iso-country-names.tsv` (ISO 3166-1 names and official names
/// from Debian's iso-codes), `admin1-names.tsv` (the admin-1 divisions' names in other languages, also from
/// iso-codes), and `localities.tsv` (GeoNames places of 1,000+ people not in `cities.tsv`, read only by the
/// placemark's locality), and `city-names.tsv` (cities' names in other languages, CLDR's exemplar cities,
/// which `lang` shows).
///
/// Each file is looked for next to the country GeoJSON first (so `--data`, `$GEOCODER_DATA`, an install's
/// PREFIX/share/geocoder and a checkout's Data/ each bring their own), then in the places `DataLocator`
/// searches for the bundled GeoJSON; so a user's own `--data` file still gets the CLDR names (matched by
/// ISO alpha-2) and the cities. A table found nowhere is left out: forward search then knows less, and
/// `missingReport` says so once on stderr (an install that carried only the GeoJSON used to answer
/// `geocoder forward Paris` with `[]` and no word why). `--no-places` leaves out the admin-1 and city tables.
package enum NameFiles {
    package static let countryNames = "country-names.tsv"
    package static let admin1 = "admin1.tsv"
    package static let cities = "cities.tsv"
    package static let isoCountryNames = "iso-country-names.tsv"
    package static let admin1Names = "admin1-names.tsv"
    package static let localities = "localities.tsv"
    package static let cityNames = "city-names.tsv"

    /// The seven tables' paths (nil where not found), in the order countryNames, admin1, cities,
    /// isoCountryNames, admin1Names, localities, cityNames (each added last, so the earlier ones keep their
    /// places). All of them are part of the index cache's key. The divisions' translated names name the
    /// admin-1 layer's divisions, not GeoNames', so `--no-places` keeps them; it drops the localities and the
    /// cities' translated names with the cities.
    package static func locate(dataPath: String, places: Bool) -> [String?] {
        [find(countryNames, near: dataPath), places ? find(admin1, near: dataPath) : nil,
         places ? find(cities, near: dataPath) : nil, find(isoCountryNames, near: dataPath),
         find(admin1Names, near: dataPath), places ? find(localities, near: dataPath) : nil,
         places ? find(cityNames, near: dataPath) : nil]
    }

    /// The file `name` next to `dataPath`, else in the directories `DataLocator` searches; nil when absent.
    package static func find(_ name: String, near dataPath: String) -> String? {
        var directories: [String] = []
        directories.append(DataLocator.parent(of: dataPath) ?? ".")
        for path in DataLocator.searchPaths(executable: DataLocator.executablePath()) {
            if let directory = DataLocator.parent(of: path), !directories.contains(directory) { directories.append(directory) }
        }
        for directory in directories where access(directory + "/" + name, F_OK) == 0 { return directory + "/" + name }
        return nil
    }

    /// One line for stderr naming the tables `locate` did not find (nil when it found all it looked for), and
    /// what forward search loses without them.
    package static func missingReport(_ paths: [String?], places: Bool) -> String? {
        let names = [countryNames, admin1, cities, isoCountryNames, admin1Names, localities, cityNames]
        var missing: [String] = []
        for (k, path) in paths.enumerated() where path == nil && (k == 0 || k == 3 || k == 4 || places) { missing.append(names[k]) }
        if missing.isEmpty { return nil }
        var losses: [String] = []
        if paths[0] == nil { losses.append("country names other than Natural Earth's") }
        if places && paths[1] == nil { losses.append("admin-1 qualifiers") }
        if places && paths[2] == nil { losses.append("cities") }
        if paths[3] == nil { losses.append("ISO official names") }
        if paths.count > 4 && paths[4] == nil { losses.append("admin-1 names in other languages") }
        if places && paths.count > 6 && paths[6] == nil { losses.append("city names in other languages") }
        let localityNote = places && paths.count > 5 && paths[5] == nil
            ? (losses.isEmpty ? "" : "; ") + "placemark localities use only the cities of 5,000+" : ""
        return "warning: \(missing.joined(separator: ", ")) not found beside the data file or in the install's "
            + "share/geocoder: "
            + (losses.isEmpty ? "" : "forward search works without \(losses.joined(separator: ", "))") + localityNote + " "
            + "(install every Data/ file with scripts/install; --no-places silences the admin-1 and city tables)"
    }

    /// Reads and parses the tables at `paths` (as `locate` returns them), each a regular file of at most
    /// `maxBytes` (`--max-data-bytes`, as for the GeoJSON).
    package static func load(_ paths: [String?], maxBytes: Int) -> Result<NameData, GeocoderError> {
        var contents: [[UInt8]] = []
        for path in paths {
            guard let path else {
                contents.append([])
                continue
            }
            switch DataLocator.read(path, maxBytes: maxBytes) {
            case .success(let bytes): contents.append(bytes)
            case .failure(let error): return .failure(error)
            }
        }
        do throws(NameDataError) {
            var data = NameData()
            if paths[0] != nil { data.countryNames = try NameData.parseCountryNames(contents[0]) }
            if paths[1] != nil { data.admin1 = try NameData.parseAdmin1(contents[1]) }
            if paths[2] != nil { data.cities = try NameData.parseCities(contents[2]) }
            // ISO names are more country names, indexed as CLDR's are (their kinds say which are which).
            if paths[3] != nil { data.countryNames += try NameData.parseCountryNames(contents[3], file: .isoCountryNames) }
            if paths.count > 4 && paths[4] != nil { data.admin1Names = try NameData.parseAdmin1Names(contents[4]) }
            if paths.count > 5, paths[5] != nil { data.localities = try NameData.parseLocalities(contents[5]) }
            if paths.count > 6, paths[6] != nil { data.cityNames = try NameData.parseCityNames(contents[6]) }
            return .success(data)
        } catch {
            return .failure(.invalidNameTable(path: paths[index(of: error.file)] ?? error.file.fileName, error))
        }
    }

    private static func index(of file: NameDataError.File) -> Int {
        switch file {
        case .countryNames: return 0
        case .admin1: return 1
        case .cities: return 2
        case .isoCountryNames: return 3
        case .admin1Names: return 4
        case .localities: return 5
        case .cityNames: return 6
        }
    }
}
