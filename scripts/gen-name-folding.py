#!/usr/bin/env python3
"""Generate Sources/GeoCore/Gazetteer/NameFolding+Table.swift from Python's unicodedata and Data/.

The geocoder matches names without case or diacritics ("cote d'ivoire" finds "Côte d'Ivoire") but must not
pull ICU or the stdlib's Unicode tables into the wasm build, so the folding is a small table made here.
Index keys and queries are folded by the same function (NameFolding.fold) with this one table, so whatever
folds here folds on both sides. Scalars outside the table are kept as they are; combining marks anywhere
(Latin, Greek, Cyrillic accents, Hebrew niqqud, Arabic harakat and hamza marks) are dropped by
NameFolding.isMark.

What the table holds, and why:
- Latin, Greek, Cyrillic (U+0000–U+052F) and Latin Extended Additional (U+1E00–U+1EFF): the lower-case
  form with combining marks removed (NFD, then marks dropped): é → e, Ё → е, ά → α.
  Letters with no decomposition but a customary base spelling (ß, æ, ø, ł, đ, þ, œ, ı, ɛ, ɔ) are listed by hand
  (SPECIAL). Two Cyrillic and Greek letters are special too:
  - й stays й (Й → й): NFD would make it и + breve, but й is a letter of its own in Russian, Ukrainian,
    Belarusian and more, not и with an accent (ё → е, on the other hand, is how Russian is usually written).
  - final sigma ς → σ: "Ελλάς" and "ΕΛΛΑΣ" give one key.
- Greek Extended (U+1F00–U+1FFF): polytonic letters to their base lower-case letters, as for the
  monotonic ones (ἑλλάς → ελλας). Only letters: the spacing accents of that block stay as they are.
- Arabic (U+0600–U+06FF): NFD with marks dropped, so a letter with hamza above or below folds as the same
  letter written with a separate hamza mark does (أ إ آ → ا, ؤ → و, ئ → ي: the mark U+0654/U+0655 is already
  dropped), plus the letter variants Arabic and Persian spell differently (ARABIC, after Lucene's
  ArabicNormalizer and PersianNormalizer): ى (alef maksura) and ی (Farsi yeh) → ي, ک (keheh) → ك,
  ة (teh marbuta) → ه, ۀ (heh with yeh above) → ه, ٱ (alef wasla) → ا, and tatweel (U+0640, a stretch
  of the line) dropped.
- Fullwidth ASCII letters and digits (U+FF10–U+FF5A) to ASCII (NFKC, lower-cased), halfwidth katakana
  letters (U+FF66–U+FF9D) to the usual katakana (NFKC). The halfwidth voiced sound marks U+FF9E/U+FF9F
  are dropped (NFKC makes them combining marks, which would need composing with the letter before:
  "ｶﾞ" folds to "カ", one edit from "ガ"). Fullwidth punctuation is a separator (NameFolding.isSeparator).
- Han traditional → simplified (HAN), only where the data itself shows both forms of one character:
  every country whose CLDR names in Simplified Chinese (zh, yue-Hans) and Traditional Chinese (zh-Hant,
  zh-Hant-HK, zh-Hant-MO, yue) in Data/country-names.tsv have the same length, and differ only at
  characters that appear in traditional names alone against characters that appear in simplified names
  alone, pairs those characters up position by position. A traditional character is mapped when all
  its pairings agree, or when one pairing comes from at least two countries and each other pairing from
  one (a different transliteration in one place, e.g. 東加/汤加 for Tonga: 東 → 东 from Timor-Leste too).
  Four pairings are different transliterations, not two forms of one character (checked against
  Unihan's kSimplifiedVariant, which lists none of them), and are left out by hand (HAN_NOT_VARIANTS):
  帛琉/帕劳 and 巴布亞紐畿內亞/巴布亚新几内亚, 模里西斯/毛里裘斯 for Mauritius.
  (No Chinese conversion data, such as OpenCC's, is in the package lists of this build machine.)
- Skeleton marks (SKELETON_BLOCKS): the combining marks (categories Mn and Mc) of the Brahmic and
  South-East Asian scripts (Devanagari to Sinhala, Thai, Lao, Tibetan, Myanmar, Khmer): vowel signs,
  viramas, anusvara, candrabindu, nukta, tone marks. A plain key keeps them (they tell words apart); a
  spelled key drops them (NameFolding.fold), so a name is also indexed under its consonant skeleton and
  "আলব্যানিয়া" finds "আলবেনিয়া", which differ only in their vowel signs. Tibetan's subjoined consonants
  (U+0F8D–U+0FBC) are letters written below another and stay.

Usage: python3 scripts/gen-name-folding.py > Sources/GeoCore/Gazetteer/NameFolding+Table.swift
"""
import collections
import csv
import os
import sys
import unicodedata

