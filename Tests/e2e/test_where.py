"""`whereAmI`, `whereAmIMany` and `nearbyMany` end to end: the binary with --layer, on a made-up street
plan measured against the independent spherical reference of test_nearby.py (sphere R = 6,371,008.8 m),
and on real OpenStreetMap data of central Helsinki (fixtures/helsinki, ODbL, see its ATTRIBUTION) with
hand-checked places."""
import json
import math
import os
import random
import subprocess

import pytest

from test_nearby import bearing, distance, distance_to_arc

HERE = os.path.dirname(os.path.abspath(__file__))
HELSINKI = os.path.join(HERE, "fixtures", "helsinki", "helsinki.geojson")

# Main Street runs east along 60.17° N; High Street meets it at a shared vertex; a library, a town hall.
MAIN = [[24.9400, 60.1700], [24.9450, 60.1700], [24.9500, 60.1705]]
HIGH = [[24.9450, 60.1700], [24.9452, 60.1740]]
FEATURES = [
    {"type": "Feature", "id": "main", "properties": {"name": "Main Street"}, "geometry": {"type": "LineString", "coordinates": MAIN}},
    {"type": "Feature", "id": "high", "properties": {"name": "High Street"}, "geometry": {"type": "LineString", "coordinates": HIGH}},
    {"type": "Feature", "id": 7, "properties": {"name": "Library"}, "geometry": {"type": "Point", "coordinates": [24.9470, 60.1690]}},
    {"type": "Feature", "id": 8, "properties": {"name": "Town Hall"},
     "geometry": {"type": "Polygon", "coordinates": [[[24.9410, 60.1710], [24.9430, 60.1710], [24.9430, 60.1720], [24.9410, 60.1720], [24.9410, 60.1710]]]}},
]
WINDS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


@pytest.fixture()
def city(tmp_path):
    path = tmp_path / "city.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": FEATURES}))
    return str(path)


