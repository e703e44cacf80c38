#!/usr/bin/env python3
"""Precision@1 of `forwardGeocode` on country and capital name lists from outside projects.

Tests/e2e/forward_eval.jsonl is our own yardstick; this script holds forward search to name lists
that other projects keep and that Data/ was NOT built from (Data/ uses CLDR, Debian iso-codes,
Natural Earth and GeoNames). They are installed with pip at pinned versions into a cache directory
(never into Data/: copying them in would turn the yardstick into the answer key):

- `countrynames==1.17.0` (OpenSanctions): ~27,000 names in many languages and scripts, official
  forms, old spellings, typos people made in real records, each under an ISO alpha-2 code;
- `country-converter==1.3.2` (coco): a short name and an official name per country;
- `iso3166==3.0.0`: the ISO short name and its "apolitical" form, and the alpha-2/alpha-3 codes;
- `countryinfo==1.0.1`: the English name, alternative spellings, native name, translations in five
  languages, and the capital with its coordinates.

What counts as right:

- a country name: the first result is that country (`kind` country and `iso2` the list's code).
  A name that a list files under several codes is right for any of them. Codes that are not
  current ISO 3166-1 countries in `iso3166` (a list's "FAIL", "EU", "SU", "YUCS", ...) and
  codes our Natural Earth data has no country for are left out: there is no right answer.
  Demonyms and city names some lists carry as keys ("German", "Hamburg") stay in: we count them
  and show them, they are what the lists' users type, but a miss there is not a defect of
  forward search.
- a capital: the first result is a city of the list's country that is either the city of that
  country in Data/cities.tsv nearest the list's capital coordinates or the one marked as the
  national capital there, so the list's own spelling of the city's name does not have to be ours
  and a coordinate a few kilometres off still finds the city.

    python3 scripts/forward-outside-lists.py                 # table, then the misses grouped
    python3 scripts/forward-outside-lists.py --bin OLD/geocoder --no-misses
    python3 scripts/forward-outside-lists.py --list countrynames --json

The server is spawned once ($GEOCODER_BIN, --bin, else .build/release/geocoder) and every query
is sent pipelined. Packages go to $GEOCODER_OUTSIDE_LISTS (default ~/.cache/geocoder-outside-lists).
"""
import argparse
import collections
import csv
import glob
import json
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "e2e"))

import geoclient  # noqa: E402

PINNED = ("countrynames==1.17.0", "country-converter==1.3.2", "iso3166==3.0.0",
          "countryinfo==1.0.1", "PyYAML==6.0.2")


def install(target):
    """Installs the pinned packages (data only: no dependencies) into `target`, once."""
    stamp = os.path.join(target, ".pinned")
    want = "\n".join(PINNED)
    if not (os.path.exists(stamp) and open(stamp).read() == want):
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--upgrade",
                        "--target", target, *PINNED], check=True, stdout=sys.stderr)
        with open(stamp, "w") as f:
            f.write(want)
    sys.path.insert(0, target)


def our_countries():
    """ISO alpha-2 codes of the countries in Natural Earth (territories such as French Guiana or
    Christmas Island are admin-1 divisions of their state there, not countries)."""
    with open(os.path.join(ROOT, "Data", "ne_10m_admin_0_countries.geojson"), encoding="utf-8") as f:
        return {f["properties"]["ISO_A2_EH"] for f in json.load(f)["features"]}


def iso_codes():
    import iso3166
    return {c.alpha2 for c in iso3166.countries}


