"""forward and countries_in_bbox against the real server."""


def test_forward_paris_finds_the_city(geo):
    matches = geo.forward("Paris")
    assert matches, "no match for Paris"
    first = matches[0]
    assert (first["kind"], first["name"], first["iso2"]) == ("city", "Paris", "FR")
    assert first["geonameid"] > 0 and first["population"] > 1_000_000


def test_forward_options_reach_the_server(geo):
    austria = geo.forward("Oesterreich", limit=1, lang="de")
    assert [(m["kind"], m["iso2"], m["name"]) for m in austria] == [("country", "AT", "Österreich")]
    in_us = geo.forward("Paris", country_codes=["US"])
    assert in_us and {m["iso2"] for m in in_us} == {"US"}
    assert {m["kind"] for m in geo.forward("France", kinds=["country"])} == {"country"}
    assert len(geo.forward("a", limit=250)) == 250


def test_forward_qualified_city(geo):
    texas = geo.forward("Paris, Texas", limit=1)
    assert [(m["name"], m["iso2"], m["admin1"]) for m in texas] == [("Paris", "US", "Texas")]


def test_countries_in_bbox_across_the_antimeridian(geo):
    assert geo.countries_in_bbox(-20, 177, -15, -178) == [
        {"iso2": "FJ", "iso3": "FJI", "adm0a3": "FJI", "name": "Fiji"}]


def test_discover_returns_the_openrpc_document(geo):
    document = geo.discover()
    names = {m["name"] for m in document["methods"]}
    assert {"reverseGeocode", "reverseGeocodeMany", "forwardGeocode", "countriesInBBox"} <= names
