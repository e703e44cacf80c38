#!/usr/bin/env python3
"""Writes a generated city as one GeoJSON FeatureCollection, for `geocoder-bench --nearby` (issue 18).

The city is a jittered street grid around Helsinki's latitude (60.17 N, 24.94 E): STREETS streets each way,
each a LineString of SEGMENTS segments; POIS random points; BUILDINGS small rectangles, every third with a
courtyard hole. Default: 150 + 150 streets of 700 segments (210,000 road segments), 100,000 POIs, 20,000
buildings, in a 12 km square. `--scale F` multiplies every count (0.1 gives a city small enough for an
exhaustive brute-force check). Deterministic: the same arguments give the same bytes.

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
    for direction in ("ns", "ew"):
        for k in range(streets):
            coords = []
            for s in range(segments + 1):
                t = s / segments
                u = (k + 0.5) / streets + rng.uniform(-0.1, 0.1) / streets
                lat = lat0 + (t if direction == "ns" else u) * size_lat
                lon = lon0 + (u if direction == "ns" else t) * size_lon
                coords.append([r(lon), r(lat)])
            feature({"type": "LineString", "coordinates": coords},
                    {"name": f"{'North' if direction == 'ns' else 'East'} Street {k}", "highway": "residential"}, fid)
            fid += 1
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
    print(f"wrote {out}: {2 * streets} streets ({2 * streets * segments} segments), {pois} POIs, {buildings} buildings",
          file=sys.stderr)


if __name__ == "__main__":
    main()
