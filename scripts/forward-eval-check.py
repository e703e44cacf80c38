#!/usr/bin/env python3
"""Checks that every expectation of Tests/e2e/forward_eval.jsonl follows from the data files.

The evaluation set is written from what a user expects, not from what the geocoder returns; this
script holds each expectation to Data/ (country-names.tsv, iso-country-names.tsv, admin1.tsv, cities.tsv and the Natural
Earth GeoJSON), read here with nothing but the standard library and no code shared with the
server:

- the expected country exists in Natural Earth (by iso2, and adm0a3 where one iso2 has several
  features), the expected city by geonameid;
- the name the query aims at (`intended`) really is a name of that place, of the kind the category
  claims (CLDR name in the stated language, short/variant, alias, Natural Earth name, code, flag);
- exact queries fold (case, diacritics, punctuation) to that name, typos lie 1-2 edits from it
  and match no name exactly nor start one (exact and prefix matches rank before fuzzy ones), prefixes
  start it and are no place's exact name;
- no other country has the same folded name (an exact match must be unambiguous), and for
  prefixes, no other country has a name starting with it;
- a city query names no country (a country would rank first), and the expected city is the most
  populous city with that name (all GeoNames names), within the qualifier's admin-1 or country
  for "City, Qualifier", within `countryCodes` when given;
- `lang` expectations equal the CLDR name in that locale (dropping subtags, then the Natural Earth
  English name), a city's name the city-names.tsv name (dropping subtags, then the GeoNames name);
  city-fields values equal cities.tsv/admin1.tsv.

Usage: python3 scripts/forward-eval-check.py [--set FILE] [--data DIR]. Exit 1 on any problem.
"""
import argparse
import collections
import bisect
import functools
import json
import os
import re
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: Letters that Unicode decomposition does not reduce to ASCII.
SPECIAL = {"ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "ı": "i", "þ": "th", "ð": "d", "ɛ": "e", "ɔ": "o"}
GERMAN = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}


NON_ALNUM = re.compile(r"[^a-z0-9]+")


def fold(s, german=False, joiner=" "):
    """Case-, diacritic- and punctuation-insensitive key; `german` spells ä/ö/ü as ae/oe/ue."""
    if s.isascii():
        return NON_ALNUM.sub(joiner, s.lower()).strip() if joiner else NON_ALNUM.sub("", s.lower())
    if german:
        s = "".join(GERMAN.get(ch, ch) for ch in s)
    s = unicodedata.normalize("NFKD", s)
    out = []
    for ch in s:
        if unicodedata.category(ch) in ("Mn", "Me", "Mc"):
            continue
        ch = ch.casefold()
        ch = SPECIAL.get(ch, ch)
        out.append(ch if ch.isalnum() else joiner)
    text = "".join(out)
    return text if joiner not in (" ", "") else (" ".join(text.split()) if joiner else text.replace(" ", ""))


@functools.lru_cache(maxsize=None)
def keys(s):
    """Every folding a tolerant matcher could reasonably apply (punctuation as space or as nothing,
    ä/ö/ü as a/o/u or as ae/oe/ue)."""
    if s.isascii():
        return frozenset((fold(s), fold(s, joiner="")))
    variants = [s]
    if any(ch in GERMAN for ch in s):
        variants.append("".join(GERMAN.get(ch, ch) for ch in s))
    out = set()
    for v in variants:
        marked = fold(v, joiner="\0")
        out.add(" ".join(marked.replace("\0", " ").split()))
        out.add(marked.replace("\0", "").replace(" ", ""))
    return frozenset(out)


def marked_key(s):
    """Case- and punctuation-insensitive, with every combining mark kept (NFC): the key a Brahmic name's
    vowel signs are part of, as in the geocoder's plain key."""
    out = []
    for ch in unicodedata.normalize("NFC", s).casefold():
        out.append(ch if ch.isalnum() or unicodedata.category(ch) in ("Mn", "Mc") else " ")
    return " ".join("".join(out).split())


def same(a, b):
    return bool(keys(a) & keys(b))


def distance(a, b):
    """Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions)."""
    prev2, prev = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def edits(q, intended):
    """The fewest edits between any folding of the query and any of the intended name."""
    return min(distance(a, b) for a in keys(q) for b in keys(intended))


def within(tag, lang):
    """True when `lang` is `tag` or one of its parents (zh-Hans -> zh): CLDR stores the default script
    under the bare language."""
    parts = tag.split("-")
    return any("-".join(parts[:n]) == lang for n in range(len(parts), 0, -1))


def read_tsv(path):
    with open(path, encoding="utf-8", newline="\n") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            yield dict(zip(header, line.rstrip("\n").split("\t")))


