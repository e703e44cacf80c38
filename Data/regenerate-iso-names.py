#!/usr/bin/env python3
"""Regenerate Data/iso-country-names.tsv: the ISO 3166-1 country names and official names, in English
and in every language Debian's `iso-codes` translates them into.

Maintainer tool, not part of the build: building and running the geocoder need no network.

Source, pinned so the output is reproducible: the Debian package `iso-codes` (4.15.0-1, LGPL-2.1; the
data behind pycountry), fetched with `apt-get download`. From `iso_3166-1.json` come `name` ("Korea,
Republic of", "Bolivia, Plurinational State of") and `common_name` ("South Korea", "Bolivia") as kind
`iso`, and `official_name` ("Islamic Republic of Afghanistan") as kind `official`; from
`LC_MESSAGES/iso_3166-1.mo` in each locale (read with Python's gettext module) their translations
("Rzeczpospolita Polska", "République unie de Tanzanie"). A translation equal to the English text is left
out (the English row has it), and so is one that folds (case, accents) to another country's English
name: those are translators' slips (Guaraní "Mexico" for Malaysia, Faroese "Sámoa" for American Samoa)
that would send a user's query to the wrong country. A text that one language gives to two or more
countries ("Gweriniaeth Islamaidd Pacistan" for both Pakistan and Afghanistan in Welsh: an outdated
translation left behind when an English text changed) is left out for all of them, since the table
cannot say which it names. So is a text of 20 letters or more one letter away from another country's
text of the same kind in the same language, when their English texts are more than two letters apart,
and it holds none of its own country's short names (in that language or English) while the other
does: a slip copied from a neighbouring entry (Nepali "पाकिस्थानको इस्लामिक गणराज्य", Pakistan's
official name with त→थ, for Afghanistan, whose Nepali name "अफगानिस्तान" it lacks). When neither or both
hold their short names, both are kept ("Republik Gambia", "Republik Sambia": real names one letter apart),
and so are shorter texts (Marathi "रिपब्लिक ऑफ गांबिया" and "रिपब्लिक ऑफ झांबिया", whose short names are spelled
otherwise).

Columns are those of country-names.tsv (`code lang kind name`), so the geocoder parses both alike.
Language tags are the gettext locale names in BCP 47 form (`pt_BR` → `pt-BR`, `sr@latin` → `sr-Latn`).

Usage: python3 Data/regenerate-iso-names.py [--out DIR]   (writes next to this script unless DIR is
given; needs apt-get download, i.e. network access to Debian)
"""
import os
import sys
import tempfile
from pinned_sources import clean, folded, iso_codes_catalogs, iso_codes_entries, iso_codes_tree, out_dir

HERE = os.path.dirname(os.path.abspath(__file__))


def rows(tree, domain="iso_3166-1"):
    entries = iso_codes_entries(tree, domain, "3166-1")
    english = []
    for entry in entries:
        code = entry["alpha_2"]
        for field, kind in (("name", "iso"), ("common_name", "iso"), ("official_name", "official")):
            if field in entry:
                english.append((code, kind, entry[field]))
    out = set((code, "en", kind, clean(text)) for code, kind, text in english)
    english_owners = {}
    for code, _, text in english:
        english_owners.setdefault(folded(clean(text)), set()).add(code)
    for lang, catalog in iso_codes_catalogs(tree, domain):
        for code, kind, text in english:
            translated = clean(catalog.gettext(text))
            owners = english_owners.get(folded(translated), {code})
            if translated and translated != clean(text) and code in owners:
                out.add((code, lang, kind, translated))
    owners_in_language = {}
    for code, lang, _, text in out:
        owners_in_language.setdefault((lang, folded(text)), set()).add(code)
    kept = [row for row in out if len(owners_in_language[(row[1], folded(row[3]))]) == 1]
    english_texts = {}
    for code, kind, text in english:
        english_texts.setdefault((code, kind), []).append(clean(text))
    slips = near_slips(kept, english_texts)
    return sorted(row for row in kept if row not in slips)


def within_one_edit(a, b):
    """Whether `a` becomes `b` by at most one inserted, deleted or replaced character."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + 1:] == b[i + 1:] if len(a) == len(b) else a[i:] == b[i + 1:]


def edits(a, b):
    """Levenshtein distance of `a` and `b`, in characters."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def near_slips(rows, english):
    """The rows to leave out as slips copied from another country's text (see the module's doc).
    `english`: (code, kind) → the English texts of that code and kind."""
    short_names = {}
    for code, lang, kind, text in rows:
        if kind == "iso":
            short_names.setdefault((code, lang), []).append(folded(text))
    def holds_own(row):
        names = short_names.get((row[0], row[1]), []) + short_names.get((row[0], "en"), [])
        return any(name in folded(row[3]) for name in names)
    def sources_apart(a, b):
        return all(edits(folded(x), folded(y)) > 2 for x in english.get((a[0], a[2]), [])
                   for y in english.get((b[0], b[2]), []))
    by_variant = {}
    for row in rows:
        text = folded(row[3])
        if len(text) < 20:
            continue
        for k in range(len(text) + 1):
            by_variant.setdefault((row[1], text[:k] + text[k + 1:]), set()).add(row)
    slips = set()
    for group in by_variant.values():
        for a in group:
            for b in group:
                if (a[0] != b[0] and a[2] == b[2] and within_one_edit(folded(a[3]), folded(b[3]))
                        and not holds_own(a) and holds_own(b) and sources_apart(a, b)):
                    slips.add(a)
    return slips


def main():
    folder = out_dir(HERE, __doc__)
    with tempfile.TemporaryDirectory() as work:
        table = rows(iso_codes_tree(work))
    path = os.path.join(folder, "iso-country-names.tsv")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("code\tlang\tkind\tname\n")
        for row in table:
            f.write("\t".join(row) + "\n")
    print(f"{path}: {len(table)} names", file=sys.stderr)


if __name__ == "__main__":
    main()
