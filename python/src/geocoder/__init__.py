"""Offline geocoding through the geocoder binary bundled in this package.

    from geocoder import Geocoder
    with Geocoder() as geo:
        geo.reverse(48.8566, 2.3522)["iso2"]               # 'FR'
        geo.reverse_many([(48.8566, 2.3522), (0, -30)], fields=["country"])  # [{... 'iso2': 'FR' ...}, None]
        geo.forward("Paris", limit=1)[0]["country"]        # 'France'
        [c["name"] for c in geo.countries_in_bbox(-20, 177, -15, -178)]   # ['Fiji']
    with Geocoder(layers={"city": "helsinki.geojson"}) as geo:
        geo.nearby(60.17, 24.94, radius_m=200)[0]["name"]  # the nearest feature of the layer
        geo.where_am_i(60.17, 24.94, heading=90)["phrase"] # 'You are facing east along ...'

Results are the server's JSON objects as dicts, typed with TypedDicts (`ReverseMatch`, `ForwardCountry`,
`ForwardCity`, `CountryCodes`); errors are `GeocoderError` subclasses. `add_country_columns` adds country
columns to a pandas DataFrame (`pip install "geocoder-offline[pandas]"`).
"""
from ._binary import bundled_binary
from ._client import Geocoder
from ._errors import (
    BinaryNotFoundError, GeocoderError, GeocoderProcessError, GeocoderTimeoutError, InternalError,
    InvalidParamsError, InvalidRequestError, LimitExceededError, MethodNotFoundError, ParseError, RPCError,
    ServerShuttingDownError,
)
from ._pandas import DEFAULT_COLUMNS, add_country_columns
from ._types import (
    CountryCodes, ForwardAdmin1, ForwardCity, ForwardCountry, ForwardMatch, Intersection, LatLon, NearbyFeature,
    ReverseMatch, WhereAmI,
)

__version__ = "0.1.0"

__all__ = [
    "Geocoder", "add_country_columns", "DEFAULT_COLUMNS", "bundled_binary",
    "ReverseMatch", "ForwardCountry", "ForwardCity", "ForwardAdmin1", "ForwardMatch", "CountryCodes", "LatLon",
    "NearbyFeature", "Intersection", "WhereAmI",
    "GeocoderError", "RPCError", "ParseError", "InvalidRequestError", "MethodNotFoundError",
    "InvalidParamsError", "InternalError", "ServerShuttingDownError", "LimitExceededError",
    "GeocoderProcessError", "GeocoderTimeoutError", "BinaryNotFoundError",
]
