"""serverInfo (issue 17): a client can ask which layers and name tables the server loaded, from which
files, in which data versions, with which index cache and limits; rpc.discover's info carries the same
object. Expected values are derived from the files and the README, never typed in."""
import json
import os
import shutil
import subprocess
import sys

import jsonschema
import pytest

from geoclient import REPO_ROOT, REPLY_TIMEOUT, locate_binary

DATA = os.path.join(REPO_ROOT, "Data")
with open(os.path.join(REPO_ROOT, "rpc-schema", "openrpc.json"), encoding="utf-8") as f:
    DOC = json.load(f)
SCHEMA = dict(DOC["components"]["schemas"]["ServerInfo"], components=DOC["components"])


def ask(tmp_path, *args, cache=None, lines=None):
    """serverInfo and rpc.discover results from a fresh server run with `args`."""
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(cache or tmp_path / "cache"))
    env.pop("GEOCODER_NO_CACHE", None)
    requests = lines or [{"jsonrpc": "2.0", "id": 1, "method": "serverInfo"},
                         {"jsonrpc": "2.0", "id": 2, "method": "rpc.discover"}]
    proc = subprocess.run([locate_binary(), *args], input="".join(json.dumps(r) + "\n" for r in requests).encode(),
                          capture_output=True, timeout=REPLY_TIMEOUT * 4, env=env, cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stderr.decode()
    replies = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    return replies


def readme_sources():
    """file name -> source cell of Data/README.md's data table (what serverInfo must report)."""
    sources = {}
    with open(os.path.join(DATA, "README.md"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("| `"):
                cells = [c.replace("`", "").replace("*", "").strip() for c in line.split("|")]
                for name in cells[1].split(","):
                    sources[name.strip()] = cells[2]
    return sources


def test_full_data_reports_every_layer_table_file_and_the_cache(tmp_path):
    info_reply, discover_reply = ask(tmp_path)
    info = info_reply["result"]
    jsonschema.Draft7Validator(SCHEMA).validate(info)
    assert info["runtime"] == "native" and info["program"].startswith("geocoder ")
    assert all(layer["present"] and layer["features"] > 0 for layer in info["layers"].values()), info["layers"]
    assert all(table["present"] and table["entries"] > 0 for table in info["tables"].values()), info["tables"]
    sources = readme_sources()
    roles = {f["role"]: f for f in info["files"]}
    expected = {"countries": "ne_10m_admin_0_countries.geojson", "countryNames": "country-names.tsv",
                "admin1": "admin1.tsv", "cities": "cities.tsv", "localities": "localities.tsv",
                "admin1Polygons": "admin1-polygons.geojson",
                "timezones": "timezones.geojson", "admin1Names": "admin1-names.tsv", "cityNames": "city-names.tsv"}
    assert set(roles) == set(expected)
    for role, name in expected.items():
        entry = roles[role]
        assert os.path.realpath(entry["path"]) == os.path.realpath(os.path.join(DATA, name)), entry
        assert entry["bytes"] == os.path.getsize(os.path.join(DATA, name)), entry
        assert entry["source"] == sources[name], entry
    assert info["indexCache"] and os.path.dirname(info["indexCache"]) == str(tmp_path / "cache")
    assert os.path.isfile(info["indexCache"]), "the index named is the one on disk"
    assert discover_reply["result"]["info"]["x-serverInfo"] == info


def test_counts_follow_what_was_loaded(tmp_path):
    full = ask(tmp_path)[0]["result"]
    bare = ask(tmp_path, "--no-places", "--no-layers", "--no-cache", "--max-batch", "7")[0]["result"]
    assert bare["layers"]["countries"] == full["layers"]["countries"]
    assert bare["layers"]["admin1"] == {"present": False, "features": None}
    assert bare["layers"]["timezones"] == {"present": False, "features": None}
    assert bare["tables"]["cities"] == {"present": False, "entries": 0}
    assert bare["tables"]["localities"] == {"present": False, "entries": 0}
    assert full["tables"]["localities"] == {"present": True, "entries": 100918}
    assert bare["tables"]["cityNames"] == {"present": False, "entries": 0, "cities": 0, "languages": 0}
    with open(os.path.join(DATA, "city-names.tsv"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    assert full["tables"]["cityNames"] == {"present": True, "entries": len(rows), "cities": len({r[0] for r in rows}),
                                           "languages": len({r[1] for r in rows})}
    assert bare["tables"]["countryNames"] == full["tables"]["countryNames"], "--no-places keeps the CLDR names"
    assert bare["indexCache"] is None and bare["limits"]["maxBatch"] == 7 and full["limits"]["maxBatch"] == 10000
    assert {f["role"]: f["path"] for f in bare["files"]}["cities"] is None
    assert {f["role"]: f["path"] for f in bare["files"]}["localities"] is None
    assert {f["role"]: f["path"] for f in bare["files"]}["cityNames"] is None


def test_user_layers_are_listed_with_their_counts_by_kind(tmp_path):
    """--layer files appear in userLayers, in the order given, counted by geometry kind from the file."""
    helsinki = os.path.join(REPO_ROOT, "Tests", "e2e", "fixtures", "helsinki", "helsinki.geojson")
    small = tmp_path / "small.geojson"
    small.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "A"}, "geometry": {"type": "MultiPoint", "coordinates": [[1, 2]]}},
        {"type": "Feature", "properties": {}, "geometry": None},
        {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[1, 2], [2, 3]]}},
    ]}))
    info_reply, discover_reply = ask(tmp_path, "--layer", f"city={helsinki}", "--layer", f"small={small}")
    info = info_reply["result"]
    jsonschema.Draft7Validator(SCHEMA).validate(info)
    with open(helsinki, encoding="utf-8") as f:
        features = json.load(f)["features"]
    kinds = [(feature.get("geometry") or {}).get("type") for feature in features]
    assert info["userLayers"] == [
        {"name": "city", "features": len(features), "points": kinds.count("Point") + kinds.count("MultiPoint"),
         "lines": kinds.count("LineString") + kinds.count("MultiLineString"),
         "polygons": kinds.count("Polygon") + kinds.count("MultiPolygon")},
        {"name": "small", "features": 3, "points": 1, "lines": 1, "polygons": 0},
    ]
    assert info["userLayers"][0]["lines"] > 0 and info["userLayers"][0]["polygons"] > 0
    assert discover_reply["result"]["info"]["x-serverInfo"] == info
    assert ask(tmp_path)[0]["result"]["userLayers"] == [], "no --layer: an empty list"


