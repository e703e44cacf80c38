"""Placemarks end to end: the real binary on a fixture data directory (Tests/e2e/fixtures/placemark: two
countries, admin-1 divisions that disagree with the country borders on purpose, two time zones).

Checks reverseGeocode and reverseGeocodeMany members, `fields`, that `fields: ["country"]` answers byte for
byte as a server without layers, `geocoder reverse --fields`, `geocoder csv --fields`, the note a server
gives once for a missing layer file, and that a changed layer file rebuilds the cached index.
"""
import csv
import io
import json
import os
import shutil

import pytest

from cachefiles import cache_files, settle
from geoclient import Server, run_cli

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "placemark")
LAYERS = ["admin1-polygons.geojson", "timezones.geojson"]

#: (lat, lon) → (country iso2, admin1 name, ISO 3166-2, territory iso2, time zone)
KNOWN = {
    (5, 2): ("AA", "West", "AA-W", None, "Test/West"),
    (2, 10.2): ("BB", "South", "BB-S", "TT", "Test/East"),  # in Alphaland's East by the admin-1 layer
    (7, 15): ("BB", "Nord", "BB-N", None, "Test/East"),
    (-0.05, 10.4): ("BB", "South", "BB-S", "TT", "Test/East"),  # at sea: the country's nearest division
    (40, -30): (None, None, None, None, "Etc/GMT+2"),  # open sea: the nautical zone
}


ALL_FIELDS = ["country", "admin1", "territory", "locality", "timezone"]
WINDS = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}


@pytest.fixture()
def data_dir(tmp_path):
    for name in ["countries.geojson", *LAYERS]:
        shutil.copy(os.path.join(FIXTURES, name), tmp_path / name)
    return tmp_path


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("GEOCODER_CACHE_DIR", str(cache))
    return cache


def countries(directory):
    return str(directory / "countries.geojson")


