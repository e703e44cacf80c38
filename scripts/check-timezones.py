#!/usr/bin/env python3
"""How often our time zones agree with timezonefinder's, on two fixed sets of points.

The reference is PyPI `timezonefinder==9.2.0` (`timezone_ids_at`, its batch form of
`timezone_at`) on the UNSIMPLIFIED timezone-boundary-builder polygons that Data/timezones.geojson
was made from (see Data/regenerate-timezones.py). The two sets, both from fixed seeds:
  uniform   N points uniform on the sphere;
  border    N points within 1 km of a zone border: a point drawn uniformly by length along the
            original polygons' edges, then moved a uniform distance of 0-1 km in a uniform direction.
            Reported also split into land borders (between two land zones) and sea borders (between
            a land zone, whose polygon includes its territorial waters, and an Etc/GMT ocean zone).

Our answers come from one of:
  --polygons (default)  Data/timezones.geojson read with shapely and queried through an STRtree
                        (an implementation independent of the geocoder's);
  --geocoder BIN        the real server: BIN spawned with no arguments, JSON-RPC reverseGeocodeMany
                        with {"points": [[lat, lon], ...], "fields": ["timezone"]}, 10,000 points a
                        request, every request written before the replies are read (pipelined).

Prints, per set, the agreement, the pairs of zones most often confused, and the run times, and
timezonefinder's own speed (points/s) for the peer comparison.

Usage: python3 scripts/check-timezones.py [--polygons | --geocoder BIN] [--n N] [--seed S]
                                          [--data FILE] [--top K]
Runs itself under the pinned Python >= 3.12 environment of Data/regenerate-timezones.py.
"""
import argparse
import collections
import importlib.util
import json
import math
import os
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGEN = os.path.join(ROOT, "Data", "regenerate-timezones.py")
EARTH_KM = 6371.0088
CHUNK = 10_000


def load_regen():
    spec = importlib.util.spec_from_file_location("regenerate_timezones", REGEN)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def uniform_points(n, seed):
    import numpy as np

    rng = np.random.default_rng(seed)
    lat = np.degrees(np.arcsin(rng.uniform(-1.0, 1.0, n)))
    lon = rng.uniform(-180.0, 180.0, n)
    return lat, lon, None


def border_points(n, seed, regen):
    """Points within 1 km of an edge of the original (unsimplified) zone polygons."""
    import numpy as np

    zones, _ = regen.read_zones()
    starts, ends, sea = [], [], []
    sea_edges = set()
    for name, polys in zones:
        for poly in polys:
            for ring in poly:
                r = ring.astype(np.float64) / regen.SCALE
                starts.append(r)
                ends.append(np.roll(r, -1, axis=0))
                sea.append(np.full(len(r), name.startswith("Etc/")))
                if name.startswith("Etc/"):
                    k = regen.vertex_keys(ring).tolist()
                    sea_edges.update((min(u, v), max(u, v)) for u, v in zip(k, k[1:] + k[:1]))
    a, b, sea = np.concatenate(starts), np.concatenate(ends), np.concatenate(sea)
    # Leave out the artificial edges: along the antimeridian and along the poles.
    artificial = ((np.abs(a[:, 0]) == 180) & (a[:, 0] == b[:, 0])) | ((np.abs(a[:, 1]) == 90) & (a[:, 1] == b[:, 1]))
    a, b, sea = a[~artificial], b[~artificial], sea[~artificial]
    mid_lat = np.radians((a[:, 1] + b[:, 1]) / 2)
    length = np.hypot((b[:, 0] - a[:, 0]) * np.cos(mid_lat), b[:, 1] - a[:, 1])
    rng = np.random.default_rng(seed)
    edge = rng.choice(len(a), size=n, p=length / length.sum())
    t = rng.uniform(0.0, 1.0, n)
    lon0 = a[edge, 0] + t * (b[edge, 0] - a[edge, 0])
    lat0 = a[edge, 1] + t * (b[edge, 1] - a[edge, 1])
    dist = rng.uniform(0.0, 1.0, n) / EARTH_KM  # radians
    bearing = rng.uniform(0.0, 2 * math.pi, n)
    p1, l1 = np.radians(lat0), np.radians(lon0)
    p2 = np.arcsin(np.sin(p1) * np.cos(dist) + np.cos(p1) * np.sin(dist) * np.cos(bearing))
    l2 = l1 + np.arctan2(np.sin(bearing) * np.sin(dist) * np.cos(p1), np.cos(dist) - np.sin(p1) * np.sin(p2))
    lon = (np.degrees(l2) + 180.0) % 360.0 - 180.0
    # A border between two land zones, or one with an ocean zone (a territorial-waters line)?
    ka = regen.vertex_keys(np.rint(a[edge] * regen.SCALE).astype(np.int64)).tolist()
    kb = regen.vertex_keys(np.rint(b[edge] * regen.SCALE).astype(np.int64)).tolist()
    at_sea = sea[edge] | np.array([(min(u, v), max(u, v)) in sea_edges for u, v in zip(ka, kb)])
    return np.degrees(p2), lon, ~at_sea


