extension NameFolding {
    /// The spelled key of `text`: German umlauts spelled out (ä → ae, ö → oe, ü → ue, any case, precomposed
    /// or with a combining diaeresis) and apostrophes dropped (`NameFolding.isApostrophe`, ' and `), so
    /// "Oesterreich" finds "Österreich" and "Ozbekiston" finds "Oʻzbekiston"; nil when it is the plain key.
    ///
    /// Indexed beside the plain key (which drops the diaeresis, "osterreich", and reads an apostrophe as a
    /// space, "o zbekiston"), so every spelling matches.
    static func spelledKey(_ text: String) -> [UInt8]? {
        spelledKey(text, plain: key(text))
    }

    /// `spelledKey(text)` for a caller that holds the plain key already: one fold instead of two.
    static func spelledKey(_ text: String, plain: [UInt8]) -> [UInt8]? {
        var spelled: [UInt8] = []
        var copy = text
        copy.withUTF8 { fold($0, spelled: true, into: &spelled) }
        return spelled == plain ? nil : spelled
    }

    /// For a flag emoji (two regional indicator symbols, optionally with spaces, tabs or invisible
    /// characters (`isIgnorable`, e.g. U+FE0F) around them): the lower-case ISO alpha-2 letters it spells
    /// ("🇫🇷" → "fr"); nil for anything else. Stops at the third indicator, so 1,000 flags cost three.
    static func flagKey(_ text: String) -> [UInt8]? {
        var letters: [UInt8] = []
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v >= 0x1F1E6 && v <= 0x1F1FF {
                if letters.count == 2 { return nil }
                letters.append(UInt8(v - 0x1F1E6) + 0x61)
            } else if v != 0x20 && v != 0x09 && !isIgnorable(v) {
                return nil
            }
        }
        return letters.count == 2 ? letters : nil
    }
}
