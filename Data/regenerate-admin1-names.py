#!/usr/bin/env python3
"""Regenerate Data/admin1-names.tsv: the names of the admin-1 divisions in other languages ("Bavière",
"Бавария", "バイエルン" for DE-BY), so forward search finds a division by them and `lang` shows them.

Maintainer tool, not part of the build: building and running the geocoder need no network.

Source, pinned so the output is reproducible: the Debian package `iso-codes` (4.15.0-1, LGPL-2.1+; the same
package Data/regenerate-iso-names.py reads), fetched with `apt-get download`. From `iso_3166-2.json` come
the English subdivision names; from `LC_MESSAGES/iso_3166-2.mo` in each locale (read with Python's gettext
module) their translations. Only the ISO 3166-2 codes Data/admin1-polygons.geojson uses (after its roll-up
to top-level divisions) are kept: the polygons file is read from the output folder when the admin-1 script
wrote one there (so scripts/check-data proves the chain), else from Data/.

A translation is left out (all comparisons on case- and accent-folded text):
- when it repeats the English name (or the layer's own name or English name): those are indexed already;
- when it is the name of another division of the same country (a translator's slip, or a name that would
  send the query to the wrong division);
- when one language gives the same name to two divisions of the same country (the table cannot say which
  it names);
- when it is the name or an alternate name of a town of Data/cities.tsv in the same country but outside
  the division (so a city query is not taken by a division: a town's name keeps finding the town).

Columns: `code lang name` (ISO 3166-2 code, BCP 47 language tag in the gettext locale's form as in
iso-country-names.tsv: `pt_BR` → `pt-BR`, `sr@latin` → `sr-Latn`; the name).

Usage: python3 Data/regenerate-admin1-names.py [--out DIR]   (writes next to this script unless DIR is
given; needs apt-get download, i.e. network access to Debian)
"""
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from pinned_sources import clean, folded, iso_codes_catalogs, iso_codes_entries, iso_codes_tree, out_dir  # noqa: E402

DOMAIN = "iso_3166-2"


def polygon_divisions(folder):
    """ISO 3166-2 code → (the layer's names, the GeoNames admin-1 code, the territory's alpha-2)."""
    path = os.path.join(folder, "admin1-polygons.geojson")
    if not os.path.exists(path):
        path = os.path.join(HERE, "admin1-polygons.geojson")
    with open(path, encoding="utf-8") as f:
        features = json.load(f)["features"]
    out = {}
    for feature in features:
        p = feature["properties"]
        if p["iso_3166_2"]:
            names = [n for n in (p["name"], p["name_en"]) if n]
            out[p["iso_3166_2"]] = (names, p["geonames_admin1"], p["territory_iso2"])
    return out


def towns(cities_path):
    """(country, folded name) → the GeoNames admin-1 codes of the towns with that name or alternate."""
    out = {}
    with open(cities_path, encoding="utf-8") as f:
        next(f)
        for line in f:
            fields = line.rstrip("\n").split("\t")
            names = [fields[1]] + [a for a in fields[7].split("|") if a]
            for name in names:
                out.setdefault((fields[4], folded(name)), set()).add(fields[5])
    return out


def rows(tree, divisions, town_admin1):
    english = {e["code"]: clean(e["name"]) for e in iso_codes_entries(tree, DOMAIN, "3166-2") if e["code"] in divisions}
    # Every name a division of a country already has (English, the layer's), folded.
    own = {}
    country_names = {}
    for code, text in english.items():
        names = {folded(text)} | {folded(n) for n in divisions[code][0]}
        own[code] = names
        for name in names:
            country_names.setdefault((code.split("-")[0], name), set()).add(code)
    candidates = []
    for lang, catalog in iso_codes_catalogs(tree, DOMAIN):
        for code in sorted(english):
            translated = clean(catalog.gettext(english[code]))
            if translated:
                candidates.append((code, lang, translated))
    per_language = {}
    for code, lang, text in candidates:
        per_language.setdefault((code.split("-")[0], lang, folded(text)), set()).add(code)
    kept = set()
    for code, lang, text in candidates:
        country = code.split("-")[0]
        key = folded(text)
        if key in own[code]:
            continue
        if country_names.get((country, key), set()) - {code}:
            continue
        if len(per_language[(country, lang, key)]) > 1:
            continue
        _, admin1, territory = divisions[code]
        owners = {country} | ({territory} if territory else set())
        if any(town_admin1.get((owner, key), set()) - {admin1} for owner in owners):
            continue
        kept.add((code, lang, text))
    return sorted(kept)


def main():
    folder = out_dir(HERE, __doc__)
    divisions = polygon_divisions(folder)
    cities = os.path.join(folder, "cities.tsv")
    town_admin1 = towns(cities if os.path.exists(cities) else os.path.join(HERE, "cities.tsv"))
    with tempfile.TemporaryDirectory() as work:
        table = rows(iso_codes_tree(work), divisions, town_admin1)
    path = os.path.join(folder, "admin1-names.tsv")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("code\tlang\tname\n")
        for row in table:
            f.write("\t".join(row) + "\n")
    codes = len({row[0] for row in table})
    languages = len({row[1] for row in table})
    print(f"{path}: {len(table)} names for {codes} codes in {languages} languages", file=sys.stderr)


if __name__ == "__main__":
    main()
