@testable import GeoCore

/// A small world for forward search: six countries on boxes, hand-written name tables in the format of
/// Data/country-names.tsv, admin1.tsv and cities.tsv, chosen to exercise each rule once.
enum ForwardFixture {
    static let countryNames = """
        code\tlang\tkind\tname
        DE\tde\tname\tDeutschland
        DE\ten\tname\tGermany
        DE\tfr\tname\tAllemagne
        AT\tde\tname\tÖsterreich
        AT\ten\tname\tAustria
        NL\ten\tname\tNetherlands
        NL\tnl\tname\tNederland
        NL\tund\talias\tHolland
        US\ten\tname\tUnited States
        US\ten\tshort\tUS
        US\tund\talias\tUSA
        US\tund\talias\tAmerica
        US\tund\talias\tU.S.A.
        FR\ten\tname\tFrance
        FR\tde\tname\tFrankreich
        FR\tpt\tname\tFrança
        FR\tzh-Hant\tname\t法國
        CH\ten\tname\tSwitzerland
        CH\tde\tname\tSchweiz
        CI\ten\tvariant\tIvory Coast
        GB\tde\tname\tVereinigtes Königreich

        """

    static let admin1 = """
        country\tcode\tname\talternates
        US\tTX\tTexas\tTX
        US\tIL\tIllinois\tIL|Ill.
        US\tMA\tMassachusetts\tMA|Mass.
        US\tMI\tMichigan\tMI
        FR\t11\tÎle-de-France\t
        DE\t02\tBavaria\tBayern
        GB\tENG\tEngland\t

        """

    static let cities = """
        geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\talternatenames
        1\tParis\t48.85341\t2.3488\tFR\t11\t2138551\tParigi|París|Paname
        2\tParis\t33.66094\t-95.55551\tUS\tTX\t24782\t
        3\tSpringfield\t39.80172\t-89.64371\tUS\tIL\t114394\t
        4\tSpringfield\t42.10148\t-72.58981\tUS\tMA\t155929\t
        5\tCambridge\t42.3751\t-71.10561\tUS\tMA\t118403\t
        6\tCambridge\t52.2\t0.11667\tGB\tENG\t128488\t
        7\tMunich\t48.13743\t11.57549\tDE\t02\t1260391\tMünchen|Monaco di Baviera|Мюнхен
        8\tHolland\t42.78752\t-86.10893\tUS\tMI\t33051\t
        9\tRome\t41.89193\t12.51133\tIT\t07\t2318895\tRoma|Rom
        10\tRoma\t-26.56753\t148.78751\tAU\t04\t6848\t
        11\tGermantown\t39.17\t-77.27\tUS\tMD\t90000\t
        12\tZürich\t47.36667\t8.55\tCH\t25\t341730\tZurich

        """

    /// Cities' names in other languages (`city-names.tsv`), so the binary tests cover that table too.
    static let cityNames = """
        geonameid\tlang\tname
        1\tde\tParis
        7\tde\tMünchen
        7\tzh-Hant\t慕尼黑
        9\tde\tRom

        """

    static var data: NameData {
        get throws {
            var data = try NameData.parse(countryNames: Array(countryNames.utf8), admin1: Array(admin1.utf8),
                                          cities: Array(cities.utf8))
            data.cityNames = try NameData.parseCityNames(Array(cityNames.utf8))
            return data
        }
    }

    /// The countries, without the name tables.
    static func countriesOnly() -> CountryGazetteer {
        func box(_ lon: Double, _ lat: Double) -> MultiPolygon {
            MultiPolygon(polygons: [Polygon(exterior: GeometryFixture.box(lon, lat, lon + 2, lat + 2))])
        }
        let countries = [
            Country(adm0a3: "DEU", iso2: "DE", iso3: "DEU", isoNumeric: "276", name: "Germany", nameLong: "Germany",
                    formalName: "Federal Republic of Germany", population: 83_132_799, geometry: box(10, 50)),
            Country(adm0a3: "AUT", iso2: "AT", iso3: "AUT", isoNumeric: "040", name: "Austria", population: 8_877_067,
                    geometry: box(14, 47)),
            Country(adm0a3: "NLD", iso2: "NL", iso3: "NLD", isoNumeric: "528", name: "Netherlands", population: 17_332_850,
                    geometry: box(5, 52)),
            Country(adm0a3: "USA", iso2: "US", iso3: "USA", isoNumeric: "840", name: "United States of America",
                    population: 328_239_523, geometry: box(-100, 35)),
            Country(adm0a3: "FRA", iso2: "FR", iso3: "FRA", isoNumeric: "250", name: "France", population: 67_059_887,
                    geometry: box(2, 46)),
            Country(adm0a3: "CLP", iso2: "FR", iso3: "FRA", isoNumeric: "250", name: "Clipperton I.", population: 0,
                    geometry: box(-110, 10)),
            Country(adm0a3: "CHE", iso2: "CH", iso3: "CHE", isoNumeric: "756", name: "Switzerland", population: 8_574_832,
                    geometry: box(7, 46)),
        ]
        // A coarse grid keeps the binary index small, so the byte-flip tests stay fast.
        return CountryGazetteer(countries: countries, cellSize: 30)
    }

    /// The countries with the name tables.
    static func gazetteer() throws -> CountryGazetteer {
        countriesOnly().withNames(try data)
    }
}
