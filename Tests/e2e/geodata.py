"""An independent reading of Data/ne_10m_admin_0_countries.geojson with shapely.

The e2e tests check the Swift geocoder against this module, so it shares no code and no
algorithm with it: containment is GEOS's (shapely `covers`/`contains`), candidate lookup is
GEOS's STRtree, and distances are computed here on a sphere.

Distance model (documented because the fixture depends on it): the distance from a point to a
country is the shortest great-circle distance to any edge of its rings, each edge taken as the
great-circle arc between its two vertices, on a sphere of radius 6371.0088 km (the IUGG mean
Earth radius). At 1:10m vertex spacing the arc and the straight lon/lat segment differ by
metres, and the sphere differs from the WGS84 ellipsoid by under 0.5 %, so the known-locations
fixture keeps "nearest" points at least 0.5 km inside the distance limit and 0.1 km away from a
tie between two countries (see test_known_locations.py).
"""
import json
import math
import os

import numpy as np
import shapely
from shapely.geometry import shape
from shapely.strtree import STRtree

EARTH_RADIUS_KM = 6371.0088
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA_PATH = os.path.join(REPO_ROOT, "Data", "ne_10m_admin_0_countries.geojson")


def unit_vectors(lat_deg, lon_deg):
    """Unit vectors on the sphere for arrays of latitudes and longitudes in degrees."""
    lat = np.radians(np.asarray(lat_deg, dtype=float))
    lon = np.radians(np.asarray(lon_deg, dtype=float))
    c = np.cos(lat)
    return np.stack([c * np.cos(lon), c * np.sin(lon), np.sin(lat)], axis=-1)


def _angle(u, v):
    """Angle between unit vectors (rows), accurate for tiny angles (atan2 form)."""
    return np.arctan2(np.linalg.norm(np.cross(u, v), axis=-1), np.sum(u * v, axis=-1))


def point_to_arcs_km(p, a, b):
    """Great-circle distance in km from unit vector p to each arc a[i]-b[i] (arrays of rows).

    The closest point of an arc is its interior foot of perpendicular when that foot lies
    between the endpoints, else the nearer endpoint.
    """
    ends = np.minimum(_angle(p[None, :], a), _angle(p[None, :], b))
    n = np.cross(a, b)
    nn = np.linalg.norm(n, axis=-1)
    ok = nn > 1e-15
    dist = ends
    if np.any(ok):
        n_ok = n[ok] / nn[ok][:, None]
        s = n_ok @ p                              # sin of the distance to the great circle
        foot = p[None, :] - s[:, None] * n_ok     # projection onto the circle's plane
        between = (np.sum(np.cross(a[ok], foot) * n_ok, axis=-1) >= 0) & \
                  (np.sum(np.cross(foot, b[ok]) * n_ok, axis=-1) >= 0)
        perp = np.arcsin(np.clip(np.abs(s), 0.0, 1.0))
        sub = dist[ok]
        sub[between] = np.minimum(sub[between], perp[between])
        dist = dist.copy()
        dist[ok] = sub
    return dist * EARTH_RADIUS_KM


def wrap_lon(lon):
    """Longitude wrapped into [-180, 180)."""
    return ((lon + 180.0) % 360.0) - 180.0


