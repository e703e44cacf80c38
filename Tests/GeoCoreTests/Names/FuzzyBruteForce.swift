import Testing
@testable import GeoCore

/// What the fuzzy-walk tests share (`KeyIndexFuzzyGroupsTests`, `KeyIndexFuzzyScriptsTests`): an index's
/// keys folded as the walk sees them, and one query's walk held to a brute-force comparison.
enum FuzzyBruteForce {
    /// Every entry's key, folded as the cursor folds it.
    static func keys(_ index: KeyIndex) -> [[UInt8]] {
        (0..<index.count).map { i in
            var key: [UInt8] = []
            var text = index.text(i)
            text.withUTF8 { NameFolding.fold($0, spelled: index.posting(i).spelled, into: &key) }
            return key
        }
    }

    /// Walks `index` for `query` and expects exactly the entries of `firstByte`'s part of the trie whose
    /// keys lie within `bound` edits by a brute-force scalar OSA distance, each once, with that distance,
    /// in entry order.
    /// - Returns: the expected matches (entry: distance) and the walk's work.
    @discardableResult
    static func check(_ index: KeyIndex, keys: [[UInt8]], query: [UInt8], bound: Int,
                      firstByte: KeyIndex.FirstByte) -> (expected: [Int: Int], work: KeyIndex.FuzzyWork) {
        var found: [Int: Int] = [:]
        var order: [Int] = []
        let work = index.forEachFuzzy(query, bound: bound, firstByte: firstByte) { entry, distance in
            #expect(found[entry] == nil, "entry \(entry) reported twice")
            found[entry] = distance
            order.append(entry)
        }
        // The root split: the first scalar, or for a consonant skeleton (`NameFolding.skeletonMarker` first)
        // the marker and the first letter; `.other` leaves out skeletons unless the query is one.
        let marker = UInt32(NameFolding.skeletonMarker)
        let queryScalars = KeyIndexTests.scalars(query)
        let leadCount = queryScalars.first == marker && queryScalars.count > 1 ? 2 : 1
        let lead = Array(queryScalars.prefix(leadCount))
        var expected: [Int: Int] = [:]
        for (i, key) in keys.enumerated() {
            let keyScalars = KeyIndexTests.scalars(key)
            let inPart: Bool
            switch firstByte {
            case .any: inPart = true
            case .same: inPart = Array(keyScalars.prefix(leadCount)) == lead
            case .other: inPart = Array(keyScalars.prefix(leadCount)) != lead && (keyScalars.first != marker || lead[0] == marker)
            }
            let d = KeyIndexTests.osa(key, query)
            if inPart && d <= bound { expected[i] = d }
        }
        #expect(found == expected, "query \(String(decoding: query, as: UTF8.self)) (\(query))")
        #expect(order == order.sorted(), "matches come in entry order")
        return (expected, work)
    }
}
