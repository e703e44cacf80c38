/// A layer's features (`LayerFeature`: id, name, properties, geometry kind), stored flat in three tables
/// instead of one heap object each, so a layer loads from the binary cache without building 100,000
/// strings and arrays: a feature is assembled when it is read (`nearby` reads only the ones it answers).
public struct LayerFeatures: RandomAccessCollection, Sendable {
    /// Per feature: bits 0–3 the geometry kind (`FeatureKind.code`, 0 for a null geometry), bit 7 set when
    /// the feature has a name.
    let flags: Table<UInt8>
    /// Per feature three offsets into `text`, where its id (compact JSON, empty when it has none), its name
    /// (UTF-8) and its properties (compact JSON) start; then one more, the end of the text.
    let offsets: Table<UInt32>
    let text: Table<UInt8>

    static let named: UInt8 = 0x80

    public var startIndex: Int { 0 }
    public var endIndex: Int { flags.count }

    public subscript(position: Int) -> LayerFeature {
        LayerFeature(id: id(position), name: name(position), properties: bytes(position, 2), kind: kind(position))
    }

    /// The feature's geometry kind, nil for a null geometry.
    public func kind(_ feature: Int) -> FeatureKind? { FeatureKind(code: flags[feature] & 0x0F) }

    /// The feature's name, nil when it has none.
    public func name(_ feature: Int) -> String? {
        guard flags[feature] & Self.named != 0 else { return nil }
        let start = Int(offsets[3 * feature + 1]), end = Int(offsets[3 * feature + 2])
        precondition(start <= end && end <= text.count, "feature text out of range")
        return String(decoding: UnsafeBufferPointer(rebasing: text.buffer[start..<end]), as: UTF8.self)
    }

    /// Whether the feature's name is `name` (`String` equality, so canonically equivalent spellings match),
    /// without building a string when the bytes settle it: equal bytes are equal names, and differing ASCII
    /// bytes are different names.
    func nameEquals(_ feature: Int, _ name: String) -> Bool {
        guard flags[feature] & Self.named != 0 else { return false }
        let part = self.part(feature, 1)
        var name = name
        let settled: Bool? = name.withUTF8 { utf8 in
            if utf8.count == part.count && utf8.elementsEqual(part) { return true }
            return utf8.allSatisfy({ $0 < 0x80 }) && part.allSatisfy({ $0 < 0x80 }) ? false : nil
        }
        return settled ?? (self.name(feature) == name)
    }

    /// The feature's id, nil when it has none (or its text does not parse, which only damage could cause).
    public func id(_ feature: Int) -> JSONValue? {
        let bytes = bytes(feature, 0)
        guard !bytes.isEmpty else { return nil }
        return try? JSONReader.parse(bytes)
    }

    /// The feature's id as compact JSON (`JSONValue.encoded()`), empty when it has none.
    public func encodedID(_ feature: Int) -> [UInt8] { bytes(feature, 0) }

    /// The feature's properties as compact JSON (`null` when it has none).
    public func encodedProperties(_ feature: Int) -> [UInt8] { bytes(feature, 2) }