RANGES = [(0x0000, 0x0530), (0x1E00, 0x1F00)]
# Added for issue 16: only letters fold here (a spacing accent or punctuation stays as it is).
LETTER_RANGES = [(0x0600, 0x0700), (0x1F00, 0x2000)]
SPECIAL = {
    "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
    "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th",
    "ı": "i", "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t", "ŀ": "l", "Ŀ": "l", "ĸ": "k",
    "ŋ": "n", "Ŋ": "n", "ƒ": "f", "ſ": "s", "ĳ": "ij", "Ĳ": "ij",
    "й": "й", "Й": "й", "ς": "σ",
    # Open e and open o: Yoruba is often written with them for ẹ and ọ ("Orílɛ́ède" for "Orílẹ́ède"), and
    # in Akan, Ewe, Lingala and Bambara names they are the letters e and o of those alphabets.
    "ɛ": "e", "Ɛ": "e", "ɔ": "o", "Ɔ": "o",
}
ARABIC = {
    "\u0649": "\u064A",  # ى alef maksura → ي yeh
    "\u06CC": "\u064A",  # ی Farsi yeh → ي
    "\u06A9": "\u0643",  # ک keheh → ك kaf
    "\u0629": "\u0647",  # ة teh marbuta → ه heh
    "\u06C0": "\u0647",  # ۀ heh with yeh above → ه
    "\u0671": "\u0627",  # ٱ alef wasla → ا
    "\u0640": "",        # tatweel: dropped
}
# Scalars from U+2000 up are looked up only in these ranges (NameFolding.foldsHigh): keep them in step.
HIGH_RANGES = [(0x4E00, 0xA000), (0xFF00, 0xFFF0)]
SKELETON_BLOCKS = [(0x0900, 0x0E00), (0x0E00, 0x0F00), (0x0F00, 0x1000), (0x1000, 0x10A0), (0x1780, 0x1800)]
SKELETON_KEPT = (0x0F8D, 0x0FBD)
HAN_NOT_VARIANTS = {"帛", "琉", "畿", "裘"}
SIMPLIFIED = ("zh", "yue-Hans")
TRADITIONAL = ("zh-Hant", "zh-Hant-HK", "zh-Hant-MO", "yue")


def fold(ch):
    if ch in SPECIAL:
        return SPECIAL[ch]
    if ch in ARABIC:
        return ARABIC[ch]
    decomposed = unicodedata.normalize("NFD", ch)
    base = "".join(c for c in decomposed if not unicodedata.combining(c))
    return base.lower()


