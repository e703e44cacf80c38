extension NameFolding {
    /// The key of `text` with German umlauts spelled out (ä → ae, ö → oe, ü → ue, any case, precomposed
    /// or with a combining diaeresis), so "Oesterreich" finds "Österreich"; nil when `text` has none.
    ///
    /// Indexed beside the plain key (which drops the diaeresis: "osterreich"), so both spellings match.
    static func umlautKey(_ text: String) -> [UInt8]? {
        var changed = false
        var spelled = String.UnicodeScalarView()
        var previousVowel = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xE4, 0xC4, 0xF6, 0xD6, 0xFC, 0xDC:
                let base: UInt8
                switch scalar.value {
                case 0xE4, 0xC4: base = 0x61
                case 0xF6, 0xD6: base = 0x6F
                default: base = 0x75
                }
                spelled.append(Unicode.Scalar(base))
                spelled.append(Unicode.Scalar(UInt8(0x65)))
                changed = true
                previousVowel = false
            case 0x0308 where previousVowel:
                spelled.append(Unicode.Scalar(UInt8(0x65)))
                changed = true
                previousVowel = false
            default:
                spelled.append(scalar)
                let v = scalar.value
                previousVowel = v == 0x61 || v == 0x6F || v == 0x75 || v == 0x41 || v == 0x4F || v == 0x55
            }
        }
        return changed ? key(String(spelled)) : nil
    }

    /// For a flag emoji (two regional indicator symbols, optionally with spaces or U+FE0F around them): the
    /// lower-case ISO alpha-2 letters it spells ("🇫🇷" → "fr"); nil for anything else.
    static func flagKey(_ text: String) -> [UInt8]? {
        var letters: [UInt8] = []
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v >= 0x1F1E6 && v <= 0x1F1FF {
                letters.append(UInt8(v - 0x1F1E6) + 0x61)
            } else if v != 0x20 && v != 0xFE0F && v != 0x09 {
                return nil
            }
        }
        return letters.count == 2 ? letters : nil
    }
}
