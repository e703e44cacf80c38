"""forwardGeocode against the evaluation set: precision@1 must not fall below the recorded figure.

The set (forward_eval.jsonl) is what users type, with the answer they expect, in every category
the forward-search issue names; scripts/forward-eval-check.py holds each expectation to Data/,
and scripts/forward-eval.py prints the per-category table and every miss. The recorded figure
lives in forward_eval_baseline.json: raise it when the search gets better, never lower it to make
a regression pass.
"""
import importlib.util
import json
import os

import geoclient

HERE = os.path.dirname(os.path.abspath(__file__))
SET = os.path.join(HERE, "forward_eval.jsonl")
BASELINE = os.path.join(HERE, "forward_eval_baseline.json")

#: One category per requirement of the issue; every one must have queries.
CATEGORIES = {
    "country-en": "English country names",
    "cldr-lang": "CLDR names in many languages and scripts",
    "short-variant": "CLDR short and variant forms (Ivory Coast, Congo (DRC))",
    "ne-formal": "Natural Earth long and formal names",
    "iso-alpha2": "ISO alpha-2 codes",
    "iso-alpha3": "ISO alpha-3 codes",
    "iso-numeric": "ISO numeric codes",
    "alias-en": "common English aliases (USA, UK, Holland)",
    "flag-emoji": "flag emoji",
    "normalization": "case, diacritics, punctuation (Cote d Ivoire, Oesterreich)",
    "typo": "typos within 1-2 edits (Germny)",
    "typo-script": "non-Latin misspellings and variants: one wrong letter, ی/ي, ё, niqqud, fullwidth, Han forms",
    "prefix": "prefixes for autocomplete (Switz)",
    "ranking": "exact before alias/prefix/fuzzy; a country before a city of the same name",
    "city-population": "cities by population (Paris -> Paris, France)",
    "city-qualified": "qualified cities (Paris, Texas; Cambridge, MA)",
    "city-exonym": "city names in other languages and scripts (München and Munich)",
    "city-fields": "a city result's country, admin-1, population and coordinates",
    "option-lang": "`lang`: name in the caller's language",
    "option-countryCodes": "`countryCodes` filter",
    "option-kinds": "`kinds` restricts to countries or places",
    "option-limit": "`limit`",
    "iso-official": "issue 16: ISO 3166-1 official and long forms in many languages (Rzeczpospolita Polska)",
    "iso-comma": "issue 16: ISO's comma forms (Korea, Republic of), in many languages",
    "code-upper": "issue 16: an ISO code in capitals ranks its country first (AO, NGA)",
    "capital": "issue 16: capitals by name: own name over alternates, capitals first",
    "words-around": "issue 16: words around a country's name (the, Republic of, Kingdom of)",
    "name-list": "issue 16: one country's names in several languages as lists print them (België / Belgique)",
    "script-pair": "issue 16: a country's name and the same name in another script, joined by a space (Tchad تشاد)",
    "vowel-signs": "issue 16: a Brahmic or South-East Asian name with other vowel signs, viramas or tone marks than the data's (ऍन्डोरा), from an outside list",
    "qualifier-nocomma": "issue 16: a trailing qualifier without a comma (Paris TX)",
    "admin1": "issue 15: admin-1 divisions by name in English or the local language, and by ISO 3166-2 code",
    "admin1-i18n": "admin-1 divisions by their names in other languages and scripts (Bavière, Бавария, バイエルン)",
    "open-vowels": "issue 16: Yoruba written with ɛ/ɔ for ẹ/ọ (Orílɛ́ède Ààndórà), from an outside list",
    "abbreviation": "issue 16: St./Saint, Ste/Sainte, Mt/Mount, Ft/Fort written the other way (St. Vincent and the Grenadines)",
}
PARAMS = {"limit", "lang", "countryCodes", "kinds"}
MIN_QUERIES = 300


def load_module():
    path = os.path.join(geoclient.REPO_ROOT, "scripts", "forward-eval.py")
    spec = importlib.util.spec_from_file_location("forward_eval", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rows():
    with open(SET, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def test_set_has_enough_queries_in_every_category():
    lines = rows()
    assert len(lines) >= MIN_QUERIES, f"{len(lines)} queries, the issue asks for at least {MIN_QUERIES}"
    seen = {r["category"] for r in lines}
    missing = sorted(set(CATEGORIES) - seen)
    assert not missing, f"categories without a query: {missing}"
    unknown = sorted(seen - set(CATEGORIES))
    assert not unknown, f"categories not in the list of the issue's requirements: {unknown}"


def test_set_lines_are_well_formed():
    seen = set()
    for n, r in enumerate(rows(), 1):
        where = f"line {n} ({r.get('query')!r})"
        assert isinstance(r.get("query"), str) and r["query"], where
        assert set(r.get("params", {})) <= PARAMS, f"{where}: unknown params {r['params']}"
        e = r.get("expect")
        assert isinstance(e, dict) and e.get("kind") in ("country", "city", "admin1"), f"{where}: expect {e}"
        if e["kind"] == "city":
            assert isinstance(e.get("geonameid"), int), f"{where}: a city is identified by geonameid"
        else:
            assert "iso2" in e or "adm0a3" in e, f"{where}: a country is identified by iso2 or adm0a3"
        key = (r["query"], json.dumps(r.get("params", {}), sort_keys=True), r["category"])
        assert key not in seen, f"{where}: duplicate of an earlier line"
        seen.add(key)


def test_precision_at_1_is_not_below_the_recorded_figure(geocoder_bin):
    with open(BASELINE, encoding="utf-8") as f:
        recorded = json.load(f)["precision_at_1"]
    ev = load_module()
    lines = ev.load_set(SET)
    summary = ev.summarize(lines, ev.run(lines, binary=geocoder_bin))
    p = summary["precision_at_1"]
    geoclient.SUMMARY.append(f"forwardGeocode evaluation: precision@1 {p:.4f} "
                             f"({summary['correct']}/{summary['total']}), recorded {recorded}")
    misses = "\n".join(f"  [{m['category']}] {m['query']!r} {m['params'] or ''} want {m['expect']} got {m['got']}"
                       for m in summary["misses"][:40])
    assert p >= recorded, (f"precision@1 {p:.4f} ({summary['correct']}/{summary['total']}) is below the "
                           f"recorded {recorded} (forward_eval_baseline.json); first misses:\n{misses}\n"
                           f"run scripts/forward-eval.py for the full table")
