"""`--layer NAME=PATH` in `geocoder reverse` and `geocoder csv` (issue 18): each point gains the nearest
feature of each layer within `--layer-radius` metres.

Checked against a brute force written here (haversine to every POI point, R = 6,371,008.8 m, the model
README "Around me" states) for a points-only layer cut from the Helsinki fixture, and against the binary's
own `nearby` method (its first hit for the one layer) for a roads layer.
"""
import csv
import io
import json
import math
import os
import random

import pytest

from geoclient import run_cli

R = 6371008.8
HERE = os.path.dirname(os.path.abspath(__file__))
HELSINKI = os.path.join(HERE, "fixtures", "helsinki", "helsinki.geojson")
WINDS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def haversine(a, b):
    φ1, φ2 = math.radians(a[0]), math.radians(b[0])
    dφ, dλ = φ2 - φ1, math.radians(b[1] - a[1])
    h = math.sin(dφ / 2) ** 2 + math.cos(φ1) * math.cos(φ2) * math.sin(dλ / 2) ** 2
    return 2 * R * math.asin(min(1.0, math.sqrt(h)))


def wind(a, b):
    φ1, φ2, dλ = math.radians(a[0]), math.radians(b[0]), math.radians(b[1] - a[1])
    θ = math.degrees(math.atan2(math.sin(dλ) * math.cos(φ2),
                                math.cos(φ1) * math.sin(φ2) - math.sin(φ1) * math.cos(φ2) * math.cos(dλ))) % 360
    return WINDS[int((θ + 22.5) // 45) % 8]


@pytest.fixture(scope="module")
def layers(tmp_path_factory):
    """(pois path, roads path, [(lat, lon, name)] of the POI points) cut from the Helsinki fixture."""
    folder = tmp_path_factory.mktemp("layers")
    with open(HELSINKI, encoding="utf-8") as f:
        features = json.load(f)["features"]
    pois = [f for f in features if f["properties"]["role"] == "poi" and f["geometry"]["type"] == "Point"]
    roads = [f for f in features if f["properties"]["role"] == "road"]
    paths = []
    for name, chosen in [("pois", pois), ("roads", roads)]:
        path = folder / f"{name}.geojson"
        path.write_text(json.dumps({"type": "FeatureCollection", "features": chosen}), encoding="utf-8")
        paths.append(str(path))
    points = [(f["geometry"]["coordinates"][1], f["geometry"]["coordinates"][0], f["properties"]["name"]) for f in pois]
    return paths[0], paths[1], points


def brute_nearest(points, q, radius):
    best = min(points, key=lambda p: haversine(q, p[:2]))
    d = haversine(q, best[:2])
    return (best, d) if d <= radius else (None, None)


def nearby_first(roads, lat, lon, radius=500):
    proc = run_cli(["nearby", str(lat), str(lon), "--layer", f"roads={roads}", "--limit", "1", "--radius", str(radius)])
    assert proc.returncode == 0, proc.stderr
    hits = json.loads(proc.stdout)
    return hits[0] if hits else None


def query_points(count=40, seed=18):
    rng = random.Random(seed)
    return [(round(rng.uniform(60.163, 60.180), 6), round(rng.uniform(24.933, 24.955), 6)) for _ in range(count)]


def test_reverse_json_gains_each_layers_nearest_feature(layers):
    pois, roads, points = layers
    for lat, lon in query_points(12):
        proc = run_cli(["reverse", str(lat), str(lon), "--layer", f"pois={pois}", "--layer", f"roads={roads}"])
        assert proc.returncode == 0, proc.stderr
        answer = json.loads(proc.stdout)
        assert answer["iso2"] == "FI", "the country answer is kept"
        assert list(answer)[-1] == "nearby" and list(answer["nearby"]) == ["pois", "roads"]
        best, d = brute_nearest(points, (lat, lon), 500)
        hit = answer["nearby"]["pois"]
        if best is None:
            assert hit is None
        else:
            assert hit["layer"] == "pois" and hit["name"] == best[2]
            assert hit["distanceM"] == pytest.approx(d, rel=1e-6)
            assert hit["direction"] == wind((lat, lon), best[:2])
        assert answer["nearby"]["roads"] == nearby_first(roads, lat, lon)


def test_reverse_at_sea_and_outside_the_radius(layers):
    pois, roads, _ = layers
    # Out at sea the country answer is null; with `-f country` the layers' member is all that is left.
    proc = run_cli(["reverse", "0", "-30", "-f", "country", "--layer", f"pois={pois}"])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"nearby": {"pois": None}}
    # With the default fields the placemark's sea members come first, the layers' member last.
    proc = run_cli(["reverse", "0", "-30", "--layer", f"pois={pois}"])
    answer = json.loads(proc.stdout)
    assert answer["timezone"] == "Etc/GMT+2" and "iso2" not in answer and list(answer)[-1] == "nearby", answer
    # A longitude outside [-180, 180] is wrapped, as reverse wraps it: 24.94 + 360 is Helsinki.
    proc = run_cli(["reverse", "60.1704", "384.9378", "--layer", f"roads={roads}", "--layer-radius", "50"])
    assert proc.returncode == 0, proc.stderr
    wrapped, direct = json.loads(proc.stdout)["nearby"]["roads"], nearby_first(roads, 60.1704, 24.9378, 50)
    # 384.9378 - 360 is 24.9378 to within a rounding of the last bit, so the distances agree to 1e-6 (not exactly).
    assert (wrapped["id"], wrapped["name"], wrapped["direction"]) == (direct["id"], direct["name"], direct["direction"])
    assert wrapped["distanceM"] == pytest.approx(direct["distanceM"], rel=1e-6)
    proc = run_cli(["reverse", "60.1704", "24.9378", "--layer", f"roads={roads}", "--layer-radius", "0.001"])
    assert json.loads(proc.stdout)["nearby"]["roads"] is None


def test_reverse_lines_csv_appends_three_columns_per_layer(layers):
    pois, roads, points = layers
    queries = query_points(30)
    lines = [f"{lat},{lon}" for lat, lon in queries]
    lines.insert(5, "not a point")
    proc = run_cli(["reverse", "-", "--format", "csv", "--layer", f"pois={pois}", "--layer", f"roads={roads}",
                    "--layer-radius", "120"], stdin=("\n".join(lines) + "\n").encode())
    assert proc.returncode == 1, "the bad line makes the run exit 1"
    rows = list(csv.reader(io.StringIO(proc.stdout.decode("utf-8"))))
    header = rows[0]
    assert header[:2] == ["lat", "lon"]
    assert header[-6:] == ["pois_name", "pois_distanceM", "pois_direction", "roads_name", "roads_distanceM", "roads_direction"]
    assert len(rows) == 1 + len(lines) and all(len(r) == len(header) for r in rows)
    assert rows[6][-6:] == [""] * 6, "a line that is not a point gets empty layer cells"
    data = rows[1:6] + rows[7:]
    for (lat, lon), row in zip(queries, data):
        best, d = brute_nearest(points, (lat, lon), 120)
        if best is None:
            assert row[-6:-3] == ["", "", ""]
        else:
            assert row[-6] == best[2] and float(row[-5]) == pytest.approx(d, rel=1e-6)
            assert row[-4] == wind((lat, lon), best[:2])
        road = nearby_first(roads, lat, lon, 120)
        if road is None:
            assert row[-3:] == ["", "", ""]
        else:
            assert row[-3] == (road["name"] or "") and float(row[-2]) == road["distanceM"]
            assert row[-1] == (road["direction"] or "")


def test_csv_command_appends_layer_columns_after_the_result(layers):
    pois, roads, points = layers
    queries = query_points(50, seed=7)
    text = "id;latitude;longitude\n" + "".join(f"{k};{lat};{lon}\n" for k, (lat, lon) in enumerate(queries))
    text += "bad;x;24.94\n"
    proc = run_cli(["csv", "--delimiter", ";", "--prefix", "geo_", "--layer", f"pois={pois}",
                    "--layer", f"roads={roads}", "--layer-radius", "80"], stdin=text.encode())
    assert proc.returncode == 0, proc.stderr
    rows = list(csv.reader(io.StringIO(proc.stdout.decode("utf-8")), delimiter=";"))
    header = rows[0]
    assert header[:3] == ["id", "latitude", "longitude"]
    assert header[-6:] == ["geo_pois_name", "geo_pois_distanceM", "geo_pois_direction",
                           "geo_roads_name", "geo_roads_distanceM", "geo_roads_direction"]
    assert all(len(r) == len(header) for r in rows)
    assert rows[-1][-6:] == [""] * 6
    found = 0
    for (lat, lon), row in zip(queries, rows[1:]):
        best, d = brute_nearest(points, (lat, lon), 80)
        if best is None:
            assert row[-6:-3] == ["", "", ""]
        else:
            found += 1
            assert row[-6] == best[2] and float(row[-5]) == pytest.approx(d, rel=1e-6)
            assert row[-4] == wind((lat, lon), best[:2])
        road = nearby_first(roads, lat, lon, 80)
        if road is None:
            assert row[-3:] == ["", "", ""]
        else:
            assert row[-3] == (road["name"] or "") and float(row[-2]) == road["distanceM"]
            assert row[-1] == (road["direction"] or "")
    assert 0 < found < len(queries), "both found and not-found rows are exercised"
    # Without --layer the output is what it was: the same rows minus the six layer columns.
    plain = run_cli(["csv", "--delimiter", ";", "--prefix", "geo_"], stdin=text.encode())
    assert plain.returncode == 0
    assert [r[:-6] for r in rows] == list(csv.reader(io.StringIO(plain.stdout.decode("utf-8")), delimiter=";"))


def test_layer_column_clash_and_usage_errors(layers):
    pois, _, _ = layers
    clash = run_cli(["csv", "--layer", f"pois={pois}"], stdin=b"lat,lon,pois_name\n60.17,24.94,x\n")
    assert clash.returncode == 2 and b"pois_name" in clash.stderr
    for args, message in [
        (["reverse", "60.17", "24.94", "--layer-radius", "50"], b"--layer-radius applies only"),
        (["reverse", "60.17", "24.94", "--layer", f"pois={pois}", "--layer-radius", "20000"], b"--layer-radius takes"),
        (["reverse", "60.17", "24.94", "--layer", f"pois={pois}", "--layer-radius", "nan"], b"--layer-radius takes"),
        (["csv", "--forward", "country", "--layer", f"pois={pois}"], b"--layer applies only"),
        (["bbox", "60", "24", "61", "25", "--layer", f"pois={pois}"], b"--layer applies only"),
    ]:
        proc = run_cli(args, stdin=b"country\nFinland\n")
        assert proc.returncode == 2, (args, proc.stderr)
        assert message in proc.stderr, (args, proc.stderr)
    missing = run_cli(["reverse", "60.17", "24.94", "--layer", "pois=/nonexistent/pois.geojson"])
    assert missing.returncode == 1
    assert missing.stderr.startswith(b"geocoder: layer pois: cannot read /nonexistent/pois.geojson")
