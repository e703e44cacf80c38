"""What the three RPC methods answer, as a user of the server would check it.

Expected values come from the data file (read with shapely/json here), never from the binary.
"""
import json
import unicodedata

import numpy as np
import pytest
import shapely

#: reverseGeocode result members and the data property each one carries.
REVERSE_FIELDS = {
    "iso2": "ISO_A2_EH", "iso3": "ISO_A3_EH", "isoNumeric": "ISO_N3_EH", "name": "NAME",
    "nameLong": "NAME_LONG", "formalName": "FORMAL_EN", "adm0a3": "ADM0_A3",
    "sovereign": "SOVEREIGNT", "sovereignA3": "SOV_A3", "type": "TYPE", "continent": "CONTINENT",
    "regionUN": "REGION_UN", "subregion": "SUBREGION", "wikidataId": "WIKIDATAID",
}
FORWARD_FIELDS = {"iso2", "iso3", "adm0a3", "name", "matched", "score", "centroid", "labelPoint", "bbox"}
BBOX_FIELDS = {"iso2", "iso3", "adm0a3", "name"}
NO_ISO = {"WSB": "Akrotiri", "ESB": "Dhekelia", "USG": "Guantanamo Bay USNB", "BRT": "Bir Tawil",
          "PGA": "Spratly Is.", "SCR": "Scarborough Reef"}


def interior_point(world, i):
    """A point well inside feature i: shapely's representative point of its largest part."""
    g = world.geoms[i]
    part = max(g.geoms, key=lambda p: p.area) if g.geom_type == "MultiPolygon" else g
    pt = part.representative_point()
    assert shapely.distance(pt, g.boundary) > 1e-7, f"{world.props[i]['ADM0_A3']}: point on edge"
    return pt.y, pt.x


# -- reverseGeocode ---------------------------------------------------------------------------

def test_reverse_every_feature_carries_its_data(server, world):
    """A point inside each of the 250 features returns that feature with the data's properties."""
    points = [interior_point(world, i) for i in range(len(world))]
    results = server.pipeline("reverseGeocode", [{"lat": a, "lon": o} for a, o in points])
    bad = []
    for i, ((lat, lon), res) in enumerate(zip(points, results)):
        p = world.props[i]
        where = f"reverseGeocode {{lat: {lat}, lon: {lon}}} ({p['ADM0_A3']} {p['NAME']})"
        if res is None:
            bad.append(f"{where}: null")
            continue
        missing = (set(REVERSE_FIELDS) | {"match", "distanceKm"}) - set(res)
        if missing:
            bad.append(f"{where}: members missing: {sorted(missing)}")
        for field, prop in REVERSE_FIELDS.items():
            if field in res and res[field] != p[prop]:
                bad.append(f"{where}: {field} = {res[field]!r}, the data's {prop} is {p[prop]!r}")
        if res.get("match") != "inside" or res.get("distanceKm") != 0:
            bad.append(f"{where}: match {res.get('match')!r}, distanceKm {res.get('distanceKm')!r}")
    assert not bad, "\n".join(bad[:40])


@pytest.mark.parametrize("adm0", sorted(NO_ISO))
def test_reverse_features_without_iso_code_have_null_codes(server, world, adm0):
    lat, lon = interior_point(world, world.by_adm0[adm0])
    res = server.result("reverseGeocode", {"lat": lat, "lon": lon})
    assert res is not None and res["adm0a3"] == adm0, f"({lat}, {lon}): expected {adm0}, got {res}"
    assert res["iso2"] is None and res["iso3"] is None and res["isoNumeric"] is None, \
        f"{NO_ISO[adm0]} has no ISO code, got iso2={res['iso2']!r} iso3={res['iso3']!r} " \
        f"isoNumeric={res['isoNumeric']!r}"


def test_reverse_kosovo_is_xk_without_alpha3(server):
    res = server.result("reverseGeocode", {"lat": 42.66, "lon": 21.16})
    assert (res["iso2"], res["iso3"], res["adm0a3"]) == ("XK", None, "KOS"), res


