#!/usr/bin/env python3
"""Compares two geocoder binaries' `nearby` and `whereAmI` replies byte for byte on one user layer (issue 18).

Writes N random requests over the layer's box (widened by about 1 km, so some fall outside it): a mix of
`nearby` (k = 10 at 500 m, the benchmark's request, and other radii, limits and `geometry` filters) and
`whereAmI` (with and without a heading), pipes them through `BIN serve --layer NAME=PATH` of each binary
with the same GEOCODER_CACHE_DIR scheme (one fresh cache directory per binary), and compares the outputs.
Exit 1 on any difference, naming the first differing line; with `--tolerance REL`, replies that differ only
in numbers within REL relative (the same hits in the same order) are counted apart and do not fail.

Usage: python3 scripts/around-diff.py OLD_BIN NEW_BIN LAYER.geojson [--requests 100000] [--seed 18] [--tolerance REL]
Run from the repository (the binaries find Data/ from the working directory).
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile


def layer_box(path):
    """(south, west, north, east) of every coordinate in the GeoJSON file."""
    with open(path) as f:
        data = json.load(f)
    lats, lons = [], []

    def walk(c):
        if isinstance(c[0], (int, float)):
            lons.append(c[0])
            lats.append(c[1])
        else:
            for x in c:
                walk(x)
    for feature in data["features"]:
        g = feature.get("geometry")
        if g and g.get("coordinates"):
            walk(g["coordinates"])
    return min(lats), min(lons), max(lats), max(lons)


def requests(n, seed, box):
    rng = random.Random(seed)
    south, west, north, east = box
    south, north, west, east = south - 0.01, north + 0.01, west - 0.02, east + 0.02
    lines = []
    for i in range(n):
        lat, lon = round(rng.uniform(south, north), 7), round(rng.uniform(west, east), 7)
        r = rng.random()
        if r < 0.5:
            method, params = "nearby", {"lat": lat, "lon": lon, "radiusM": 500, "limit": 10}
        elif r < 0.7:
            method = "nearby"
            params = {"lat": lat, "lon": lon, "radiusM": rng.choice([0, 20, 100, 2000]),
                      "limit": rng.choice([1, 5, 64, 100])}
            if rng.random() < 0.3:
                params["geometry"] = rng.choice(["point", "line", "polygon"])
        else:
            method, params = "whereAmI", {"lat": lat, "lon": lon}
            if rng.random() < 0.7:
                params["heading"] = round(rng.uniform(0, 360), 1)
        lines.append(json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": i + 1},
                                separators=(",", ":")))
    return ("\n".join(lines) + "\n").encode()


def close(a, b, rel):
    """Whether two parsed replies are the same but for numbers within `rel` relative (or 1e-9 absolute)."""
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= max(rel * max(abs(a), abs(b)), 1e-9)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close(x, y, rel) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k], rel) for k in a)
    return a == b


def replies(binary, layer, data):
    env = dict(os.environ, GEOCODER_CACHE_DIR=tempfile.mkdtemp(prefix="around-diff-"))
    done = subprocess.run([binary, "serve", "--layer", f"city={layer}"], input=data, stdout=subprocess.PIPE,
                          env=env, check=True)
    return done.stdout.split(b"\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("layer")
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--tolerance", type=float, default=None,
                        help="count replies that differ only in numbers within this relative tolerance "
                             "(same hits, same order) apart, and fail only on the others")
    args = parser.parse_args()
    data = requests(args.requests, args.seed, layer_box(args.layer))
    old, new = replies(args.old, args.layer, data), replies(args.new, args.layer, data)
    asked = data.split(b"\n")
    differ = [i for i in range(max(len(old), len(new))) if i >= len(old) or i >= len(new) or old[i] != new[i]]
    errors = sum(1 for line in new if b'"error"' in line)
    print(f"{args.layer}: {args.requests} requests, {len(new) - 1} replies, {len(differ)} different, "
          f"{errors} error replies, {sum(len(x) for x in new) / 1e6:.1f} MB")
    if differ and args.tolerance is not None:
        near = [i for i in differ if i < len(old) and i < len(new) and old[i] and new[i]
                and close(json.loads(old[i]), json.loads(new[i]), args.tolerance)]
        print(f"  {len(near)} of them differ only in numbers within {args.tolerance:g} relative; "
              f"{len(differ) - len(near)} differ otherwise")
        differ = [i for i in differ if i not in set(near)]
    if differ:
        i = differ[0]
        print(f"first difference, line {i + 1}:\n  request {asked[i][:300]!r}\n  old {old[i][:300]!r}\n"
              f"  new {new[i][:300]!r}" if i < len(old) and i < len(new) else f"line {i + 1}: lengths differ")
        sys.exit(1)


if __name__ == "__main__":
    main()
