#!/usr/bin/env python3
"""The Python peer on the same points as geocoder-bench, in the same run, and the ratio.

Runs `geocoder-bench --no-server --export-points FILE` (which prints the geocoder's in-process figures and
writes its two point sets), then answers the same points with shapely 2 (GEOS) the fastest way it offers:
an STRtree bounding-box query for all points at once, then a vectorised prepared `contains_xy` on the
candidate pairs. Both run on one core. Prints points/s for each, the ratio, and
the peer's time from start to its first answer (import, GeoJSON load, tree build).

Usage: python3 scripts/bench-peer.py [--points 1000000] [--runs 3] [--bench PATH] [--data PATH]
Installs shapely from PyPI if it is missing. No figure is asserted anywhere.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

T0 = time.perf_counter()
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEER = "shapely==2.2.0"


def ensure_shapely():
    try:
        import shapely  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        cmd = [sys.executable, "-m", "pip", "install", "--quiet", PEER]
        if subprocess.call(cmd) != 0:
            subprocess.check_call(cmd + ["--break-system-packages"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--points", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "geocoder-bench"))
    ap.add_argument("--data", default=os.path.join(ROOT, "Data", "ne_10m_admin_0_countries.geojson"))
    args = ap.parse_args()
    ensure_shapely()
    import json
    import numpy as np
    import shapely

    # The peer's start-up: from this script's start (interpreter, imports) to its first answer.
    with open(args.data, encoding="utf-8") as f:
        features = json.load(f)["features"]
    parts, owner = [], []
    for k, feature in enumerate(features):
        geometry = shapely.geometry.shape(feature["geometry"])
        for polygon in getattr(geometry, "geoms", [geometry]):
            parts.append(polygon)
            owner.append(k)
    parts = np.array(parts, dtype=object)
    owner = np.array(owner)
    shapely.prepare(parts)
    tree = shapely.STRtree(parts)
    first = tree.query(shapely.points(2.3522, 48.8566))
    shapely.contains_xy(parts[first], 2.3522, 48.8566)
    peer_start = time.perf_counter() - T0

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "points.bin")
        out = subprocess.run([args.bench, "--no-server", "--points", str(args.points), "--runs", str(args.runs),
                              "--data", args.data, "--export-points", path],
                             capture_output=True, text=True, check=True).stdout
        coords = np.fromfile(path, dtype="<f8").reshape(-1, 2)
    print(out, end="")
    ours = {m.group(1): float(m.group(2)) for m in
            re.finditer(r"  (uniform on the sphere|within 5 km of borders/coasts): ([0-9.]+) M lookups/s \(strict", out)}

    print(f"\nshapely {shapely.__version__} (GEOS {shapely.geos_version_string}) on the same points, one core:")
    print(f"  peer start-up, script start -> first answer (imports, GeoJSON load, STRtree): {peer_start * 1000:.0f} ms")
    n = args.points
    for label, pts in (("uniform on the sphere", coords[:n]), ("within 5 km of borders/coasts", coords[n:])):
        lat, lon = pts[:, 0], pts[:, 1]
        rates = []
        for _ in range(args.runs):
            t = time.process_time()
            p_idx, g_idx = tree.query(shapely.points(lon, lat))
            inside = shapely.contains_xy(parts[g_idx], lon[p_idx], lat[p_idx])
            answer = np.full(n, -1)
            answer[p_idx[inside]] = owner[g_idx[inside]]
            rates.append(n / (time.process_time() - t))
        rate = statistics.median(rates)
        ratio = ours.get(label, float("nan")) * 1e6 / rate
        print(f"  {label}: {rate / 1e6:.3f} M points/s (STRtree query + prepared contains_xy); "
              f"geocoder is {ratio:.0f}x faster")


if __name__ == "__main__":
    main()
