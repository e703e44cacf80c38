#!/usr/bin/env python3
"""Agreement with the GeoNames places' country codes at territory level, over all of Data/cities.tsv.

For each place, our code is the territory's ISO alpha-2 when the point lies in an admin-1 division
that belongs to a folded territory (French Guiana GF, Svalbard SJ, ...), else the country's
ISO_A2_EH. GeoNames gives the territory's own code to such places, so folding them into their
sovereign (FR, NO) counts as a disagreement.

Modes:
  --polygons (default)  shapely on Data/ne_10m_admin_0_countries.geojson and
                        Data/admin1-polygons.geojson, like the server's default: the country that
                        contains the point, else the nearest within 10 km; then the division of that
                        country that contains the point, else its nearest division.
  --geocoder BIN        spawn BIN (the JSON-RPC server) and ask reverseGeocodeMany in chunks of at
                        most 10,000 points; each answer's `territory.iso2` when present, else `iso2`.

Prints the agreement in % and the 20 most frequent (GeoNames, ours) disagreement pairs. Exits 1 when
the agreement is under --target (default 99.8).

--explain sorts every disagreement into one class (shapely; a few minutes):
  border      the place lies within BORDER_KM of a polygon of the code GeoNames gives (its country, or
              the divisions of that territory): 1:10m borders are generalised, and GeoNames' coordinates
              are rounded, so a place that close to a border can fall on either side;
  disputed    a pair of codes whose line is disputed (DISPUTED: Western Sahara, the West Bank, Abyei,
              Kashmir, ...), where GeoNames and Natural Earth's German point of view draw it differently;
  no-code     we answer a polygon without an ISO code (Akrotiri, Dhekelia, ...: iso2 null by design);
  no-polygon  no country polygon within 10 km: an island 1:10m leaves out (Marshall Islands atolls,
              Agaléga, Matsu, ...);
  fold        GeoNames gives a territory's code and we its sovereign's, or the reverse: a defect of the
              territory layer (admin-1 polygons' territory_* properties);
  far         anything else (listed whole, with coordinates).

Usage: python3 scripts/check-territories.py [--polygons | --geocoder BIN] [--target PCT] [--explain]
"""
import argparse
import collections
import json
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Data")
EARTH_KM = 6371.0088
MAX_KM = 10.0
CHUNK = 10_000
BORDER_KM = 3.0
#: Pairs of codes whose common line is disputed; either order.
DISPUTED = {frozenset(p) for p in [("MA", "EH"), ("IL", "PS"), ("SD", "SS"), ("IN", "PK"), ("IN", "CN"),
                                   ("PK", "CN"), ("GE", "RU"), ("UA", "RU"), ("AZ", "AM"), ("CY", None),
                                   ("MD", None), ("KE", "SS"), ("EG", "SD")]}


def load_cities():
    out = []
    with open(os.path.join(DATA, "cities.tsv"), encoding="utf-8") as f:
        next(f)
        for line in f:
            col = line.rstrip("\n").split("\t")
            out.append((float(col[2]), float(col[3]), col[4]))
    return out


def haversine_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_KM * math.asin(min(1.0, math.sqrt(a)))


