#!/usr/bin/env python3
"""Regenerate Data/timezones.geojson: one feature per IANA time zone, from the polygons of
timezone-boundary-builder (ODbL 1.0, © OpenStreetMap contributors) as shipped by PyPI
`timezonefinder==9.2.0` (whose data is the separate package `timezonefinder-data==4.2026.5`,
boundary release 2026e), simplified to fit the server's memory budget.

Maintainer tool, not part of the build: building and running the geocoder need no network.

Why a second interpreter: timezonefinder 9.2.0 and timezonefinder-data 4.x declare
`Requires-Python >=3.12`, so pip on the project's Python 3.11 offers nothing newer than 9.0.0. This
script therefore re-runs itself in a virtual environment made from a Python >= 3.12 (`$TZ_PYTHON`,
else `python3.12`/`3.13`/`3.14` on PATH, else a pyenv version), with every package pinned in `PINS`. The
environment is kept in `~/.cache/geocoder-tools/` (keyed by the pins) so later runs start at once.

Simplification, topology-aware so that neighbouring zones neither overlap nor leave gaps:
1. Every ring is read through timezonefinder's public `get_geometry` as integers in 1e-6 degrees
   (the source's own precision: every coordinate is a multiple of 1e-6). Where two zones overlap,
   the smaller keeps the overlap (`resolve_overlaps`); a vertex lying on (or within 1e-6° of) a
   neighbour's edge is inserted into that edge (`node_rings`).
2. The rings are cut into arcs at junctions: a vertex where the set of rings using the edge before
   it differs from the set using the edge after it, or that has more than two neighbours. Each arc
   is stored once, in a canonical direction, however many rings use it; a ring with no junction
   (an island, an enclave and the hole around it) is one closed arc, rotated to a canonical start.
   Closed arcs are cut at two more anchors (the vertex farthest from the start, then the one
   farthest from that chord) so that nothing collapses below a triangle.
3. Each arc is simplified once (Douglas-Peucker, shapely/GEOS, endpoints kept) and every ring that
   uses it gets the same result, so a border shared by two zones is the same line in both.
4. Checks, repeated until clean: every polygon valid (shapely `is_valid`) with non-zero area, and no
   two simplified arcs meeting anywhere but at a shared endpoint. The arcs of a polygon that fails,
   and both arcs of a crossing pair, get half the tolerance and are simplified again. Nothing is
   ever repaired with make_valid, so the shared-arc property holds to the end.

Output: RFC 7946 FeatureCollection, features sorted by `tzid`, one feature per line, exterior rings
counter-clockwise, holes clockwise, rings closed, coordinates written exactly from the 1e-6-degree
integers (so no float formatting can differ between machines).

Usage: python3 Data/regenerate-timezones.py [--out DIR] [--stats]
  (writes next to this script unless DIR is given; scripts/check-data uses --out to prove the
  committed file is what this script makes; --stats prints vertex counts and the checks' results)
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys

PINS = [
    "timezonefinder==9.2.0",
    "timezonefinder-data==4.2026.5",
    "numpy==2.5.5",
    "cffi==2.1.1",
    "pycparser==3.12",
    "flatbuffers==25.12.19",
    "shapely==2.2.0",
]
OUT_NAME = "timezones.geojson"
SCALE = 1_000_000  # integer units per degree; the source's coordinates are all multiples of 1e-6°
# Douglas-Peucker tolerance in degrees for every arc (halved per arc where a check fails). Chosen
# as the smallest that brings the whole layer to at most ~350 k vertices (the budget in the
# issue-15 contract); see Data/README.md for its measured effect.
TOLERANCE_DEG = 0.0045
MIN_TOLERANCE_DEG = 1e-7  # below this an arc is kept unsimplified
SNAP_UNITS = 1.0  # a vertex this close (in 1e-6°) to a neighbour's edge is inserted into that edge
SPLIT_ABOVE = 64  # a piece that fails a check and has more vertices than this is cut in two


# --------------------------------------------------------------------------- environment

def _venv_dir():
    key = hashlib.sha256("\n".join(PINS).encode()).hexdigest()[:16]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "geocoder-tools", "tz-venv-" + key)


def _pins_satisfied():
    if sys.version_info < (3, 12):
        return False
    try:
        from importlib.metadata import version
        return all(version(p.split("==")[0]) == p.split("==")[1] for p in PINS)
    except Exception:
        return False


def find_python312():
    """A Python >= 3.12 interpreter that really runs (a pyenv shim on PATH may not)."""
    import glob

    candidates = [os.environ.get("TZ_PYTHON")]
    candidates += [shutil.which(n) for n in ("python3.12", "python3.13", "python3.14")]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[2-9]*/bin/python3")))
    for c in candidates:
        if not c:
            continue
        try:
            ok = subprocess.run([c, "-c", "import sys, venv; sys.exit(sys.version_info < (3, 12))"],
                                capture_output=True, timeout=60).returncode == 0
        except OSError:
            ok = False
        if ok:
            return c
    return None


def ensure_environment(script):
    """Re-execute `script` under a Python >= 3.12 venv holding exactly PINS, unless this already is one."""
    if _pins_satisfied():
        return
    if os.environ.get("GEOCODER_TZ_VENV_ACTIVE"):
        raise SystemExit("the tz venv does not hold the pinned packages; remove " + _venv_dir())
    venv = _venv_dir()
    py = os.path.join(venv, "bin", "python")
    marker = os.path.join(venv, "pins.txt")
    if not (os.path.exists(py) and os.path.exists(marker) and open(marker).read() == "\n".join(PINS)):
        base = find_python312()
        if base is None:
            raise SystemExit("timezonefinder 9.2.0 needs Python >= 3.12: put python3.12 on PATH or set TZ_PYTHON")
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.check_call([base, "-m", "venv", venv])
        subprocess.check_call([py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                               "--only-binary=:all:", *PINS])
        with open(marker, "w") as f:
            f.write("\n".join(PINS))
    env = dict(os.environ, GEOCODER_TZ_VENV_ACTIVE="1")
    os.execve(py, [py, os.path.abspath(script), *sys.argv[1:]], env)


# --------------------------------------------------------------------------- reading

def read_zones():
    """[(tzid, [[ring int64 (n,2) unclosed, no repeated vertices], ...] per polygon)] in source order."""
    import numpy as np
    from timezonefinder import TimezoneFinder

    tf = TimezoneFinder()
    zones = []
    for zone_id, name in enumerate(tf.timezone_names):
        polys = []
        for poly in tf.get_geometry(tz_id=zone_id, use_id=True):
            rings = []
            for xs, ys in poly:
                ring = np.rint(np.column_stack([xs, ys]) * SCALE).astype(np.int64)
                keep = np.any(ring != np.roll(ring, 1, axis=0), axis=1)
                ring = ring[keep] if keep.any() else ring[:1]
                rings.append(ring)
            polys.append(rings)
        zones.append((name, polys))
    version = tf.data_version
    return zones, version


# --------------------------------------------------------------------------- overlaps

def resolve_overlaps(zones, stats):
    """Make the zones a partition: where two zones overlap, the smaller zone (by total area) keeps
    the overlap and it is cut out of the larger one.

    The source ships genuinely overlapping zones (Asia/Urumqi inside Asia/Shanghai; Abyei in
    Africa/Juba and Africa/Khartoum; Abkhazia and South Ossetia in Asia/Tbilisi and Europe/Moscow;
    the West Bank in Asia/Hebron and Asia/Jerusalem; a few disputed borders). timezonefinder answers
    there with whichever candidate its index lists first; one answer per point needs a rule, and
    "the more specific zone wins" is the one that gives Urumqi, Hebron, Tbilisi and Juba where they
    are used. The cut is computed with GEOS on the 1e-6-degree grid (grid_size=1), so the result's
    vertices stay integers and the cut edges are the winner's own vertices.
    """
    import numpy as np
    import shapely

    geoms = []
    for _, polys in zones:
        closed = [[np.concatenate([r, r[:1]]).astype(np.float64) for r in p] for p in polys]
        parts = [shapely.Polygon(c[0], c[1:]) for c in closed]
        geoms.append(shapely.MultiPolygon(parts))
    areas = shapely.area(geoms)
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects")
    changed = {}
    for a, b in sorted(zip(left.tolist(), right.tolist())):
        if a >= b:
            continue
        ga, gb = changed.get(a, geoms[a]), changed.get(b, geoms[b])
        if not shapely.relate_pattern(ga, gb, "2********"):
            continue
        inter = shapely.intersection(ga, gb, grid_size=1)
        if shapely.area(inter) <= 0:
            continue
        win, lose = (a, b) if (areas[a], zones[a][0]) < (areas[b], zones[b][0]) else (b, a)
        gw, gl = changed.get(win, geoms[win]), changed.get(lose, geoms[lose])
        diff = shapely.difference(gl, gw, grid_size=1)
        changed[lose] = shapely.MultiPolygon([q for q in shapely.get_parts(diff)
                                              if shapely.get_type_id(q) == 3 and q.area > 0])
        if stats:
            print(f"overlap {zones[win][0]} / {zones[lose][0]}: {shapely.area(inter) / SCALE ** 2:.6f} deg², "
                  f"kept by {zones[win][0]}", file=sys.stderr)
    out = []
    for zi, (name, polys) in enumerate(zones):
        if zi not in changed:
            out.append((name, polys))
            continue
        new = []
        for part in shapely.get_parts(changed[zi]):
            if shapely.get_type_id(part) != 3 or part.area <= 0:
                continue
            rings = [np.rint(np.asarray(part.exterior.coords)[:-1]).astype(np.int64)]
            rings += [np.rint(np.asarray(h.coords)[:-1]).astype(np.int64) for h in part.interiors]
            new.append(rings)
        out.append((name, new))
    return out


# --------------------------------------------------------------------------- topology

def vertex_keys(ring):
    return ((ring[:, 0] + 180 * SCALE) << 28) | (ring[:, 1] + 90 * SCALE)


def find_junctions(rings):
    """Boolean array per ring: True where the ring's vertex is a junction (see the module doc)."""
    import numpy as np

    keys = [vertex_keys(r) for r in rings]
    lens = np.array([len(k) for k in keys])
    ring_of = np.repeat(np.arange(len(rings)), lens)
    a = np.concatenate(keys)
    b = np.concatenate([np.roll(k, -1) for k in keys])
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    order = np.lexsort((hi, lo))
    new_group = np.ones(len(order), dtype=bool)
    new_group[1:] = (lo[order][1:] != lo[order][:-1]) | (hi[order][1:] != hi[order][:-1])
    group_sorted = np.cumsum(new_group) - 1
    edge = np.empty(len(order), dtype=np.int64)
    edge[order] = group_sorted
    n_edges = group_sorted[-1] + 1
    count = np.bincount(edge, minlength=n_edges)
    rmin = np.full(n_edges, np.iinfo(np.int64).max)
    rmax = np.full(n_edges, -1)
    np.minimum.at(rmin, edge, ring_of)
    np.maximum.at(rmax, edge, ring_of)
    # The ring set of an edge: exact when at most two rings use it (nearly every edge), and
    # (count, lowest, highest) still tells sets apart in practice beyond that.
    sig = (count.astype(np.int64) << 40) ^ (rmin << 20) ^ rmax
    sig_out = sig[edge]
    # degree: distinct neighbours of each vertex
    first = np.ones(len(order), dtype=bool)
    first[1:] = new_group[1:]
    ulo, uhi = lo[order][first], hi[order][first]
    ends = np.concatenate([ulo, uhi])
    vals, deg = np.unique(ends, return_counts=True)
    junction = []
    start = 0
    for k, n in zip(keys, lens):
        so = sig_out[start:start + n]
        si = np.roll(so, 1)
        d = deg[np.searchsorted(vals, k)]
        junction.append((so != si) | (d > 2))
        start += n
    return junction


