"""Data/timezones.geojson: the invariants the time-zone layer relies on, and known zones.

Reads the file directly (no geocoder binary): the format rules of the data contract (one feature per
IANA zone with a `tzid`, sorted, closed rings, exterior rings counter-clockwise and holes clockwise,
longitudes within [-180, 180]), every polygon valid by GEOS, and hand-checked places — including the
small zones that simplification must not lose (Lord Howe, the Chatham Islands, the Navajo Nation,
Indiana's counties) — each inside exactly one zone, by a plain even-odd point-in-polygon test written
here (independent of both shapely and the geocoder).
"""
import json
import os

import pytest
import shapely

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PATH = os.path.join(REPO_ROOT, "Data", "timezones.geojson")

KNOWN = [
    # (what, lat, lon, tzid)
    ("Austin", 30.2672, -97.7431, "America/Chicago"),
    ("Cayenne", 4.9224, -52.3135, "America/Cayenne"),
    ("Longyearbyen", 78.2232, 15.6267, "Arctic/Longyearbyen"),
    ("Phoenix", 33.4484, -112.0740, "America/Phoenix"),
    ("Tuba City, Navajo Nation", 36.135, -111.24, "America/Denver"),
    ("Kaliningrad", 54.7104, 20.4522, "Europe/Kaliningrad"),
    ("a ship in the mid-Atlantic", 30.0, -35.0, "Etc/GMT+2"),
    ("Lord Howe Island", -31.55, 159.08, "Australia/Lord_Howe"),
    ("Chatham Islands", -43.95, -176.55, "Pacific/Chatham"),
    ("Indianapolis", 39.7684, -86.1581, "America/Indiana/Indianapolis"),
    ("Knox, Indiana", 41.3, -86.62, "America/Indiana/Knox"),
    ("Ürümqi", 43.8256, 87.6168, "Asia/Urumqi"),
    ("Beijing", 39.9042, 116.4074, "Asia/Shanghai"),
    ("Paris", 48.8566, 2.3522, "Europe/Paris"),
    ("Honolulu", 21.3069, -157.8583, "Pacific/Honolulu"),
    ("Kiritimati", 1.87, -157.43, "Pacific/Kiritimati"),
    ("Apia", -13.8333, -171.7667, "Pacific/Apia"),
    ("South Pacific, east of the date line", -40.0, -170.0, "Etc/GMT+11"),
]

# Zones small enough that a careless simplification would lose them; each must keep its area.
SMALL_ZONES = ["Australia/Lord_Howe", "Pacific/Chatham", "America/Indiana/Knox", "America/Indiana/Tell_City",
               "America/Indiana/Petersburg", "America/Indiana/Vincennes", "America/Indiana/Winamac",
               "America/Indiana/Marengo", "America/Indiana/Vevay", "America/Kentucky/Monticello",
               "America/North_Dakota/Center", "America/North_Dakota/New_Salem", "America/North_Dakota/Beulah",
               "Europe/Vatican", "Europe/San_Marino", "Europe/Monaco", "Europe/Busingen", "Asia/Hebron"]


@pytest.fixture(scope="module")
def zones():
    with open(PATH, encoding="utf-8") as f:
        doc = json.load(f)
    assert doc["type"] == "FeatureCollection"
    out = []
    for feat in doc["features"]:
        geom = feat["geometry"]
        polys = [geom["coordinates"]] if geom["type"] == "Polygon" else geom["coordinates"]
        assert geom["type"] in ("Polygon", "MultiPolygon")
        boxes = []
        for poly in polys:
            xs = [p[0] for p in poly[0]]
            ys = [p[1] for p in poly[0]]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        out.append((feat["properties"]["tzid"], polys, boxes))
    return out


def signed_area2(ring):
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:]))


def ring_contains(ring, x, y):
    """Even-odd crossing test on a closed ring of [lon, lat] pairs."""
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def zones_at(zones, lat, lon):
    found = []
    for name, polys, boxes in zones:
        for poly, (x0, y0, x1, y1) in zip(polys, boxes):
            if x0 <= lon <= x1 and y0 <= lat <= y1 and ring_contains(poly[0], lon, lat) \
                    and not any(ring_contains(h, lon, lat) for h in poly[1:]):
                found.append(name)
                break
    return found


def test_one_feature_per_zone_sorted_by_tzid(zones):
    names = [z[0] for z in zones]
    assert all(isinstance(n, str) and n for n in names)
    assert names == sorted(names) and len(set(names)) == len(names)
    assert len(names) >= 400
    etc = [n for n in names if n.startswith("Etc/GMT")]
    # the ocean zones, Etc/GMT-14 ... Etc/GMT+12 as far as the source has them, at least -12 ... +12
    assert {f"Etc/GMT{s}{h}" for s in "+-" for h in range(1, 13)} <= set(etc)


def test_rings_closed_oriented_and_in_range(zones):
    for name, polys, _ in zones:
        for poly in polys:
            for i, ring in enumerate(poly):
                assert len(ring) >= 4 and ring[0] == ring[-1], name
                assert all(-180 <= x <= 180 and -90 <= y <= 90 for x, y in ring), name
                area = signed_area2(ring)
                assert (area > 0) if i == 0 else (area < 0), f"{name}: ring {i} wound the wrong way"


def test_every_polygon_is_valid(zones):
    for name, polys, _ in zones:
        for poly in polys:
            g = shapely.Polygon(poly[0], poly[1:])
            assert g.is_valid, f"{name}: {shapely.is_valid_reason(g)}"
            assert g.area > 0, name


def test_small_zones_survive(zones):
    by_name = {z[0]: z[1] for z in zones}
    for name in SMALL_ZONES:
        assert name in by_name, name
        area = sum(signed_area2(p[0]) for p in by_name[name])
        assert area > 0, name


@pytest.mark.parametrize("what,lat,lon,tzid", KNOWN, ids=[k[0] for k in KNOWN])
def test_known_places(zones, what, lat, lon, tzid):
    assert zones_at(zones, lat, lon) == [tzid]