def reference(lat, lon):
    """timezonefinder's answers and its speed."""
    import numpy as np
    from timezonefinder import TimezoneFinder

    tf = TimezoneFinder()
    names = tf.timezone_names
    t = time.perf_counter()
    ids = tf.timezone_ids_at(lngs=np.ascontiguousarray(lon), lats=np.ascontiguousarray(lat))
    dt = time.perf_counter() - t
    ids = np.asarray(ids)
    out = [names[i] if 0 <= i < len(names) else None for i in ids.tolist()]
    return out, dt


def reference_single(lat, lon, n):
    """timezonefinder's one-point `timezone_at` rate on the first n points."""
    from timezonefinder import TimezoneFinder

    tf = TimezoneFinder()
    t = time.perf_counter()
    for y, x in zip(lat[:n].tolist(), lon[:n].tolist()):
        tf.timezone_at(lng=x, lat=y)
    return n / (time.perf_counter() - t)


class Polygons:
    def __init__(self, path):
        import numpy as np
        import shapely

        t = time.perf_counter()
        geoms, zone = [], []
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        self.names = [feat["properties"]["tzid"] for feat in doc["features"]]
        for zi, feat in enumerate(doc["features"]):
            g = shapely.geometry.shape(feat["geometry"])
            for part in shapely.get_parts(g):
                geoms.append(part)
                zone.append(zi)
        self.zone = np.asarray(zone)
        self.tree = shapely.STRtree(geoms)
        self.load_seconds = time.perf_counter() - t

    def answers(self, lat, lon):
        import numpy as np
        import shapely

        pts = shapely.points(lon, lat)
        t = time.perf_counter()
        inp, hit = self.tree.query(pts, predicate="intersects")
        dt = time.perf_counter() - t
        out = [None] * len(lat)
        # On a shared border a point touches two zones; take the lower-numbered one (points exactly
        # on a simplified border have measure zero and are counted as disagreements if wrong).
        order = np.lexsort((hit, inp))
        inp, hit = inp[order], hit[order]
        first = np.ones(len(inp), dtype=bool)
        first[1:] = inp[1:] != inp[:-1]
        for i, h in zip(inp[first].tolist(), hit[first].tolist()):
            out[i] = self.names[self.zone[h]]
        return out, dt


