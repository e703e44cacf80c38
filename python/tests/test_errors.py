"""JSON-RPC errors become exceptions; the Geocoder stays usable after each."""
import pytest

import geocoder


def test_latitude_out_of_range_is_invalid_params(geo):
    with pytest.raises(geocoder.InvalidParamsError) as caught:
        geo.reverse(91, 0)
    error = caught.value
    assert isinstance(error, geocoder.GeocoderError) and isinstance(error, geocoder.RPCError)
    assert error.code == -32602
    assert error.data["param"] == "lat" and error.data["max"] == 90
    assert "lat" in str(error)


def test_bad_forward_and_bbox_params(geo):
    with pytest.raises(geocoder.InvalidParamsError) as caught:
        geo.forward("Paris", limit=0)
    assert caught.value.data["param"] == "limit"
    with pytest.raises(geocoder.InvalidParamsError) as caught:
        geo.forward("Paris", kinds=["village"])
    assert caught.value.data["param"] == "kinds"
    with pytest.raises(geocoder.InvalidParamsError):
        geo.countries_in_bbox(10, 0, -10, 5)  # minLat > maxLat
    with pytest.raises(geocoder.InvalidParamsError):
        geo.reverse(0, 0, max_distance_km=-1)


def test_unknown_method_is_method_not_found(geo):
    with pytest.raises(geocoder.MethodNotFoundError) as caught:
        geo.call("noSuchMethod", {})
    assert caught.value.code == -32601
    assert "reverseGeocode" in caught.value.data["available"]


def test_the_geocoder_answers_after_errors(geo):
    for _ in range(3):
        with pytest.raises(geocoder.InvalidParamsError):
            geo.reverse(-95, 0)
    assert geo.reverse(48.8566, 2.3522)["iso2"] == "FR"
