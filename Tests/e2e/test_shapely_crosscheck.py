"""The binary against an independent implementation (shapely/GEOS and numpy), on many points.

- reverseGeocode with maxDistanceKm 0 on 20,000 points uniform on the sphere and 20,000 points
  0.05 mm to 5 km from borders and coasts, against shapely `within` through an STRtree.
- countriesInBBox on 600 random boxes (a fifth of them across the antimeridian) plus named ones,
  against shapely `intersects` with box polygons: exact set equality and the documented order.
- forwardGeocode centroids of all 250 features against a spherical centroid computed here.

Everything is seeded, so a failure reproduces. Counts are printed in the run's summary.
"""
import math

import numpy as np
import pytest
import shapely
from shapely.strtree import STRtree

import geodata
from geoclient import SUMMARY

SEED = 20260611
N_UNIFORM = 20_000
N_BORDER = 20_000
N_BOXES = 600
#: A point this close (degrees) to a border may be given to either side: boundary semantics.
BOUNDARY_EPS_DEG = 1e-9
MAX_JITTER_KM = 5.0
JITTER_DECADES = 8          # 5 km down to 5e-8 km = 0.05 mm
KM_PER_DEG = math.pi * geodata.EARTH_RADIUS_KM / 180.0


# -- point sets -----------------------------------------------------------------------------

def uniform_points(rng, n):
    """Uniform on the sphere: uniform z gives uniform area."""
    lat = np.degrees(np.arcsin(rng.uniform(-1.0, 1.0, n)))
    lon = rng.uniform(-180.0, 180.0, n)
    return lat, lon


def border_points(world, rng, n):
    """Points on random ring edges, moved by 0.05 mm to 5 km (log-uniform) in a random direction.

    Edges are drawn uniformly from all edges of all features, so detailed borders and coasts
    get most points; the log-uniform jitter puts many points within metres of a border and
    some within 1e-9 degrees (0.1 mm) of it, where floating-point care starts to matter.
    """
    starts, ends = [], []
    for g in world.geoms:
        for poly in (g.geoms if g.geom_type == "MultiPolygon" else [g]):
            for ring in [poly.exterior, *poly.interiors]:
                xy = np.asarray(ring.coords)
                starts.append(xy[:-1])
                ends.append(xy[1:])
    a, b = np.concatenate(starts), np.concatenate(ends)
    lats, lons = [], []
    while sum(len(x) for x in lats) < n:
        k = rng.integers(0, len(a), n)
        t = rng.uniform(0.0, 1.0, n)[:, None]
        p = a[k] + t * (b[k] - a[k])
        dist = MAX_JITTER_KM * 10.0 ** (-rng.uniform(0.0, JITTER_DECADES, n))
        bearing = rng.uniform(0.0, 2.0 * math.pi, n)
        lat = p[:, 1] + dist / KM_PER_DEG * np.cos(bearing)
        coslat = np.maximum(np.cos(np.radians(p[:, 1])), 1e-6)
        lon = p[:, 0] + dist / (KM_PER_DEG * coslat) * np.sin(bearing)
        ok = np.abs(lat) <= 90.0
        lats.append(lat[ok])
        lons.append(geodata.wrap_lon(lon[ok]))
    return np.concatenate(lats)[:n], np.concatenate(lons)[:n]


def shapely_interior(world, lat, lon):
    """For each point, the index of the feature whose interior holds it, or -1."""
    pts = shapely.points(lon, lat)
    p_idx, g_idx = world.tree.query(pts, predicate="within")
    out = np.full(len(lat), -1)
    assert len(np.unique(p_idx)) == len(p_idx), "features overlap: a point is inside two"
    out[p_idx] = g_idx
    return out


def boundary_distance_deg(world, lat, lon, indices):
    """Planar distance (degrees) from the point to the nearest edge of the given features."""
    pt = shapely.Point(lon, lat)
    near = set(indices) | {int(i) for i in world.tree.query(pt.buffer(1e-6))}
    if not near:
        return math.inf
    return min(shapely.distance(pt, world.geoms[i].boundary) for i in near)


