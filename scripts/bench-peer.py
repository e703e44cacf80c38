#!/usr/bin/env python3
"""The Python peer on the same points as geocoder-bench, in the same run, and the ratio.

Runs `geocoder-bench --no-server --export-points FILE` (which prints the geocoder's in-process figures and
writes its two point sets), then answers the same points with shapely 2 (GEOS) the fastest way it offers:
an STRtree bounding-box query for all points at once, then a vectorised prepared `contains_xy` on the
candidate pairs. Both run on one core. Prints points/s for each, the ratio, and
the peer's time from start to its first answer (import, GeoJSON load, tree build).

Issue 14 adds the default radius (a point in no country takes the nearest border within 10 km) on the
points within 5 km of borders and coasts: shapely answers it with the same containment step, then
`STRtree.query_nearest` over the boundary edges (planar, in degrees) for the points in no polygon and a haversine check of the
nearest pair against 10 km; reverse_geocoder (PyPI, a k-d tree of GeoNames places; it answers "nearest
place", not "nearest border", so its figure is a speed reference only) runs single-process on the same
points. country-coder is an npm package, and npm is not reachable from this machine (only PyPI and Debian):
it is not measured here.

Issue 15 (`--places`): the nearest-place layer against reverse_geocoder on the same points: its speed
(mode=1, one process) and agreement with its own data (GeoNames cities1000 of its release: a different and
larger set than Data/cities.tsv), and, to separate data from method, agreement with reverse_geocoder's
method (a k-d tree over raw (lat, lon) degrees, planar: wrong near the poles and across the antimeridian) run
over Data/cities.tsv itself, with how much farther its answers are by great-circle distance.

Issue 15 (`--placemark`): the whole placemark over stdio (the server as users run it, default fields: every
member) against both peers on the same points in the same run: reverse_geocoder (nearest town + its admin-1,
mode=1) and timezonefinder 9.2.0 (`timezone_at`, run in the pinned Python >= 3.12 venv that
Data/regenerate-timezones.py keeps; points handed over in a file). Points: N uniform on the sphere and the
uniform ones that fall on land. Prints each one's points/s (CPU time, one core; ours is the server
process's, with every request pipelined, so it includes JSON both ways), the ratios, and agreement: the
locality's place and admin-1 name against reverse_geocoder's (different data: its GeoNames cities1000 of 2016
against our 5,000+), our admin-1 division's name against reverse_geocoder's admin1 (names spelt by two
sources), and our time zone against timezonefinder's (at sea both give Etc/GMT±N).

Usage: python3 scripts/bench-peer.py [--points 1000000] [--runs 3] [--bench PATH] [--data PATH] [--places]
       python3 scripts/bench-peer.py --placemark [--server PATH] [--points 200000] [--runs 3]
Installs shapely and reverse_geocoder from PyPI if they are missing. No figure is asserted anywhere.
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
REVERSE_GEOCODER = "reverse_geocoder==1.5.1"


def time_reverse_geocoder(rg, points, runs):
    """reverse_geocoder's `search(mode=1)` on `points` after one warm-up call: (median points per CPU second
    over `runs` runs, the last run's answers)."""
    rg.search(points[:1], mode=1, verbose=False)
    rates = []
    for _ in range(runs):
        t = time.process_time()
        found = rg.search(points, mode=1, verbose=False)
        rates.append(len(points) / (time.process_time() - t))
    return statistics.median(rates), found


def ensure_shapely():
    try:
        import shapely  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        cmd = [sys.executable, "-m", "pip", "install", "--quiet", PEER]
        if subprocess.call(cmd) != 0:
            subprocess.check_call(cmd + ["--break-system-packages"])


def ensure_reverse_geocoder():
    """reverse_geocoder, or None when PyPI cannot provide it (the rest of the run goes on)."""
    try:
        import reverse_geocoder
        return reverse_geocoder
    except ImportError:
        cmd = [sys.executable, "-m", "pip", "install", "--quiet", REVERSE_GEOCODER]
        if subprocess.call(cmd) != 0 and subprocess.call(cmd + ["--break-system-packages"]) != 0:
            return None
        import reverse_geocoder
        return reverse_geocoder


