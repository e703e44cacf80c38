/// A scored candidate while searching: which place, how well, through which name.
struct ForwardCandidate {
    var isCity: Bool
    var target: Int
    var score: Double
    /// The matched entry in the name index.
    var text: Int
    var type: ForwardMatch.MatchType
    var population: Int
    /// An admin-1 division (`ForwardIndex.divisions`), not a country (`isCity` is false then).
    var isDivision = false

    /// 0 country, 1 admin-1 division, 2 city: the order among equal scores.
    var group: Int { isCity ? 2 : (isDivision ? 1 : 0) }

    /// Rank order: score, then countries before divisions before cities, then larger population, then
    /// lower number. A strict total order over distinct places.
    func beats(_ other: ForwardCandidate) -> Bool {
        if score != other.score { return score > other.score }
        if group != other.group { return group < other.group }
        if population != other.population { return population > other.population }
        return target < other.target
    }

    /// The place, as one number (countries, divisions and cities are numbered separately).
    var place: Int { target << 2 | group }
}

/// The best `limit` places seen so far, each once with its best candidate (the first offered among equals).
///
/// A place already kept is updated in place; a new one replaces the worst when it beats it. So the result
/// is the top `limit` places by their best score, without a table over all places. The kept items form a
/// binary heap with the worst at the root, and large limits find a kept place through a dictionary, so an
/// offer costs O(log limit) rather than two scans of the kept items (a one-letter query with limit 250
/// offers tens of thousands of names).
struct TopCandidates {
    let limit: Int
    /// The kept candidates, in no particular order.
    private(set) var items: [ForwardCandidate] = []
    /// Indices into `items`, as a binary heap in which every item beats (or is) its parent: the root is the worst.
    private var heap: [Int] = []
    /// `heapIndex[k]`: where item `k` sits in `heap`.
    private var heapIndex: [Int] = []
    /// Place → index into `items`, kept only above `scanLimit` (below it a scan is cheaper than hashing).
    private var slotOf: [Int: Int] = [:]
    static let scanLimit = 16

    init(limit: Int) {
        self.limit = limit
        let capacity = min(limit, 256)
        items.reserveCapacity(capacity)
        heap.reserveCapacity(capacity)
        heapIndex.reserveCapacity(capacity)
    }

    /// The worst kept score once `limit` places are kept: a candidate scoring below it cannot enter or
    /// improve a kept place (one scoring exactly it still might, on the tie-breaks); nil before that.
    var threshold: Double? { items.count >= limit && !heap.isEmpty ? items[heap[0]].score : nil }

    mutating func offer(_ candidate: ForwardCandidate) {
        if let k = slot(of: candidate.place) {
            if candidate.beats(items[k]) {
                items[k] = candidate
                siftDown(heapIndex[k])  // better now: away from the root
            }
            return
        }
        if items.count < limit {
            let k = items.count
            items.append(candidate)
            heap.append(k)
            heapIndex.append(k)
            if limit > Self.scanLimit { slotOf[candidate.place] = k }
            siftUp(k)
            return
        }
        guard let w = heap.first, candidate.beats(items[w]) else { return }
        if limit > Self.scanLimit {
            slotOf[items[w].place] = nil
            slotOf[candidate.place] = w
        }
        items[w] = candidate
        siftDown(0)
    }

    private func slot(of place: Int) -> Int? {
        if limit > Self.scanLimit { return slotOf[place] }
        for k in items.indices where items[k].place == place { return k }
        return nil
    }

    private mutating func siftUp(_ start: Int) {
        var position = start
        while position > 0 {
            let parent = (position - 1) / 2
            guard items[heap[parent]].beats(items[heap[position]]) else { return }
            swapAt(parent, position)
            position = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var position = start
        while true {
            var worst = position
            let left = 2 * position + 1, right = left + 1
            if left < heap.count && items[heap[worst]].beats(items[heap[left]]) { worst = left }
            if right < heap.count && items[heap[worst]].beats(items[heap[right]]) { worst = right }
            if worst == position { return }
            swapAt(worst, position)
            position = worst
        }
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        heap.swapAt(a, b)
        heapIndex[heap[a]] = a
        heapIndex[heap[b]] = b
    }
}
