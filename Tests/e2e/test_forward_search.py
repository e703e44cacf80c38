"""forwardGeocode as a user meets it (issue 5): every kind of name, aliases, codes, flags, typos, prefixes,
cities ranked by population, qualified city queries, and the lang / countryCodes / kinds options.

Runs against the real binary and the bundled Data/ tables; every reply is also validated against the
OpenRPC document. (The precision@1 evaluation set is a separate file; these are the feature checks.)
"""
import json

import pytest

from geoclient import cli_json, data_copy, run_cached
from test_openrpc_schema import RESULT_VALIDATORS

MEMBERS = ["kind", "name", "matched", "matchType", "score", "iso2", "iso3", "adm0a3", "country", "admin1",
           "population", "lat", "lon"]


def forward(server, query, **options):
    params = dict(query=query, **options)
    results = server.result("forwardGeocode", params)
    RESULT_VALIDATORS["forwardGeocode"].validate(results)
    scores = [r["score"] for r in results]
    assert scores == sorted(scores, reverse=True), (query, scores)
    places = [(r["kind"], r.get("geonameid") or r.get("iso3166_2") or r["name"], r["adm0a3"]) for r in results]
    assert len(places) == len(set(places)), f"{query}: a place appears twice"
    return results


CASES = [
    # (query, kind, iso2, name of the best match, matchType)
    ("Germany", "country", "DE", "Germany", "exact"),
    ("deutschland", "country", "DE", "Germany", "exact"),
    ("Allemagne", "country", "DE", "Germany", "exact"),
    ("日本", "country", "JP", "Japan", "exact"),
    ("Brasil", "country", "BR", "Brazil", "exact"),
    ("Cote d Ivoire", "country", "CI", "Côte d'Ivoire", "exact"),
    ("Oesterreich", "country", "AT", "Austria", "exact"),
    ("DE", "country", "DE", "Germany", "exact"),
    ("jpn", "country", "JP", "Japan", "exact"),
    ("392", "country", "JP", "Japan", "exact"),
    ("🇯🇵", "country", "JP", "Japan", "exact"),
    ("UK", "country", "GB", "United Kingdom", None),
    ("Great Britain", "country", "GB", "United Kingdom", None),
    ("Holland", "country", "NL", "Netherlands", None),
    ("Burma", "country", "MM", "Myanmar", None),
    ("Ivory Coast", "country", "CI", "Côte d'Ivoire", None),
    ("Switz", "country", "CH", "Switzerland", "prefix"),
    ("Germny", "country", "DE", "Germany", "fuzzy"),
    ("Untied States", "country", "US", None, "fuzzy"),
    ("Paris", "city", "FR", "Paris", "exact"),
    ("Roma", "city", "IT", "Rome", "exact"),
    ("München", "city", "DE", "Munich", "exact"),
    ("Munich", "city", "DE", "Munich", "exact"),
    ("Muenchen", "city", "DE", "Munich", "exact"),
    ("Paris, Texas", "city", "US", "Paris", "exact"),
    ("Paris, France", "city", "FR", "Paris", "exact"),
    ("Springfield, Illinois", "city", "US", "Springfield", "exact"),
    ("Cambridge, MA", "city", "US", "Cambridge", "exact"),
    ("Москва", "city", "RU", "Moscow", "exact"),
]


@pytest.mark.parametrize("query,kind,iso2,name,match_type", CASES, ids=[c[0] for c in CASES])
def test_best_match(server, query, kind, iso2, name, match_type):
    best = forward(server, query, limit=3)[0]
    assert (best["kind"], best["iso2"]) == (kind, iso2), best
    if name is not None:
        assert best["name"] == name, best
    if match_type is not None:
        assert best["matchType"] == match_type, best


def test_members_and_values(server):
    city = forward(server, "Paris, Texas", limit=1)[0]
    assert list(city) == MEMBERS + ["geonameid"]
    assert city["admin1"] == "Texas" and city["country"] in ("United States", "United States of America")
    assert city["population"] > 10_000 and abs(city["lat"] - 33.66) < 0.01 and abs(city["lon"] + 95.56) < 0.01
    country = forward(server, "Japan", limit=1)[0]
    assert list(country) == MEMBERS + ["centroid", "labelPoint", "bbox"]
    assert country["admin1"] is None and country["population"] > 100_000_000
    assert (country["lat"], country["lon"]) == (country["centroid"]["lat"], country["centroid"]["lon"])