def node_rings(rings, pieces, meets, stats):
    """Insert, into every ring, the vertices of other rings that lie inside one of its edges.

    The source is not fully noded: in places (mostly where an ocean zone's meridian meets a
    territorial-waters line, and along some borders drawn twice) one zone's vertex lies on a
    neighbour's edge, or within its 1e-6° rounding of it, without being a vertex of it, so the two
    rings walk the same line with different vertices, their stretches would not be recognised as
    one shared arc, and the zones would keep sub-micro-degree slivers of overlap and gap. The
    candidates are the vertices of pieces that meet another piece off an endpoint; a candidate
    within SNAP_UNITS of an edge's interior (integer arithmetic) is inserted into it. Changes
    `rings` in place; returns how many vertices were inserted.
    """
    import numpy as np
    import shapely

    cand = set()
    for a, b in meets:
        for x, y in ((a, b), (b, a)):
            line = shapely.LineString(pieces[y].astype(np.float64))
            shapely.prepare(line)
            pts = pieces[x]
            hit = shapely.dwithin(line, shapely.points(pts.astype(np.float64)), SNAP_UNITS)
            cand.update(map(tuple, pts[hit].tolist()))
    if not cand:
        return 0
    cand = np.array(sorted(cand), dtype=np.int64)
    cpts = shapely.points(cand.astype(np.float64))
    inserted = 0
    for r, ring in enumerate(rings):
        x0, y0 = ring.min(axis=0)
        x1, y1 = ring.max(axis=0)
        inbox = np.flatnonzero((cand[:, 0] >= x0) & (cand[:, 0] <= x1) & (cand[:, 1] >= y0) & (cand[:, 1] <= y1))
        if len(inbox) == 0:
            continue
        closed = np.concatenate([ring, ring[:1]])
        lr = shapely.LineString(closed.astype(np.float64))
        shapely.prepare(lr)
        on = inbox[shapely.dwithin(lr, cpts[inbox], SNAP_UNITS)]
        if len(on) == 0:
            continue
        keys = set(vertex_keys(ring).tolist())
        a, b = closed[:-1], closed[1:]
        adds = []  # (edge index, distance along it, point)
        for v in cand[on]:
            if int(vertex_keys(v[None, :])[0]) in keys:
                continue
            # v within SNAP_UNITS of the edge's interior: |cross| <= SNAP * length, projection inside
            dx, dy = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]
            cross = dx * (v[1] - a[:, 1]) - dy * (v[0] - a[:, 0])
            dot = dx * (v[0] - a[:, 0]) + dy * (v[1] - a[:, 1])
            len2 = dx * dx + dy * dy
            inside = (cross.astype(np.float64) ** 2 <= (SNAP_UNITS ** 2) * len2.astype(np.float64)) \
                & (dot > 0) & (dot < len2)
            for e in np.flatnonzero(inside).tolist():
                adds.append((e, int(abs(v[0] - a[e, 0]) + abs(v[1] - a[e, 1])), (int(v[0]), int(v[1]))))
        if not adds:
            continue
        adds.sort()
        out, last = [], 0
        for e, _, v in adds:
            out.append(ring[last:e + 1])
            out.append(np.array([v], dtype=np.int64))
            last = e + 1
        out.append(ring[last:])
        rings[r] = np.concatenate(out)
        inserted += len(adds)
    if stats:
        print(f"noding: {inserted} vertices inserted into rings that passed through them", file=sys.stderr)
    return inserted


