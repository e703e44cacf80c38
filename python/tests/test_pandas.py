"""add_country_columns on DataFrames."""
import math

import pytest

import geocoder

pd = pytest.importorskip("pandas")


def missing(value):
    return value is None or (isinstance(value, float) and math.isnan(value))


def test_adds_the_default_columns_and_keeps_the_frame(geo):
    df = pd.DataFrame({"lat": [48.8566, 0.0, float("nan"), 35.68], "lon": [2.3522, -30.0, 1.0, 139.69],
                       "label": ["paris", "sea", "unknown", "tokyo"]}, index=[10, 20, 30, 40])
    out = geocoder.add_country_columns(df, geocoder=geo)
    assert list(out.columns) == ["lat", "lon", "label", "iso2", "iso3", "name", "match", "distanceKm"]
    assert list(out.index) == [10, 20, 30, 40]
    assert out.loc[10, "iso2"] == "FR" and out.loc[40, "name"] == "Japan"
    assert out.loc[10, "match"] == "inside" and out.loc[10, "distanceKm"] == 0
    assert missing(out.loc[20, "iso2"]) and missing(out.loc[30, "iso2"])
    assert list(df.columns) == ["lat", "lon", "label"]  # the input is not changed


def test_column_names_prefix_and_its_own_server(cache_dir, monkeypatch):
    df = pd.DataFrame({"y": [-33.87], "x": [151.21]})
    # No geocoder given: the helper starts one (with the run's cache) and closes it.
    monkeypatch.setenv("GEOCODER_CACHE_DIR", str(cache_dir))
    out = geocoder.add_country_columns(df, lat="y", lon="x", columns=("iso2", "continent"), prefix="c_")
    assert list(out.columns) == ["y", "x", "c_iso2", "c_continent"]
    assert (out.loc[0, "c_iso2"], out.loc[0, "c_continent"]) == ("AU", "Oceania")


def test_matches_reverse_many_on_many_rows(geo):
    lats = [40 + k * 0.01 for k in range(5_000)]
    lons = [-5 + k * 0.003 for k in range(5_000)]
    out = geocoder.add_country_columns(pd.DataFrame({"lat": lats, "lon": lons}), columns=("iso2",), geocoder=geo)
    expected = [None if r is None else r["iso2"] for r in geo.reverse_many(list(zip(lats, lons)), fields=["country"])]
    assert [None if missing(v) else v for v in out["iso2"]] == expected
    # By default every member: a row at sea has no iso2 but does have a time zone, and the columns agree.
    every = geo.reverse_many(list(zip(lats, lons)))
    assert [r.get("iso2") for r in every] == expected
    zones = geocoder.add_country_columns(pd.DataFrame({"lat": lats[:50], "lon": lons[:50]}), columns=("timezone",),
                                         geocoder=geo)
    assert list(zones["timezone"]) == [r["timezone"] for r in every[:50]]


def test_a_bad_row_is_named_by_its_index_label(geo):
    df = pd.DataFrame({"lat": [48.8, 95.0], "lon": [2.3, 0.0]}, index=["a", "b"])
    with pytest.raises(geocoder.InvalidParamsError) as caught:
        geocoder.add_country_columns(df, geocoder=geo)
    assert "row 'b', column 'lat': must be within [-90, 90]" in str(caught.value)
    assert caught.value.point_index == 1


def test_rows_beyond_one_block_are_all_geocoded(geo, monkeypatch):
    from geocoder import _pandas
    monkeypatch.setattr(_pandas, "ROWS_PER_BLOCK", 3)
    lats = [48.8566, 0.0, 35.68, -33.87, 40.71, 95.0]
    lons = [2.3522, -30.0, 139.69, 151.21, -74.0, 0.0]
    df = pd.DataFrame({"lat": lats[:5], "lon": lons[:5]})
    out = geocoder.add_country_columns(df, columns=("iso2",), geocoder=geo)
    assert [None if missing(v) else v for v in out["iso2"]] == ["FR", None, "JP", "AU", "US"]
    bad = pd.DataFrame({"lat": lats, "lon": lons}, index=list("abcdef"))
    with pytest.raises(geocoder.InvalidParamsError) as caught:  # in the second block
        geocoder.add_country_columns(bad, geocoder=geo)
    assert "row 'f'" in str(caught.value) and caught.value.point_index == 5
