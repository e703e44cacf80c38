#!/usr/bin/env python3
"""Writes a generated city as one GeoJSON FeatureCollection, for `geocoder-bench --nearby` (issue 18).

The city is a jittered street grid around Helsinki's latitude (60.17 N, 24.94 E): STREETS streets each way
crossing at shared vertices (every crossing is a junction of two named streets, as in OpenStreetMap, so
`whereAmI` finds intersections ahead as it would in a real city), each a LineString of about SEGMENTS
segments, its vertices between crossings jittered; POIS random points; BUILDINGS small rectangles, every
third with a courtyard hole. Default: 150 + 150 streets of 755 segments (226,500 road segments, 22,500
junctions), 100,000 POIs, 20,000 buildings, in a 12 km square. `--scale F` multiplies every count (0.1 gives
a city small enough for an exhaustive brute-force check). Deterministic: the same arguments give the same
bytes.

usage: gen-city.py OUT.geojson [--scale F] [--seed N]
"""
import json
import random
import sys


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    out = args[0]
    scale = float(args[args.index("--scale") + 1]) if "--scale" in args else 1.0
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 18
    rng = random.Random(seed)
    lat0, lon0 = 60.12, 24.84
    size_lat, size_lon = 0.108, 0.216  # about 12 km x 12 km at 60 N
    streets = max(2, int(150 * scale ** 0.5))
    segments = max(2, int(700 * scale ** 0.5))
    pois = int(100_000 * scale)
    buildings = int(20_000 * scale)
    features = []

    def feature(geometry, props, fid):
        features.append({"type": "Feature", "id": fid, "properties": props, "geometry": geometry})

    def r(x):
        return round(x, 7)

    fid = 0
    # The crossings: north-south street i meets east-west street j at node (i, j), in grid units (0..1 of
    # the square), jittered; both streets pass through the very same rounded coordinates.
    nodes = [[((i + 0.5 + rng.uniform(-0.2, 0.2)) / streets, (j + 0.5 + rng.uniform(-0.2, 0.2)) / streets)
              for j in range(streets)] for i in range(streets)]
    gaps = streets + 1  # between crossings, and from each end crossing to the square's edge
    steps = -(-segments // gaps)  # segments per gap, so a street has at least SEGMENTS
    for direction in ("ns", "ew"):
        for k in range(streets):
            # (along, across) of the street's crossings, in order along it, with its two ends on the edges.
            crossings = [(nodes[k][j][1], nodes[k][j][0]) if direction == "ns" else (nodes[j][k][0], nodes[j][k][1])
                         for j in range(streets)]
            stops = [(0.0, crossings[0][1])] + crossings + [(1.0, crossings[-1][1])]
            coords = []
            for g in range(len(stops) - 1):
                (a0, c0), (a1, c1) = stops[g], stops[g + 1]
                for s in range(steps):
                    t = s / steps
                    along = a0 + (a1 - a0) * t
                    across = c0 + (c1 - c0) * t + (rng.uniform(-0.05, 0.05) / streets if s else 0)
                    lat, lon = (along, across) if direction == "ns" else (across, along)
                    coords.append([r(lon0 + lon * size_lon), r(lat0 + lat * size_lat)])
            a, c = stops[-1]
            lat, lon = (a, c) if direction == "ns" else (c, a)
            coords.append([r(lon0 + lon * size_lon), r(lat0 + lat * size_lat)])
            feature({"type": "LineString", "coordinates": coords},
                    {"name": f"{'North' if direction == 'ns' else 'East'} Street {k}", "highway": "residential"}, fid)
            fid += 1
    road_segments = 2 * streets * gaps * steps
    for k in range(pois):
        feature({"type": "Point", "coordinates": [r(lon0 + rng.random() * size_lon), r(lat0 + rng.random() * size_lat)]},
                {"name": f"POI {k}", "amenity": rng.choice(["cafe", "shop", "bench", "bus_stop"])}, fid)
        fid += 1
    for k in range(buildings):
        lat, lon = lat0 + rng.random() * size_lat, lon0 + rng.random() * size_lon
        h, w = rng.uniform(0.0001, 0.0004), rng.uniform(0.0002, 0.0008)
        ring = [[lon, lat], [lon + w, lat], [lon + w, lat + h], [lon, lat + h], [lon, lat]]
        rings = [[[r(x), r(y)] for x, y in ring]]
        if k % 3 == 0:
            hole = [[lon + w / 4, lat + h / 4], [lon + w / 4, lat + 3 * h / 4], [lon + 3 * w / 4, lat + 3 * h / 4],
                    [lon + 3 * w / 4, lat + h / 4], [lon + w / 4, lat + h / 4]]
            rings.append([[r(x), r(y)] for x, y in hole])
        feature({"type": "Polygon", "coordinates": rings}, {"name": f"Building {k}", "building": "yes"}, fid)
        fid += 1
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f, separators=(",", ":"))
    print(f"wrote {out}: {2 * streets} streets ({road_segments} segments, {streets * streets} crossings), {pois} POIs, "
          f"{buildings} buildings", file=sys.stderr)


if __name__ == "__main__":
    main()