def test_no_reply_ever_contains_minus_99(server, world):
    """Natural Earth's "-99" placeholder must never reach a client, in any method."""
    texts = []
    for adm0 in ["FRA", "NOR", "KOS", *NO_ISO]:
        lat, lon = interior_point(world, world.by_adm0[adm0])
        texts.append(json.dumps(server.result("reverseGeocode", {"lat": lat, "lon": lon})))
        texts.append(json.dumps(server.result("forwardGeocode",
                                              {"query": world.props[world.by_adm0[adm0]]["NAME"]})))
    texts.append(json.dumps(server.result("countriesInBBox", [-90, -180, 90, 180])))
    assert not any("-99" in t for t in texts), [t for t in texts if "-99" in t][:3]


@pytest.mark.parametrize("params,same_as", [
    ({"lat": 48.8566, "lon": 362.3522}, {"lat": 48.8566, "lon": 2.3522}),
    ({"lat": 66.0, "lon": -537.65}, {"lat": 66.0, "lon": -177.65}),
    ({"lat": -16.7, "lon": 180.1}, {"lat": -16.7, "lon": -179.9}),
    ({"lat": 52.52, "lon": 733.405}, {"lat": 52.52, "lon": 13.405}),
], ids=["paris_plus_360", "chukotka_minus_537", "fiji_180_1", "berlin_plus_720"])
def test_reverse_wraps_longitude(server, params, same_as):
    got, want = server.result("reverseGeocode", params), server.result("reverseGeocode", same_as)
    assert got is not None and got == want, f"{params} gave {got}, {same_as} gave {want}"


@pytest.mark.parametrize("params", [
    {"lat": 90.0001, "lon": 0}, {"lat": -91, "lon": 0}, {"lat": 1e999, "lon": 0},
    {"lat": 0, "lon": 1e999}, {"lat": 0, "lon": -1e999}, {"lat": "48.8", "lon": 2.3},
    {"lat": 48.8, "lon": None}, {"lat": True, "lon": 2.3}, {"lat": [48.8], "lon": 2.3},
    {"lat": 48.8, "lon": 2.3, "maxDistanceKm": -1}, {"lat": 48.8, "lon": 2.3, "maxDistanceKm": "10"},
    {"lat": 48.8}, [91, 0], ["48.8", 2.3],
], ids=["lat_above_90", "lat_below_minus_90", "lat_infinite", "lon_infinite", "lon_minus_infinite",
        "lat_string", "lon_null", "lat_boolean", "lat_array", "max_distance_negative",
        "max_distance_string", "lon_missing", "positional_lat_91", "positional_lat_string"])
def test_reverse_rejects_bad_coordinates(server, params):
    # json.dumps writes 1e999 as Infinity, which is not JSON: send the number text itself.
    line = json.dumps({"jsonrpc": "2.0", "method": "reverseGeocode", "params": params, "id": "bad"})
    line = line.replace("Infinity", "1e999")
    server.send_raw(line.encode() + b"\n")
    reply = server.read_json()
    assert reply.get("id") == "bad" and reply.get("error", {}).get("code") == -32602, \
        f"reverseGeocode {line}: expected error -32602, got {reply}"


def test_reverse_boundaries_of_latitude_are_legal(server):
    assert server.result("reverseGeocode", {"lat": 90, "lon": 0, "fields": ["country"]}) is None
    south = server.result("reverseGeocode", {"lat": -90, "lon": 0})
    assert south is not None and south["adm0a3"] == "ATA", south


def test_reverse_max_distance_widens_and_narrows(server):
    offshore = {"lat": 38.6, "lon": -9.55}                    # 13 km off Portugal
    assert server.result("reverseGeocode", {**offshore, "fields": ["country"]}) is None
    sea = server.result("reverseGeocode", offshore)  # by default every member: no country, the others known
    assert "iso2" not in sea and sea["timezone"] == "Europe/Lisbon", sea
    wide = server.result("reverseGeocode", {**offshore, "maxDistanceKm": 30})
    assert wide is not None and wide["iso2"] == "PT" and wide["match"] == "nearest", wide
    assert 11.5 < wide["distanceKm"] < 14.5, wide
    assert server.result("reverseGeocode", {"lat": 43.66, "lon": 7.25, "maxDistanceKm": 0, "fields": ["country"]}) is None