def near_border_count(world, lat, lon):
    """How many points lie within BOUNDARY_EPS_DEG of some feature's edge."""
    edges = STRtree([g.boundary for g in world.geoms])
    p_idx, _ = edges.query(shapely.points(lon, lat), predicate="dwithin", distance=BOUNDARY_EPS_DEG)
    return len(np.unique(p_idx))


def compare_reverse(server, world, lat, lon, label):
    params = [{"lat": float(a), "lon": float(o), "maxDistanceKm": 0, "fields": ["country"]} for a, o in zip(lat, lon)]
    results = server.pipeline("reverseGeocode", params)
    expected = shapely_interior(world, lat, lon)
    agree = boundary = 0
    bad = []
    for k, (res, want) in enumerate(zip(results, expected)):
        got = None if res is None else res.get("adm0a3")
        want_code = None if want < 0 else world.props[want]["ADM0_A3"]
        if got == want_code and (res is None or res.get("match") == "inside"):
            agree += 1
            continue
        involved = [i for i in (want, world.by_adm0.get(got, -1)) if i >= 0]
        d = boundary_distance_deg(world, lat[k], lon[k], involved)
        if d < BOUNDARY_EPS_DEG:
            boundary += 1
        else:
            bad.append(f"reverseGeocode {{lat: {lat[k]!r}, lon: {lon[k]!r}, maxDistanceKm: 0}}: "
                       f"shapely says {want_code}, binary says {got} "
                       f"(match {None if res is None else res.get('match')}); "
                       f"{d:.3g} deg = {d * KM_PER_DEG * 1000:.3g} m from a border")
    near = near_border_count(world, lat, lon)
    SUMMARY.append(f"reverseGeocode {label}: {len(lat)} points, {near} of them within "
                   f"{BOUNDARY_EPS_DEG} deg of a border; {agree} agree with shapely, {boundary} differ "
                   f"within {BOUNDARY_EPS_DEG} deg of a border (allowed), {len(bad)} mismatches")
    assert not bad, f"{len(bad)} of {len(lat)} {label} points disagree with shapely:\n" + \
        "\n".join(bad[:25])


def test_reverse_uniform_on_sphere(server, world):
    rng = np.random.default_rng(SEED)
    lat, lon = uniform_points(rng, N_UNIFORM)
    compare_reverse(server, world, lat, lon, "uniform on the sphere")


def test_reverse_near_borders_and_coasts(server, world):
    rng = np.random.default_rng(SEED + 1)
    lat, lon = border_points(world, rng, N_BORDER)
    compare_reverse(server, world, lat, lon, "near borders/coasts")


# -- boxes ----------------------------------------------------------------------------------

def random_boxes(rng, n):
    """Boxes of 0.01 to 90 degrees, centred uniformly on the sphere; 1 in 5 straddles lon 180."""
    boxes = []
    for k in range(n):
        clat = math.degrees(math.asin(rng.uniform(-1.0, 1.0)))
        w = 10.0 ** rng.uniform(-2.0, math.log10(90.0))
        h = 10.0 ** rng.uniform(-2.0, math.log10(45.0))
        clon = rng.uniform(-180.0, 180.0) if k % 5 else 180.0 + rng.uniform(-0.45, 0.45) * w
        min_lat, max_lat = max(-90.0, clat - h / 2), min(90.0, clat + h / 2)
        min_lon = float(geodata.wrap_lon(clon - w / 2))
        max_lon = float(geodata.wrap_lon(clon + w / 2))
        boxes.append((min_lat, min_lon, max_lat, max_lon))
    return boxes


