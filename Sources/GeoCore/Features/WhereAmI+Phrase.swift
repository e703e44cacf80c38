/// The English sentence a screen reader speaks for a `whereAmI` answer, after Soundscape's patterns:
///
/// - Where: "You are facing north along Main Street." / "You are along Main Street." (alongsideRoad),
///   "You are facing east inside Central Library." / "You are inside Central Library." (insidePOI),
///   "You are facing south." then "The nearest road, Main Street, is 60 m west." (other; no
///   road within 500 m: "Nothing is nearby." when there is no place either).
/// - Then the intersection: on a road "Intersection with High Street is 40 m north-east." (the other
///   names joined with "and"), else "Intersection of A and B is 40 m north-east."
/// - Then the nearest place outside: "Library is 120 m east."
///
/// Unnamed features are "an unnamed road" and "an unnamed place" (capitalised at a sentence start).
/// Directions are the 8 winds in words (north, north-east, …; a heading is named by the wind it lies
/// in). Distances: under 2.5 m "here" ("Library is here."); under 100 m to the nearest 5 m; under
/// 1,000 m to the nearest 10 m ("120 m"); from 1 km in kilometres with one decimal ("1.2 km").
extension WhereAmIIndex {
    public func phrase(_ answer: WhereAmI, heading: Double?) -> String {
        var sentences: [String] = []
        let facing = heading.map { "You are facing " + WhereAmI.windWord(WhereAmI.windIndex($0)) } ?? "You are"
        var roadName: String?
        switch answer.context {
        case .insidePOI:
            sentences.append(facing + " inside " + placeName(answer.poi) + ".")
        case .alongsideRoad:
            roadName = answer.road.flatMap { feature($0).name }
            sentences.append(facing + " along " + (roadName ?? "an unnamed road") + ".")
        case .other:
            if heading != nil { sentences.append(facing + ".") }
            if let road = answer.nearestRoad {
                let name = feature(road).name
                sentences.append((name.map { "The nearest road, " + $0 + "," } ?? "The nearest road")
                                 + " is " + WhereAmI.place(road.distanceM, road.bearingDeg) + ".")
            } else if answer.nearestPOI == nil && answer.intersection == nil {
                sentences.append("Nothing is nearby.")
            }
        }
        if let hit = answer.intersection {
            let names = junction(hit.junction).names
            let others = names.filter { $0 != roadName }
            let subject = roadName != nil && others.count < names.count
                ? "Intersection with " + WhereAmI.list(others)
                : "Intersection of " + WhereAmI.list(names)
            sentences.append(subject + " is " + WhereAmI.place(hit.distanceM, hit.bearingDeg) + ".")
        }
        if let hit = answer.nearestPOI {
            sentences.append(WhereAmI.capitalised(placeName(hit)) + " is " + WhereAmI.place(hit.distanceM, hit.bearingDeg) + ".")
        }
        return sentences.joined(separator: " ")
    }

    private func placeName(_ hit: NearbyHit?) -> String {
        hit.flatMap { feature($0).name } ?? "an unnamed place"
    }
}

extension WhereAmI {
    static let windWords = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]

    /// The wind (0 = north … 7 = north-west) of a bearing or heading in degrees; sectors as `Bearing.wind`.
    static func windIndex(_ degrees: Double) -> Int {
        let name = Bearing.wind(degrees)
        return Bearing.winds.firstIndex(of: name) ?? 0
    }

    static func windWord(_ index: Int) -> String { windWords[index] }

    /// "40 m north-east", or "here" under 2.5 m (or without a bearing).
    static func place(_ distanceM: Double, _ bearingDeg: Double?) -> String {
        guard distanceM >= 2.5, let bearingDeg else { return "here" }
        return spokenDistance(distanceM) + " " + windWord(windIndex(bearingDeg))
    }

    /// Metres as spoken: nearest 5 m under 100 m (never below 5), nearest 10 m under 1 km, else km with
    /// one decimal.
    public static func spokenDistance(_ metres: Double) -> String {
        if metres < 97.5 {
            let rounded = max(5, Int((metres / 5).rounded()) * 5)
            return "\(rounded) m"
        }
        if metres < 995 {
            return "\(Int((metres / 10).rounded()) * 10) m"
        }
        let tenths = Int((metres / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) km"
    }

    /// "A", "A and B", "A, B and C".
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// The string with its first letter in upper case when that is an ASCII letter ("an unnamed place").
    static func capitalised(_ text: String) -> String {
        var bytes = Array(text.utf8)
        if let first = bytes.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") { bytes[0] -= 32 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