def closed_anchors(pts):
    """Indices (besides 0) at which a closed arc pts[0..n] (pts[n] == pts[0]) is cut."""
    import numpy as np

    p = pts[:-1].astype(np.float64)
    if len(p) < 4:
        return list(range(1, len(p)))
    d = ((p - p[0]) ** 2).sum(axis=1)
    i1 = int(np.argmax(d))
    u = p[i1] - p[0]
    cross = np.abs(u[0] * (p[:, 1] - p[0, 1]) - u[1] * (p[:, 0] - p[0, 0]))
    cross[[0, i1]] = -1
    i2 = int(np.argmax(cross))
    return sorted({i1, i2} - {0})


def canonical_loop(keys, ring):
    """Rotate/reverse a junction-free ring so that identical loops get identical vertex order."""
    import numpy as np

    i = int(np.argmin(keys))
    k = np.roll(keys, -i)
    r = np.roll(ring, -i, axis=0)
    if len(k) > 2 and k[-1] < k[1]:
        k = np.concatenate([k[:1], k[1:][::-1]])
        r = np.concatenate([r[:1], r[1:][::-1]])
    return k, r


def build_arcs(rings, junction):
    """Split rings into shared pieces.

    Returns (pieces, ring_refs): pieces is a list of int64 (m,2) open polylines (each simplified
    once, endpoints kept); ring_refs[r] is the list of (piece index, reversed) that, concatenated,
    walk ring r from a junction (or its canonical start) back to it.
    """
    import numpy as np

    index = {}
    pieces = []

    def piece_id(pts):
        ka = vertex_keys(pts)
        rev = bool(ka[-1] < ka[0] or (ka[-1] == ka[0] and len(ka) > 2 and ka[-2] < ka[1]))
        canon = pts[::-1] if rev else pts
        key = canon.tobytes()
        pid = index.get(key)
        if pid is None:
            pid = len(pieces)
            index[key] = pid
            pieces.append(np.ascontiguousarray(canon))
        return pid, rev

    def add_arc(pts, refs):
        """pts: open polyline from one junction to the next (closed when they coincide)."""
        if len(pts) > 2 and (pts[0] == pts[-1]).all():
            # The anchors are chosen on the arc in its canonical direction, so that two rings
            # walking the same closed arc in opposite directions cut it at the same vertices.
            ka = vertex_keys(pts)
            flip = bool(ka[-2] < ka[1])
            walk = pts[::-1] if flip else pts
            cuts = [0, *closed_anchors(walk), len(walk) - 1]
            sub = [piece_id(walk[a:b + 1]) for a, b in zip(cuts, cuts[1:])]
            if flip:
                sub = [(pid, not rev) for pid, rev in reversed(sub)]
            refs.extend(sub)
        else:
            refs.append(piece_id(pts))

    ring_refs = []
    for ring, junc in zip(rings, junction):
        refs = []
        js = np.flatnonzero(junc)
        if len(js) == 0:
            keys = vertex_keys(ring)
            _, r = canonical_loop(keys, ring)
            add_arc(np.concatenate([r, r[:1]]), refs)
        else:
            r = np.roll(ring, -js[0], axis=0)
            cut = list(js - js[0]) + [len(ring)]
            closed = np.concatenate([r, r[:1]])
            for a, b in zip(cut, cut[1:]):
                add_arc(closed[a:b + 1], refs)
        ring_refs.append(refs)
    return pieces, ring_refs