def serve(geocoder_bin, tmp_path, layers, requests):
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(tmp_path / "cache"))
    args = [geocoder_bin, "serve"]
    for name, path in layers.items():
        args += ["--layer", f"{name}={path}"]
    done = subprocess.run(args, input="".join(json.dumps(r) + "\n" for r in requests), capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == len(requests)
    return replies


def call(method, params, id=1):
    return {"jsonrpc": "2.0", "id": id, "method": method, "params": params}


def nearest_on_line(q, line):
    return min(distance_to_arc(q, (a[1], a[0]), (b[1], b[0])) for a, b in zip(line, line[1:]))


def test_distances_and_bearings_match_the_spherical_reference(geocoder_bin, tmp_path, city):
    rng = random.Random(1818)
    points = [(60.1697 + rng.random() * 0.0006, 24.9425 + rng.random() * 0.005) for _ in range(30)]
    replies = serve(geocoder_bin, tmp_path, {"city": city},
                    [call("whereAmI", {"lat": lat, "lon": lon}, id=k) for k, (lat, lon) in enumerate(points)])
    checked = 0
    for q, reply in zip(points, replies):
        answer = reply["result"]
        road = answer["road"] or answer["nearestRoad"]
        expected = min((nearest_on_line(q, MAIN), "Main Street"), (nearest_on_line(q, HIGH), "High Street"))
        assert road["name"] == expected[1]
        assert road["distanceM"] == pytest.approx(expected[0][0], rel=1e-6, abs=1e-6)
        assert answer["context"] == ("alongsideRoad" if expected[0][0] <= 20 else "other")
        assert bearing(q, tuple(road["nearestPoint"])) == pytest.approx(road["bearingDeg"], abs=1e-6)
        junction = answer["intersection"]
        assert junction["names"] == ["Main Street", "High Street"] and junction["point"] == [60.17, 24.945]
        assert junction["distanceM"] == pytest.approx(distance(q, (60.17, 24.945)), rel=1e-6)
        assert junction["bearingDeg"] == pytest.approx(bearing(q, (60.17, 24.945)), abs=1e-6)
        assert junction["direction"] == WINDS[int(((junction["bearingDeg"] + 22.5) % 360) // 45)]
        library = answer["nearestPOI"]
        assert library["name"] in ("Library", "Town Hall")
        checked += 1
    assert checked == 30


def test_heading_sticky_road_and_phrase_over_rpc(geocoder_bin, tmp_path, city):
    q = (60.1700, 24.9440)  # on Main Street, the junction 55 m due east
    replies = serve(geocoder_bin, tmp_path, {"city": city}, [
        call("whereAmI", {"lat": q[0], "lon": q[1], "heading": 90 + 44}, id=1),
        call("whereAmI", {"lat": q[0], "lon": q[1], "heading": 90 + 46}, id=2),
        call("whereAmI", [q[0], q[1]], id=3),
        call("whereAmI", {"lat": 60.1715, "lon": 24.9420}, id=4),
        call("whereAmI", {"lat": q[0], "lon": q[1], "roadLayer": "roads"}, id=5),
        call("whereAmI", {"lat": q[0], "lon": q[1], "heading": 361}, id=6),
        call("whereAmI", {"lat": 60.17008, "lon": 24.94502, "previousRoad": "high"}, id=7),
        call("whereAmI", {"lat": 60.17008, "lon": 24.94502}, id=8),
    ])
    first = replies[0]["result"]
    assert first["intersection"]["names"] == ["Main Street", "High Street"]
    assert first["phrase"] == ("You are facing south-east along Main Street. Intersection with High Street is 55 m east. "
                               "Town Hall is 120 m north-west.")
    assert replies[1]["result"]["intersection"] is None
    assert replies[2]["result"]["phrase"].startswith("You are along Main Street. Intersection with High Street is 55 m east.")
    hall = replies[3]["result"]
    assert hall["context"] == "insidePOI" and hall["poi"]["name"] == "Town Hall" and hall["poi"]["inside"] is True
    assert hall["phrase"].startswith("You are inside Town Hall.")
    assert replies[4]["error"]["code"] == -32602 and replies[4]["error"]["data"]["param"] == "roadLayer"
    assert replies[5]["error"]["data"]["param"] == "heading"
    # 9 m from Main Street, 1 m from High Street: High Street only when it was the previous road... and nearest.
    assert replies[6]["result"]["road"]["name"] == "High Street"
    assert replies[7]["result"]["road"]["name"] == "High Street"


def test_where_many_carries_the_road_like_a_client_would(geocoder_bin, tmp_path, city):
    # Walk north-east to the junction and up High Street: near the junction both roads are within 20 m,
    # and the road must stay the one we came along.
    trace = [{"lat": 60.17 + max(0, k - 25) * 0.00004, "lon": 24.9440 + min(k, 25) * 0.00004 + max(0, k - 25) * 0.000002,
              "heading": 90 if k < 25 else 0} for k in range(60)]
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(tmp_path / "cache"))
    server = subprocess.Popen([geocoder_bin, "serve", "--layer", f"city={city}"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)

    def ask(request):
        server.stdin.write(json.dumps(request) + "\n")
        server.stdin.flush()
        return json.loads(server.stdout.readline())

    try:
        many = ask(call("whereAmIMany", {"points": trace}))["result"]
        assert len(many) == len(trace)
        # Point by point, passing the road back as a client would: the same answers.
        previous = None
        for k, p in enumerate(trace):
            params = dict(p, **({"previousRoad": previous} if previous else {}))
            reply = ask(call("whereAmI", params, id=k))["result"]
            assert many[k] == reply, k
            previous = (reply["road"]["name"] or reply["road"]["id"]) if reply["road"] else None
    finally:
        server.stdin.close()
        assert server.wait(timeout=60) == 0
    names = [a["road"]["name"] for a in many if a["road"]]
    assert names[0] == "Main Street" and names[-1] == "High Street"
    # 9 m up High Street, Main Street is still within 20 m and stays the road; a fresh call says High Street.
    assert many[27]["road"]["name"] == "Main Street" and many[27]["road"]["distanceM"] > 5
    fresh = serve(geocoder_bin, tmp_path, {"city": city}, [call("whereAmI", {"lat": trace[27]["lat"], "lon": trace[27]["lon"]})])
    assert fresh[0]["result"]["road"]["name"] == "High Street"


def test_batch_forms_agree_with_single_calls_and_take_a_10000_point_trace(geocoder_bin, tmp_path, city):
    rng = random.Random(7)
    points = [[60.169 + rng.random() * 0.004, 24.940 + rng.random() * 0.01] for _ in range(40)]
    requests = [call("nearbyMany", {"points": points, "limit": 3, "radiusM": 300}, id=0)]
    requests += [call("nearby", {"lat": p[0], "lon": p[1], "limit": 3, "radiusM": 300}, id=k + 1) for k, p in enumerate(points)]
    trace = [{"lat": 60.1700 + 1e-9 * k, "lon": 24.9400 + 4e-7 * k} for k in range(10_000)]
    requests.append(call("whereAmIMany", {"points": trace}, id=100))
    requests.append(call("nearbyMany", {"points": [[p["lat"], p["lon"]] for p in trace], "limit": 2}, id=101))
    requests.append(call("whereAmIMany", {"points": [{"lat": 60.17, "lon": 24.94}, {"lat": 91, "lon": 0}]}, id=102))
    requests.append(call("whereAmIMany", {"points": [[60.17, 24.94, 90], [60.17]]}, id=103))
    requests.append(call("nearbyMany", {"points": [[60.17, 24.94]], "layers": ["nope"]}, id=104))
    replies = serve(geocoder_bin, tmp_path, {"city": city}, requests)
    assert replies[0]["result"] == [r["result"] for r in replies[1:41]]
    long = replies[41]["result"]
    assert len(long) == 10_000 and all(a["road"]["name"] == "Main Street" for a in long)
    assert len(replies[42]["result"]) == 10_000
    assert replies[43]["error"]["data"]["param"] == "points[1].lat"
    assert replies[44]["error"]["data"]["param"] == "points[1]"
    assert replies[45]["error"]["data"]["param"] == "layers[0]"


def test_where_command(geocoder_bin, tmp_path, city):
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([geocoder_bin, "where", "60.1700", "24.9440", "--heading", "90", "--layer", f"city={city}"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["phrase"].startswith("You are facing east along Main Street. Intersection with High Street is 55 m east.")
    bad = subprocess.run([geocoder_bin, "where", "60.17", "24.94", "--heading", "400", "--layer", f"city={city}"],
                         capture_output=True, text=True, env=env, timeout=60)
    assert bad.returncode == 2 and "heading" in bad.stderr


# Central Helsinki, OpenStreetMap. Each case was checked by hand against the map.

def helsinki_shared_vertices(*names):
    """The [lat, lon] vertices that road features of every given name share in the fixture."""
    with open(HELSINKI, encoding="utf-8") as f:
        features = json.load(f)["features"]
    by_point = {}
    for f in features:
        if f["properties"]["role"] == "road" and f["geometry"]["type"] == "LineString":
            for lon, lat in f["geometry"]["coordinates"]:
                by_point.setdefault((lat, lon), set()).add(f["properties"]["name"])
    return [list(p) for p, found in by_point.items() if set(names) <= found]


def test_helsinki_hand_checked_places(geocoder_bin, tmp_path):
    replies = serve(geocoder_bin, tmp_path, {"helsinki": HELSINKI}, [
        # The main hall of the central railway station (Rautatieasema), Elielinaukio side.
        call("whereAmI", {"lat": 60.1712, "lon": 24.9413}, id=1),
        # On Mannerheimintie between Postikatu and Kaivokatu, walking south-east towards Kaivokatu.
        call("whereAmI", {"lat": 60.1704, "lon": 24.9378, "heading": 135}, id=2),
        # The same spot walking north-west: Kaivokatu is behind.
        call("whereAmI", {"lat": 60.1704, "lon": 24.9378, "heading": 315}, id=3),
    ])
    station = replies[0]["result"]
    assert station["context"] == "insidePOI"
    assert station["poi"]["name"] == "Helsingin päärautatieasema"
    assert station["poi"]["properties"]["building"] == "train_station"
    assert station["phrase"].startswith("You are inside Helsingin päärautatieasema.")

    walk = replies[1]["result"]
    assert walk["context"] == "alongsideRoad" and walk["road"]["name"] == "Mannerheimintie"
    assert walk["road"]["distanceM"] <= 20
    junction = walk["intersection"]
    assert set(junction["names"]) >= {"Mannerheimintie", "Kaivokatu"}
    assert junction["point"] in helsinki_shared_vertices("Mannerheimintie", "Kaivokatu")
    q = (60.1704, 24.9378)
    assert junction["distanceM"] == pytest.approx(distance(q, tuple(junction["point"])), rel=1e-6)
    assert junction["bearingDeg"] == pytest.approx(bearing(q, tuple(junction["point"])), abs=1e-6)
    assert junction["direction"] == "SE" and 40 < junction["distanceM"] < 90
    assert walk["phrase"].startswith("You are facing south-east along Mannerheimintie. Intersection with Kaivokatu")

    back = replies[2]["result"]
    assert back["road"]["name"] == "Mannerheimintie"
    assert back["intersection"] is None or "Kaivokatu" not in back["intersection"]["names"]