class Geocoder:
    def __init__(self, binary):
        self.binary = binary

    def answers(self, lat, lon):
        proc = subprocess.Popen([self.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, bufsize=1 << 20)
        n = len(lat)
        chunks = [(i, min(i + CHUNK, n)) for i in range(0, n, CHUNK)]
        lat_l, lon_l = lat.tolist(), lon.tolist()
        lines = []
        for k, (a, b) in enumerate(chunks):
            pts = ",".join(f"[{repr(lat_l[i])},{repr(lon_l[i])}]" for i in range(a, b))
            lines.append(('{"jsonrpc":"2.0","method":"reverseGeocodeMany","params":{"points":[' + pts +
                          '],"fields":["timezone"]},"id":' + str(k) + "}\n").encode())
        error = []

        def write():
            try:
                for line in lines:
                    proc.stdin.write(line)
                proc.stdin.close()
            except (BrokenPipeError, OSError) as e:
                error.append(e)

        t = time.perf_counter()
        writer = threading.Thread(target=write)
        writer.start()
        out = [None] * n
        for _ in chunks:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit(f"geocoder closed its output early; stderr:\n{proc.stderr.read().decode()[:2000]}")
            reply = json.loads(line)
            if "error" in reply:
                raise SystemExit(f"geocoder error: {reply['error']}")
            a, b = chunks[reply["id"]]
            result = reply["result"]
            if len(result) != b - a:
                raise SystemExit(f"reply {reply['id']} has {len(result)} answers for {b - a} points")
            for i, r in enumerate(result):
                if isinstance(r, dict):
                    tz = r.get("timezone")
                    out[a + i] = tz if isinstance(tz, str) else None
        dt = time.perf_counter() - t
        writer.join()
        proc.wait(timeout=60)
        if error:
            raise SystemExit(f"writing to the geocoder failed: {error[0]}")
        return out, dt


def report(name, land, ref, ref_dt, ours, ours_dt, label, top):
    n = len(ref)
    agree = sum(1 for r, o in zip(ref, ours) if r == o)
    confused = collections.Counter((r, o) for r, o in zip(ref, ours) if r != o)
    print(f"\n{name}: {n:,} points")
    print(f"  agreement: {agree:,} / {n:,} = {100.0 * agree / n:.4f} %  ({n - agree:,} differ)")
    if land is not None:
        for what, keep in (("land borders (two land zones)", land), ("sea borders (a land zone and an ocean zone)", ~land)):
            idx = keep.nonzero()[0].tolist()
            k = sum(1 for i in idx if ref[i] == ours[i])
            print(f"    {what}: {k:,} / {len(idx):,} = {100.0 * k / max(1, len(idx)):.4f} %")
    print(f"  timezonefinder: {ref_dt:.2f} s ({n / ref_dt:,.0f} points/s, batch timezone_ids_at)")
    print(f"  {label}: {ours_dt:.2f} s ({n / ours_dt:,.0f} points/s)")
    if confused:
        print(f"  most often confused (timezonefinder -> ours):")
        for (r, o), c in confused.most_common(top):
            print(f"    {c:7,}  {r} -> {o}")
    none_ours = sum(1 for o in ours if o is None)
    none_ref = sum(1 for r in ref if r is None)
    if none_ours or none_ref:
        print(f"  no zone: timezonefinder {none_ref:,}, ours {none_ours:,}")
    return agree, n


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--polygons", action="store_true", help="answer from Data/timezones.geojson with shapely (default)")
    mode.add_argument("--geocoder", metavar="BIN", help="answer from the geocoder server BIN")
    p.add_argument("--n", type=int, default=1_000_000, help="points per set (default 1,000,000)")
    p.add_argument("--seed", type=int, default=15, help="seed of the uniform set; the border set uses seed+1")
    p.add_argument("--data", default=os.path.join(ROOT, "Data", "timezones.geojson"))
    p.add_argument("--top", type=int, default=12, help="how many confused pairs to list")
    args = p.parse_args()

    regen = load_regen()
    regen.ensure_environment(__file__)
    import shapely  # noqa: F401  (fail early if the venv is broken)

    t0 = time.perf_counter()
    sets = [("uniform on the sphere", *uniform_points(args.n, args.seed)),
            ("within 1 km of a zone border", *border_points(args.n, args.seed + 1, regen))]
    print(f"points drawn in {time.perf_counter() - t0:.1f} s (seeds {args.seed}, {args.seed + 1})")
    if args.geocoder:
        ours, label = Geocoder(os.path.abspath(args.geocoder)), f"geocoder {args.geocoder} (reverseGeocodeMany, pipelined)"
    else:
        ours = Polygons(args.data)
        label = "shapely STRtree on " + os.path.relpath(args.data)
        print(f"{os.path.relpath(args.data)} loaded in {ours.load_seconds:.1f} s")
    total_agree = total = 0
    for name, lat, lon, land in sets:
        ref, ref_dt = reference(lat, lon)
        mine, mine_dt = ours.answers(lat, lon)
        a, n = report(name, land, ref, ref_dt, mine, mine_dt, label, args.top)
        total_agree += a
        total += n
    single_n = min(args.n, 20_000)
    rate = reference_single(sets[0][1], sets[0][2], single_n)
    print(f"\ntimezonefinder one point per call (timezone_at), uniform set, {single_n:,} points: {rate:,.0f} points/s")
    print(f"overall agreement {100.0 * total_agree / total:.4f} %; total run time {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