def make_lines(arrays):
    """A numpy array of shapely LineStrings, one per (m,2) integer array."""
    import numpy as np
    import shapely

    if not arrays:
        return np.empty(0, dtype=object)
    lens = np.array([len(a) for a in arrays])
    coords = np.concatenate(arrays).astype(np.float64)
    return shapely.linestrings(coords, indices=np.repeat(np.arange(len(arrays)), lens))


def simplify_pieces(pieces, tol_units, which):
    import numpy as np
    import shapely

    idx = np.asarray(which)
    lines = make_lines([pieces[i] for i in idx])
    out = {}
    if len(idx):
        simp = shapely.simplify(lines, tol_units[idx], preserve_topology=False)
        for i, g, t in zip(idx, simp, tol_units[idx]):
            c = shapely.get_coordinates(g)
            if t < MIN_TOLERANCE_DEG * SCALE or len(c) < 2:
                c = pieces[i]
            out[int(i)] = np.rint(c).astype(np.int64)
    return out


def assemble(ring_refs, simple):
    import numpy as np

    rings = []
    for refs in ring_refs:
        parts = []
        for pid, rev in refs:
            s = simple[pid][::-1] if rev else simple[pid]
            parts.append(s[:-1])
        rings.append(np.concatenate(parts))
    return rings


