"""Admin-1 division names in other languages (Data/admin1-names.tsv, Debian iso-codes' ISO 3166-2
translations): forward search finds a division by them as by its own names, `lang` shows a division's
name and a city's admin1 in that language, the table is found beside the data file like the other name
tables, an edit to it rebuilds the cached index, a damaged line stops the start with the file and line
named, and serverInfo counts it.
"""
import json
import os

import pytest

from geoclient import REPO_ROOT, cli_json, data_copy, run_cached

DATA_DIR = os.path.join(REPO_ROOT, "Data")
TABLES = ("ne_10m_admin_0_countries.geojson", "admin1-polygons.geojson", "admin1-names.tsv")


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One index cache for the queries on the bundled data, so the index is built once, not per query."""
    return tmp_path_factory.mktemp("admin1-names")


def forward(tmp_path, query, *args):
    return cli_json(tmp_path, "forward", query, *args)


@pytest.mark.parametrize("query,code", [
    ("Bavière", "DE-BY"), ("Бавария", "DE-BY"), ("バイエルン", "DE-BY"), ("Baviera", "DE-BY"),
    ("Техас", "US-TX"), ("Kalifornia", "US-CA"), ("巴伐利亚", "DE-BY"), ("Toscane", "IT-52"),
])
def test_translated_names_find_the_division_first_as_its_own_names_do(shared, query, code):
    best = forward(shared, query)[0]
    own = forward(shared, "Bayern")[0]
    assert best["kind"] == "admin1" and best["iso3166_2"] == code, best
    assert best["matchType"] == "exact" and best["score"] == own["score"], (best, own)


@pytest.mark.parametrize("lang,name", [("fr", "Bavière"), ("fr-CA", "Bavière"), ("ru", "Бавария"),
                                       ("ja", "バイエルン"), ("pt", "Bavaria")])
def test_lang_shows_the_division_name_in_that_language_else_english(shared, lang, name):
    best = forward(shared, "DE-BY", "--lang", lang)[0]
    assert best["name"] == name and best["admin1"] == name, best


def test_lang_shows_a_citys_admin1_in_that_language(shared):
    munich = forward(shared, "Munich", "--lang", "fr")[0]
    assert munich["kind"] == "city" and munich["admin1"] == "Bavière" and munich["country"] == "Allemagne", munich
    assert forward(shared, "Munich")[0]["admin1"] == "Bavaria"


def test_a_town_keeps_its_name(shared):
    """Rule 4 of Data/README.md: a translation that names a town elsewhere in the country is left out."""
    best = forward(shared, "Moscou")[0]
    assert best["kind"] == "city" and best["iso2"] == "RU", best


def test_table_beside_the_data_file_is_used_and_its_edits_rebuild_the_index(tmp_path):
    folder = data_copy(tmp_path, TABLES)
    data = str(folder / TABLES[0])
    best = forward(tmp_path, "Bavière", "--data", data, "--no-places")[0]
    assert best["iso3166_2"] == "DE-BY", best
    with open(folder / "admin1-names.tsv", "a", encoding="utf-8") as f:
        f.write("DE-BY\txx\tQwertybayern\n")
    best = forward(tmp_path, "Qwertybayern", "--data", data, "--no-places")[0]
    assert best["iso3166_2"] == "DE-BY" and best["matchType"] == "exact", best


def test_damaged_table_is_named_with_its_line(tmp_path):
    folder = data_copy(tmp_path, TABLES)
    (folder / "admin1-names.tsv").write_text("code\tlang\tname\nDE-BY\tfr\tBavière\nDEBY\tru\tБавария\n",
                                             encoding="utf-8")
    proc = run_cached(tmp_path, "forward", "Bavaria", "--data", str(folder / TABLES[0]), "--no-places")
    assert proc.returncode == 1 and "admin1-names.tsv line 3" in proc.stderr, proc.stderr


def test_server_info_counts_the_translations(shared):
    request = {"jsonrpc": "2.0", "id": 1, "method": "serverInfo"}
    proc = run_cached(shared, "serve", stdin=json.dumps(request) + "\n")
    info = json.loads(proc.stdout.splitlines()[0])["result"]
    with open(os.path.join(DATA_DIR, "admin1-names.tsv"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    table = info["tables"]["admin1Names"]
    assert table["translations"] == len(rows) and table["languages"] == len({r[1] for r in rows}), table
    roles = {f["role"]: f for f in info["files"]}
    assert roles["admin1Names"]["path"].endswith("admin1-names.tsv"), roles


def test_rows_follow_the_documented_rules():
    """Each (code, lang) once; codes are ones the admin-1 layer uses; no name repeated within a language and country."""
    with open(os.path.join(DATA_DIR, "admin1-names.tsv"), encoding="utf-8", newline="\n") as f:
        lines = f.read().split("\n")
    assert lines[0] == "code\tlang\tname" and lines[-1] == ""
    rows = [line.split("\t") for line in lines[1:-1]]
    assert rows == sorted(rows)
    with open(os.path.join(DATA_DIR, "admin1-polygons.geojson"), encoding="utf-8") as f:
        codes = {feat["properties"]["iso_3166_2"] for feat in json.load(f)["features"]}
    assert {r[0] for r in rows} <= codes
    assert len({(r[0], r[1]) for r in rows}) == len(rows)
    names = {}
    for code, lang, name in rows:
        names.setdefault((code[:2], lang, name.casefold()), set()).add(code)
    assert all(len(v) == 1 for v in names.values())