#: Boxes a user would try, by name: (minLat, minLon, maxLat, maxLon).
NAMED_BOXES = {
    "whole_world": (-90.0, -180.0, 90.0, 180.0),
    "inside_lesotho_only": (-29.6, 28.0, -29.4, 28.3),      # in ZA's bbox, but only LS's area
    "inside_vatican": (41.903, 12.453, 41.9035, 12.4535),
    "fiji_across_180": (-19.0, 177.0, -16.0, -179.0),
    "open_pacific_inside_kiribati_bbox": (-2.0, -170.0, -1.0, -169.0),
    "bering_strait_across_180": (60.0, 170.0, 70.0, -165.0),
    "benelux": (49.4, 2.5, 53.6, 7.3),
    "south_pole_cap": (-90.0, -180.0, -85.0, 180.0),
    "north_pole_cap": (85.0, -180.0, 90.0, 180.0),
    "almost_whole_world_across_180": (-10.0, 10.0, 10.0, 9.0),
    "equator_sliver": (-0.001, -180.0, 0.001, 180.0),
    "caspian_sea_only": (41.5, 50.0, 42.5, 51.0),
}


def compare_boxes(server, world, boxes, labels):
    params = [{"minLat": b[0], "minLon": b[1], "maxLat": b[2], "maxLon": b[3]} for b in boxes]
    results = server.pipeline("countriesInBBox", params)
    bad = []
    crossing = sum(1 for b in boxes if b[1] > b[3])
    for label, box, res in zip(labels, boxes, results):
        want = {world.props[i]["ADM0_A3"] for i in world.intersecting_box(*box)}
        got = [r.get("adm0a3") for r in res]
        where = f"countriesInBBox {label} {list(box)}"
        if set(got) != want or len(got) != len(want):
            bad.append(f"{where}: missing {sorted(want - set(got))}, extra {sorted(set(got) - want)}"
                       + (", duplicates" if len(got) != len(set(got)) else ""))
            continue
        order = [(r.get("name"), r.get("adm0a3")) for r in res]
        if order != sorted(order):
            bad.append(f"{where}: not sorted by (name, adm0a3) in code point order: {order}")
            continue
        for r in res:
            p = world.props[world.by_adm0[r["adm0a3"]]]
            if (r.get("iso2"), r.get("iso3"), r.get("name")) != (p["ISO_A2_EH"], p["ISO_A3_EH"], p["NAME"]):
                bad.append(f"{where}: entry {r} does not carry the data's iso2/iso3/name")
                break
    return bad, crossing


def test_bbox_random_boxes(server, world):
    rng = np.random.default_rng(SEED + 2)
    boxes = random_boxes(rng, N_BOXES)
    bad, crossing = compare_boxes(server, world, boxes, [f"#{k}" for k in range(len(boxes))])
    assert crossing >= N_BOXES // 10, f"only {crossing} boxes cross the antimeridian"
    SUMMARY.append(f"countriesInBBox random: {len(boxes)} boxes ({crossing} across the antimeridian), "
                   f"{len(boxes) - len(bad)} exact matches, {len(bad)} mismatches")
    assert not bad, f"{len(bad)} of {len(boxes)} boxes disagree with shapely:\n" + "\n".join(bad[:25])


@pytest.mark.parametrize("name", sorted(NAMED_BOXES))
def test_bbox_named_box(server, world, name):
    bad, _ = compare_boxes(server, world, [NAMED_BOXES[name]], [name])
    assert not bad, bad[0]


def test_bbox_named_boxes_mean_what_they_say(world):
    """The named boxes test what their names claim (a check of this file's fixture)."""
    def codes(name):
        return {world.props[i]["ADM0_A3"] for i in world.intersecting_box(*NAMED_BOXES[name])}
    assert codes("inside_lesotho_only") == {"LSO"}
    assert codes("inside_vatican") == {"VAT"}
    assert codes("open_pacific_inside_kiribati_bbox") == set()
    assert codes("caspian_sea_only") == set()
    assert codes("whole_world") == {p["ADM0_A3"] for p in world.props}
    assert {"RUS", "USA"} <= codes("bering_strait_across_180")
    assert "FJI" in codes("fiji_across_180")


# -- centroids ------------------------------------------------------------------------------