def features(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return json.load(f)["features"]


def polygon_answers(cities):
    import shapely
    from shapely.geometry import shape
    from shapely.ops import nearest_points
    from shapely.strtree import STRtree

    countries = features("ne_10m_admin_0_countries.geojson")
    c_geom = [shape(f["geometry"]) for f in countries]
    c_iso = [f["properties"]["ISO_A2_EH"] for f in countries]
    c_a3 = [f["properties"]["ADM0_A3"] for f in countries]
    divisions = features("admin1-polygons.geojson")
    d_geom = [shape(f["geometry"]) for f in divisions]
    d_terr = [f["properties"]["territory_iso2"] for f in divisions]
    d_by_a3 = collections.defaultdict(list)
    for i, f in enumerate(divisions):
        d_by_a3[f["properties"]["adm0_a3"]].append(i)
    c_tree, d_tree = STRtree(c_geom), STRtree(d_geom)
    pts = shapely.points([(lon, lat) for lat, lon, _ in cities])

    country = [None] * len(cities)
    pi, ci = c_tree.query(pts, predicate="within")
    for p, c in zip(pi.tolist(), ci.tolist()):
        country[p] = c
    for p, (lat, lon, _) in enumerate(cities):
        if country[p] is not None:
            continue
        # Nearest within 10 km: candidates by a generous degree box, then great-circle distance.
        reach = MAX_KM / 111.0 / max(0.05, math.cos(math.radians(lat))) + MAX_KM / 111.0
        best, best_km = None, MAX_KM
        for c in c_tree.query(pts[p].buffer(reach)).tolist():
            q = nearest_points(c_geom[c], pts[p])[0]
            km = haversine_km(lat, lon, q.y, q.x)
            if km <= best_km:
                best, best_km = c, km
        country[p] = best

    division = [None] * len(cities)
    pi, di = d_tree.query(pts, predicate="within")
    for p, d in zip(pi.tolist(), di.tolist()):
        if country[p] is not None and divisions[d]["properties"]["adm0_a3"] == c_a3[country[p]]:
            division[p] = d
    answers = []
    for p, (lat, lon, _) in enumerate(cities):
        c = country[p]
        if c is None:
            answers.append(None)
            continue
        d = division[p]
        if d is None and d_by_a3[c_a3[c]]:
            d = min(d_by_a3[c_a3[c]], key=lambda i: (d_geom[i].distance(pts[p]), i))
        answers.append(d_terr[d] if d is not None and d_terr[d] else c_iso[c])
    return answers


def geocoder_answers(binary, cities):
    # Run from the repository root, where the server finds Data/ without flags.
    proc = subprocess.Popen([os.path.abspath(binary)], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)
    answers = []
    for start in range(0, len(cities), CHUNK):
        chunk = cities[start:start + CHUNK]
        request = {"jsonrpc": "2.0", "method": "reverseGeocodeMany",
                   "params": {"points": [[lat, lon] for lat, lon, _ in chunk]}, "id": start}
        proc.stdin.write((json.dumps(request, separators=(",", ":")) + "\n").encode())
        proc.stdin.flush()
        reply = json.loads(proc.stdout.readline())
        if "result" not in reply:
            sys.exit(f"{binary}: {reply.get('error')}")
        for result in reply["result"]:
            if result is None:
                answers.append(None)
                continue
            territory = result.get("territory")
            answers.append(territory["iso2"] if territory and territory.get("iso2")
                           else result.get("iso2"))
    proc.stdin.close()
    proc.wait()
    return answers


def explain(cities, answers):
    """Each disagreement's class (see the module doc); prints the counts, then the `far` ones whole."""
    import shapely
    from shapely.geometry import shape
    from shapely.ops import nearest_points

    countries = features("ne_10m_admin_0_countries.geojson")
    by_code = collections.defaultdict(list)
    for f in countries:
        by_code[f["properties"]["ISO_A2_EH"]].append(shape(f["geometry"]))
    code_of_a3 = {f["properties"]["ADM0_A3"]: f["properties"]["ISO_A2_EH"] for f in countries}
    sovereign_of = {}
    for f in features("admin1-polygons.geojson"):
        props = f["properties"]
        if props["territory_iso2"]:
            by_code[props["territory_iso2"]].append(shape(f["geometry"]))
            sovereign_of[props["territory_iso2"]] = code_of_a3.get(props["adm0_a3"])
    c_tree = None
    classes = collections.Counter()
    far = []
    for (lat, lon, theirs), ours in zip(cities, answers):
        if theirs == ours:
            continue
        point = shapely.Point(lon, lat)
        near_km = min((haversine_km(lat, lon, q.y, q.x) for g in by_code.get(theirs, [])
                       for q in [nearest_points(g, point)[0]]), default=None)
        if ours is not None and (sovereign_of.get(theirs) == ours or sovereign_of.get(ours) == theirs) \
                and (near_km is None or near_km > BORDER_KM):
            kind = "fold"
        elif near_km is not None and near_km <= BORDER_KM:
            kind = "border"
        elif frozenset((theirs, ours)) in DISPUTED:
            kind = "disputed"
        elif ours is None:
            if c_tree is None:
                from shapely.strtree import STRtree
                geoms = [shape(f["geometry"]) for f in countries]
                c_tree = STRtree(geoms)
            reach = MAX_KM / 111.0 / max(0.05, math.cos(math.radians(lat))) + MAX_KM / 111.0
            near = [c for c in c_tree.query(point.buffer(reach)).tolist()
                    if haversine_km(lat, lon, *reversed(nearest_points(c_tree.geometries[c], point)[0].coords[0]))
                    <= MAX_KM]
            kind = "no-code" if near else "no-polygon"
        else:
            kind = "far"
            far.append((theirs, ours, lat, lon, near_km))
        classes[kind] += 1
    print("disagreements by class:")
    for kind, n in classes.most_common():
        print(f"  {kind}: {n} ({100.0 * n / len(cities):.3f} % of places)")
    for theirs, ours, lat, lon, km in far:
        print(f"  far: {theirs} -> {ours} at {lat}, {lon}" + (f" ({km:.1f} km from {theirs})" if km else ""))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--polygons", action="store_true", help="shapely on the GeoJSON (default)")
    mode.add_argument("--geocoder", metavar="BIN", help="ask this JSON-RPC server")
    parser.add_argument("--target", type=float, default=99.8, help="minimum agreement in %%")
    parser.add_argument("--explain", action="store_true", help="sort the disagreements into classes")
    args = parser.parse_args()
    cities = load_cities()
    answers = geocoder_answers(args.geocoder, cities) if args.geocoder else polygon_answers(cities)
    pairs = collections.Counter((cc, ours) for (_, _, cc), ours in zip(cities, answers)
                                if cc != ours)
    agree = len(cities) - sum(pairs.values())
    pct = 100.0 * agree / len(cities)
    print(f"territory agreement: {agree}/{len(cities)} = {pct:.3f} % "
          f"({'geocoder ' + args.geocoder if args.geocoder else 'polygons'})")
    print("most frequent disagreements (GeoNames -> ours: places):")
    for (theirs, ours), n in sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0][0], str(kv[0][1])))[:20]:
        print(f"  {theirs} -> {ours}: {n}")
    if args.explain:
        explain(cities, answers)
    sys.exit(0 if pct >= args.target else 1)


if __name__ == "__main__":
    main()
