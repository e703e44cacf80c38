"""The shapes of the server's answers, as TypedDicts.

Results are the JSON objects the server sent, decoded by `json` and returned as they are: plain dicts,
typed here so that editors and type checkers know their keys. Keys are the wire names (`distanceKm`,
`isoNumeric`), the same as in README and `rpc-schema/openrpc.json`. A member a newer server adds (a
placemark's `admin1`, `timezone` …) is kept in the dict, so `result.get("timezone")` reaches it even
where these types do not list it yet; the members a server with placemark layers adds are listed below as
optional keys.

Dicts rather than dataclasses: `reverse_many` of a million points returns a million results, and
building an object per result would cost more than the lookup itself.
"""
from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, TypedDict, Union


class _ReverseMatchCountry(TypedDict):
    iso2: Optional[str]
    iso3: Optional[str]
    isoNumeric: Optional[str]
    name: str
    nameLong: Optional[str]
    formalName: Optional[str]
    adm0a3: str
    sovereign: Optional[str]
    sovereignA3: Optional[str]
    type: Optional[str]
    continent: Optional[str]
    regionUN: Optional[str]
    subregion: Optional[str]
    wikidataId: Optional[str]
    match: Literal["inside", "nearest"]
    distanceKm: float


class ReverseMatch(_ReverseMatchCountry, total=False):
    """A `reverseGeocode` answer: the country containing the point (`match` "inside"), or the one whose
    border is nearest within the radius (`match` "nearest", `distanceKm` > 0).

    `iso2`/`iso3` are None for the six areas without an ISO code (Akrotiri, Bir Tawil …); `adm0a3` is
    always set. The optional keys are the placemark members of a server with placemark layers (present only
    when that server sends them; `None` when unknown for the point).
    """

    admin1: Optional[Dict[str, Any]]
    territory: Optional[Dict[str, Any]]
    locality: Optional[Dict[str, Any]]
    timezone: Optional[str]


class LatLon(TypedDict):
    lat: float
    lon: float


class _ForwardBase(TypedDict):
    name: str
    matched: str
    matchType: Literal["exact", "alias", "prefix", "fuzzy"]
    score: float
    iso2: Optional[str]
    iso3: Optional[str]
    adm0a3: Optional[str]
    country: Optional[str]
    admin1: Optional[str]
    population: Optional[int]
    lat: float
    lon: float


class ForwardCountry(_ForwardBase):
    """A country matched by `forward`: `kind` "country", with its centroid, label point and
    `bbox` [west, south, east, north] (west > east across the antimeridian)."""

    kind: Literal["country"]
    centroid: LatLon
    labelPoint: LatLon
    bbox: List[float]


class ForwardCity(_ForwardBase):
    """A city matched by `forward`: `kind` "city", with its GeoNames id and `admin1` division name."""

    kind: Literal["city"]
    geonameid: int


class ForwardAdmin1(_ForwardBase):
    """An admin-1 division matched by `forward`: `kind` "admin1", with a point inside it (`centroid`),
    `bbox` [west, south, east, north], its ISO 3166-2 code and type."""

    kind: Literal["admin1"]
    centroid: LatLon
    bbox: List[float]
    iso3166_2: Optional[str]
    type: Optional[str]


#: One `forward` result; tell them apart by `result["kind"]`.
ForwardMatch = Union[ForwardCountry, ForwardCity, ForwardAdmin1]


class CountryCodes(TypedDict):
    """One `countries_in_bbox` result."""

    iso2: Optional[str]
    iso3: Optional[str]
    adm0a3: str
    name: str


class NearbyFeature(TypedDict):
    """A feature of the server's layers (`layers=` / `--layer`) as `nearby` returns it, and as `where_am_i`
    returns its `poi`, `road`, `nearestRoad` and `nearestPOI`: distance (great-circle metres, sphere R =
    6,371,008.8 m) to the feature's nearest point, bearing and 8-wind direction to it (None at distance 0),
    `inside` for polygons (None for points and lines), `nearestPoint` as [lat, lon]."""

    layer: str
    id: Union[str, int, float, None]
    name: Optional[str]
    properties: Optional[Dict[str, Any]]
    geometry: Literal["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
                      "GeometryCollection"]
    distanceM: float
    bearingDeg: Optional[float]
    direction: Optional[Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]]
    inside: Optional[bool]
    nearestPoint: List[float]


class Intersection(TypedDict):
    """A vertex shared by named roads with two or more different names (`where_am_i`'s `intersection`)."""

    layer: str
    names: List[str]
    point: List[float]
    distanceM: float
    bearingDeg: Optional[float]
    direction: Optional[Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]]


class WhereAmI(TypedDict):
    """A `where_am_i` answer: inside a place, alongside a road (within 20 m) or other; absent members None;
    `phrase` is the English sentence a screen reader speaks."""

    context: Literal["insidePOI", "alongsideRoad", "other"]
    poi: Optional[NearbyFeature]
    road: Optional[NearbyFeature]
    intersection: Optional[Intersection]
    nearestRoad: Optional[NearbyFeature]
    nearestPOI: Optional[NearbyFeature]
    phrase: str


__all__ = ["ReverseMatch", "LatLon", "ForwardCountry", "ForwardCity", "ForwardMatch", "CountryCodes",
           "NearbyFeature", "Intersection", "WhereAmI"]
