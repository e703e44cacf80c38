"""`add_country_columns`: reverse-geocodes a DataFrame's rows and adds the answers as columns.

pandas is an optional extra (`pip install "geocoder-offline[pandas]"`); it is imported when the function
is called, so `import geocoder` works without it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional, Sequence

from ._client import Geocoder
from ._errors import InvalidParamsError

if TYPE_CHECKING:  # pragma: no cover
    import pandas

#: The columns added by default: the same as `geocoder csv` appends.
DEFAULT_COLUMNS = ("iso2", "iso3", "name", "match", "distanceKm")
#: The placemark members beyond the country, as `fields` names them.
PLACEMARK_MEMBERS = ("admin1", "territory", "locality", "timezone")
#: Rows geocoded per `reverse_many` call; only the asked-for members of their answers are kept.
ROWS_PER_BLOCK = 100_000


def add_country_columns(df: "pandas.DataFrame", lat: str = "lat", lon: str = "lon",
                        columns: Sequence[str] = DEFAULT_COLUMNS, prefix: str = "", *,
                        geocoder: Optional[Geocoder] = None,
                        max_distance_km: Optional[float] = None) -> "pandas.DataFrame":
    """A copy of `df` with the country of each row's point added as columns.

    Each row's (`lat`, `lon`) goes through `Geocoder.reverse_many`; each name in `columns` is a member of
    the result (`iso2`, `iso3`, `name`, `continent`, `match`, `distanceKm` …, or a placemark member such
    as `timezone` on a server that has it) and becomes the column `prefix + name`, replacing a column of
    that name. Rows whose point is missing (NaN) or matches no country get missing values.
    - Parameters:
      - geocoder: the `Geocoder` to use; default a new one, closed before returning.
      - max_distance_km: as for `reverse`; None is the server's default of 10 km.
    - Throws: `InvalidParamsError` for a row with a latitude out of [-90, 90] (its message names the row's
      index label), `KeyError` for a missing `lat`/`lon` column, `ValueError` for non-numeric values.
    """
    import pandas as pd  # the optional extra

    frame = df[[lat, lon]]
    coordinates = frame.to_numpy(dtype="float64", na_value=float("nan"))
    present = ~pd.isna(frame).any(axis=1).to_numpy()
    points = coordinates[present].tolist()
    positions = [k for k, keep in enumerate(present) if keep]
    rows = [df.index[k] for k in positions]

    owned = geocoder is None
    geo = Geocoder() if geocoder is None else geocoder
    found: List[List[Any]] = [[] for _ in columns]
    # Only the members the columns need: the country alone is the server's fastest answer; a placemark
    # member among the columns (timezone, admin1 …) is asked for by name.
    fields = ["country"] + [name for name in PLACEMARK_MEMBERS if name in columns]
    try:
        # In blocks, keeping only the columns asked for: the full result dicts of a million rows would
        # take gigabytes.
        for start in range(0, len(points), ROWS_PER_BLOCK):
            block = points[start:start + ROWS_PER_BLOCK]
            try:
                answers = geo.reverse_many(block, max_distance_km, fields=fields)
            except InvalidParamsError as error:
                if error.point_index is None:
                    raise
                index = start + error.point_index
                data = error.data if isinstance(error.data, dict) else {}
                column = lon if str(data.get("param", "")).endswith("[1]") else lat
                named = InvalidParamsError(
                    f"Invalid params: row {rows[index]!r}, column {column!r}: {data.get('reason', error.message)}",
                    error.code, error.data)
                named.point_index = index
                raise named from None
            for values, column in zip(found, columns):
                values.extend(None if answer is None else answer.get(column) for answer in answers)
    finally:
        if owned:
            geo.close()

    out = df.copy()
    for values, column in zip(found, columns):
        full: List[Any] = [None] * len(df)
        for position, value in zip(positions, values):
            full[position] = value
        out[prefix + column] = pd.Series(full, index=df.index)
    return out
