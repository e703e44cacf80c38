import Foundation
@testable import GeoCore

/// The bundled Natural Earth dataset, loaded once per test process (it is 21 MB).
enum NaturalEarthFixture {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let dataURL = repositoryRoot.appendingPathComponent("Data/ne_10m_admin_0_countries.geojson")

    /// The gazetteer, or the reason it could not be loaded (tests then fail with that reason).
    static let gazetteer: Result<CountryGazetteer, LoadFailure> = {
        guard let data = FileManager.default.contents(atPath: dataURL.path) else {
            return .failure(LoadFailure(message: "cannot read \(dataURL.path)"))
        }
        do throws(GazetteerError) {
            return .success(try CountryGazetteer.load(geoJSON: [UInt8](data)))
        } catch {
            return .failure(LoadFailure(message: error.message))
        }
    }()

    struct LoadFailure: Error { var message: String }

    /// The index of the country with this ADM0_A3 code.
    static func index(of adm0a3: String, in gazetteer: CountryGazetteer) -> Int? {
        gazetteer.countries.firstIndex { $0.adm0a3 == adm0a3 }
    }
}
