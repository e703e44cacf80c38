"""`nearby` end to end: the binary with --layer, against spherical formulas written here independently.

Model (README, "Around me"): a sphere of radius 6,371,008.8 m, segments as great-circle arcs. The reference
below measures a point to an arc by minimising the great-circle distance along the arc by ternary search
(not the projection formula the server uses), and the bearing by the textbook forward azimuth.
"""
import json
import math
import os
import random
import subprocess

import pytest

R = 6371008.8


def to_vec(lat, lon):
    φ, λ = math.radians(lat), math.radians(lon)
    return (math.cos(φ) * math.cos(λ), math.cos(φ) * math.sin(λ), math.sin(φ))


def to_latlon(v):
    x, y, z = v
    return math.degrees(math.atan2(z, math.hypot(x, y))), math.degrees(math.atan2(y, x))


def distance(a, b):
    """Haversine, metres."""
    φ1, φ2 = math.radians(a[0]), math.radians(b[0])
    dφ, dλ = φ2 - φ1, math.radians(b[1] - a[1])
    h = math.sin(dφ / 2) ** 2 + math.cos(φ1) * math.cos(φ2) * math.sin(dλ / 2) ** 2
    return 2 * R * math.asin(min(1.0, math.sqrt(h)))


def slerp(a, b, t):
    va, vb = to_vec(*a), to_vec(*b)
    ω = math.acos(max(-1.0, min(1.0, sum(p * q for p, q in zip(va, vb)))))
    if ω == 0:
        return a
    s = math.sin(ω)
    return to_latlon(tuple((math.sin((1 - t) * ω) * p + math.sin(t * ω) * q) / s for p, q in zip(va, vb)))


def distance_to_arc(p, a, b):
    """Smallest great-circle distance from p to the arc a→b, by ternary search on the arc parameter (the
    distance along a short arc from a point has one minimum)."""
    lo, hi = 0.0, 1.0
    for _ in range(200):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if distance(p, slerp(a, b, m1)) < distance(p, slerp(a, b, m2)):
            hi = m2
        else:
            lo = m1
    t = (lo + hi) / 2
    best = min((distance(p, slerp(a, b, t)), t), (distance(p, a), 0.0), (distance(p, b), 1.0))
    return best[0], slerp(a, b, best[1])


def bearing(a, b):
    """Forward azimuth, degrees in [0, 360)."""
    φ1, φ2 = math.radians(a[0]), math.radians(b[0])
    dλ = math.radians(b[1] - a[1])
    θ = math.atan2(math.sin(dλ) * math.cos(φ2), math.cos(φ1) * math.sin(φ2) - math.sin(φ1) * math.cos(φ2) * math.cos(dλ))
    return math.degrees(θ) % 360


STREET = [[24.9400, 60.1700], [24.9450, 60.1702], [24.9500, 60.1710]]
BLOCK = [[[24.9410, 60.1710], [24.9440, 60.1710], [24.9440, 60.1725], [24.9410, 60.1725], [24.9410, 60.1710]],
         [[24.9420, 60.1715], [24.9420, 60.1720], [24.9430, 60.1720], [24.9430, 60.1715], [24.9420, 60.1715]]]
FEATURES = [
    {"type": "Feature", "id": "street", "properties": {"name": "Main Street", "lanes": 2},
     "geometry": {"type": "LineString", "coordinates": STREET}},
    {"type": "Feature", "id": 2, "properties": {"name": "Library"},
     "geometry": {"type": "Point", "coordinates": [24.9460, 60.1690]}},
    {"type": "Feature", "id": 3, "properties": {"title": "Block"},
     "geometry": {"type": "Polygon", "coordinates": BLOCK}},
    {"type": "Feature", "id": 4, "properties": {"name": "Date line road"},
     "geometry": {"type": "LineString", "coordinates": [[179.999, -16.5], [-179.999, -16.5]]}},
]


@pytest.fixture()
def layer(tmp_path):
    path = tmp_path / "city.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": FEATURES}))
    return str(path)


def run(geocoder_bin, tmp_path, *args):
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(tmp_path / "cache"))
    return subprocess.run([geocoder_bin, *args], capture_output=True, text=True, env=env, timeout=60)


