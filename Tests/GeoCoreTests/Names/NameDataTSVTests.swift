import Testing
@testable import GeoCore

@Suite("Name tables: TSV in, rows out, the first bad line named")
struct NameDataTSVTests {
    @Test("the fixture tables parse into the rows they spell")
    func parsesFixture() throws {
        let data = try ForwardFixture.data
        #expect(data.countryNames.count == 21)
        #expect(data.countryNames[7] == CountryNameRow(code: "NL", lang: "und", kind: .alias, name: "Holland"))
        #expect(data.admin1[1] == Admin1Row(country: "US", code: "IL", name: "Illinois", alternates: ["IL", "Ill."]))
        #expect(data.admin1[4].alternates == [])
        let munich = data.cities[6]
        #expect(munich.name == "Munich" && munich.geonameid == 7 && munich.population == 1_260_391)
        #expect(munich.lat == 48.13743 && munich.lon == 11.57549)
        #expect(munich.alternates == ["München", "Monaco di Baviera", "Мюнхен"])
        #expect(data.cities[1].alternates == [])
    }

    @Test("CRLF line ends and a missing final newline are accepted")
    func lineEnds() throws {
        let text = "country\tcode\tname\talternates\r\nUS\tTX\tTexas\tTX"
        #expect(try NameData.parseAdmin1(Array(text.utf8)) == [Admin1Row(country: "US", code: "TX", name: "Texas", alternates: ["TX"])])
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        let name: String
        let file: NameDataError.File
        let text: String
        let line: Int
        let problem: NameDataError.Problem
        var testDescription: String { name }
    }

    static let citiesHeader = NameData.citiesHeaderWithoutCapital + "\n"

