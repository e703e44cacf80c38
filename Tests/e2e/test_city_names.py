"""Cities' names in other languages (Data/city-names.tsv: CLDR's exemplar cities, then GeoNames' language-tagged
names; issue 16, "lang for city names"): forwardGeocode's `lang` shows a city's name in that language, dropping subtags from the right as for
countries, else its GeoNames name; the table is found beside the data file like the other name tables, an
edit to it rebuilds the cached index, and a damaged line stops the start with the file and line named.
Every row's geonameid is a city of cities.tsv, and what the server shows for a sample of rows is the row's name.
"""
import os

import pytest

from geoclient import REPO_ROOT, cli_json, data_copy, run_cached
from test_openrpc_schema import RESULT_VALIDATORS

DATA_DIR = os.path.join(REPO_ROOT, "Data")
TABLES = ("ne_10m_admin_0_countries.geojson", "cities.tsv", "city-names.tsv")


def read_rows():
    with open(os.path.join(DATA_DIR, "city-names.tsv"), encoding="utf-8", newline="\n") as f:
        lines = f.read().split("\n")
    assert lines[0] == "geonameid\tlang\tname" and lines[-1] == ""
    return [line.split("\t") for line in lines[1:-1]]


def best_city(server, query, **options):
    results = server.result("forwardGeocode", dict(query=query, limit=1, kinds=["city"], **options))
    RESULT_VALIDATORS["forwardGeocode"].validate(results)
    assert results and results[0]["kind"] == "city", (query, results)
    return results[0]


@pytest.mark.parametrize("query,lang,name", [
    ("London", "ru", "Лондон"), ("London", "fr", "Londres"), ("London", "fr-CA", "Londres"),
    ("London", "ja", "ロンドン"), ("Vienna", "fr", "Vienne"), ("Wien", "zh-Hans", "维也纳"),
    ("Tokyo", "ar", "طوكيو"), ("New York City", "el", "Νέα Υόρκη"), ("Kyiv", "de", "Kiew"), ("Kolkata", "fr", "Calcutta"),
    # GeoNames' language-tagged names (libgeonames-common): cities that name no time zone.
    ("Munich", "ja", "ミュンヘン"), ("Munich", "de", "München"), ("Munich", "it", "Monaco di Baviera"),
    ("Florence", "it", "Firenze"), ("Cologne", "ru", "Кёльн"),
])
def test_lang_shows_the_city_in_that_language(server, query, lang, name):
    city = best_city(server, query, lang=lang)
    assert city["name"] == name, city
    plain = best_city(server, query)
    assert plain["geonameid"] == city["geonameid"] and plain["name"] != name, (plain, city)


def test_a_city_without_a_translation_keeps_its_geonames_name(server):
    """Kreuzberg names no time zone and GeoNames tags none of its names with a language: the GeoNames name,
    with the country and division in Japanese."""
    town = best_city(server, "Kreuzberg", lang="ja")
    assert town["name"] == "Kreuzberg" and town["country"] == "ドイツ" and town["admin1"] == "ベルリン", town
    assert best_city(server, "London", lang="xx")["name"] == "London", "unknown language: the GeoNames name"


def test_rows_name_cities_and_the_server_shows_them():
    """Every geonameid is a city of cities.tsv; one (city, language) a row; no row repeats the GeoNames name
    unless its language's prefix has another name (the lookup would otherwise show that one)."""
    rows = read_rows()
    with open(os.path.join(DATA_DIR, "cities.tsv"), encoding="utf-8") as f:
        cities = {line.split("\t")[0]: line.split("\t")[1] for line in list(f)[1:]}
    assert rows == sorted(rows, key=lambda r: (int(r[0]), r[1], r[2]))
    assert {r[0] for r in rows} <= set(cities)
    assert len({(r[0], r[1]) for r in rows}) == len(rows)
    by_key = {(r[0], r[1]): r[2] for r in rows}
    for geonameid, lang, name in rows:
        if name == cities[geonameid]:
            assert "-" in lang and (geonameid, lang.rsplit("-", 1)[0]) in by_key, (geonameid, lang, name)


def test_sample_rows_are_what_lang_shows(server):
    rows = read_rows()
    with open(os.path.join(DATA_DIR, "cities.tsv"), encoding="utf-8") as f:
        cities = {line.split("\t")[0]: line.split("\t")[1] for line in list(f)[1:]}
    shown = 0
    for geonameid, lang, name in rows[::997]:
        results = server.result("forwardGeocode", {"query": cities[geonameid], "limit": 50, "kinds": ["city"],
                                                   "lang": lang})
        hits = [r for r in results if r["geonameid"] == int(geonameid)]
        if hits:
            assert hits[0]["name"] == name, (geonameid, lang, hits[0])
            shown += 1
    assert shown >= 20


def test_table_beside_the_data_file_is_used_and_its_edits_rebuild_the_index(tmp_path):
    folder = data_copy(tmp_path, TABLES)
    data = str(folder / TABLES[0])
    assert cli_json(tmp_path, "forward", "London", "--data", data, "--lang", "fr")[0]["name"] == "Londres"
    with open(folder / "city-names.tsv", "a", encoding="utf-8") as f:
        f.write("2643743\txx\tQwertylondon\n")
    assert cli_json(tmp_path, "forward", "London", "--data", data, "--lang", "xx")[0]["name"] == "Qwertylondon"


def test_damaged_table_is_named_with_its_line(tmp_path):
    folder = data_copy(tmp_path, TABLES)
    (folder / "city-names.tsv").write_text("geonameid\tlang\tname\n2643743\tfr\tLondres\nLondon\tru\tЛондон\n",
                                           encoding="utf-8")
    proc = run_cached(tmp_path, "forward", "London", "--data", str(folder / TABLES[0]))
    assert proc.returncode == 1 and "city-names.tsv line 3" in proc.stderr, proc.stderr