def test_cities_by_population_and_qualifiers(server):
    paris = forward(server, "Paris", limit=5, kinds=["city"])
    assert paris[0]["iso2"] == "FR" and len(paris) == 5
    assert [r["population"] for r in paris if r["matchType"] == "exact"][0] == max(
        r["population"] for r in paris if r["matchType"] == "exact")
    texas = forward(server, "Paris, Texas", limit=10)
    assert texas and all(r["kind"] == "city" and r["admin1"] == "Texas" for r in texas)
    assert forward(server, "Springfield, Massachusetts", limit=1)[0]["admin1"] == "Massachusetts"
    assert forward(server, "Paris, Atlantis") == []


def test_alias_beats_small_town(server):
    holland = forward(server, "Holland", limit=5)
    assert holland[0]["kind"] == "country" and holland[0]["iso2"] == "NL"
    assert any(r["kind"] == "city" and r["admin1"] == "Michigan" for r in holland)


# Issue 16, class 5: capitals whose names other places share, and the country each is the capital of.
CAPITALS = [("Victoria", "SC"), ("Douglas", "IM"), ("Jamestown", "SH"), ("Stanley", "FK"), ("Plymouth", "MS"),
            ("San José", "CR"), ("Saint John's", "AG"), ("Philipsburg", "SX"), ("The Valley", "AI"),
            ("Kingstown", "VC"), ("Adamstown", "PN"), ("Bridgetown", "BB"), ("Islamabad", "PK")]


@pytest.mark.parametrize("query,iso2", CAPITALS, ids=[c[0] for c in CAPITALS])
def test_capitals_in_the_default_list(server, query, iso2):
    """The default result list (limit 5) holds the capital. A capital matched exactly ranks as if 100× its
    population: first where the rival is within 100× of it, after a rival more than 100× larger
    (Plymouth, England: 260,203 against Plymouth, Montserrat: no people, scored as 20,000)."""
    results = forward(server, query)
    assert any(r["kind"] == "city" and r["iso2"] == iso2 and r["matchType"] == "exact" for r in results), \
        [(r["name"], r["iso2"], r["population"]) for r in results]
    best = results[0]
    if best["kind"] == "city" and best["iso2"] != iso2:
        capital = next(r for r in results if r["kind"] == "city" and r["iso2"] == iso2)
        assert best["population"] > 100 * max(capital["population"], 200), (best, capital)


def test_lang_names_countries(server):
    de = forward(server, "Germany", limit=1, lang="de")[0]
    assert de["name"] == "Deutschland" and de["country"] == "Deutschland"
    assert forward(server, "Japan", limit=1, lang="pt-BR")[0]["name"] == "Japão"
    assert forward(server, "Japan", limit=1, lang="zh-Hant-TW")[0]["name"] == "日本"
    assert forward(server, "Japan", limit=1, lang="xx")[0]["name"] == "Japan", "unknown language: English"
    city = forward(server, "Munich", limit=1, lang="fr")[0]
    assert city["name"] == "Munich" and city["country"] == "Allemagne"


def test_country_codes_and_kinds(server):
    us = forward(server, "Paris", limit=5, countryCodes=["us"])
    assert us and all(r["iso2"] == "US" for r in us)
    assert all(r["kind"] == "country" for r in forward(server, "Holland", limit=5, kinds=["country"]))
    assert all(r["kind"] == "city" for r in forward(server, "Holland", limit=5, kinds=["city"]))


def test_admin1_divisions(server):
    """Issue 15: divisions by English and local name and by ISO 3166-2 code (any case), as kind admin1 with
    the country, code, type, a centroid inside the bbox; kinds selects them; a country of the name first."""
    for query in ["Texas", "US-TX", "us-tx", "Bavaria", "Bayern", "Île-de-France", "Nordrhein-Westfalen"]:
        top = forward(server, query, limit=3)[0]
        assert top["kind"] == "admin1", (query, top)
        assert list(top)[:13] == MEMBERS and list(top)[13:] == ["centroid", "bbox", "iso3166_2", "type"]
        west, south, east, north = top["bbox"]
        assert south <= top["lat"] <= north and west <= top["lon"] <= east, top
        assert top["centroid"] == {"lat": top["lat"], "lon": top["lon"]} and top["population"] is None
    texas = forward(server, "Texas", limit=1)[0]
    assert (texas["iso2"], texas["iso3"], texas["iso3166_2"], texas["type"], texas["country"]) == \
        ("US", "USA", "US-TX", "State", "United States")
    assert forward(server, "US-TX", limit=1)[0]["matchType"] == "exact"
    georgia = forward(server, "Georgia", limit=3)
    assert (georgia[0]["kind"], georgia[0]["iso2"]) == ("country", "GE")
    assert (georgia[1]["kind"], georgia[1]["iso3166_2"]) == ("admin1", "US-GA")
    # A city of the name inside the division first: Vienna, then the state.
    assert [r["kind"] for r in forward(server, "Wien", limit=2)] == ["city", "admin1"]
    only = forward(server, "Georgia", limit=5, kinds=["admin1"])
    assert only and all(r["kind"] == "admin1" for r in only)
    assert all(r["kind"] != "admin1" for r in forward(server, "Texas", limit=5, kinds=["country", "city"]))
    assert forward(server, "Texas", limit=5, kinds=["admin1"], countryCodes=["MX"]) == []


