/// Owns one heap block; freed when the last `RawBuffer` that uses it goes away.
final class RawStorage<Element> {
    let pointer: UnsafeMutablePointer<Element>
    let capacity: Int

    init(capacity: Int) {
        pointer = .allocate(capacity: max(1, capacity))
        self.capacity = max(1, capacity)
    }

    deinit { pointer.deallocate() }
}

/// A growable buffer used through a raw pointer, for the per-row loops of the CSV batch.
///
/// `Array.append` checks uniqueness and capacity on every call and retains the storage around it; at
/// millions of rows a second that is a large share of the time. Here the caller reserves room once per
/// record and then appends without checks. Copies share the storage: this is internal plumbing for one
/// owner, not a value type.
struct RawBuffer<Element> {
    private var storage: RawStorage<Element>
    /// The first element; valid until the next call that may grow the buffer.
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int) {
        storage = RawStorage(capacity: capacity)
        base = storage.pointer
        self.capacity = storage.capacity
    }

    /// Makes room for `extra` more elements, moving the contents to a larger block when needed.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let larger = RawStorage<Element>(capacity: max(needed, capacity * 2))
        larger.pointer.initialize(from: base, count: count)
        storage = larger
        base = larger.pointer
        capacity = larger.capacity
    }

    /// Appends one element; room must have been reserved.
    @inline(__always)
    mutating func appendUnchecked(_ element: Element) {
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends `count` elements from `source`; room must have been reserved.
    @inline(__always)
    mutating func appendUnchecked(_ source: UnsafePointer<Element>, count length: Int) {
        (base + count).initialize(from: source, count: length)
        count += length
    }

    /// Appends with a capacity check.
    mutating func append(_ element: Element) {
        reserve(1)
        appendUnchecked(element)
    }

    /// Appends a buffer with a capacity check.
    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        reserve(elements.count)
        appendUnchecked(source, count: elements.count)
    }

    /// Forgets the contents (elements must be trivial, as bytes and offsets are), keeping the block.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Element `index`, unchecked.
    @inline(__always)
    subscript(index: Int) -> Element { base[index] }

    /// The contents as a buffer; valid until the buffer next grows.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
