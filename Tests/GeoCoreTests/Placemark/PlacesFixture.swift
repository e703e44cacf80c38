import Foundation
@testable import GeoCore

/// The GeoNames places of Data/ (cities.tsv, localities.tsv, admin1.tsv) in a gazetteer, loaded once per test process, and a
/// brute-force nearest place to check the places index against.
enum PlacesFixture {
    struct LoadFailure: Error { var message: String }

    static let gazetteer: Result<CountryGazetteer, LoadFailure> = {
        let data = NaturalEarthFixture.repositoryRoot.appendingPathComponent("Data")
        func bytes(_ name: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: data.appendingPathComponent(name).path) ?? Data()) }
        do throws(NameDataError) {
            var names = try NameData.parse(countryNames: bytes("country-names.tsv"), admin1: bytes("admin1.tsv"), cities: bytes("cities.tsv"))
            names.localities = try NameData.parseLocalities(bytes("localities.tsv"))
            guard names.cities.count > 60_000 else { return .failure(LoadFailure(message: "Data/cities.tsv has \(names.cities.count) rows")) }
            guard names.localities.count > 90_000 else {
                return .failure(LoadFailure(message: "Data/localities.tsv has \(names.localities.count) rows"))
            }
            return .success(ForwardFixture.countriesOnly().withNames(names))
        } catch {
            return .failure(LoadFailure(message: error.message))
        }
    }()

    /// Every place's (cities, then localities) unit vector, tie key and country, for the brute force.
    struct Scan {
        let x: [Double], y: [Double], z: [Double]
        let population: [UInt32]
        let countries: [UInt16]

        init(_ search: ForwardIndex) {
            var x: [Double] = [], y: [Double] = [], z: [Double] = []
            var population: [UInt32] = [], countries: [UInt16] = []
            for i in 0..<search.places.count {
                let row = search.place(i)
                let v = Vector3(row.point)
                x.append(v.x)
                y.append(v.y)
                z.append(v.z)
                population.append(row.population)
                countries.append(row.country)
            }
            self.x = x
            self.y = y
            self.z = z
            self.population = population
            self.countries = countries
        }

        /// The place with the smallest squared chord to `p`; on a tie the more populous, then the lower index.
        /// `country` keeps only places of that packed code within `maxChord2`.
        func nearest(_ p: GeoPoint, country: UInt16? = nil, maxChord2: Double = .infinity) -> Int? {
            let v = Vector3(p)
            var best = Double.infinity, bestPlace = -1
            x.withUnsafeBufferPointer { x in
                y.withUnsafeBufferPointer { y in
                    z.withUnsafeBufferPointer { z in
                        for i in 0..<x.count {
                            let dx = v.x - x[i], dy = v.y - y[i], dz = v.z - z[i]
                            let c2 = dx * dx + dy * dy + dz * dz
                            guard c2 <= best else { continue }
                            if let country, countries[i] != country || c2 > maxChord2 { continue }
                            if c2 < best || population[i] > population[bestPlace] {
                                best = c2
                                bestPlace = i
                            }
                        }
                    }
                }
            }
            return bestPlace >= 0 ? bestPlace : nil
        }
    }
}