class Data:
    def __init__(self, folder):
        ne = json.load(open(os.path.join(folder, "ne_10m_admin_0_countries.geojson"), encoding="utf-8"))
        self.features = [f["properties"] for f in ne["features"]]
        self.by_iso2 = collections.defaultdict(list)
        for p in self.features:
            self.by_iso2[p["ISO_A2_EH"]].append(p)
        # Country names: key (iso2 or adm0a3) -> list of (source, lang, kind, name).
        self.cnames = collections.defaultdict(list)
        for p in self.features:
            key = p["ISO_A2_EH"] or p["ADM0_A3"]
            for field in ("NAME", "NAME_LONG", "FORMAL_EN", "ADMIN", "NAME_ALT"):
                if p.get(field):
                    self.cnames[key].append(("ne", "en", field, p[field]))
            for field, value in p.items():
                if field.startswith("NAME_") and len(field) <= 7 and field != "NAME_EN" and value:
                    self.cnames[key].append(("ne", field[5:].lower(), field, value))
        self.cldr = {}
        for r in read_tsv(os.path.join(folder, "country-names.tsv")):
            if r["code"] in self.by_iso2:
                self.cnames[r["code"]].append(("cldr", r["lang"], r["kind"], r["name"]))
                if r["kind"] == "name":
                    self.cldr[(r["code"], r["lang"])] = r["name"]
        iso_path = os.path.join(folder, "iso-country-names.tsv")
        if os.path.exists(iso_path):
            for r in read_tsv(iso_path):
                if r["code"] in self.by_iso2:
                    self.cnames[r["code"]].append(("iso", r["lang"], r["kind"], r["name"]))
        self.country_keys = collections.defaultdict(set)   # folded name -> countries
        # Folded Natural Earth NAME / NAME_LONG / FORMAL_EN -> countries: the names that rank above a
        # capital's own name (ForwardScore.capitalOwnName); other names of a country rank below it.
        self.primary_keys = collections.defaultdict(set)
        for p in self.features:
            for field in ("NAME", "NAME_LONG", "FORMAL_EN"):
                for k in keys(p.get(field) or ""):
                    self.primary_keys[k].add(p["ISO_A2_EH"] or p["ADM0_A3"])
        self.keys_of_country = collections.defaultdict(set)
        for code, names in self.cnames.items():
            for _, _, _, n in names:
                for k in keys(n):
                    self.country_keys[k].add(code)
                    self.keys_of_country[code].add(k)
        # Names folded with their combining marks kept (`marked_key`), for the vowel-signs category.
        self.marked_names = {marked_key(n) for names in self.cnames.values() for *_, n in names}
        self.admin1 = {}
        for r in read_tsv(os.path.join(folder, "admin1.tsv")):
            alts = [a for a in r["alternates"].split("|") if a]
            self.admin1[(r["country"], r["code"])] = (r["name"], alts)
        self.sorted_country_keys = sorted(self.country_keys)
        self.cities = {}
        self.city_keys = collections.defaultdict(set)       # folded name -> geonameids
        for r in read_tsv(os.path.join(folder, "cities.tsv")):
            gid = int(r["geonameid"])
            names = [r["name"]] + [a for a in r["alternatenames"].split("|") if a]
            r["names"] = names
            r["population"] = int(r["population"])
            self.cities[gid] = r
            for n in names:
                self.marked_names.add(marked_key(n))
                for k in keys(n):
                    self.city_keys[k].add(gid)
        # Cities' names per language (city-names.tsv), shown with `lang`: (geonameid, lower-case tag) -> name.
        self.city_names = {}
        path = os.path.join(folder, "city-names.tsv")
        if os.path.exists(path):
            for r in read_tsv(path):
                self.city_names[(r["geonameid"], r["lang"].lower())] = r["name"]

    def starting(self, prefix, table, ordered):
        """The values of `table` under every key that starts with `prefix` (binary search in `ordered`)."""
        found = set()
        i = bisect.bisect_left(ordered, prefix)
        while i < len(ordered) and ordered[i].startswith(prefix):
            found |= table[ordered[i]]
            i += 1
        return found

    def no_prefix_match(self, q, bad, i, r):
        """A typo must start no name: the issue ranks prefix matches before fuzzy ones."""
        fq = fold(q)
        countries = self.starting(fq, self.country_keys, self.sorted_country_keys)
        cities = self.starting(fq, self.city_keys, self.sorted_city_keys())
        if countries or cities:
            names = sorted({self.cities[g]["name"] for g in cities})[:5]
            bad(i, r, f"typo starts names of countries {sorted(countries)} / cities {names}, and prefix ranks before fuzzy")

    def countries_within(self, q, dist):
        """Countries with a name at most `dist` edits from the folded query."""
        found, fq = set(), fold(q)
        for k2, codes in self.country_keys.items():
            # A Latin typo cannot come within two edits of a name in another script.
            if dist < 0 or fq.isascii() != k2.isascii() or abs(len(k2) - len(fq)) > dist:
                continue
            if distance(fq, k2) <= dist:
                found |= codes
        return found

    def named_exactly(self, q):
        """Whether some country or city has the name `q` exactly, its combining marks and all."""
        return marked_key(q) in self.marked_names

    def country_key(self, expect):
        return expect.get("iso2") or expect.get("adm0a3")

    def sorted_city_keys(self):
        if not hasattr(self, "_sorted_city_keys"):
            self._sorted_city_keys = sorted(self.city_keys)
        return self._sorted_city_keys

    def countries_named(self, q):
        found = set()
        for k in keys(q):
            found |= self.country_keys.get(k, set())
        return found

    def countries_primarily_named(self, q):
        found = set()
        for k in keys(q):
            found |= self.primary_keys.get(k, set())
        return found

    def cities_named(self, q):
        found = set()
        for k in keys(q):
            found |= self.city_keys.get(k, set())
        return found

    def city_display_name(self, geonameid, name, lang):
        """A city's name in `lang` (city-names.tsv, dropping subtags right to left), else its GeoNames name."""
        parts = lang.split("-")
        while parts:
            n = self.city_names.get((str(geonameid), "-".join(parts).lower()))
            if n:
                return n
            parts.pop()
        return name

    def display_name(self, key, lang):
        """CLDR name in `lang`, dropping subtags right to left, else Natural Earth English NAME."""
        parts = lang.split("-")
        while parts:
            n = self.cldr.get((key, "-".join(parts)))
            if n:
                return n
            parts.pop()
        feats = self.by_iso2.get(key) or [p for p in self.features if p["ADM0_A3"] == key]
        return feats[0]["NAME"]

    def qualifier_matches(self, city, qual):
        a = self.admin1.get((city["country"], city["admin1"]))
        if a and any(same(qual, n) for n in [a[0], city["admin1"]] + a[1]):
            return True
        cc = city["country"]
        if same(qual, cc) or any(same(qual, p["ISO_A3_EH"] or "") for p in self.by_iso2.get(cc, [])):
            return True
        return bool(keys(qual) & self.keys_of_country.get(cc, set()))