def raw(server, method, params):
    server.send({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    return server.read_line()


def test_reverse_members(data_dir):
    with Server(["--data", countries(data_dir)]) as server:
        for (lat, lon), (iso2, admin1, code, territory, zone) in KNOWN.items():
            result = server.result("reverseGeocode", {"lat": lat, "lon": lon, "fields": ALL_FIELDS})
            assert result is not None
            assert result.get("iso2") == iso2
            if iso2 is None:
                assert "iso2" not in result, "no country: only the other members"
            assert (result["admin1"] or {}).get("name") == admin1
            assert (result["admin1"] or {}).get("iso3166_2") == code
            assert (result["territory"] or {}).get("iso2") == territory
            assert result["timezone"] == zone
            # The fixture has no cities of its own: the checkout's Data/cities.tsv is found as for any --data.
            assert result["locality"]["name"] and result["locality"]["direction"] in WINDS
            assert server.result("reverseGeocode", {"lat": lat, "lon": lon}) == result, \
                "no fields: every member"
        assert "not found" not in server.stderr


def test_fields_select_members(data_dir):
    with Server(["--data", countries(data_dir)]) as server:
        result = server.result("reverseGeocode", {"lat": 2, "lon": 10.2, "fields": ["timezone", "territory"]})
        assert list(result) == ["territory", "timezone"]
        assert result == {"territory": {"iso2": "TT", "iso3": "TTT", "name": "Tee Territory"}, "timezone": "Test/East"}
        error = server.call("reverseGeocode", {"lat": 1, "lon": 2, "fields": ["tz"]})["error"]
        assert error["code"] == -32602
        assert error["data"]["param"] == "fields"
        for name in ["country", "admin1", "territory", "locality", "timezone"]:
            assert f'"{name}"' in error["message"]


def test_country_only_is_byte_identical_to_a_server_without_layers(data_dir):
    points = [(lat / 4, lon / 4) for lat in range(-8, 48, 3) for lon in range(-8, 88, 5)]
    with Server(["--data", countries(data_dir)]) as layered, \
            Server(["--data", countries(data_dir), "--no-layers", "--no-places"]) as bare:
        for lat, lon in points:
            today = raw(bare, "reverseGeocode", {"lat": lat, "lon": lon})
            assert raw(layered, "reverseGeocode", {"lat": lat, "lon": lon, "fields": ["country"]}) == today
            assert raw(layered, "reverseGeocode", {"lat": lat, "lon": lon, "fields": ["country"]}) == \
                raw(bare, "reverseGeocode", [lat, lon]), "without layers, no fields is the country alone"
        pairs = [[lat, lon] for lat, lon in points]
        assert raw(layered, "reverseGeocodeMany", {"points": pairs, "fields": ["country"]}) == \
            raw(bare, "reverseGeocodeMany", {"points": pairs})


def test_many_equals_one_by_one(data_dir):
    points = [[lat, lon] for lat, lon in KNOWN] + [[lat / 3, lon / 3] for lat in range(-6, 36, 4) for lon in range(-6, 66, 7)]
    with Server(["--data", countries(data_dir)]) as server:
        for fields in [None, ["country"], ["admin1", "timezone"], ["territory"]]:
            extra = {} if fields is None else {"fields": fields}
            many = server.result("reverseGeocodeMany", {"points": points, **extra})
            assert many == [server.result("reverseGeocode", {"lat": p[0], "lon": p[1], **extra}) for p in points]


def test_cli_reverse_fields(data_dir):
    proc = run_cli(["reverse", "2", "15", "--fields", "timezone,territory", "--data", countries(data_dir)])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"territory": {"iso2": "TT", "iso3": "TTT", "name": "Tee Territory"},
                                       "timezone": "Test/East"}
    proc = run_cli(["reverse", "2", "15", "--fields", "country,zone", "--data", countries(data_dir)])
    assert proc.returncode == 2
    assert b'unknown field "zone"' in proc.stderr and b'"timezone"' in proc.stderr


def test_csv_fields(data_dir):
    rows = "id,lat,lon\na,5,2\nb,2,10.2\nc,40,-30\n"
    proc = run_cli(["csv", "--fields", "country,admin1,territory,timezone", "--data", countries(data_dir)],
                   stdin=rows.encode())
    assert proc.returncode == 0, proc.stderr
    table = list(csv.reader(io.StringIO(proc.stdout.decode())))
    assert table[0] == ["id", "lat", "lon", "iso2", "iso3", "name", "match", "distanceKm",
                        "admin1_name", "admin1_code", "admin1_type", "admin1_geonames",
                        "territory_iso2", "territory_iso3", "territory_name", "timezone"]
    assert table[1] == ["a", "5", "2", "AA", "AAA", "Alphaland", "inside", "0",
                        "West", "AA-W", "Province", "01", "", "", "", "Test/West"]
    assert table[2][8:] == ["South", "BB-S", "Region", "S1", "TT", "TTT", "Tee Territory", "Test/East"]
    assert table[3][3:] == ["", "", "", "none", "", "", "", "", "", "", "", "", "Etc/GMT+2"]
    # Without --fields: every member the data answers, in the documented order (the locality's columns
    # too: the checkout's Data/cities.tsv is found as for any --data).
    plain = run_cli(["csv", "--data", countries(data_dir)], stdin=rows.encode())
    assert plain.returncode == 0, plain.stderr
    every = list(csv.reader(io.StringIO(plain.stdout.decode())))
    assert every[0] == ["id", "lat", "lon", "iso2", "iso3", "name", "match", "distanceKm",
                        "admin1_name", "admin1_code", "admin1_type", "admin1_geonames",
                        "territory_iso2", "territory_iso3", "territory_name",
                        "locality_name", "locality_geonameid", "locality_population", "locality_distance_km",
                        "locality_bearing", "locality_direction", "timezone"]
    assert [row[:15] + row[21:] for row in every[1:]] == table[1:]
    # --fields country: the five columns of before; without layers and places, no --fields: the same five.
    country = run_cli(["csv", "--fields", "country", "--data", countries(data_dir)], stdin=rows.encode())
    assert country.stdout.split(b"\n")[0] == b"id,lat,lon,iso2,iso3,name,match,distanceKm"
    bare = run_cli(["csv", "--no-layers", "--no-places", "--data", countries(data_dir)], stdin=rows.encode())
    assert bare.stdout == country.stdout
    bad = run_cli(["csv", "--fields", "timezones", "--data", countries(data_dir)], stdin=rows.encode())
    assert bad.returncode == 2 and b'unknown field "timezones"' in bad.stderr


def test_missing_layer_is_noted_once(tmp_path, geocoder_bin):
    # A copy of the binary away from the checkout, so the bundled Data/ cannot supply the missing layer.
    alone = tmp_path / "alone"
    (alone / "bin").mkdir(parents=True)
    binary = alone / "bin" / "geocoder"
    shutil.copy(geocoder_bin, binary)
    shutil.copy(os.path.join(FIXTURES, "countries.geojson"), alone / "countries.geojson")
    shutil.copy(os.path.join(FIXTURES, "timezones.geojson"), alone / "timezones.geojson")
    with Server(["--data", str(alone / "countries.geojson")], binary=str(binary), cwd=str(alone)) as server:
        result = server.result("reverseGeocode", {"lat": 2, "lon": 15, "fields": ALL_FIELDS})
        assert result["timezone"] == "Test/East"
        assert "admin1" not in result and "territory" not in result
        # Asked for explicitly, a field without data is left out too.
        assert server.result("reverseGeocode", {"lat": 2, "lon": 15, "fields": ["admin1"]}) is None
        server.close(check=False)
        notes = [line for line in server.stderr.splitlines() if "note:" in line and "not found" in line]
        assert notes == ["geocoder: note: admin1-polygons.geojson not found; answers have no admin1 or territory"]


def test_changed_layer_rebuilds_the_index(data_dir, cache_dir):
    files = [data_dir / name for name in ["countries.geojson", *LAYERS]]
    settle(*files)
    with Server(["--data", countries(data_dir)]) as server:
        assert server.result("reverseGeocode", {"lat": 2, "lon": 15, "fields": ["timezone"]})["timezone"] == "Test/East"
    first = cache_files(cache_dir)
    assert len(first) == 1, "the index was cached"
    with Server(["--data", countries(data_dir)]) as server:
        assert server.result("reverseGeocode", {"lat": 2, "lon": 15, "fields": ["timezone"]})["timezone"] == "Test/East", "from the cache"
    path = data_dir / "timezones.geojson"
    path.write_text(path.read_text().replace("Test/East", "Test/Other"))
    settle(*files)
    with Server(["--data", countries(data_dir)]) as server:
        assert server.result("reverseGeocode", {"lat": 2, "lon": 15, "fields": ["timezone"]})["timezone"] == "Test/Other"