def lists(target):
    """{list name: [(query, {right iso2 codes} or capital spec)]} from the installed packages."""
    import yaml
    import iso3166
    valid = iso_codes() & our_countries()
    out = collections.OrderedDict()

    def add(name, pairs):
        by = collections.OrderedDict()
        for q, code in pairs:
            q = q.strip() if isinstance(q, str) else q
            if q and code in valid:
                by.setdefault(q, set()).add(code)
        out[name] = list(by.items())

    with open(os.path.join(target, "countrynames", "data.yaml"), encoding="utf-8") as f:
        data = yaml.safe_load(f)
    add("countrynames", ((str(n), code) for code, names in data.items() for n in names or ()))

    with open(os.path.join(target, "country_converter", "country_data.tsv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    add("coco short", ((r["name_short"], r["ISO2"]) for r in rows))
    add("coco official", ((r["name_official"], r["ISO2"]) for r in rows))

    add("iso3166 names", [p for c in iso3166.countries
                          for p in ((c.name, c.alpha2), (c.apolitical_name, c.alpha2))])
    add("iso3166 codes", [p for c in iso3166.countries
                          for p in ((c.alpha2, c.alpha2), (c.alpha3, c.alpha2))])

    info = []
    for path in sorted(glob.glob(os.path.join(target, "countryinfo", "data", "*.json"))):
        with open(path, encoding="utf-8") as f:
            info.append(json.load(f))
    names, capitals, own_names = [], [], collections.defaultdict(set)
    for d in info:
        code = (d.get("ISO") or {}).get("alpha2")
        if not code:
            continue
        spellings = [s for s in d.get("altSpellings", ()) if s not in (code, d["ISO"].get("alpha3"))]
        for n in [d.get("name"), d.get("nativeName"), *spellings, *(d.get("translations") or {}).values()]:
            if isinstance(n, str):
                names.append((n, code))
                own_names[code].add(n.casefold())
        caps, at = d.get("capital") or (), d.get("capital_latlng") or ()
        if isinstance(caps, str):
            caps = caps.split(" / ")  # "Kralendijk / Oranjestad / The Bottom"
        if at and not isinstance(at[0], list):
            at = [at] * len(caps)
        if code in valid:
            for cap, ll in zip(caps, at):
                capitals.append((cap, (code, tuple(ll))))
    add("countryinfo names", names)
    # A capital's name that two countries share ("Kingston": Jamaica, Norfolk Island) is right for
    # either; one that is also the list's own name of its country ("Monaco", "Singapore") is right as
    # that country too (the country holds its capital, and a country ranks before its namesake city).
    by = collections.OrderedDict()
    for cap, (code, at) in capitals:
        by.setdefault(cap, []).append((code, at, cap.casefold() in own_names[code]))
    out["countryinfo capitals"] = list(by.items())
    return out


def distance_km(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def capital_targets(capitals):
    """For each (country, coordinates): the geonameids that count as right (see the module doc)."""
    cities = collections.defaultdict(list)
    with open(os.path.join(ROOT, "Data", "cities.tsv"), encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            cities[r["country"]].append(r)
    right = {}
    for _, specs in capitals:
        for code, at, _ in specs:
            own = cities.get(code, [])
            ids = {int(r["geonameid"]) for r in own if r["capital"]}
            if own:
                ids.add(int(min(own, key=lambda r: distance_km(at, (float(r["lat"]), float(r["lon"]))))["geonameid"]))
            right[(code, at)] = ids
    return right


def judge(results, spec, right_cities):
    if not isinstance(results, list) or not results:
        return False
    top = results[0]
    if isinstance(spec, set):
        return top.get("kind", "country") == "country" and top.get("iso2") in spec
    kind = top.get("kind", "country")
    return any((kind == "city" and top.get("iso2") == code and top.get("geonameid") in right_cities[(code, at)])
               or (kind == "country" and top.get("iso2") == code and country_too)
               for code, at, country_too in spec)


def in_country(results, spec):
    """Whether the first result lies in (or is) a right country: a softer reading of a miss."""
    if not isinstance(results, list) or not results:
        return False
    codes = spec if isinstance(spec, set) else {code for code, _, _ in spec}
    return results[0].get("iso2") in codes


def shown(r):
    return "{}:{}{} {} ({})".format(r.get("kind", "country"), r.get("iso2"),
                                   f"/{r['geonameid']}" if "geonameid" in r else "", r.get("name"),
                                   r.get("matchType"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.environ.get("GEOCODER_BIN"))
    ap.add_argument("--list", action="append", help="only these lists (repeatable)")
    ap.add_argument("--no-misses", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--packages", default=os.environ.get(
        "GEOCODER_OUTSIDE_LISTS", os.path.expanduser("~/.cache/geocoder-outside-lists")))
    args = ap.parse_args()
    binary = args.bin or os.path.join(ROOT, ".build", "release", "geocoder")
    install(args.packages)
    all_lists = lists(args.packages)
    if args.list:
        all_lists = collections.OrderedDict((k, v) for k, v in all_lists.items() if k in args.list)
    right_cities = capital_targets(all_lists.get("countryinfo capitals", []))

    queries = [(name, q, spec) for name, items in all_lists.items() for q, spec in items]
    with geoclient.Server(binary=binary) as server:
        replies = server.replies("forwardGeocode", [{"query": q, "limit": 3} for _, q, _ in queries],
                                 500, ensure_ascii=False)
        server.close()
    per = collections.OrderedDict((k, [0, 0, 0]) for k in all_lists)
    misses = collections.defaultdict(list)
    for (name, q, spec), reply in zip(queries, replies):
        results = reply.get("result")
        ok = judge(results, spec, right_cities)
        per[name][0] += ok
        per[name][1] += 1
        per[name][2] += ok or in_country(results, spec)
        if not ok:
            misses[name].append((q, spec, results or reply.get("error")))
    if args.json:
        print(json.dumps({k: {"right": a, "total": n, "p1": round(a / n, 4) if n else None,
                              "inCountry": round(c / n, 4) if n else None,
                              "misses": [q for q, _, _ in misses[k]]} for k, (a, n, c) in per.items()},
                         ensure_ascii=False, indent=1))
        return
    # "in country": the first result is the right country or a place in it ("Dubai" for the UAE).
    print(f"{'list':24} {'right':>7} {'of':>7}  P@1    in country")
    for k, (a, n, c) in per.items():
        print(f"{k:24} {a:7d} {n:7d}  {a / n:.3f}  {c / n:.3f}")
    if args.no_misses:
        return
    for k, items in misses.items():
        # Grouped by what came first: nothing, a wrong country, a city, ...
        groups = collections.defaultdict(list)
        for q, spec, res in items:
            top = res[0] if isinstance(res, list) and res else None
            kind = "no result" if top is None else (
                "error" if isinstance(res, dict) else f"first is a {top.get('kind', 'country')} "
                f"({top.get('matchType')})")
            groups[kind].append((q, spec, res))
        print(f"\n## {k}: {len(items)} misses")
        for kind, rows in sorted(groups.items(), key=lambda g: -len(g[1])):
            print(f"### {kind}: {len(rows)}")
            for q, spec, res in rows:
                want = ",".join(sorted(spec)) if isinstance(spec, set) else \
                    "/".join(code for code, _, _ in spec) + " capital"
                got = "; ".join(shown(r) for r in res[:3]) if isinstance(res, list) else json.dumps(res)
                print(f"  {q!r} want {want}: {got}")


if __name__ == "__main__":
    main()
