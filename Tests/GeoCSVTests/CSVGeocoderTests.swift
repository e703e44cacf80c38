import GeoCore
import Testing
@testable import GeoCSV

/// Two square countries: "Squareland" (SQ) over [0, 10]² and "Comma, Land" (no ISO code) over [20, 30]².
func squareGazetteer() -> CountryGazetteer {
    func square(_ low: Double, _ high: Double) -> MultiPolygon {
        let ring = Ring(points: [GeoPoint(lat: low, lon: low), GeoPoint(lat: low, lon: high), GeoPoint(lat: high, lon: high),
                                 GeoPoint(lat: high, lon: low), GeoPoint(lat: low, lon: low)])
        return MultiPolygon(polygons: [Polygon(exterior: ring)])
    }
    return CountryGazetteer(countries: [
        Country(adm0a3: "SQR", iso2: "SQ", iso3: "SQR", name: "Squareland", geometry: square(0, 10)),
        Country(adm0a3: "CML", name: "Comma, Land", geometry: square(20, 30)),
    ])
}

/// Runs a whole input through a batch, fed in pieces of `chunk` bytes.
func geocode(_ input: String, _ options: CSVOptions = CSVOptions(), chunk: Int = 1 << 16) throws(CSVStreamError<Never>) -> (String, CSVStats) {
    var batch = CSVGeocoder(gazetteer: squareGazetteer(), options: options, flushThreshold: 7)
    var output: [UInt8] = []
    let bytes = Array(input.utf8)
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + chunk)
        try bytes.withUnsafeBufferPointer { (buffer) throws(CSVStreamError<Never>) in
            try batch.feed(UnsafeBufferPointer(rebasing: buffer[start..<end])) { output += $0 }
        }
        start = end
    }
    try batch.finish { output += $0 }
    return (String(decoding: output, as: UTF8.self), batch.stats)
}

@Suite("CSV batch geocoding")
struct CSVGeocoderTests {
    @Test("appends iso2, iso3, name, match, distanceKm and keeps every original byte")
    func reverse() throws {
        let input = "id,\"lat\" , Lon\r\n1,5,5\r\n\"two, quoted\",\" 25 \",25\r\n3,10.05,5\r\n4,50,50\r\n"
        let (output, stats) = try geocode(input)
        #expect(output == """
            id,"lat" , Lon,iso2,iso3,name,match,distanceKm\r
            1,5,5,SQ,SQR,Squareland,inside,0\r
            "two, quoted"," 25 ",25,,,"Comma, Land",inside,0\r
            3,10.05,5,SQ,SQR,Squareland,nearest,1.398\r
            4,50,50,,,,none,\r

            """)
        // 1.398 km, not 5.56: the border is measured as a great-circle arc, which bulges north of lat 10.
        let near = try #require(squareGazetteer().reverse(GeoPoint(lat: 10.05, lon: 5)))
        #expect((near.distanceKm * 1000).rounded() / 1000 == 1.398)
        #expect(stats.rows == 4 && stats.inside == 2 && stats.nearest == 1 && stats.notFound == 1 && stats.bad == 0)
    }

    @Test("bad rows get empty result columns and are counted")
    func badRows() throws {
        let input = "lat,lon,note\n,,empty\nabc,1,nan\n91,0,range\n5\n\n5,5,ok"
        let (output, stats) = try geocode(input)
        #expect(output == """
            lat,lon,note,iso2,iso3,name,match,distanceKm
            ,,empty,,,,,
            abc,1,nan,,,,,
            91,0,range,,,,,
            5,,,,,,,
            \n5,5,ok,SQ,SQR,Squareland,inside,0
            """)
        #expect(stats.empty == 1 && stats.notANumber == 1 && stats.outOfRange == 1 && stats.missingField == 1)
        #expect(stats.ragged == 1 && stats.blankLines == 1 && stats.rows == 5)
    }

    @Test("output does not depend on how the input is cut", arguments: [1, 2, 3, 5, 17])
    func chunking(chunk: Int) throws {
        let input = "\u{FEFF}y;x\n\"5\";\"5\"\r\n\"multi\nline\";7\n25;25\n"
        var options = CSVOptions()
        options.delimiter = UInt8(ascii: ";")
        let whole = try geocode(input, options)
        let pieces = try geocode(input, options, chunk: chunk)
        #expect(pieces.0 == whole.0)
        #expect(whole.0.hasPrefix("\u{FEFF}y;x;iso2;"), "the BOM is kept and y/x are found")
        #expect(whole.0.contains("\"5\";\"5\";SQ;SQR;Squareland;inside;0\r\n"))
        #expect(whole.0.contains("25;25;;;Comma, Land;inside;0\n"), "no quotes when ';' is the delimiter")
    }

    @Test("header-less files take column numbers")
    func noHeader() throws {
        var options = CSVOptions()
        options.hasHeader = false
        options.mode = .reverse(lat: .number(2), lon: .number(1))
        let (output, _) = try geocode("5,5\n25,25\n", options)
        #expect(output == "5,5,SQ,SQR,Squareland,inside,0\n25,25,,,\"Comma, Land\",inside,0\n")
        options.mode = .reverse(lat: .automatic, lon: .number(1))
        #expect(throws: CSVStreamError<Never>.self) { try geocode("5,5\n", options) }
    }

    @Test("header problems stop the run before any output", arguments: [
        ("a,b\n1,2\n", CSVError.columnNotFound(role: "lat", wanted: CSVOptions.latitudeNames)),
        ("lat,lon,name\n1,2,x\n", CSVError.columnClash("name")),
    ])
    func headerErrors(input: String, expected: CSVError) {
        do {
            _ = try geocode(input)
            Issue.record("expected \(expected.message)")
        } catch {
            if case .input(let problem) = error { #expect(problem == expected) } else { Issue.record("wrong error") }
        }
    }

    @Test("forward mode appends the best match")
    func forward() throws {
        var options = CSVOptions()
        options.mode = .forward(.named("Country"))
        let (output, stats) = try geocode("country\nsquareland\nnowhere\n\n", options)
        #expect(output.hasPrefix("country,iso2,iso3,name,matched,score,lat,lon\nsquareland,SQ,SQR,Squareland,Squareland,1,"))
        #expect(output.hasSuffix("\nnowhere,,,,,,,\n\n"))
        #expect(stats.inside == 1 && stats.notFound == 1 && stats.blankLines == 1)
    }
}