def signed_area2(ring):
    import numpy as np

    x = ring[:, 0].astype(float)
    y = ring[:, 1].astype(float)
    return float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)) if len(ring) else 0.0


def polygon_geoms(layout, rings):
    import numpy as np
    import shapely

    geoms = []
    for ring_ids in layout:
        rr = [np.concatenate([rings[r], rings[r][:1]]).astype(np.float64) for r in ring_ids]
        try:
            geoms.append(shapely.Polygon(rr[0], rr[1:]))
        except Exception:
            geoms.append(None)
    return geoms


def bad_polygons(layout, rings):
    import shapely

    bad = []
    for p, g in enumerate(polygon_geoms(layout, rings)):
        if g is None or len(rings[layout[p][0]]) < 3 or not shapely.is_valid(g) or g.area <= 0 \
                or any(len(rings[r]) < 3 for r in layout[p]):
            bad.append(p)
    return bad


def crossing_pieces(simple, allowed=None):
    """Pieces that meet another anywhere but at an endpoint both share (or at a point of `allowed`,
    where unsimplified pieces already met: the source has a few vertices lying on a neighbour's
    edge, which no simplification should be blamed for).

    Returns the set of piece ids, and the {(a, b): points} of every pair that meets off an endpoint."""
    import numpy as np
    import shapely

    ids = sorted(simple)
    lines = make_lines([simple[i] for i in ids])
    tree = shapely.STRtree(lines)
    left, right = tree.query(lines, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    bad, met = set(), {}
    inter = shapely.intersection(lines[left], lines[right])
    for a, b, g in zip(left, right, inter):
        pair = (ids[a], ids[b])
        pa, pb = simple[pair[0]], simple[pair[1]]
        ends = {tuple(pa[0]), tuple(pa[-1])} & {tuple(pb[0]), tuple(pb[-1])}
        if shapely.get_type_id(g) not in (0, 4):  # not a (multi)point: a shared stretch
            pts = {("stretch",)}
        else:
            pts = {tuple(int(round(v)) for v in c) for c in shapely.get_coordinates(g)} - ends
        if pts:
            met[pair] = pts
            if allowed is None or not pts <= allowed:
                bad.update(pair)
    return bad, met


# --------------------------------------------------------------------------- output

def fmt(v):
    s = "-" if v < 0 else ""
    q, r = divmod(abs(int(v)), SCALE)
    frac = f"{r:06d}".rstrip("0") or "0"
    return f"{s}{q}.{frac}"


def ring_json(ring, ccw):
    import numpy as np

    if (signed_area2(ring) > 0) != ccw:
        ring = ring[::-1]
    closed = np.concatenate([ring, ring[:1]])
    return "[" + ",".join(f"[{fmt(x)},{fmt(y)}]" for x, y in closed) + "]"


def main():
    ensure_environment(__file__)
    import numpy as np
    import shapely

    args = sys.argv[1:]
    stats = "--stats" in args
    args = [a for a in args if a != "--stats"]
    here = os.path.dirname(os.path.abspath(__file__))
    if len(args) == 2 and args[0] == "--out":
        here = args[1]
    elif args:
        raise SystemExit("usage: regenerate-timezones.py [--out DIR] [--stats]")

    zones, data_version = read_zones()
    zones.sort(key=lambda z: z[0])
    zones = resolve_overlaps(zones, stats)
    rings, layout, owner = [], [], []   # layout[p] = ring ids of polygon p; owner[p] = zone index
    for zi, (_, polys) in enumerate(zones):
        for poly in polys:
            layout.append(list(range(len(rings), len(rings) + len(poly))))
            owner.append(zi)
            rings.extend(poly)
    n_in = sum(len(r) for r in rings)
    if stats:
        src_bad = bad_polygons(layout, rings)
        print(f"source: {len(zones)} zones, {len(layout)} polygons, {len(rings)} rings, {n_in} vertices, "
              f"{len(src_bad)} invalid polygons", file=sys.stderr)

    for _ in range(4):
        junction = find_junctions(rings)
        pieces, ring_refs = build_arcs(rings, junction)
        _, source_meets = crossing_pieces(dict(enumerate(pieces)))
        if stats:
            print(f"pieces: {len(pieces)}, of which {len(source_meets)} pairs meet off their endpoints",
                  file=sys.stderr)
        if not node_rings(rings, pieces, source_meets, stats):
            break
    piece_rings = [[] for _ in pieces]
    for r, refs in enumerate(ring_refs):
        for pid, _ in refs:
            piece_rings[pid].append(r)
    tol = [TOLERANCE_DEG * SCALE] * len(pieces)
    source_points = set().union(*source_meets.values())

    def split(i):
        """Cut piece i in two at its middle vertex (the second half gets a new id), in every ring."""
        m = len(pieces[i]) // 2
        j = len(pieces)
        pieces.append(pieces[i][m:])
        pieces[i] = pieces[i][:m + 1]
        tol.append(tol[i])
        piece_rings.append(list(piece_rings[i]))
        for r in set(piece_rings[i]):
            refs = []
            for pid, rev in ring_refs[r]:
                if pid != i:
                    refs.append((pid, rev))
                else:
                    refs.extend([(j, True), (i, True)] if rev else [(i, False), (j, False)])
            ring_refs[r] = refs
        return j
    simple = simplify_pieces(pieces, np.asarray(tol), range(len(pieces)))
    if stats:
        print(f"before the checks: {sum(len(simple[p]) - 1 for refs in ring_refs for p, _ in refs)} vertices",
              file=sys.stderr)
    rounds = 0
    floor = MIN_TOLERANCE_DEG * SCALE
    while True:
        # Piece-level checks first (a piece crossing itself or another), since they name the
        # pieces to blame; then the polygons, whose every piece is redone when one is still bad.
        ids = sorted(simple)
        self_crossing = {i for i, ok in zip(ids, shapely.is_simple(make_lines([simple[i] for i in ids]))) if not ok}
        crossing = crossing_pieces(simple, source_points)[0]
        redo = {i for i in self_crossing | crossing if tol[i] >= floor}
        bad = []
        if not redo:
            out_rings = assemble(ring_refs, simple)
            bad = bad_polygons(layout, out_rings)
            for p in bad:
                for r in layout[p]:
                    redo.update(pid for pid, _ in ring_refs[r] if tol[pid] >= floor)
        if stats and bad:
            for p, g in zip(bad, polygon_geoms([layout[p] for p in bad], out_rings)):
                print("  ", zones[owner[p]][0], g is not None and shapely.is_valid_reason(g),
                      [len(out_rings[r]) for r in layout[p]][:5], file=sys.stderr)
        if stats:
            print(f"round {rounds}: {sum(len(simple[p]) - 1 for refs in ring_refs for p, _ in refs)} vertices, {len(self_crossing)} self-crossing pieces, {len(crossing)} crossing pieces, "
                  f"{len(bad)} bad polygons {[zones[owner[p]][0] for p in bad][:8]}, {len(redo)} pieces to redo",
                  file=sys.stderr)
        if not redo:
            if bad or self_crossing or crossing:
                raise SystemExit("still invalid at the smallest tolerance")
            break
        # A long piece is cut in two (so the fix stays local); a short one is simplified less.
        rounds += 1
        changed = set()
        for i in sorted(redo):
            if len(pieces[i]) > SPLIT_ABOVE:
                changed.add(split(i))
            else:
                tol[i] /= 2
            changed.add(i)
        simple.update(simplify_pieces(pieces, np.asarray(tol), sorted(changed)))

    n_out = sum(len(r) for r in out_rings)
    if stats:
        print(f"pieces: {len(pieces)}; rounds: {rounds}; pieces at reduced tolerance: "
              f"{sum(t < TOLERANCE_DEG * SCALE for t in tol)}", file=sys.stderr)
        print(f"output: {n_out} vertices ({n_out / n_in:.2%} of {n_in})", file=sys.stderr)

    lines = []
    for zi, (name, polys) in enumerate(zones):
        coords = []
        for p in (p for p in range(len(layout)) if owner[p] == zi):
            ids = layout[p]
            coords.append("[" + ",".join(ring_json(out_rings[r], i == 0) for i, r in enumerate(ids)) + "]")
        if len(coords) == 1:
            geom = '{"type":"Polygon","coordinates":' + coords[0] + "}"
        else:
            geom = '{"type":"MultiPolygon","coordinates":[' + ",".join(coords) + "]}"
        lines.append('{"type":"Feature","properties":{"tzid":' + json.dumps(name) + '},"geometry":' + geom + "}")
    source = (f"timezone-boundary-builder {data_version} (with oceans), © OpenStreetMap contributors, ODbL 1.0; "
              f"via PyPI {PINS[0]} + {PINS[1]}; Douglas-Peucker on shared arcs, tolerance {TOLERANCE_DEG} deg")
    head = '{"type":"FeatureCollection","name":"timezones","source":' + json.dumps(source) + ',"features":[\n'
    os.makedirs(here, exist_ok=True)
    path = os.path.join(here, OUT_NAME)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(head + ",\n".join(lines) + "\n]}\n")
    print(f"wrote {path}: {len(zones)} zones, {n_out} vertices, {os.path.getsize(path)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