    @Test("each kind of damage is refused with its file, line and problem", arguments: [
        Bad(name: "empty file", file: .cities, text: "", line: 1, problem: .header(expected: NameData.citiesHeader)),
        Bad(name: "wrong header", file: .admin1, text: "country\tcode\tname\n", line: 1,
            problem: .header(expected: NameData.admin1Header)),
        Bad(name: "too few fields", file: .cities, text: citiesHeader + "1\tX\t1\t2\tFR\t\t5\t\n2\tY\t1\t2\tFR\n", line: 3,
            problem: .fieldCount(expected: 8, found: 5)),
        Bad(name: "latitude out of range", file: .cities, text: citiesHeader + "1\tX\t91\t2\tFR\t\t5\t\n", line: 2,
            problem: .number(column: "lat")),
        Bad(name: "longitude not a number", file: .cities, text: citiesHeader + "1\tX\t1\teast\tFR\t\t5\t\n", line: 2,
            problem: .number(column: "lon")),
        Bad(name: "negative population", file: .cities, text: citiesHeader + "1\tX\t1\t2\tFR\t\t-5\t\n", line: 2,
            problem: .number(column: "population")),
        Bad(name: "geonameid beyond 32 bits", file: .cities, text: citiesHeader + "4294967296\tX\t1\t2\tFR\t\t5\t\n", line: 2,
            problem: .number(column: "geonameid")),
        Bad(name: "lower-case country", file: .cities, text: citiesHeader + "1\tX\t1\t2\tfr\t\t5\t\n", line: 2,
            problem: .countryCode(column: "country")),
        Bad(name: "empty city name", file: .cities, text: citiesHeader + "1\t\t1\t2\tFR\t\t5\t\n", line: 2,
            problem: .emptyField(column: "name")),
        Bad(name: "localities: cities.tsv's header", file: .localities, text: citiesHeader + "1\tX\t1\t2\tFR\t\t5\t\n",
            line: 1, problem: .header(expected: NameData.localitiesHeader)),
        Bad(name: "localities: latitude out of range", file: .localities,
            text: NameData.localitiesHeader + "\n1\tX\t1\t2\tFR\t\t5\n2\tY\t-90.5\t2\tFR\t\t5\n", line: 3,
            problem: .number(column: "lat")),
        Bad(name: "localities: too many fields", file: .localities,
            text: NameData.localitiesHeader + "\n1\tX\t1\t2\tFR\t\t5\tY|Z\n", line: 2,
            problem: .fieldCount(expected: 7, found: 8)),
        Bad(name: "localities: empty name", file: .localities, text: NameData.localitiesHeader + "\n1\t\t1\t2\tFR\t\t5\n",
            line: 2, problem: .emptyField(column: "name")),
        Bad(name: "unknown kind", file: .countryNames, text: NameData.countryNamesHeader + "\nFR\ten\tnickname\tLa France\n",
            line: 2, problem: .kind),
        Bad(name: "alpha-3 code", file: .countryNames, text: NameData.countryNamesHeader + "\nFRA\ten\tname\tFrance\n",
            line: 2, problem: .countryCode(column: "code")),
        Bad(name: "invalid UTF-8", file: .admin1, text: NameData.admin1Header + "\nUS\tTX\tTe\u{FFFD}xas\t\n", line: 2,
            problem: .invalidUTF8),
        Bad(name: "city names: wrong header", file: .cityNames, text: "geonameid\tname\n", line: 1,
            problem: .header(expected: NameData.cityNamesHeader)),
        Bad(name: "city names: geonameid not a number", file: .cityNames,
            text: NameData.cityNamesHeader + "\n7\tes\tX\nseven\tes\tX\n", line: 3, problem: .number(column: "geonameid")),
        Bad(name: "city names: negative geonameid", file: .cityNames, text: NameData.cityNamesHeader + "\n-7\tes\tX\n",
            line: 2, problem: .number(column: "geonameid")),
        Bad(name: "city names: geonameid beyond 32 bits", file: .cityNames,
            text: NameData.cityNamesHeader + "\n4294967296\tes\tX\n", line: 2, problem: .number(column: "geonameid")),
        Bad(name: "city names: empty language", file: .cityNames, text: NameData.cityNamesHeader + "\n7\t\tX\n",
            line: 2, problem: .emptyField(column: "lang")),
        Bad(name: "city names: empty name", file: .cityNames, text: NameData.cityNamesHeader + "\n7\tes\t\n",
            line: 2, problem: .emptyField(column: "name")),
        Bad(name: "city names: too few fields", file: .cityNames, text: NameData.cityNamesHeader + "\n7\tes\n",
            line: 2, problem: .fieldCount(expected: 3, found: 2)),
    ])
    func refuses(_ bad: Bad) {
        var bytes = Array(bad.text.utf8)
        if bad.problem == .invalidUTF8 {
            // Replace the U+FFFD (EF BF BD) with a lone continuation byte.
            if let k = bytes.firstIndex(of: 0xEF) { bytes.replaceSubrange(k..<(k + 3), with: [0x80]) }
        }
        let result: Result<Int, NameDataError>
        do throws(NameDataError) {
            switch bad.file {
            case .countryNames: result = .success(try NameData.parseCountryNames(bytes).count)
            case .admin1: result = .success(try NameData.parseAdmin1(bytes).count)
            case .cities: result = .success(try NameData.parseCities(bytes).count)
            case .isoCountryNames: result = .success(try NameData.parseCountryNames(bytes, file: .isoCountryNames).count)
            case .admin1Names: result = .success(try NameData.parseAdmin1Names(bytes).count)
            case .localities: result = .success(try NameData.parseLocalities(bytes).count)
            case .cityNames: result = .success(try NameData.parseCityNames(bytes).count)
            }
        } catch {
            result = .failure(error)
        }
        #expect(result == .failure(NameDataError(file: bad.file, line: bad.line, problem: bad.problem)))
    }

    @Test("the message names the file and line")
    func message() {
        let error = NameDataError(file: .cities, line: 12, problem: .number(column: "population"))
        #expect(error.message == "cities.tsv line 12: population is not a valid number")
    }
}
