"""ISO 3166-1 names and official names (Data/iso-country-names.tsv, Debian iso-codes; issue 16 item 2):
the table is found beside the data file like the other name tables, its rows are exact country names,
an edit to it rebuilds the cached index, and a damaged line stops the start with the file and line named.
"""
import os

import pytest

from geoclient import REPO_ROOT, cli_json, data_copy, run_cached

DATA_DIR = os.path.join(REPO_ROOT, "Data")
TABLES = ("ne_10m_admin_0_countries.geojson", "country-names.tsv", "iso-country-names.tsv")


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One index cache for the queries on the bundled data, so the index is built once, not per query."""
    return tmp_path_factory.mktemp("iso-names")


def first(tmp_path, query, *args):
    results = cli_json(tmp_path, "forward", query, *args)
    return results[0] if results else None


@pytest.mark.parametrize("query,iso2", [
    ("Republic of Côte d'Ivoire", "CI"), ("Islamic Republic of Afghanistan", "AF"),
    ("Federal Democratic Republic of Nepal", "NP"), ("Rzeczpospolita Polska", "PL"),
    ("République unie de Tanzanie", "TZ"), ("Republiek Malta", "MT"), ("Kingdom of Norway", "NO"),
    ("Königreich Norwegen", "NO"), ("Reino de España", "ES"), ("Plurinational State of Bolivia", "BO"),
])
def test_official_names_are_exact_country_matches(shared, query, iso2):
    best = first(shared, query)
    assert best and best["kind"] == "country" and best["iso2"] == iso2, best
    assert best["matchType"] == "exact" and best["score"] >= 0.98, best


def test_table_beside_the_data_file_is_used_and_its_edits_rebuild_the_index(tmp_path):
    folder = data_copy(tmp_path, TABLES)
    data = str(folder / TABLES[0])
    assert first(tmp_path, "Rzeczpospolita Polska", "--data", data, "--no-places")["iso2"] == "PL"
    with open(folder / "iso-country-names.tsv", "a", encoding="utf-8") as f:
        f.write("TD\txx\tofficial\tQwertyrepubliek Tsjaad\n")
    best = first(tmp_path, "Qwertyrepubliek Tsjaad", "--data", data, "--no-places")
    assert best and best["iso2"] == "TD" and best["matchType"] == "exact", best


def test_damaged_table_is_named_with_its_line(tmp_path):
    folder = data_copy(tmp_path, TABLES)
    (folder / "iso-country-names.tsv").write_text("code\tlang\tkind\tname\nPL\tpl\tofficial\tRP\nFR\tfr\tformal\tRF\n",
                                                  encoding="utf-8")
    proc = run_cached(tmp_path, "forward", "France", "--data", str(folder / TABLES[0]), "--no-places")
    assert proc.returncode == 1 and "iso-country-names.tsv line 3" in proc.stderr, proc.stderr


def read_rows():
    with open(os.path.join(DATA_DIR, "iso-country-names.tsv"), encoding="utf-8", newline="\n") as f:
        lines = f.read().split("\n")
    assert lines[0] == "code\tlang\tkind\tname" and lines[-1] == ""
    return [line.split("\t") for line in lines[1:-1]]


def folded(text):
    import unicodedata
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)).casefold()


def test_no_text_names_two_countries_in_one_language():
    """Outdated translations (the same text for Pakistan and Afghanistan) are left out at regeneration."""
    owners = {}
    for code, lang, kind, name in read_rows():
        assert kind in ("iso", "official") and len(code) == 2 and name == name.strip(), (code, lang, kind, name)
        owners.setdefault((lang, folded(name)), set()).add(code)
    shared = {key: codes for key, codes in owners.items() if len(codes) > 1}
    assert not shared, sorted(shared.items())[:10]


def test_no_translation_is_another_countrys_english_name():
    rows = read_rows()
    english = {}
    for code, lang, _, name in rows:
        if lang == "en":
            english.setdefault(folded(name), set()).add(code)
    slips = [(code, lang, name) for code, lang, _, name in rows
             if lang != "en" and folded(name) in english and code not in english[folded(name)]]
    assert not slips, slips[:10]
