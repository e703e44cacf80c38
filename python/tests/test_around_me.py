"""nearby, nearby_many, where_am_i and where_am_i_many against a real server started with `layers=`."""
import json

import pytest

import geocoder

# Main Street runs east-west at 60.1700 N; a kiosk 100 m north of it; a park polygon 55 m south of it.
CITY = {"type": "FeatureCollection", "features": [
    {"type": "Feature", "id": 1, "properties": {"name": "Main Street"},
     "geometry": {"type": "LineString", "coordinates": [[24.930, 60.1700], [24.950, 60.1700]]}},
    {"type": "Feature", "id": "kiosk", "properties": {"name": "Kiosk", "amenity": "kiosk"},
     "geometry": {"type": "Point", "coordinates": [24.9400, 60.1709]}},
    {"type": "Feature", "id": "park", "properties": {"name": "Park"},
     "geometry": {"type": "Polygon", "coordinates": [[[24.935, 60.1690], [24.945, 60.1690], [24.945, 60.1695],
                                                      [24.935, 60.1695], [24.935, 60.1690]]]}},
]}


@pytest.fixture(scope="module")
def city_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("layers") / "city.geojson"
    path.write_text(json.dumps(CITY))
    return path


@pytest.fixture
def city(new_geocoder, city_file):
    return new_geocoder(layers={"city": city_file})


def test_nearby_answers_the_layer_nearest_first(city):
    hits = city.nearby(60.1701, 24.9400, radius_m=300)
    assert [h["name"] for h in hits] == ["Main Street", "Park", "Kiosk"]
    assert hits == city.call("nearby", {"lat": 60.1701, "lon": 24.9400, "radiusM": 300})
    assert hits[0]["id"] == 1 and hits[0]["geometry"] == "LineString"
    assert abs(hits[0]["distanceM"] - 11.1) < 0.2 and hits[0]["direction"] == "S"
    assert hits[2]["properties"] == {"name": "Kiosk", "amenity": "kiosk"}
    assert hits[1]["inside"] is False and hits[1]["geometry"] == "Polygon"


def test_nearby_options_reach_the_server(city):
    assert [h["id"] for h in city.nearby(60.1701, 24.9400, geometry="point")] == ["kiosk"]
    assert [h["id"] for h in city.nearby(60.1701, 24.9400, geometry=["point", "polygon"])] == ["park", "kiosk"]
    assert [h["id"] for h in city.nearby(60.1701, 24.9400, limit=1, layers=["city"])] == [1]
    assert city.nearby(60.1701, 24.9400, radius_m=1) == []
    with pytest.raises(geocoder.InvalidParamsError) as caught:
        city.nearby(60.1701, 24.9400, layers="roads")
    assert caught.value.data["param"] == "layers[0]"
    with pytest.raises(geocoder.InvalidParamsError):
        city.nearby(float("nan"), 24.94)


def test_nearby_many_answers_each_point_in_order(city):
    lists = city.nearby_many([(60.1701, 24.9400), [60.1692, 24.9400]], radius_m=300)
    assert len(lists) == 2
    assert lists[0] == city.nearby(60.1701, 24.9400, radius_m=300)
    assert lists[1][0]["name"] == "Park" and lists[1][0]["distanceM"] == 0 and lists[1][0]["inside"] is True
    with pytest.raises(geocoder.InvalidParamsError) as caught:
        city.nearby_many([(60.17, 24.94), (60.17,)])
    assert caught.value.data["param"] == "points[1]"


def test_where_am_i_alongside_a_road_and_inside_a_place(city):
    here = city.where_am_i(60.1701, 24.9400, heading=90)
    assert here["context"] == "alongsideRoad" and here["road"]["name"] == "Main Street"
    assert here["phrase"].startswith("You are facing east along Main Street.")
    assert here == city.call("whereAmI", {"lat": 60.1701, "lon": 24.9400, "heading": 90})
    in_park = city.where_am_i(60.1692, 24.9400, poi_layer="city")
    assert in_park["context"] == "insidePOI" and in_park["poi"]["name"] == "Park"
    with pytest.raises(geocoder.InvalidParamsError) as caught:
        city.where_am_i(60.1701, 24.9400, road_layer="roads")
    assert caught.value.data["param"] == "roadLayer"


def test_where_am_i_many_follows_a_trace(city):
    trace = city.where_am_i_many([(60.1701, 24.9390), (60.1701, 24.9400, 90), (60.1692, 24.9400)])
    assert [a["context"] for a in trace] == ["alongsideRoad", "alongsideRoad", "insidePOI"]
    assert trace[1] == city.where_am_i(60.1701, 24.9400, heading=90, previous_road="1")
    with pytest.raises(geocoder.InvalidParamsError) as caught:
        city.where_am_i_many([(60.17, 24.94, 90, 1)])
    assert caught.value.data["param"] == "points[0]"


def test_a_server_without_layers_finds_nothing(geo):
    assert geo.nearby(60.17, 24.94) == []
    assert geo.where_am_i(60.17, 24.94)["context"] == "other"