def haversine_km(lat1, lon1, lat2, lon2):
    import numpy as np
    p1, p2 = np.radians(lat1), np.radians(lat2)
    h = np.sin((p2 - p1) / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(np.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0088 * np.arcsin(np.sqrt(np.minimum(1, h)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--points", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "geocoder-bench"))
    ap.add_argument("--data", default=os.path.join(ROOT, "Data", "ne_10m_admin_0_countries.geojson"))
    ap.add_argument("--places", action="store_true", help="issue 15: nearest place vs reverse_geocoder")
    ap.add_argument("--placemark", action="store_true",
                    help="issue 15: the full placemark over stdio vs reverse_geocoder and timezonefinder")
    ap.add_argument("--server", default=os.path.join(ROOT, ".build", "release", "geocoder"))
    args = ap.parse_args()
    if args.places:
        places(args)
        return
    if args.placemark:
        placemark(args)
        return
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

    # Issue 14: the default radius on the near-coast points, strict next to it, geocoder from the same run.
    default = {m.group(1): (float(m.group(2)), float(m.group(3))) for m in re.finditer(
        r"  (uniform on the sphere|within 5 km of borders/coasts), one call per point: strict ([0-9.]+) M/s, "
        r"default 10 km ([0-9.]+) M/s", out)}
    batched = {m.group(1): float(m.group(2)) for m in re.finditer(
        r"  (uniform on the sphere|within 5 km of borders/coasts), batched .*default 10 km: ([0-9.]+) M points/s", out)}
    label = "within 5 km of borders/coasts"
    # The peer's nearest-border index: every boundary edge as a 2-point line in one STRtree (the
    # polygons' own distance is far slower: GEOS measures whole polygons of thousands of vertices).
    t = time.perf_counter()
    rings, ring_part = shapely.get_rings(parts, return_index=True)
    ring_xy, ring_of = shapely.get_coordinates(rings, return_index=True)
    same = ring_of[:-1] == ring_of[1:]
    segments = shapely.linestrings(np.stack([ring_xy[:-1][same], ring_xy[1:][same]], axis=1))
    segment_owner = owner[ring_part[ring_of[:-1][same]]]
    segment_tree = shapely.STRtree(segments)
    segment_build = time.perf_counter() - t
    pts = coords[n:]
    lat, lon = pts[:, 0], pts[:, 1]
    rates, found = [], 0
    for _ in range(args.runs):
        t = time.process_time()
        points = shapely.points(lon, lat)
        p_idx, g_idx = tree.query(points)
        inside = shapely.contains_xy(parts[g_idx], lon[p_idx], lat[p_idx])
        answer = np.full(n, -1)
        answer[p_idx[inside]] = owner[g_idx[inside]]
        sea = np.nonzero(answer < 0)[0]
        # 10 km is 0.09° of latitude; 0.18° of longitude covers it up to 60° N/S (planar nearest, in degrees).
        s_idx, n_idx = segment_tree.query_nearest(points[sea], max_distance=0.18, all_matches=False)
        near = shapely.get_coordinates(shapely.shortest_line(points[sea][s_idx], segments[n_idx]))
        km = haversine_km(near[0::2, 1], near[0::2, 0], near[1::2, 1], near[1::2, 0])
        keep = km <= 10
        answer[sea[s_idx[keep]]] = segment_owner[n_idx[keep]]
        found = int((answer >= 0).sum())
        rates.append(n / (time.process_time() - t))
    rate = statistics.median(rates)
    strict, radius = default.get(label, (float("nan"), float("nan")))
    print(f"\nissue 14, {label}, default radius 10 km (strict in brackets), same points, one core:")
    print(f"  geocoder: {radius:.2f} M points/s one call per point ({strict:.2f} strict), "
          f"{batched.get(label, float('nan')):.2f} M points/s batched (reverseGeocodeMany path)")
    print(f"  shapely: {rate / 1e6:.3f} M points/s (containment, then query_nearest over an STRtree of the "
          f"{len(segments)} boundary edges, built in {segment_build * 1000:.0f} ms, and a haversine check, for the "
          f"{len(sea)} points in no polygon; {found} answered); geocoder is {radius * 1e6 / rate:.1f}x faster")
    rg = ensure_reverse_geocoder()
    if rg is None:
        print("  reverse_geocoder: not installable from PyPI here")
    else:
        t = time.perf_counter()
        rg.search([(0.0, 0.0)], mode=1, verbose=False)
        load = time.perf_counter() - t
        queries = [(float(a), float(b)) for a, b in pts]
        rates = []
        for _ in range(args.runs):
            t = time.process_time()
            rg.search(queries, mode=1, verbose=False)
            rates.append(n / (time.process_time() - t))
        rate = statistics.median(rates)
        print(f"  reverse_geocoder {getattr(rg, '__version__', '1.5.1')} (nearest GeoNames place, k-d tree, "
              f"mode=1 single process; first call incl. loading {load * 1000:.0f} ms): {rate / 1e6:.3f} M points/s; "
              f"geocoder is {radius * 1e6 / rate:.1f}x faster")
    print("  country-coder (npm): not measured, npm is not reachable from this machine (only PyPI and Debian)")


def places(args):
    """geocoder-bench --places, then reverse_geocoder on the very same points (see the module docstring)."""
    import numpy as np
    rg = ensure_reverse_geocoder()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "places.bin")
        out = subprocess.run([args.bench, "--places", "--points", str(args.points), "--runs", str(args.runs),
                              "--data", args.data, "--export-points", path],
                             capture_output=True, text=True, check=True).stdout
        rows = np.fromfile(path, dtype="<f8").reshape(-1, 5)
    print(out, end="")
    ours = {m.group(1): float(m.group(2)) for m in re.finditer(
        r"    (uniform on the sphere|within 5 km of borders/coasts): .* ([0-9.]+) M/s full locality", out)}
    n = args.points
    from scipy.spatial import cKDTree
    cities = os.path.join(os.path.dirname(args.data), "cities.tsv")
    ids, lat, lon = [], [], []
    with open(cities, encoding="utf-8") as f:
        next(f)
        for line in f:
            cols = line.split("\t")
            ids.append(int(cols[0]))
            lat.append(float(cols[2]))
            lon.append(float(cols[3]))
    ids, lat, lon = np.array(ids), np.array(lat), np.array(lon)
    same_data = cKDTree(np.column_stack([lat, lon]))
    print(f"\nreverse_geocoder {REVERSE_GEOCODER.split('==')[1]} on the same points, one core:")
    if rg is None:
        print("  reverse_geocoder: not installable from PyPI here")
    for label, part in (("uniform on the sphere", rows[:n]), ("within 5 km of borders/coasts", rows[n:])):
        q = [(float(a), float(b)) for a, b in part[:, :2]]
        if rg is not None:
            rate, found = time_reverse_geocoder(rg, q, args.runs)
            rlat = np.array([float(r["lat"]) for r in found])
            rlon = np.array([float(r["lon"]) for r in found])
            agree = np.mean((np.abs(rlat - part[:, 3]) < 1e-4) & (np.abs(rlon - part[:, 4]) < 1e-4))
            closer = np.mean(haversine_km(part[:, 0], part[:, 1], rlat, rlon)
                             < haversine_km(part[:, 0], part[:, 1], part[:, 3], part[:, 4]) - 1e-6)
            print(f"  {label}: {rate / 1e6:.3f} M points/s (rg.search, mode=1); geocoder's full locality "
                  f"{ours.get(label, float('nan')):.2f} M/s is {ours.get(label, float('nan')) * 1e6 / rate:.0f}x faster; "
                  f"same place as geocoder {agree * 100:.2f} % (its cities1000 data has {closer * 100:.2f} % of the points "
                  f"nearer a place of 1,000-5,000 people or newer data)")
        _, k = same_data.query(part[:, :2])
        agree = np.mean(ids[k] == part[:, 2])
        d_theirs = haversine_km(part[:, 0], part[:, 1], lat[k], lon[k])
        d_ours = haversine_km(part[:, 0], part[:, 1], part[:, 3], part[:, 4])
        worse = d_theirs - d_ours
        bad = worse[worse > 1e-6]
        print(f"  {label}, reverse_geocoder's method (planar k-d tree on lat/lon degrees) over Data/cities.tsv: "
              f"same place {agree * 100:.2f} %; where not, its place is farther by a median "
              f"{np.median(bad) if len(bad) else 0:.1f} km (max {bad.max() if len(bad) else 0:.0f} km); "
              f"never nearer: {bool((worse >= -1e-6).all())}")


def server_placemarks(binary, points, fields=None, chunk=10_000):
    """The server's answers for `points` (reverseGeocodeMany, `fields` left out unless given), every request
    written before the replies are read, and the server's CPU time from the first write to the last reply
    (reading, answering and writing the JSON: one core)."""
    import json
    import threading
    lines = []
    for start in range(0, len(points), chunk):
        params = {"points": [list(p) for p in points[start:start + chunk]]}
        if fields is not None:
            params["fields"] = fields
        lines.append((json.dumps({"jsonrpc": "2.0", "method": "reverseGeocodeMany", "id": start,
                                  "params": params}, separators=(",", ":")) + "\n").encode())
    proc = subprocess.Popen([os.path.abspath(binary)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    # Warm: the index is loaded (from the cache) before the clock starts.
    proc.stdin.write(b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":-1}\n')
    proc.stdin.flush()
    proc.stdout.readline()
    replies = []

    def cpu_seconds():  # the server's user + system time so far (the machine may be busy: CPU, not wall)
        with open(f"/proc/{proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    t = cpu_seconds()
    writer = threading.Thread(target=lambda: (proc.stdin.writelines(lines), proc.stdin.close()))
    writer.start()
    for _ in lines:
        replies.append(proc.stdout.readline())
    elapsed = cpu_seconds() - t
    writer.join()
    proc.wait()
    answers = []
    for line in replies:
        answers.extend(json.loads(line)["result"])
    return answers, elapsed


def timezonefinder_answers(points, runs):
    """timezonefinder 9.2.0's timezone_at for each point, and its median points/s (CPU time, one core), run in
    the pinned venv of Data/regenerate-timezones.py (created there on first use)."""
    import importlib.util
    import json
    spec = importlib.util.spec_from_file_location("regen_tz", os.path.join(ROOT, "Data", "regenerate-timezones.py"))
    regen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(regen)
    python = os.path.join(regen._venv_dir(), "bin", "python")
    if not os.path.exists(python):
        return None, None
    program = (
        "import json, sys, time, statistics\n"
        "from timezonefinder import TimezoneFinder\n"
        "points = json.load(open(sys.argv[1]))\n"
        "tf = TimezoneFinder()\n"
        "tf.timezone_at(lng=0.0, lat=0.0)\n"
        "rates = []\n"
        "for _ in range(int(sys.argv[2])):\n"
        "    t = time.process_time()\n"
        "    found = [tf.timezone_at(lng=lon, lat=lat) for lat, lon in points]\n"
        "    rates.append(len(points) / (time.process_time() - t))\n"
        "print(json.dumps({'rate': statistics.median(rates), 'zones': found}))\n")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "points.json")
        with open(path, "w") as f:
            json.dump(points, f)
        out = subprocess.run([python, "-c", program, path, str(runs)], capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    return result["zones"], result["rate"]


def placemark(args):
    """The full placemark over stdio against reverse_geocoder and timezonefinder (see the module docstring)."""
    import math
    import random
    rg = ensure_reverse_geocoder()
    rng = random.Random(15)
    uniform = []
    for _ in range(args.points):
        uniform.append((math.degrees(math.asin(rng.uniform(-1, 1))), rng.uniform(-180, 180)))
    countries, _ = server_placemarks(args.server, uniform, fields=["country"])
    land = [p for p, c in zip(uniform, countries) if c is not None and c.get("match") == "inside"]
    print(f"placemark peers, same points, one core each: {len(uniform)} uniform on the sphere, "
          f"{len(land)} of them on land; server {args.server}")
    for label, points in (("uniform on the sphere", uniform), ("uniform on land", land)):
        n = len(points)
        full_rates, country_rates, answers = [], [], None
        for _ in range(args.runs):
            answers, elapsed = server_placemarks(args.server, points)
            full_rates.append(n / elapsed)
            _, elapsed = server_placemarks(args.server, points, fields=["country"])
            country_rates.append(n / elapsed)
        ours = statistics.median(full_rates)
        print(f"  {label} ({n} points): geocoder full placemark over stdio {ours / 1e6:.3f} M/s "
              f"(fields [\"country\"]: {statistics.median(country_rates) / 1e6:.3f} M/s)")
        if rg is not None:
            rate, found = time_reverse_geocoder(rg, points, args.runs)
            same_place = same_admin = same_division = both = 0
            for ans, r in zip(answers, found):
                locality = (ans or {}).get("locality") or {}
                division = (ans or {}).get("admin1") or {}
                same_place += locality.get("name") == r["name"]
                same_admin += (locality.get("admin1") or "") == r["admin1"]
                if division and r["cc"] == (ans or {}).get("iso2"):
                    both += 1
                    same_division += division.get("name") == r["admin1"]
            print(f"    reverse_geocoder 1.5.1 (nearest town + admin-1, mode=1): {rate / 1e6:.3f} M/s; geocoder does "
                  f"{ours / rate:.2f}x its rate with the whole placemark; same nearest place name {100 * same_place / n:.1f} %, "
                  f"same admin-1 name of that place {100 * same_admin / n:.1f} %, our admin-1 division's name equal to "
                  f"its admin1 {100 * same_division / max(1, both):.1f} % (of {both} points where both name the same country)")
        zones, rate = timezonefinder_answers(points, args.runs)
        if zones is None:
            print("    timezonefinder: its venv is missing (run python3 Data/regenerate-timezones.py --help once)")
            continue
        agree = sum((ans or {}).get("timezone") == z for ans, z in zip(answers, zones))
        print(f"    timezonefinder 9.2.0 (timezone_at): {rate / 1e6:.3f} M/s; geocoder does {ours / rate:.2f}x its "
              f"rate with the whole placemark; same time zone {100 * agree / n:.2f} %")


if __name__ == "__main__":
    main()