def nearby(geocoder_bin, tmp_path, layer, lat, lon, *extra):
    done = run(geocoder_bin, tmp_path, "nearby", str(lat), str(lon), "--layer", f"city={layer}", *extra)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_distances_and_bearings_match_an_independent_spherical_reference(geocoder_bin, tmp_path, layer):
    rng = random.Random(18)
    checked = 0
    for _ in range(25):
        q = (60.1685 + rng.random() * 0.004, 24.9390 + rng.random() * 0.012)
        hits = nearby(geocoder_bin, tmp_path, layer, q[0], q[1], "--radius", "2000", "--limit", "10")
        by_id = {h["id"]: h for h in hits}
        street = by_id["street"]
        ref = min(distance_to_arc(q, (a[1], a[0]), (b[1], b[0])) for a, b in zip(STREET, STREET[1:]))
        assert street["distanceM"] == pytest.approx(ref[0], rel=1e-6, abs=1e-6)
        assert distance(q, tuple(street["nearestPoint"])) == pytest.approx(ref[0], rel=1e-6, abs=1e-6)
        assert bearing(q, tuple(street["nearestPoint"])) == pytest.approx(street["bearingDeg"], abs=1e-6)
        library = by_id[2]
        assert library["distanceM"] == pytest.approx(distance(q, (60.1690, 24.9460)), rel=1e-6)
        assert library["bearingDeg"] == pytest.approx(bearing(q, (60.1690, 24.9460)), abs=1e-6)
        winds = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        assert library["direction"] == winds[int(((library["bearingDeg"] + 22.5) % 360) // 45)]
        assert [h["distanceM"] for h in hits] == sorted(h["distanceM"] for h in hits)
        checked += 1
    assert checked == 25


def test_polygon_with_a_hole(geocoder_bin, tmp_path, layer):
    inside = nearby(geocoder_bin, tmp_path, layer, 60.1712, 24.9415, "--radius", "0")
    assert [(h["id"], h["inside"], h["distanceM"], h["bearingDeg"], h["direction"]) for h in inside] == [(3, True, 0, None, None)]
    in_hole = nearby(geocoder_bin, tmp_path, layer, 60.17175, 24.9425, "--radius", "100")
    block = [h for h in in_hole if h["id"] == 3][0]
    assert block["inside"] is False
    ring = BLOCK[1]
    ref = min(distance_to_arc((60.17175, 24.9425), (a[1], a[0]), (b[1], b[0]))[0] for a, b in zip(ring, ring[1:]))
    assert block["distanceM"] == pytest.approx(ref, rel=1e-6)
    assert block["name"] is None and block["properties"] == {"title": "Block"} and block["geometry"] == "Polygon"


def test_antimeridian_line(geocoder_bin, tmp_path, layer):
    for lon in (180, -180, 179.9995, -179.9995):
        hits = nearby(geocoder_bin, tmp_path, layer, -16.501, lon, "--radius", "500")
        assert [h["id"] for h in hits] == [4]
        assert hits[0]["direction"] == "N"
        assert hits[0]["distanceM"] == pytest.approx(distance((-16.501, lon), (-16.5, lon)), rel=1e-4)


def test_server_answers_nearby_and_refuses_unknown_layers(geocoder_bin, tmp_path, layer):
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "nearby", "params": {"lat": 60.1701, "lon": 24.9425, "limit": 1}},
        {"jsonrpc": "2.0", "id": 2, "method": "nearby", "params": [60.1701, 24.9425]},
        {"jsonrpc": "2.0", "id": 3, "method": "nearby", "params": {"lat": 60.17, "lon": 24.94, "layers": ["roads"]}},
        {"jsonrpc": "2.0", "id": 4, "method": "nearby", "params": {"lat": 60.17, "lon": 24.94, "radiusM": 10001}},
        {"jsonrpc": "2.0", "id": 5, "method": "nearby", "params": {"lat": 60.17, "lon": 24.94, "limit": 1001}},
    ]
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([geocoder_bin, "serve", "--layer", f"city={layer}"], input="\n".join(map(json.dumps, requests)) + "\n",
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    replies = {r["id"]: r for r in map(json.loads, done.stdout.splitlines())}
    assert [h["id"] for h in replies[1]["result"]] == ["street"]
    assert replies[1]["result"][0]["layer"] == "city" and replies[1]["result"][0]["properties"] == {"name": "Main Street", "lanes": 2}
    assert len(replies[2]["result"]) >= 2
    assert replies[3]["error"]["code"] == -32602 and replies[3]["error"]["data"]["param"] == "layers[0]"
    assert replies[4]["error"]["data"]["param"] == "radiusM"
    assert replies[5]["error"]["data"]["param"] == "limit"


def test_a_server_without_layers_answers_an_empty_list(geocoder_bin, tmp_path):
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(tmp_path / "cache"))
    request = {"jsonrpc": "2.0", "id": 1, "method": "nearby", "params": {"lat": 60.17, "lon": 24.94}}
    done = subprocess.run([geocoder_bin], input=json.dumps(request) + "\n", capture_output=True, text=True, env=env, timeout=120)
    assert json.loads(done.stdout)["result"] == []


@pytest.mark.parametrize("geometry, message", [
    ({"type": "LineString", "coordinates": [[0, 0]]}, "feature 1: line needs at least two positions"),
    ({"type": "Point", "coordinates": [200, 0]}, "feature 1: longitude or latitude out of range"),
    ({"type": "Polygon", "coordinates": [[[179.9, 0], [-179.9, 0], [-179.9, 1], [179.9, 0]]]},
     "feature 1: a polygon ring crosses the antimeridian"),
])
def test_bad_layer_files_are_refused_in_one_line(geocoder_bin, tmp_path, geometry, message):
    path = tmp_path / "bad.geojson"
    good = {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}}
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [good, {"type": "Feature", "properties": {}, "geometry": geometry}]}))
    done = run(geocoder_bin, tmp_path, "nearby", "0", "0", "--layer", f"bad={path}")
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and f"cannot load layer bad ({path}): {message}" in done.stderr


def test_layer_file_checks_and_usage(geocoder_bin, tmp_path, layer):
    done = run(geocoder_bin, tmp_path, "nearby", "0", "0", "--layer", f"x={tmp_path}")
    assert done.returncode == 1 and done.stderr == f"geocoder: layer x: cannot read {tmp_path}: it is a directory, not a regular file\n"
    assert run(geocoder_bin, tmp_path, "nearby", "0", "0", "--layer", "nameonly").returncode == 2
    assert run(geocoder_bin, tmp_path, "nearby", "0", "0", "--layer", f"a={layer}", "--layer", f"a={layer}").returncode == 2
    assert run(geocoder_bin, tmp_path, "forward", "Paris", "--layer", f"a={layer}").returncode == 2
    hits = nearby(geocoder_bin, tmp_path, layer, 60.1712, 24.9415, "--radius", "0", "--layer-name-key", "title")
    assert hits[0]["name"] == "Block"