def test_reverse_many_equals_reverse_point_by_point_near_borders(server, world):
    """reverseGeocodeMany (answered by the batched lookup) gives each point the reverseGeocode answer,
    for points jittered around the data's vertices (both sides of borders and coasts) and at sea."""
    rng = np.random.default_rng(11)
    vertices = [c for g in world.geoms
                for part in (g.geoms if g.geom_type == "MultiPolygon" else [g])
                for c in part.exterior.coords[::97]]
    points = []
    for k in rng.integers(0, len(vertices), 1500):
        lon, lat = vertices[k]
        points.append([float(np.clip(lat + rng.uniform(-0.03, 0.03), -90, 90)),
                       float(lon + rng.uniform(-0.03, 0.03))])
    points += [[float(rng.uniform(-90, 90)), float(rng.uniform(-180, 180))] for _ in range(500)]
    for radius in (0, 10):
        many = server.result("reverseGeocodeMany", {"points": points, "maxDistanceKm": radius})
        one = server.pipeline("reverseGeocode", [{"lat": la, "lon": lo, "maxDistanceKm": radius} for la, lo in points])
        assert len(many) == len(points)
        differ = [(p, m, o) for p, m, o in zip(points, many, one) if m != o]
        assert not differ, differ[:3]
        inside = sum(1 for o in one if o is not None and o.get("match") == "inside")  # at sea: no country members
        assert inside > 700, inside


# -- forwardGeocode ---------------------------------------------------------------------------

FORWARD_CASES = [
    ("english_name", "Germany", "DEU"), ("lower_case", "germany", "DEU"), ("upper_case", "GERMANY", "DEU"),
    ("german_name", "Deutschland", "DEU"), ("french_name", "allemagne", "DEU"),
    ("japanese_name", "ドイツ", "DEU"), ("russian_name", "Германия", "DEU"),
    ("iso2", "de", "DEU"), ("iso3", "DEU", "DEU"), ("iso2_kosovo", "xk", "KOS"),
    ("name_en", "Ivory Coast", "CIV"), ("name_with_diacritics", "Côte d'Ivoire", "CIV"),
    ("name_without_diacritics", "cote d'ivoire", "CIV"), ("german_umlaut_dropped", "elfenbeinkuste", "CIV"),
    ("south_korea", "South Korea", "KOR"), ("north_korea", "North Korea", "PRK"),
    ("formal_name", "United States of America", "USA"), ("iso3_usa", "usa", "USA"),
    ("japanese_usa", "アメリカ合衆国", "USA"), ("french_accented", "etats-unis", "USA"),
    ("sao_tome_ascii", "sao tome and principe", "STP"), ("sao_tome_accented", "São Tomé and Príncipe", "STP"),
    ("name_alt", "East Timor", "TLS"), ("name_alt_swaziland", "Swaziland", "SWZ"),
    ("name_alt_holy_see", "Holy See", "VAT"), ("czech_diacritics_dropped", "cesko", "CZE"),
    ("formal_russia", "Russian Federation", "RUS"), ("russian_script", "Россия", "RUS"),
    ("kanji", "日本", "JPN"), ("aland_ascii", "aland", "ALD"), ("aland_ring", "Åland", "ALD"),
    ("curacao_ascii", "curacao", "CUW"),
    # Apostrophes: ASCII, typographic and the Uzbek modifier letter read alike, and a name typed without
    # its apostrophe finds the place too (the index's spelled keys).
    ("uzbek_modifier_apostrophe", "Oʻzbekiston", "UZB"), ("uzbek_ascii_apostrophe", "O'zbekiston", "UZB"),
    ("uzbek_typographic_apostrophe", "O‘zbekiston", "UZB"), ("uzbek_no_apostrophe", "Ozbekiston", "UZB"),
    ("ivory_coast_no_apostrophe", "Cote dIvoire", "CIV"), ("uzbek_official_typographic", "O‘zbekiston Respublikasi", "UZB"),
]


@pytest.mark.parametrize("query,adm0", [(q, a) for _, q, a in FORWARD_CASES],
                         ids=[n for n, _, _ in FORWARD_CASES])
def test_forward_finds_country_first(server, query, adm0):
    hits = server.result("forwardGeocode", {"query": query})
    assert hits and hits[0]["adm0a3"] == adm0, \
        f"forwardGeocode {query!r}: expected {adm0} first, got {[h.get('adm0a3') for h in hits]}"