class World:
    """The 250 features as shapely geometries, with point and box queries."""

    def __init__(self, path=DATA_PATH):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        self.props = [feat["properties"] for feat in doc["features"]]
        self.geoms = [shape(feat["geometry"]) for feat in doc["features"]]
        for g in self.geoms:
            shapely.prepare(g)
        self.tree = STRtree(self.geoms)
        self.by_adm0 = {p["ADM0_A3"]: i for i, p in enumerate(self.props)}
        self._arcs = {}

    def __len__(self):
        return len(self.props)

    # -- identity -------------------------------------------------------------------------

    def key(self, i):
        """The label a fixture uses for feature i: ISO alpha-2, or ADM0_A3 when no ISO code."""
        return self.props[i]["ISO_A2_EH"] or self.props[i]["ADM0_A3"]

    def matches(self, i, expect):
        """Whether feature i is what a fixture `expect` names (ISO2 or ADM0_A3)."""
        p = self.props[i]
        return expect in (p["ADM0_A3"], p["ISO_A2_EH"])

    # -- points ---------------------------------------------------------------------------

    def covering(self, lat, lon):
        """Indices of features whose closed area (interior or boundary) holds the point."""
        pt = shapely.Point(wrap_lon(lon), lat)
        return [int(i) for i in self.tree.query(pt, predicate="intersects")]

    def containing(self, lat, lon):
        """Indices of features whose interior holds the point (boundary excluded)."""
        pt = shapely.Point(wrap_lon(lon), lat)
        return [int(i) for i in self.tree.query(pt, predicate="within")]

    def _feature_arcs(self, i):
        """All ring edges of feature i as (start, end) unit-vector arrays; cached."""
        if i not in self._arcs:
            starts, ends = [], []
            g = self.geoms[i]
            polys = g.geoms if g.geom_type == "MultiPolygon" else [g]
            for poly in polys:
                for ring in [poly.exterior, *poly.interiors]:
                    xy = np.asarray(ring.coords)
                    v = unit_vectors(xy[:, 1], xy[:, 0])
                    starts.append(v[:-1])
                    ends.append(v[1:])
            a = np.concatenate(starts)
            b = np.concatenate(ends)
            mid = a + b
            mid /= np.linalg.norm(mid, axis=-1, keepdims=True)
            half = _angle(a, b) / 2.0
            self._arcs[i] = (a, b, mid, half)
        return self._arcs[i]

    def distance_km(self, i, lat, lon, within_km=None):
        """Great-circle distance from the point to feature i's border.

        With `within_km`, edges that cannot be that close are skipped (the result is then
        only exact when it is below `within_km`; otherwise it is some value above it).
        """
        a, b, mid, half = self._feature_arcs(i)
        p = unit_vectors(lat, lon)
        if within_km is not None:
            reach = within_km / EARTH_RADIUS_KM
            keep = _angle(p[None, :], mid) <= reach + half + 1e-9
            if not np.any(keep):
                return math.inf
            a, b = a[keep], b[keep]
        return float(np.min(point_to_arcs_km(p, a, b)))

    def candidates_near(self, lat, lon, km):
        """Features whose bounding box comes within `km` of the point (wrap-aware)."""
        dlat = km / 111.0 + 0.01
        coslat = math.cos(math.radians(min(89.9, abs(lat))))
        dlon = min(180.0, dlat / max(coslat, 1e-6))
        lon = wrap_lon(lon)
        boxes = [(lon - dlon, lat - dlat, lon + dlon, lat + dlat)]
        if lon - dlon < -180:
            boxes.append((lon - dlon + 360, lat - dlat, 180, lat + dlat))
        if lon + dlon > 180:
            boxes.append((-180, lat - dlat, lon + dlon - 360, lat + dlat))
        if lat + dlat > 90 or lat - dlat < -90:
            boxes.append((-180, lat - dlat, 180, lat + dlat))
        found = set()
        for box in boxes:
            found.update(int(i) for i in self.tree.query(shapely.box(*box)))
        return sorted(found)

    def nearest(self, lat, lon, max_km):
        """(index, km, runner-up km) of the nearest feature within max_km, else None.

        The runner-up distance (inf when there is none) lets callers refuse near-ties.
        """
        dists = []
        for i in self.candidates_near(lat, lon, max_km):
            d = self.distance_km(i, lat, lon, within_km=max_km)
            if d <= max_km:
                dists.append((d, i))
        dists.sort()
        if not dists:
            return None
        runner_up = dists[1][0] if len(dists) > 1 else math.inf
        return dists[0][1], dists[0][0], runner_up

    # -- boxes ----------------------------------------------------------------------------

    def intersecting_box(self, min_lat, min_lon, max_lat, max_lon):
        """Features whose area intersects the box; min_lon > max_lon crosses the antimeridian."""
        if min_lon <= max_lon:
            boxes = [shapely.box(min_lon, min_lat, max_lon, max_lat)]
        else:
            boxes = [shapely.box(min_lon, min_lat, 180.0, max_lat),
                     shapely.box(-180.0, min_lat, max_lon, max_lat)]
        found = set()
        for box in boxes:
            found.update(int(i) for i in self.tree.query(box, predicate="intersects"))
        return found


_WORLD = None


def world():
    """The shared World, loaded once per test session (loading takes a few seconds)."""
    global _WORLD
    if _WORLD is None:
        _WORLD = World()
    return _WORLD