def han_pairs(path):
    """Traditional → simplified characters, as the module docstring describes."""
    names = collections.defaultdict(dict)
    with open(path, encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            names[(row["code"], row["kind"])][row["lang"]] = row["name"]
    simplified, traditional = set(), set()
    for by_lang in names.values():
        for lang, name in by_lang.items():
            if lang in SIMPLIFIED:
                simplified |= set(name)
            if lang in TRADITIONAL:
                traditional |= set(name)
    seen = collections.defaultdict(lambda: collections.defaultdict(set))  # t → s → codes
    for (code, _), by_lang in names.items():
        for s_lang in SIMPLIFIED:
            for t_lang in TRADITIONAL:
                s, t = by_lang.get(s_lang), by_lang.get(t_lang)
                if not s or not t or len(s) != len(t) or s == t:
                    continue
                if all(a == b or (a not in simplified and b not in traditional) for a, b in zip(t, s)):
                    for a, b in zip(t, s):
                        if a != b:
                            seen[a][b].add(code)
    pairs = {}
    for t, targets in seen.items():
        if t in HAN_NOT_VARIANTS:
            continue
        ranked = sorted(targets.items(), key=lambda kv: -len(kv[1]))
        best, codes = ranked[0]
        if len(ranked) == 1 or (len(codes) >= 2 and all(len(c) == 1 for _, c in ranked[1:])):
            pairs[ord(t)] = ord(best)
    return pairs


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    single = []   # (scalar, replacement scalar or 0 to drop)
    double = []   # (scalar, first, second)

    def add(cp, out):
        if len(out) == 0:
            single.append((cp, 0))
        elif len(out) == 1:
            single.append((cp, ord(out)))
        elif len(out) == 2:
            double.append((cp, ord(out[0]), ord(out[1])))
        else:
            sys.exit(f"unexpected fold of U+{cp:04X} to {out!r}")

    for lo, hi in RANGES + LETTER_RANGES:
        for cp in range(lo, hi):
            ch = chr(cp)
            if unicodedata.category(ch) == "Cn":
                continue
            out = fold(ch)
            if out == ch:
                continue
            if (lo, hi) in LETTER_RANGES and (not unicodedata.category(ch).startswith("L") and ch not in ARABIC
                                              or not all(c.isalnum() for c in out)):
                continue
            add(cp, out)
    for cp in range(0xFF10, 0xFF5B):
        out = unicodedata.normalize("NFKC", chr(cp)).lower()
        if len(out) == 1 and out.isascii() and out.isalnum():
            add(cp, out)
    for cp in range(0xFF66, 0xFF9E):
        add(cp, unicodedata.normalize("NFKC", chr(cp)))
    add(0xFF9E, "")
    add(0xFF9F, "")
    for t, s in sorted(han_pairs(os.path.join(root, "Data", "country-names.tsv")).items()):
        single.append((t, s))
    single.sort()
    double.sort()
    for cp, *_ in single + double:
        if cp >= 0x2000 and not any(lo <= cp < hi for lo, hi in HIGH_RANGES):
            sys.exit(f"U+{cp:04X} is outside the ranges NameFolding looks up above U+2000")
    ranges = []
    for lo, hi in SKELETON_BLOCKS:
        for cp in range(lo, hi):
            if unicodedata.category(chr(cp)) not in ("Mn", "Mc") or SKELETON_KEPT[0] <= cp < SKELETON_KEPT[1]:
                continue
            if ranges and ranges[-1][1] == cp - 1:
                ranges[-1][1] = cp
            else:
                ranges.append([cp, cp])
    w = sys.stdout.write
    w("// Generated by scripts/gen-name-folding.py from Python's unicodedata "
      f"(Unicode {unicodedata.unidata_version}) and Data/country-names.tsv. Do not edit.\n\n")
    w("extension NameFolding {\n")
    write_table(w, "singles", ["Pairs (scalar, replacement): the replacement 0 means the scalar is dropped. Sorted by scalar."],
                single, 6)
    w("\n")
    write_table(w, "doubles", ["Triples (scalar, first, second) for letters that fold to two letters. Sorted by scalar."],
                double, 4)
    w("\n")
    write_table(w, "skeletonMarks", [
        "Pairs (first, last) of the ranges of skeleton marks: the combining marks of Brahmic and South-East",
        "Asian scripts, which a spelled key drops (`NameFolding.fold`). Sorted, below `directLimit`."], ranges, 6)
    w("}\n")


def write_table(w, name, doc, records, per_row):
    """One `static let NAME: [UInt32]` of fixed-size records in hex, `per_row` records a line."""
    for line in doc:
        w(f"    /// {line}\n")
    w(f"    static let {name}: [UInt32] = [\n")
    for i in range(0, len(records), per_row):
        row = ", ".join(", ".join(f"0x{v:04X}" for v in record) for record in records[i:i + per_row])
        w(f"        {row},\n")
    w("    ]\n")

if __name__ == "__main__":
    main()