def fold(text):
    """Case- and diacritic-folded text, to tell which features share a name."""
    decomposed = unicodedata.normalize("NFKD", str(text))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def test_forward_every_feature_is_found_by_its_own_name(server, world):
    """Each NAME finds its feature; first, unless the feature ranked first has that name too."""
    bad = []
    for p in world.props:
        hits = server.result("forwardGeocode", {"query": p["NAME"], "limit": 50})
        codes = [h.get("adm0a3") for h in hits]
        if p["ADM0_A3"] not in codes:
            bad.append(f"forwardGeocode {p['NAME']!r}: {p['ADM0_A3']} missing from {codes}")
        elif codes[0] != p["ADM0_A3"]:
            other = world.props[world.by_adm0[codes[0]]]
            if fold(p["NAME"]) not in {fold(v) for v in other.values() if isinstance(v, str)}:
                bad.append(f"forwardGeocode {p['NAME']!r}: {codes[0]} ranked before {p['ADM0_A3']}")
    assert not bad, "\n".join(bad)


def test_forward_result_shape_and_values(server, world):
    bad = []
    for i, p in enumerate(world.props):
        hits = server.result("forwardGeocode", {"query": p["NAME"], "limit": 50})
        mine = [h for h in hits if h.get("adm0a3") == p["ADM0_A3"]]
        if not mine:
            continue  # reported by test_forward_every_feature_is_found_by_its_own_name
        h = mine[0]
        where = f"forwardGeocode {p['NAME']!r} -> {p['ADM0_A3']}"
        if not FORWARD_FIELDS <= set(h):
            bad.append(f"{where}: members missing: {sorted(FORWARD_FIELDS - set(h))}")
            continue
        if (h["iso2"], h["iso3"], h["name"]) != (p["ISO_A2_EH"], p["ISO_A3_EH"], p["NAME"]):
            bad.append(f"{where}: iso2/iso3/name {h['iso2']!r}/{h['iso3']!r}/{h['name']!r}")
        if not isinstance(h["matched"], str) or not isinstance(h["score"], (int, float)):
            bad.append(f"{where}: matched {h['matched']!r}, score {h['score']!r}")
        if p["LABEL_Y"] is not None and (h["labelPoint"] or {}).get("lat") != p["LABEL_Y"] \
                or p["LABEL_X"] is not None and (h["labelPoint"] or {}).get("lon") != p["LABEL_X"]:
            bad.append(f"{where}: labelPoint {h['labelPoint']}, data ({p['LABEL_Y']}, {p['LABEL_X']})")
        why = bbox_problem(world.geoms[i], h["bbox"])
        if why:
            bad.append(f"{where}: bbox {h['bbox']}: {why}")
    assert not bad, "\n".join(bad[:40])


def bbox_problem(geom, bbox):
    """Why [west, south, east, north] is not this feature's box, or None.

    South and north must be the vertices' latitude extent. West and east must be either the
    plain longitude extent or the narrowest longitude interval holding every vertex, which
    crosses the antimeridian (west > east, as RFC 7946 section 5.2 allows) for features such
    as Fiji, Kiribati, New Zealand or the United States. Every vertex must lie in the box.
    """
    if not (isinstance(bbox, list) and len(bbox) == 4 and all(isinstance(v, (int, float)) for v in bbox)):
        return "not four numbers"
    west, south, east, north = bbox
    xy = shapely.get_coordinates(geom)
    lon, lat = xy[:, 0], xy[:, 1]
    eps = 1e-9
    if abs(south - lat.min()) > eps or abs(north - lat.max()) > eps:
        return f"latitudes are not the extent {lat.min()}..{lat.max()}"
    inside = (lon >= west - eps) & (lon <= east + eps) if west <= east else \
        (lon >= west - eps) | (lon <= east + eps)
    if not inside.all():
        return f"{(~inside).sum()} vertices outside"
    plain = (lon.min(), lon.max())
    s = np.unique(lon)
    gaps = np.append(s[1:] - s[:-1], s[0] + 360.0 - s[-1])
    k = int(np.argmax(gaps))
    narrowest = plain if k == len(s) - 1 else (s[k + 1], s[k])
    if not any(abs(west - w) <= eps and abs(east - e) <= eps for w, e in (plain, narrowest)):
        return f"longitudes are neither the extent {plain} nor the narrowest interval {narrowest}"
    return None