def spherical_centroid(geom, step_deg=0.05):
    """Area-weighted centroid on the unit sphere, as (lat, lon, area in steradians).

    The first moment of a region bounded by great-circle arcs is
    integral(r dA) = 1/2 * sum over edges of theta_e * n_e, with n_e the unit normal a x b / |a x b|
    and theta_e the edge's angle, for counter-clockwise rings (holes, clockwise, subtract).
    Check: the equator traversed eastwards gives pi * z, the moment of the northern hemisphere.
    Edges are first densified to `step_deg` in lon/lat, so edges are read as straight lines in
    lon/lat as the containment test reads them. Its length is the region's area, for small
    regions, and its direction is the centroid.
    """
    m = np.zeros(3)
    for poly in (geom.geoms if geom.geom_type == "MultiPolygon" else [geom]):
        for ring in [poly.exterior, *poly.interiors]:
            xy = np.asarray(ring.coords)
            d = xy[1:] - xy[:-1]
            steps = np.maximum(1, np.ceil(np.abs(d).max(axis=1) / step_deg)).astype(int)
            pieces = [xy[k] + d[k] * (np.arange(s) / s)[:, None] for k, s in enumerate(steps)]
            dense = np.concatenate(pieces + [xy[-1:]])
            v = geodata.unit_vectors(dense[:, 1], dense[:, 0])
            a, b = v[:-1], v[1:]
            n = np.cross(a, b)
            nn = np.linalg.norm(n, axis=1)
            ok = nn > 0
            theta = np.arctan2(nn, np.sum(a * b, axis=1))
            m += 0.5 * np.sum(n[ok] / nn[ok][:, None] * theta[ok][:, None], axis=0)
    size = np.linalg.norm(m)
    u = m / size
    return math.degrees(math.asin(u[2])), math.degrees(math.atan2(u[1], u[0])), size


def angle_deg(lat1, lon1, lat2, lon2):
    u, v = geodata.unit_vectors(lat1, lon1), geodata.unit_vectors(lat2, lon2)
    return math.degrees(math.atan2(np.linalg.norm(np.cross(u, v)), float(np.dot(u, v))))


def centroid_tolerance_deg(area_sr):
    """5 % of the feature's equivalent radius, between 0.01 deg (~1 km) and 0.5 deg.

    Correct spherical methods differ by far less: reading edges as great-circle arcs instead of
    lon/lat lines moves no centroid of this data by more than 0.0002 deg, and a Monte Carlo
    estimate agrees within its sampling noise. Wrong methods are far outside it: the planar
    lon/lat centroid is 15 deg off for Fiji, 115 deg for Kiribati and 4 deg for Russia.
    """
    radius_deg = math.degrees(math.sqrt(area_sr / math.pi))
    return min(0.5, max(0.01, 0.05 * radius_deg))


def test_forward_centroids_match_spherical_centroids(server, world):
    bad = []
    worst = 0.0
    for i, p in enumerate(world.props):
        hits = server.result("forwardGeocode", {"query": p["NAME"], "limit": 50})
        mine = [h for h in hits if h.get("adm0a3") == p["ADM0_A3"]]
        if not mine:
            bad.append(f"forwardGeocode {p['NAME']!r} does not return {p['ADM0_A3']}: "
                       f"{[h.get('adm0a3') for h in hits]}")
            continue
        c = mine[0]["centroid"]
        lat, lon, area = spherical_centroid(world.geoms[i])
        err = angle_deg(c["lat"], c["lon"], lat, lon)
        tol = centroid_tolerance_deg(area)
        worst = max(worst, err / tol)
        if err > tol:
            bad.append(f"{p['ADM0_A3']} ({p['NAME']}): centroid ({c['lat']}, {c['lon']}), "
                       f"spherical centroid ({lat:.4f}, {lon:.4f}), {err:.4f} deg apart > {tol:.4f}")
    SUMMARY.append(f"forwardGeocode centroids: {len(world)} features, {len(bad)} off; "
                   f"worst error {worst:.3f} of its tolerance")
    assert not bad, "\n".join(bad)