    /// Writes the feature's `id`, `name` and `properties` values (each after its key, which `key` writes)
    /// straight from the stored text, with no array or `String` made per feature: the id as stored (null
    /// when it has none), the name escaped from its UTF-8 bytes (null when it has none; a name with a
    /// non-ASCII byte goes through `String` as `name(_:)` reads it, so bytes a damaged cache made invalid
    /// are repaired exactly as before), the properties as stored. The same bytes as writing `encodedID`,
    /// `name` and `encodedProperties`.
    public func writeMembers(_ feature: Int, into out: inout JSONWriter, key: (Int, inout JSONWriter) -> Void) {
        let start = Int(offsets[3 * feature]), nameStart = Int(offsets[3 * feature + 1])
        let nameEnd = Int(offsets[3 * feature + 2]), end = Int(offsets[3 * feature + 3])
        precondition(start <= nameStart && nameStart <= nameEnd && nameEnd <= end && end <= text.count,
                     "feature text out of range")
        let buffer = text.buffer
        key(0, &out)
        if start == nameStart { out.null() } else { out.raw(UnsafeBufferPointer(rebasing: buffer[start..<nameStart])) }
        key(1, &out)
        if flags[feature] & Self.named == 0 {
            out.null()
        } else {
            let name = UnsafeBufferPointer(rebasing: buffer[nameStart..<nameEnd])
            if name.allSatisfy({ $0 < 0x80 }) { out.string(utf8: name) } else { out.string(String(decoding: name, as: UTF8.self)) }
        }
        key(2, &out)
        out.raw(UnsafeBufferPointer(rebasing: buffer[nameEnd..<end]))
    }

    /// Part `k` of the feature's text as an array, copied in one move (the offsets were checked at load:
    /// ascending, within the text).
    func bytes(_ feature: Int, _ k: Int) -> [UInt8] {
        let start = Int(offsets[3 * feature + k]), end = Int(offsets[3 * feature + k + 1])
        precondition(start <= end && end <= text.count, "feature text out of range")
        return Array(UnsafeBufferPointer(rebasing: text.buffer[start..<end]))
    }

    /// Part `k` (0: id, 1: name, 2: properties) of the feature's text.
    func part(_ feature: Int, _ k: Int) -> Slice<Table<UInt8>> {
        text[Int(offsets[3 * feature + k])..<Int(offsets[3 * feature + k + 1])]
    }

    /// Checks the tables of a loaded layer: one offset more than three per feature, starting at 0,
    /// never decreasing, ending at the text's end, and every kind a known one.
    /// - Throws: `BinaryFormatError.invalid` naming the table.
    init(checking flags: Table<UInt8>, offsets: Table<UInt32>, text: Table<UInt8>) throws(BinaryFormatError) {
        guard offsets.count == 3 * flags.count + 1 else { throw .invalid("feature offset count") }
        var previous: UInt32 = 0
        for offset in offsets.buffer {
            guard offset >= previous else { throw .invalid("feature offsets") }
            previous = offset
        }
        guard offsets.buffer.first == 0, Int(previous) == text.count else { throw .invalid("feature text length") }
        for flag in flags.buffer where flag & 0x70 != 0 || flag & 0x0F > 7 { throw .invalid("feature kind") }
        self.flags = flags
        self.offsets = offsets
        self.text = text
    }

    init(flags: Table<UInt8>, offsets: Table<UInt32>, text: Table<UInt8>) {
        self.flags = flags
        self.offsets = offsets
        self.text = text
    }
}

/// Collects features for a `LayerFeatures`.
struct LayerFeaturesBuilder {
    var flags: [UInt8] = []
    var offsets: [UInt32] = [0]
    var text: [UInt8] = []

    /// - Throws: `.tooLarge` when the text would pass 4 GiB.
    mutating func append(id: JSONValue?, name: String?, properties: [UInt8], kind: FeatureKind?) throws(FeatureLayerError) {
        flags.append((kind?.code ?? 0) | (name == nil ? 0 : LayerFeatures.named))
        if let id { text.append(contentsOf: id.encoded()) }
        offsets.append(UInt32(truncatingIfNeeded: text.count))
        if let name { text.append(contentsOf: name.utf8) }
        offsets.append(UInt32(truncatingIfNeeded: text.count))
        text.append(contentsOf: properties)
        // Compared as UInt64: on wasm32 `Int(UInt32.max)` does not fit in an Int and would trap.
        guard UInt64(text.count) < UInt64(UInt32.max) else { throw .tooLarge }
        offsets.append(UInt32(text.count))
    }

    func build() -> LayerFeatures {
        LayerFeatures(flags: Table(flags), offsets: Table(offsets), text: Table(text))
    }
}