def test_forward_limit(server):
    assert len(server.result("forwardGeocode", {"query": "Guinea", "limit": 1})) == 1
    assert server.result("forwardGeocode", {"query": "Guinea", "limit": 1})[0]["adm0a3"] == "GIN"


@pytest.mark.parametrize("query", ["au", "fr", "br", "Saint-Martin", "Guinea", "Niger", "Sudan"])
def test_forward_scores_are_best_first(server, query):
    hits = server.result("forwardGeocode", {"query": query, "limit": 50})
    scores = [h["score"] for h in hits]
    assert scores == sorted(scores, reverse=True), f"forwardGeocode {query!r}: scores {scores}"


def test_forward_shared_iso_code_returns_every_holder(server):
    """ISO alpha-2 AU belongs to Australia and three Australian dependencies in this data."""
    got = {h["adm0a3"] for h in server.result("forwardGeocode", {"query": "au", "limit": 50})}
    assert {"AUS", "ATC", "CSI", "IOA"} <= got, got


def test_forward_unknown_name_is_empty(server):
    assert server.result("forwardGeocode", {"query": "Qwertyuiopistan"}) == []


def test_forward_fiji_centroid_is_near_178_east(server):
    fiji = [h for h in server.result("forwardGeocode", {"query": "Fiji"}) if h["adm0a3"] == "FJI"][0]
    assert 177.0 < fiji["centroid"]["lon"] < 180.0 and -19 < fiji["centroid"]["lat"] < -16, fiji


def test_forward_russia_centroid_is_inside_russia(server, world):
    russia = [h for h in server.result("forwardGeocode", {"query": "Russia"}) if h["adm0a3"] == "RUS"][0]
    c = russia["centroid"]
    assert world.geoms[world.by_adm0["RUS"]].contains(shapely.Point(c["lon"], c["lat"])), c


# -- countriesInBBox --------------------------------------------------------------------------

def codes(result):
    return [r["adm0a3"] for r in result]


def test_bbox_uses_areas_not_bounding_boxes(server):
    # Inside Lesotho: South Africa's bounding box (and its ring around the hole) covers this box.
    assert codes(server.result("countriesInBBox", {"minLat": -29.6, "minLon": 28.0,
                                                   "maxLat": -29.4, "maxLon": 28.3})) == ["LSO"]
    # Open Pacific inside Kiribati's bounding box.
    assert server.result("countriesInBBox", [-2.0, -170.0, -1.0, -169.0]) == []


def test_bbox_entries_and_order(server):
    res = server.result("countriesInBBox", [35, -10, 60, 30])
    assert {"FRA", "DEU", "ESP", "GBR", "ITA"} <= set(codes(res)), codes(res)
    for r in res:
        assert BBOX_FIELDS <= set(r), r
    order = [(r["name"], r["adm0a3"]) for r in res]
    assert order == sorted(order), f"not sorted by (name, adm0a3): {order}"


def test_bbox_across_antimeridian(server):
    res = codes(server.result("countriesInBBox", {"minLat": -20, "minLon": 175, "maxLat": -15, "maxLon": -179}))
    assert res == ["FJI"], res
    res = codes(server.result("countriesInBBox", {"minLat": 60, "minLon": 170, "maxLat": 70, "maxLon": -165}))
    assert {"RUS", "USA"} <= set(res), res


@pytest.mark.parametrize("params", [
    {"minLat": 10, "minLon": 0, "maxLat": -10, "maxLon": 5},
    {"minLat": -91, "minLon": 0, "maxLat": 0, "maxLon": 5},
    {"minLat": 0, "minLon": 0, "maxLat": 90.5, "maxLon": 5},
    {"minLat": 0, "minLon": "0", "maxLat": 10, "maxLon": 5},
    [10, 0, -10, 5],
], ids=["min_lat_above_max_lat", "min_lat_below_minus_90", "max_lat_above_90", "lon_string", "positional_lat_order"])
def test_bbox_rejects_bad_boxes(server, params):
    code = server.error_code("countriesInBBox", params)
    assert code == -32602, f"countriesInBBox {params}: error {code}, expected -32602"


def test_bbox_whole_world_lists_every_feature_once(server, world):
    res = codes(server.result("countriesInBBox", [-90, -180, 90, 180]))
    assert sorted(res) == sorted(p["ADM0_A3"] for p in world.props)
