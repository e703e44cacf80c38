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
    rows = [label for label, keep in zip(df.index, present) if keep]

    owned = geocoder is None
    geo = Geocoder() if geocoder is None else geocoder
    try:
        found = geo.reverse_many(points, max_distance_km)
    except InvalidParamsError as error:
        if error.point_index is None:
            raise
        label = rows[error.point_index]
        named = InvalidParamsError(f"row {label!r} ({lat}, {lon}): {error.message}", error.code, error.data)
        named.point_index = error.point_index
        raise named from None
    finally:
        if owned:
            geo.close()

    answers: List[Any] = [None] * len(df)
    positions = [k for k, keep in enumerate(present) if keep]
    for position, answer in zip(positions, found):
        answers[position] = answer
    out = df.copy()
    for column in columns:
        values = [None if answer is None else answer.get(column) for answer in answers]
        out[prefix + column] = pd.Series(values, index=df.index)
    return out
