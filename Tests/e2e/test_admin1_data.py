"""Invariants of Data/admin1-polygons.geojson, the admin-1 layer (see Data/README.md, "Admin-1").

Reads the file with json and tests points with its own even-odd point-in-polygon, so it depends
on neither the geocoder nor shapely: whatever the server does with the layer, the layer itself
must hold these.
"""
import json
import os
import re

import pytest

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ADMIN1_PATH = os.path.join(REPO_ROOT, "Data", "admin1-polygons.geojson")
COUNTRIES_PATH = os.path.join(REPO_ROOT, "Data", "ne_10m_admin_0_countries.geojson")

PROPERTIES = ["adm0_a3", "iso_3166_2", "name", "name_en", "type", "type_en", "geonames_admin1",
              "territory_iso2", "territory_iso3", "territory_name"]
VERTEX_BUDGET = 400_000


@pytest.fixture(scope="module")
def text():
    with open(ADMIN1_PATH, encoding="utf-8") as f:
        return f.read()


@pytest.fixture(scope="module")
def features(text):
    return json.loads(text)["features"]


@pytest.fixture(scope="module")
def countries():
    with open(COUNTRIES_PATH, encoding="utf-8") as f:
        return {c["properties"]["ADM0_A3"]: c["properties"] for c in json.load(f)["features"]}


def polygons(geometry):
    if geometry["type"] == "Polygon":
        return [geometry["coordinates"]]
    assert geometry["type"] == "MultiPolygon", geometry["type"]
    return geometry["coordinates"]


def signed_area2(ring):
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:]))


def ring_contains(ring, lon, lat):
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        if (y1 > lat) != (y2 > lat) and lon < x1 + (lat - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def contains(feature, lat, lon):
    """Even-odd rule over all rings of each polygon."""
    for poly in polygons(feature["geometry"]):
        if sum(ring_contains(r, lon, lat) for r in poly) % 2 == 1:
            return True
    return False


def divisions_at(features, lat, lon):
    return [f["properties"] for f in features if contains(f, lat, lon)]


def test_one_feature_per_line(text):
    lines = text.split("\n")
    assert lines[0].startswith('{"type":"FeatureCollection"') and lines[0].endswith('"features":[')
    assert lines[-2] == "]}" and lines[-1] == ""
    for line in lines[1:-2]:
        assert line.startswith('{"type":"Feature"') and line.endswith(("},", "}"))


def test_properties_present_and_typed(features):
    assert len(features) > 3000
    for f in features:
        p = f["properties"]
        assert list(p) == PROPERTIES, p
        assert isinstance(p["adm0_a3"], str) and isinstance(p["name"], str) and p["name"], p
        for key in PROPERTIES[3:]:
            assert p[key] is None or (isinstance(p[key], str) and p[key]), (key, p)


def test_every_division_names_a_country_of_the_country_layer(features, countries):
    assert {f["properties"]["adm0_a3"] for f in features} <= set(countries)


def test_iso_3166_2_prefix_is_the_country_or_territory(features, countries):
    seen = set()
    for f in features:
        p = f["properties"]
        code = p["iso_3166_2"]
        if code is None:
            continue
        assert re.fullmatch(r"[A-Z]{2}-[A-Z0-9]{1,3}", code), code
        assert code.split("-")[0] in {countries[p["adm0_a3"]]["ISO_A2_EH"], p["territory_iso2"]}, p
        assert code not in seen, f"{code} names two divisions"
        seen.add(code)


def test_territories_are_folded_codes_with_all_three_members(features, countries):
    layer_codes = {c["ISO_A2_EH"] for c in countries.values()}
    found = set()
    for f in features:
        p = f["properties"]
        t = (p["territory_iso2"], p["territory_iso3"], p["territory_name"])
        assert (None in t) == (t == (None, None, None)), p
        if p["territory_iso2"]:
            assert p["territory_iso2"] not in layer_codes, p
            assert re.fullmatch(r"[A-Z]{3}", p["territory_iso3"]), p
            found.add(p["territory_iso2"])
    assert {"GF", "GP", "MQ", "RE", "YT", "SJ", "BQ", "CX", "CC"} <= found


def test_geometry_conventions_and_budget(features):
    vertices = 0
    for f in features:
        for poly in polygons(f["geometry"]):
            assert poly, f["properties"]
            for i, ring in enumerate(poly):
                vertices += len(ring)
                assert len(ring) >= 4 and ring[0] == ring[-1], f["properties"]
                area = signed_area2(ring)
                assert (area > 0) if i == 0 else (area < 0), (f["properties"]["name"], i)
                for lon, lat in ring:
                    assert -180 <= lon <= 180 and -90 <= lat <= 90
                    assert round(lon, 6) == lon and round(lat, 6) == lat
    assert vertices <= VERTEX_BUDGET


@pytest.mark.parametrize("lat, lon, code, names, territory", [
    (30.27, -97.74, "US-TX", {"Texas"}, None),           # Austin
    (4.94, -52.33, "FR-GF", None, "GF"),                 # Cayenne
    (78.22, 15.65, None, None, "SJ"),                    # Longyearbyen
    (48.14, 11.58, "DE-BY", {"Bayern", "Bavaria"}, None),  # Munich
    (48.8566, 2.3522, "FR-IDF", None, None),             # Paris
    (-10.49, 105.63, None, None, "CX"),                  # inland Christmas Island
    (12.15, -68.27, "NL-BQ1", None, "BQ"),               # Kralendijk, Bonaire
])
def test_known_divisions(features, lat, lon, code, names, territory):
    found = divisions_at(features, lat, lon)
    if territory == "SJ" and not found:
        # Longyearbyen lies on the shore, just outside the generalised 1:10m coast: take the
        # nearest division by vertex distance, as a default (10 km) lookup would.
        found = [min(features, key=lambda f: min(
            (x - lon) ** 2 + (y - lat) ** 2 for poly in polygons(f["geometry"])
            for ring in poly for x, y in ring))["properties"]]
    assert len(found) == 1, found
    p = found[0]
    if code:
        assert p["iso_3166_2"] == code, p
    if names:
        assert p["name"] in names or p["name_en"] in names, p
    assert p["territory_iso2"] == territory, p
