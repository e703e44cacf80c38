"""Known locations: hand-picked points whose country a user would check first.

known_locations.json holds the cases. Every expectation is first checked against the data itself
with shapely (test_fixture_agrees_with_data), so the fixture cannot drift from
Data/ne_10m_admin_0_countries.geojson; only then is the binary held to it (test_binary_answer).

Case fields: name, lat, lon, expect (ISO alpha-2, or ADM0_A3 where the feature has no ISO code
or shares one, or null), optional match ("inside" / "nearest"), optional maxDistanceKm (default
10, as the server's), note.

How the data check decides (see geodata.py for the distance model):
- "inside": the point is in the interior of exactly the expected feature (shapely `within`).
- "nearest": the point is in no feature, the expected feature's border is the closest within
  maxDistanceKm by great-circle distance on a 6371.0088 km sphere, and, so that a slightly
  different distance model cannot flip the answer, the distance is at most maxDistanceKm - 0.5
  and the runner-up is at least 0.1 km farther.
- null: no feature holds the point and none is within maxDistanceKm + 0.5 km.
- no match given: the point is covered by the expected feature (interior or edge), or it is at
  most 1 m from it (the South Pole and the 180th meridian, where "inside" and "nearest at 0 km"
  are both right).
"""
import json
import math
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "known_locations.json"), encoding="utf-8") as f:
    CASES = json.load(f)

DEFAULT_MAX_KM = 10.0
MARGIN_KM = 0.5
TIE_KM = 0.1
#: Tolerance between the server's distanceKm and ours: 1 % + 50 m covers the choice of Earth
#: radius (6371.0 vs 6371.0088 km) and arc-versus-straight-edge differences at 1:10m.
DIST_REL, DIST_ABS = 0.01, 0.05

#: The cases the issue names; they must stay in the fixture exactly as given.
ISSUE_CASES = [
    (-9.076393, 125.110543, "ID"), (-9.358113, 124.218529, "TL"), (-8.547841, 125.563148, "TL"),
    (54.805974, 22.832453, "RU"), (4.691033, 115.049274, "BN"), (4.889546, 114.955767, "BN"),
    (4.209058, 117.748969, "MY"), (4.153036, 117.773551, "ID"), (4.833470, 115.011051, "MY"),
    (36.1408, -5.3536, "GI"), (36.1681, -5.3478, "ES"), (-29.31, 27.48, "LS"),
    (43.9356, 12.4473, "SM"), (48.9904, -123.0686, "US"),
]


def case_params():
    return [pytest.param(c, id=c["name"]) for c in CASES]


def max_km(case):
    return case.get("maxDistanceKm", DEFAULT_MAX_KM)


def request_params(case):
    # The cases are about the country: its answer alone (null where no country is within the radius).
    params = {"lat": case["lat"], "lon": case["lon"], "fields": ["country"]}
    if "maxDistanceKm" in case:
        params["maxDistanceKm"] = case["maxDistanceKm"]
    return params


def test_fixture_shape():
    assert len(CASES) >= 120, f"only {len(CASES)} known locations"
    names = [c["name"] for c in CASES]
    assert len(set(names)) == len(names), "case names must be unique"
    for c in CASES:
        assert set(c) <= {"name", "lat", "lon", "expect", "match", "maxDistanceKm", "note"}, c
        assert c.get("match") in (None, "inside", "nearest"), c
        assert c.get("note"), f"{c['name']}: every case says why it is there"
    present = {(c["lat"], c["lon"], c["expect"]) for c in CASES}
    missing = [x for x in ISSUE_CASES if x not in present]
    assert not missing, f"issue cases missing from the fixture: {missing}"