@pytest.mark.parametrize("params,param", [
    ({"query": "x", "lang": "123"}, "lang"), ({"query": "x", "lang": 5}, "lang"),
    ({"query": "x", "countryCodes": "FR"}, "countryCodes"), ({"query": "x", "countryCodes": ["FRA"]}, "countryCodes"),
    ({"query": "x", "countryCodes": []}, "countryCodes"), ({"query": "x", "kinds": []}, "kinds"),
    ({"query": "x", "kinds": ["town"]}, "kinds"), ({"query": "x", "kinds": "city"}, "kinds"),
], ids=["lang_digits", "lang_number", "codes_string", "codes_alpha3", "codes_empty", "kinds_empty", "kinds_town",
        "kinds_string"])
def test_bad_options(server, params, param):
    reply = server.call("forwardGeocode", params)
    assert reply["error"]["code"] == -32602 and reply["error"]["data"]["param"] == param, reply


#: The bundled files the forward tests edit copies of.
FORWARD_TABLES = ("ne_10m_admin_0_countries.geojson", "country-names.tsv", "admin1.tsv", "cities.tsv")
cli = cli_json
run = run_cached


def test_edited_city_table_rebuilds_the_index(tmp_path):
    folder = data_copy(tmp_path, FORWARD_TABLES)
    data = str(folder / "ne_10m_admin_0_countries.geojson")
    assert cli(tmp_path, "forward", "Zyxwvuville", "--data", data) == []
    with open(folder / "cities.tsv", "a", encoding="utf-8") as f:
        f.write("99999999\tZyxwvuville\t10.5\t20.5\tTD\t\t123456\tZyx\t\n")  # last: the capital column
    found = cli(tmp_path, "forward", "Zyxwvuville", "--data", data)
    assert found and found[0]["kind"] == "city" and found[0]["geonameid"] == 99999999 and found[0]["admin1"] is None
    assert cli(tmp_path, "forward", "Zyx", "--data", data)[0]["name"] == "Zyxwvuville"


def test_no_places_and_bad_table(tmp_path):
    folder = data_copy(tmp_path, FORWARD_TABLES)
    data = str(folder / "ne_10m_admin_0_countries.geojson")
    # No cities; a division may still match by prefix (Estonian "Päris-Soome", admin1-names.tsv).
    assert all(r["kind"] != "city" for r in cli(tmp_path, "forward", "Paris", "--data", data, "--no-places"))
    (folder / "admin1.tsv").write_text("country\tcode\tname\talternates\nus\tTX\tTexas\t\n", encoding="utf-8")
    proc = run(tmp_path, "forward", "Paris", "--data", data)
    assert proc.returncode == 1 and "admin1.tsv line 2" in proc.stderr, proc.stderr


def test_user_geojson_keeps_cldr_names_and_cities(tmp_path):
    square = {"type": "Feature", "properties": {"NAME": "Squareland", "ADM0_A3": "FRA", "ISO_A2_EH": "FR"},
              "geometry": {"type": "Polygon", "coordinates": [[[0, 40], [10, 40], [10, 50], [0, 50], [0, 40]]]}}
    data = tmp_path / "mine.geojson"
    data.write_text(json.dumps({"type": "FeatureCollection", "features": [square]}))
    country = cli(tmp_path, "forward", "Frankreich", "--data", str(data))[0]
    assert country["kind"] == "country" and country["name"] == "Squareland"
    assert cli(tmp_path, "forward", "Paris", "--data", str(data))[0]["iso2"] == "FR"