def rank_weight(city, place):
    """The population a city ranks by for the query `place` (issue 16): a capital (cities.tsv `capital`)
    named by its own name as a hundred times its own, at least 250,000 (ForwardScore.capitalExactWeight,
    capitalNameFloor), by another name as ten times, at least 20,000;
    a city that `place` names only by an alternate that is not a
    spelling of its own name (same first letter, within max(2, a quarter) edits, or its first words) as a
    hundredth."""
    weight = city["population"]
    own, q = fold(city["name"]), fold(place)
    other_name = False
    if not same(place, city["name"]):
        spelling = q[:1] == own[:1] and (own.startswith(q + " ") or
                                         distance(q, own) <= max(2, max(len(q), len(own)) // 4))
        other_name = not spelling
    if city.get("capital") == "1":
        # The 100x weight and the 250,000 floor (ForwardScore.capitalNameFloor) for the capital's own
        # name; 10x and 20,000 for any other name it carries ("Victoria" of Hong Kong, "Delhi" of Dili).
        by_name = same(place, city["name"])
        weight = max(weight * 100, 250000) if by_name else max(weight * 10, 20000)
    if other_name:
        weight //= 100
    return weight


#: An admin-1 division's exact score is fixed (Sources/GeoCore/Names/ForwardScore.swift): a city whose own
#: name (or a spelling of it) is the query ranks first from this rank weight (213,000 people, or a capital
#: named by its own name always: ForwardScore.capitalNameFloor).
DIVISION_WEIGHT = 213_000


def box_of(geometry):
    """[west, south, east, north] of a Polygon or MultiPolygon; west > east when the widest gap between
    its parts' longitude spans crosses ±180° (as the search's boxes)."""
    polys = [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
    spans, south, north = [], 90.0, -90.0
    for poly in polys:
        lons = [c[0] for c in poly[0]]
        lats = [c[1] for c in poly[0]]
        spans.append((min(lons), max(lons)))
        south, north = min(south, min(lats)), max(north, max(lats))
    spans.sort()
    merged = []
    for w, e in spans:
        if merged and w <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([w, e])
    gaps = [(merged[(k + 1) % len(merged)][0] - merged[k][1]) % 360 if len(merged) > 1 else 0 for k in range(len(merged))]
    gaps = [(merged[0][0] + 360 - merged[-1][1], len(merged) - 1)] + [(merged[k + 1][0] - merged[k][1], k) for k in range(len(merged) - 1)]
    gap, k = max(gaps)
    if k == len(merged) - 1:
        return merged[0][0], south, merged[-1][1], north
    return merged[k + 1][0], south, merged[k][1], north


def row_names(division, row):
    """DivisionTable.rowNames: whether the folded GeoNames admin-1 name `row` names a division called
    `division` (folded): equal, every word of the division's among the row's, or the row's initials."""
    if division == row:
        return True
    words, row_words = division.split(), row.split()
    if words and all(w in row_words for w in words):
        return True
    return len(words) == len(row_words) > 1 and all(len(w) == 1 and w == r[0] for w, r in zip(words, row_words))


def admin1_divisions(d):
    """iso_3166_2 -> (names, country population) for Data/admin1-polygons.geojson, names as forward search
    indexes them: the layer's name and name_en, and the GeoNames admin-1 name and alternates joined by
    (country or territory, geonames_admin1), and its names in other languages (admin1-names.tsv).

    A GeoNames row that several divisions share names only those of them it names (`row_names`); where it
    names none of them, the index gives its names to the largest, which this check does not work out, so
    it gives them to none (a query that needs them is reported, never passed wrongly)."""
    if not hasattr(d, "_divisions"):
        layer = json.load(open(os.path.join(ROOT, "Data", "admin1-polygons.geojson"), encoding="utf-8"))
        by_a3 = {p["ADM0_A3"]: p for p in d.features}
        translations = {}
        for r in read_tsv(os.path.join(ROOT, "Data", "admin1-names.tsv")):
            translations.setdefault(r["code"], []).append(r["name"])
        def join_key(p):
            country = by_a3.get(p["adm0_a3"]) or {}
            for owner in (country.get("ISO_A2_EH"), p.get("territory_iso2")):
                if d.admin1.get((owner, p["geonames_admin1"])):
                    return (owner, p["geonames_admin1"])
            return None
        users = collections.Counter(join_key(f["properties"]) for f in layer["features"])
        out, codes = {}, {}
        for f in layer["features"]:
            p = f["properties"]
            country = by_a3.get(p["adm0_a3"]) or {}
            names = [n for n in (p["name"], p["name_en"]) if n]
            joined = join_key(p)
            if joined:
                row = d.admin1[joined]
                row_keys = [fold(n) for n in [row[0]] + row[1]]
                if users[joined] == 1 or any(row_names(fold(n), k) for n in names for k in row_keys):
                    names += [row[0]] + row[1]
            if p.get("territory_name"):
                names.append(p["territory_name"])
            if p["iso_3166_2"]:
                names += translations.get(p["iso_3166_2"], [])
                out[p["iso_3166_2"]] = (names, country.get("POP_EST") or 0, country.get("ISO_A2_EH"), box_of(f["geometry"]), joined)
                # A folded territory's own ISO 3166-1 codes find its division (DivisionTable+Build.swift).
                codes[p["iso_3166_2"]] = {c for c in (p.get("territory_iso2"), p.get("territory_iso3")) if c}
        d._divisions = out
        d._territory_codes = codes
    return d._divisions


def check_admin1(i, r, d, bad):
    """An admin1 expectation: the division exists (by iso3166_2), the query is its ISO 3166-2 code or one
    of its names, no country has that name (countries rank first), no division of a more populous country
    has it (equal names rank by country population), and no city outranks it by its own name."""
    q, e = r["query"], r["expect"]
    divisions = admin1_divisions(d)
    code = e.get("iso3166_2")
    if code not in divisions:
        bad(i, r, f"no admin-1 division has ISO 3166-2 code {code!r}")
        return
    names, population, iso2, box, joined = divisions[code]
    if "iso2" in e and e["iso2"] != iso2:
        bad(i, r, f"{code} is in {iso2}, expect says {e['iso2']}")
    if "," in q and not any(same(q, n) for n in names):
        # "Texas, USA": a division qualified by its own country (a name with a comma, such as Dutch
        # "Krasnodar, Kraj", is whole); the name before the comma is checked below.
        q, tail = (x.strip() for x in q.split(",", 1))
        if iso2 not in d.countries_named(tail):
            bad(i, r, f"{tail!r} does not name {iso2}")
    if fold(q, joiner="") == fold(code, joiner=""):
        return
    territory_codes = d._territory_codes.get(code, set())
    if q in territory_codes:
        # Its territory's code: no country or other division has it (codes are unique), and written in
        # capitals it ranks above every name.
        if cat_of(r) == "code-upper" and not q.isupper():
            bad(i, r, f"{q!r} is not in capitals")
        return
    if not any(same(q, n) for n in names):
        bad(i, r, f"{q!r} is not a name of {code} ({names[:4]})")
        return
    if d.countries_named(q):
        bad(i, r, f"{q!r} is also a name of countries {sorted(d.countries_named(q))}, which rank first")
    for other, (other_names, other_population, _, _, _) in divisions.items():
        if other != code and other_population >= population and any(same(q, n) for n in other_names):
            bad(i, r, f"{q!r} is also a name of {other}, in a country at least as populous")
    for g in d.cities_named(q):
        city = d.cities[g]
        if not any(fold(n) == fold(q) for n in city["names"]):
            continue
        if rank_weight(city, q) >= DIVISION_WEIGHT:
            bad(i, r, f"city {city['name']} ({g}, pop {city['population']}) outranks the division")
        west, south, east, north = box
        lat, lon = float(city["lat"]), float(city["lon"])
        inside = south <= lat <= north and (west <= lon <= east if west <= east else lon >= west or lon <= east)
        # Only a city named so by its own name or a spelling of it (not its first words alone), or one of
        # 100,000 people or more, leads its division (ForwardIndex.divisionLeaderPopulation).
        own, fq = fold(city["name"]), fold(q)
        spelled = fq[:1] == own[:1] and not own.startswith(fq + " ") and \
            distance(fq, own) <= max(2, max(len(fq), len(own)) // 4)
        leads = same(q, city["name"]) or spelled or city["population"] >= 100_000
        if leads and ((city["country"], city["admin1"]) == joined or (inside and same(q, city["name"]))):
            bad(i, r, f"city {city['name']} ({g}) of the same name lies in the division, and ranks first")


#: Issue 16 categories whose country names come from outside Data/ (Debian iso-codes comma forms,
#: countryinfo's altSpellings): only the place is checked here, the reading is the search's job.
OUTSIDE_NAMES = ("iso-comma", "words-around")

#: ForwardQuery.script(of:): Unicode blocks of the scripts country names are written in.
SCRIPT_BLOCKS = [
    (0, [(0, 0x370), (0x1E00, 0x1F00), (0x2C60, 0x2C80), (0xA720, 0xA800), (0xFF21, 0xFF5B)]),
    (1, [(0x370, 0x400), (0x1F00, 0x2000)]),
    (2, [(0x400, 0x530), (0x1C80, 0x1C90), (0x2DE0, 0x2E00), (0xA640, 0xA6A0)]),
    (3, [(0x530, 0x590)]), (4, [(0x590, 0x600), (0xFB1D, 0xFB50)]),
    (5, [(0x600, 0x700), (0x750, 0x780), (0x8A0, 0x900), (0xFB50, 0xFE00), (0xFE70, 0xFF00)]),
    (6, [(0x700, 0x750)]), (7, [(0x780, 0x7C0)]), (8, [(0x7C0, 0x800)]),
    (30, [(0xE00, 0xE80)]), (31, [(0xE80, 0xF00)]), (32, [(0xF00, 0x1000)]), (33, [(0x1000, 0x10A0)]),
    (34, [(0x10A0, 0x1100), (0x1C90, 0x1CC0), (0x2D00, 0x2D30)]),
    (35, [(0x1100, 0x1200), (0x3130, 0x3190), (0xAC00, 0xD7B0)]),
    (36, [(0x1200, 0x13A0), (0x2D80, 0x2DE0)]), (37, [(0x1780, 0x1800)]), (38, [(0x1800, 0x18B0)]),
    (39, [(0x2D30, 0x2D80)]),
    (40, [(0x2E80, 0x3000), (0x3040, 0x3100), (0x3400, 0x4DC0), (0x4E00, 0xA000), (0xF900, 0xFB00),
          (0xFF66, 0xFFA0), (0x20000, 0x32000)]),
]


def letter_script(v):
    if 0x900 <= v < 0xE00:
        return 10 + ((v - 0x900) >> 7)
    for script, ranges in SCRIPT_BLOCKS:
        if any(low <= v < high for low, high in ranges):
            return script
    return None


def word_script(word):
    """The script of a word as ForwardQuery.script reads it: its first letter's (an ASCII letter or any
    character beyond ASCII); None without one, or for a letter in no listed script."""
    for c in word:
        v = ord(c)
        if v < 0x80:
            if c.isascii() and c.isalpha():
                return 0
            continue
        if 0x200B <= v <= 0x200F or 0x202A <= v <= 0x202E or 0x2060 <= v <= 0x2064 or v == 0xFEFF:
            continue  # direction marks and other invisible format characters
        return letter_script(v)
    return None


def script_runs(query):
    """The runs of words in one script (ForwardQuery.scriptRuns, before folding)."""
    runs, run, script = [], [], None
    for word in query.split(" "):
        s = word_script(word)
        if s is not None and script is not None and s != script:
            runs.append(" ".join(run))
            run = []
        if s is not None:
            script = s
        run.append(word)
    runs.append(" ".join(run))
    return [x for x in runs if x.strip()]


#: Alpha-3 codes in use for a country ISO 3166-1 has not coded (ForwardIndex.userAssignedAlpha3).
USER_ASSIGNED_ALPHA3 = {"XK": "XKX"}

#: Words written abbreviated or in full (ForwardQuery.abbreviations), folded.
ABBREVIATIONS = {"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort"}
ABBREVIATIONS.update({v: k for k, v in list(ABBREVIATIONS.items())})


def abbreviated(name):
    """The folded keys of `name` with every word ABBREVIATIONS lists written the other way."""
    out = set()
    for k in keys(name):
        words = k.split(" ")
        if any(w in ABBREVIATIONS for w in words):
            out.add(" ".join(ABBREVIATIONS.get(w, w) for w in words))
    return out


def cat_of(r):
    return r["category"]


def check(rows, d):
    problems, notes = [], []

    def bad(i, r, msg):
        problems.append(f"line {i}: {r['query']!r} [{r['category']}]: {msg}")

    # The checks below run for the row being checked (`i`, `r`, set by the loop).
    def no_rival_within(q, dist, own, what=None):
        """No country but `own` has a name within `dist` edits of the query."""
        rivals = d.countries_within(q, dist) - own
        if rivals:
            bad(i, r, f"{what or f'other countries within {dist} edits'}: {sorted(rivals)}")

    def check_typo_script(q, intended, own):
        """Non-Latin misspellings and variants: one or two letters off, or a variant the geocoder folds
        (ی/ي, ة/ه, tatweel, Han forms) that this script's folding does not; no other country that close."""
        dist = edits(q, intended)
        if dist > 2:
            bad(i, r, f"variant is {dist} edits from {intended!r}")
        no_rival_within(q, dist, own)

    for i, r in enumerate(rows, 1):
        cat, q, e, params = r["category"], r["query"], r["expect"], r.get("params", {})
        intended = r.get("intended")
        kind = e.get("kind")
        ccs = [c.upper() for c in params.get("countryCodes", [])] or None
        # The expected place exists.
        if kind == "country":
            key = d.country_key(e)
            feats = d.by_iso2.get(e["iso2"]) if "iso2" in e else [p for p in d.features if p["ADM0_A3"] == e["adm0a3"]]
            if not feats:
                bad(i, r, f"no Natural Earth feature for {e}")
                continue
            if "iso2" in e and len(feats) > 1 and "adm0a3" not in e:
                bad(i, r, f"iso2 {e['iso2']} has {len(feats)} features: expect needs adm0a3")
            if "adm0a3" in e and not any(p["ADM0_A3"] == e["adm0a3"] for p in feats):
                bad(i, r, f"adm0a3 {e['adm0a3']} is not a feature with iso2 {e.get('iso2')}")
        elif kind == "city":
            city = d.cities.get(e["geonameid"])
            if city is None:
                bad(i, r, f"geonameid {e['geonameid']} not in cities.tsv")
                continue
            if ccs and city["country"] not in ccs:
                bad(i, r, f"city is in {city['country']}, outside countryCodes {ccs}")
        elif kind == "admin1":
            check_admin1(i, r, d, bad)
            continue
        else:
            bad(i, r, f"expect.kind must be country, city or admin1: {e}")
            continue
        kinds = params.get("kinds", ["country", "city"])
        if kind not in kinds:
            bad(i, r, f"expected kind {kind} excluded by kinds {kinds}")

        # What the query names.
        if kind == "country":
            names = d.cnames[key]
            if cat == "name-list":
                # One place's names in several languages, as lists print them: every part that names a
                # country names this one, and at least one does.
                parts = [x for x in re.split(r"/| - |\(|\)", q) if x.strip()]
                named = [d.countries_named(x.strip()) for x in parts]
                if len(parts) < 2 or not any(key in n for n in named) or any(n - {key} for n in named):
                    bad(i, r, f"parts {parts} name {named}, not {key} alone")
                continue
            if cat == "script-pair":
                # A name followed by the same name in another script: split where a word's script
                # changes (ForwardQuery.scriptRuns); every run that names a country names this one, at
                # least one does.
                parts = script_runs(q)
                named = [d.countries_named(x) for x in parts]
                if len(parts) < 2 or not any(key in n for n in named) or any(n - {key} for n in named):
                    bad(i, r, f"runs {parts} name {named}, not {key} alone")
                continue
            if cat == "vowel-signs":
                # A Brahmic or South-East Asian spelling with other vowel signs, viramas or tone marks
                # than the data's (NameFolding's skeleton marks): no place's name exactly, marks kept,
                # but with every mark dropped (this script's fold) within the skeleton's edit bound of
                # a name of this country, and closer to no other country.
                if d.named_exactly(q):
                    bad(i, r, f"{q!r} is a name in the data, marks and all")
                fq = fold(q)
                bound = 0 if len(fq.replace(" ", "")) < 4 else (1 if len(fq.replace(" ", "")) < 8 else 2)
                dist = min(distance(fq, fold(n)) for *_, n in names)
                if dist > bound:
                    bad(i, r, f"its skeleton is {dist} edits from every name of {key} (bound {bound})")
                no_rival_within(q, dist, {key})
                continue
            if cat in OUTSIDE_NAMES:
                if cat == "iso-comma" and "," not in q:
                    bad(i, r, "an ISO comma form has a comma")
                continue
            if cat == "code-upper":
                owners = {p["ISO_A2_EH"] or p["ADM0_A3"] for p in d.features
                          if q in ((p["ISO_A2_EH"] or ""), (p["ISO_A3_EH"] or ""), (p.get("ISO_A2") or ""), (p.get("ISO_A3") or ""),
                                   USER_ASSIGNED_ALPHA3.get(p["ISO_A2_EH"] or "", ""))}
                if not q.isupper() or key not in owners:
                    bad(i, r, f"{q!r} is not an upper-case ISO code of {key} (owners {sorted(owners)})")
                continue
            if cat in ("iso-alpha2", "iso-alpha3", "iso-numeric"):
                field = {"iso-alpha2": "ISO_A2_EH", "iso-alpha3": "ISO_A3_EH", "iso-numeric": "ISO_N3_EH"}[cat]
                owners = {p["ISO_A2_EH"] or p["ADM0_A3"] for p in d.features if (p[field] or "").upper() == q.upper()}
                if owners != {key}:
                    bad(i, r, f"{field} {q!r} belongs to {sorted(owners)}")
                named = d.countries_named(q)
                if named:
                    notes.append(f"line {i}: code {q!r} is also a name of {sorted(named)} (exact code wins only if codes rank with names)")
                continue
            if cat == "abbreviation":
                # "St. Vincent and the Grenadines": the query is a name of the country with a word written
                # the other way (ForwardQuery.abbreviations), and names no other country.
                if not any(abbreviated(n) & keys(q) for *_, n in names):
                    bad(i, r, f"{q!r} is no name of {key} with st/saint, ste/sainte, mt/mount, ft/fort swapped")
                if d.countries_named(q) - {key}:
                    bad(i, r, f"{q!r} also names {sorted(d.countries_named(q) - {key})}")
                continue
            if cat == "open-vowels":
                # Yoruba written with ɛ/ɔ for ẹ/ọ ("Orílɛ́ède Ààndórà"): folded (ɛ → e, ɔ → o), without the
                # leading word for "country" (ForwardQuery's words around a name), a name of the country
                # and of no other.
                rest = fold(q)
                rest = rest[len("orileede "):] if rest.startswith("orileede ") else rest
                if not any(rest in keys(n) for *_, n in names):
                    bad(i, r, f"{rest!r} is not a folded name of {key}")
                if d.countries_named(rest) - {key}:
                    bad(i, r, f"{rest!r} also names {sorted(d.countries_named(rest) - {key})}")
                continue
            if cat == "flag-emoji":
                letters = "".join(chr(ord(ch) - 0x1F1E6 + 65) for ch in q)
                if letters != key or len(q) != 2:
                    bad(i, r, f"flag spells {letters}, expected {key}")
                continue
            if cat in ("option-lang",) and "name" in e:
                want = d.display_name(key, params["lang"])
                if e["name"] != want:
                    bad(i, r, f"name in {params['lang']} is {want!r} in the data, expect says {e['name']!r}")
            if cat == "option-lang" and intended is None and (d.countries_named(q) == set() or len(q) <= 3):
                continue  # a code or a flag: the name checks above are all there is
            if intended is None:
                intended = q
            hits = [(src, lang, k) for src, lang, k, n in names if n == intended]
            if not hits and cat != "normalization":
                bad(i, r, f"intended {intended!r} is not a name of {key}")
                continue
            if cat == "normalization" and not any(same(intended, n) for *_, n in names):
                bad(i, r, f"intended {intended!r} does not fold to a name of {key}")
            kinds_ok = {
                "country-en": lambda s, l, k: (s == "ne" and l == "en") or (s == "cldr" and l == "en"),
                "cldr-lang": lambda s, l, k: s == "cldr" and k == "name" and within(r.get("note", "").split()[1], l),
                "short-variant": lambda s, l, k: s == "cldr" and k in ("short", "variant"),
                "ne-formal": lambda s, l, k: s == "ne" and k in ("NAME_LONG", "FORMAL_EN", "ADMIN", "NAME"),
                "alias-en": lambda s, l, k: s == "cldr" and k in ("alias", "short", "variant"),
                "iso-official": lambda s, l, k: s == "iso" and k == "official" and within(r.get("note", "").split()[1], l),
            }.get(cat)
            if kinds_ok and not any(kinds_ok(*h) for h in hits):
                bad(i, r, f"{intended!r} is a name of {key} only as {hits}, not what [{cat}] claims")
            if cat == "typo":
                dist = edits(q, intended)
                if not 1 <= dist <= 2:
                    bad(i, r, f"typo is {dist} edits from {intended!r}")
                if d.countries_named(q) or d.cities_named(q):
                    bad(i, r, f"typo is an exact name of {sorted(d.countries_named(q))} / cities {sorted(d.cities_named(q))[:5]}")
                d.no_prefix_match(q, bad, i, r)
                no_rival_within(q, dist, {key})
                continue
            if cat == "typo-script":
                check_typo_script(q, intended, {key})
                continue
            if cat == "prefix":
                fq = fold(q)
                if not fold(intended).startswith(fq) or fold(intended) == fq:
                    bad(i, r, f"{q!r} is not a proper prefix of {intended!r}")
                if d.countries_named(q) or d.cities_named(q):
                    bad(i, r, f"prefix is an exact name of {sorted(d.countries_named(q))} / cities "
                              f"{sorted(d.cities_named(q))[:5]}, and exact ranks before prefix")
                others = d.starting(fq, d.country_keys, d.sorted_country_keys) - {key}
                if others:
                    bad(i, r, f"other countries have names starting with {q!r}: {sorted(others)}")
                cities = d.starting(fq, d.city_keys, d.sorted_city_keys())
                if cities:
                    notes.append(f"line {i}: prefix {q!r} also starts {len(cities)} city names")
                continue
            if cat == "option-countryCodes" and q and not same(q, intended):
                pass
            # Exact name (after folding): it must be unambiguous among countries.
            if not same(q, intended) and cat != "option-countryCodes":
                bad(i, r, f"query does not fold to {intended!r}")
            rivals = d.countries_named(q) - {key}
            if ccs:
                rivals = {c for c in rivals if c in ccs}
            if rivals and cat != "option-countryCodes":
                bad(i, r, f"{q!r} is also a name of {sorted(rivals)}")
            if cat == "option-countryCodes":
                fq = fold(q)
                if not any(fold(n).startswith(fq) for *_, n in names):
                    bad(i, r, f"no name of {key} equals or starts with {q!r}")
            cities = d.cities_named(q)
            if cities and "city" in kinds:
                notes.append(f"line {i}: {q!r} also names {len(cities)} cities (country must rank first)")
        else:  # city
            place, qual = q, None
            if cat == "qualifier-nocomma":
                words = q.split(" ")
                for cut in (1, 2):
                    if (len(words) > cut and d.qualifier_matches(city, " ".join(words[-cut:]))
                            and any(same(" ".join(words[:-cut]), n) for n in city["names"])):
                        place, qual = " ".join(words[:-cut]), " ".join(words[-cut:])
                        break
                else:
                    bad(i, r, "no trailing word or two qualify the city")
                    continue
            if "," in q:
                place, qual = [s.strip() for s in q.split(",", 1)]
                if not d.qualifier_matches(city, qual):
                    a = d.admin1.get((city["country"], city["admin1"]))
                    bad(i, r, f"qualifier {qual!r} matches neither admin-1 {a} nor country {city['country']}")
            if cat == "typo":
                dist = edits(q, intended)
                if not 1 <= dist <= 2 or not same(intended, city["name"]) and intended not in city["names"]:
                    bad(i, r, f"typo is {dist} edits from {intended!r} ({city['name']})")
                if d.countries_named(q) or d.cities_named(q):
                    bad(i, r, "typo is an exact name of something")
                d.no_prefix_match(q, bad, i, r)
                no_rival_within(q, dist - 1, set(), f"countries closer than {dist} edits")
                continue
            if cat == "typo-script":
                check_typo_script(q, intended, set())  # a city: no country may be that close
                continue
            if cat == "prefix":
                fq = fold(q)
                if intended not in city["names"] or not fold(intended).startswith(fq) or fold(intended) == fq:
                    bad(i, r, f"{q!r} is not a proper prefix of {intended!r}, a name of {city['name']}")
                if d.countries_named(q) or d.cities_named(q):
                    bad(i, r, "prefix is an exact name of a place, and exact ranks before prefix")
                countries = d.starting(fq, d.country_keys, d.sorted_country_keys)
                if countries:
                    bad(i, r, f"countries {sorted(countries)} have names starting with {q!r}")
                best = max((d.cities[g] for g in d.starting(fq, d.city_keys, d.sorted_city_keys())),
                           key=lambda c: c["population"])
                if best["geonameid"] != city["geonameid"]:
                    bad(i, r, f"{best['name']} ({best['geonameid']}, pop {best['population']}) is the most populous "
                              f"city with a name starting with {q!r}")
                continue
            if not any(same(place, n) for n in city["names"]):
                bad(i, r, f"{place!r} is not a name of {city['name']} ({e['geonameid']})")
                continue
            countries = d.countries_named(place) if "country" in kinds else set()
            if ccs:
                countries = {c for c in countries if c in ccs}
            if countries and qual is None and city.get("capital") == "1" and same(place, city["name"]):
                # A capital's own name ranks above a country's name in another language ("Tunis"), not
                # above its own English, long or formal name ("Singapore"), nor above its own country when
                # it holds half of that country's people or more ("Macau").
                countries = {c for c in countries if c in d.countries_primarily_named(place)
                             or (c == city["country"] and 2 * city["population"]
                                 >= max(float(p.get("POP_EST") or 0) for p in d.by_iso2.get(c, [{}])))}
            if countries and qual is None:
                bad(i, r, f"{place!r} is also a name of countries {sorted(countries)}, which rank first")
            pool = [d.cities[g] for g in d.cities_named(place)]
            if qual is not None:
                pool = [c for c in pool if d.qualifier_matches(c, qual)]
            if ccs:
                pool = [c for c in pool if c["country"] in ccs]
            # A rival counts only when one of its names folds to the query exactly (the search does not
            # join "a bo" to "abo" or "George Town" to "Georgetown").
            best = max(pool, key=lambda c: rank_weight(c, place) if c is city or
                       any(fold(n) == fold(place) for n in c["names"]) else -1)
            if best["geonameid"] != city["geonameid"] and rank_weight(best, place) >= rank_weight(city, place):
                bad(i, r, f"{best['name']} ({best['geonameid']}, {best['country']}/{best['admin1']}, "
                          f"pop {best['population']}) outranks {city['name']} (pop {city['population']})")
            if cat == "city-fields" or cat == "option-lang":
                a = d.admin1.get((city["country"], city["admin1"]))
                truth = {"iso2": city["country"], "admin1": a[0] if a else None, "population": city["population"],
                         "lat": float(city["lat"]), "lon": float(city["lon"]),
                         "name": d.city_display_name(city["geonameid"], city["name"], params.get("lang", "en"))}
                if "country" in e:
                    truth["country"] = d.display_name(city["country"], params.get("lang", "en"))
                for k2, v in e.items():
                    if k2 in truth and truth[k2] != v:
                        bad(i, r, f"{k2} is {truth[k2]!r} in the data, expect says {v!r}")
        if "expectCount" in r:
            fq = fold(q)
            n = len(d.starting(fq, d.city_keys, d.sorted_city_keys())) \
                + len(d.starting(fq, d.country_keys, d.sorted_country_keys))
            if n < r["expectCount"]:
                bad(i, r, f"only {n} places have a name starting with {q!r}, fewer than expectCount {r['expectCount']}")
    return problems, notes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", default=os.path.join(ROOT, "Tests", "e2e", "forward_eval.jsonl"))
    ap.add_argument("--data", default=os.path.join(ROOT, "Data"))
    ap.add_argument("--notes", action="store_true", help="also print informational notes")
    args = ap.parse_args()
    rows = [json.loads(line) for line in open(args.set, encoding="utf-8") if line.strip()]
    d = Data(args.data)
    problems, notes = check(rows, d)
    if args.notes:
        for n in notes:
            print("note:", n)
    for p in problems:
        print("PROBLEM:", p)
    print(f"{len(rows)} queries, {len(problems)} problems, {len(notes)} notes")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
