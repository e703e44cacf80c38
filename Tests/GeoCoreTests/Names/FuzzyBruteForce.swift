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
        let first = KeyIndexTests.scalars(query).first
        var expected: [Int: Int] = [:]
        for (i, key) in keys.enumerated() {
            let inPart: Bool
            switch firstByte {
            case .any: inPart = true
            case .same: inPart = KeyIndexTests.scalars(key).first == first
            case .other: inPart = KeyIndexTests.scalars(key).first != first
            }
            let d = KeyIndexTests.osa(key, query)
            if inPart && d <= bound { expected[i] = d }
        }
        #expect(found == expected, "query \(String(decoding: query, as: UTF8.self)) (\(query))")
        #expect(order == order.sorted(), "matches come in entry order")
        return (expected, work)
    }
}