def test_a_lone_geojson_reports_missing_tables(tmp_path):
    folder = tmp_path / "lone"
    folder.mkdir()
    shutil.copy(os.path.join(DATA, "ne_10m_admin_0_countries.geojson"), folder / "countries.geojson")
    # Another executable location, so the bundled Data/ is not found beside it either.
    binary = tmp_path / "bin" / "geocoder"
    binary.parent.mkdir()
    shutil.copy(locate_binary(), binary)
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(tmp_path / "cache"))
    proc = subprocess.run([str(binary), "--data", str(folder / "countries.geojson")],
                          input=b'{"jsonrpc":"2.0","id":1,"method":"serverInfo"}\n', capture_output=True,
                          timeout=REPLY_TIMEOUT * 4, env=env, cwd=str(tmp_path))
    info = json.loads(proc.stdout)["result"]
    assert info["layers"]["countries"]["present"] and not info["layers"]["admin1"]["present"]
    assert all(not t["present"] for t in info["tables"].values()), info["tables"]
    files = {f["role"]: f for f in info["files"]}
    assert files["cities"] == {"role": "cities", "path": None, "bytes": None, "source": None}
    assert files["countries"]["source"] is None, "no README beside the data: no source claimed"


def test_served_document_passes_the_openrpc_meta_schema(tmp_path):
    document = ask(tmp_path)[1]["result"]
    path = tmp_path / "served.json"
    path.write_text(json.dumps(document))
    validate = os.path.join(REPO_ROOT, "..", "shared", "conformance", "openrpc", "validate.py")
    if not os.path.exists(validate):
        pytest.skip("../shared/conformance is not there")
    done = subprocess.run([sys.executable, validate, str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