@pytest.mark.parametrize("case", case_params())
def test_fixture_agrees_with_data(world, case):
    lat, lon, expect, limit = case["lat"], case["lon"], case["expect"], max_km(case)
    inside = world.containing(lat, lon)
    labels = [world.key(i) for i in inside]
    if expect is None:
        assert not inside, f"expected no country, but shapely puts the point in {labels}"
        assert not world.covering(lat, lon), "expected no country, but the point is on a border"
        if limit > 0:
            hit = world.nearest(lat, lon, limit + MARGIN_KM)
            assert hit is None, (f"expected null, but {world.key(hit[0])} is {hit[1]:.3f} km away "
                                 f"(limit {limit} km, margin {MARGIN_KM} km)")
        return
    match = case.get("match")
    if match == "inside":
        assert len(inside) == 1 and world.matches(inside[0], expect), \
            f"expected inside {expect}, shapely says inside {labels or 'nothing'}"
    elif match == "nearest":
        assert not world.covering(lat, lon), f"expected nearest, but the point is in {labels}"
        hit = world.nearest(lat, lon, limit + MARGIN_KM)
        assert hit is not None, f"expected nearest {expect}, nothing within {limit} km"
        i, d, runner_up = hit
        assert world.matches(i, expect), f"nearest is {world.key(i)} at {d:.3f} km, not {expect}"
        assert d <= limit - MARGIN_KM, f"{d:.3f} km is too close to the {limit} km limit"
        assert runner_up - d >= TIE_KM, f"near-tie: {d:.3f} km vs runner-up {runner_up:.3f} km"
    else:
        covering = world.covering(lat, lon)
        if covering:
            assert any(world.matches(i, expect) for i in covering), \
                f"expected {expect}, the point is covered by {[world.key(i) for i in covering]}"
        else:
            i = world.by_adm0.get(expect) if len(expect) == 3 else None
            candidates = [i] if i is not None else [j for j in range(len(world)) if world.matches(j, expect)]
            d = min(world.distance_km(j, lat, lon) for j in candidates)
            assert d <= 0.001, f"expected {expect} at the point, it is {d:.4f} km away"


@pytest.mark.parametrize("case", case_params())
def test_binary_answer(server, world, case):
    result = server.result("reverseGeocode", request_params(case))
    expect, match = case["expect"], case.get("match")
    where = f"reverseGeocode {json.dumps(request_params(case))}"
    if expect is None:
        assert result is None, f"{where}: expected null, got {result}"
        return
    assert result is not None, f"{where}: expected {expect}, got null"
    got_label = f"{result.get('iso2')}/{result.get('adm0a3')} {result.get('name')}"
    assert expect in (result.get("iso2"), result.get("adm0a3")), \
        f"{where}: expected {expect}, got {got_label} ({result.get('match')})"
    if match is not None:
        assert result.get("match") == match, \
            f"{where}: expected match {match}, got {result.get('match')} ({got_label})"
    assert result.get("match") in ("inside", "nearest"), f"{where}: bad match {result.get('match')!r}"
    data = world.props[world.by_adm0[result["adm0a3"]]]
    codes = (result.get("iso2"), result.get("iso3"))
    assert codes == (data["ISO_A2_EH"], data["ISO_A3_EH"]), \
        f"{where}: iso2/iso3 {codes}, the data has {(data['ISO_A2_EH'], data['ISO_A3_EH'])}"
    dist = result.get("distanceKm")
    assert isinstance(dist, (int, float)) and dist >= 0, f"{where}: bad distanceKm {dist!r}"
    if result["match"] == "inside":
        assert dist == 0, f"{where}: inside but distanceKm {dist}"
    else:
        i = world.by_adm0[result["adm0a3"]]
        ours = world.distance_km(i, case["lat"], case["lon"])
        assert math.isclose(dist, ours, rel_tol=DIST_REL, abs_tol=DIST_ABS), \
            f"{where}: distanceKm {dist}, shapely/great-circle says {ours:.4f}"
        if dist > 0:
            strict = server.result("reverseGeocode", {"lat": case["lat"], "lon": case["lon"],
                                                      "maxDistanceKm": 0, "fields": ["country"]})
            assert strict is None, f"{where}: nearest at {dist} km but maxDistanceKm 0 gives {strict}"
