"""Checking and encoding the params the client sends, and naming a bad point by its place in the caller's list.

The server checks every param itself; the client checks only what JSON cannot carry (NaN, infinities, values
that are not numbers), so those fail with the same `InvalidParamsError` the server would send.
"""
from __future__ import annotations

import math
import numbers
import re
from typing import Any, Dict, List, Optional, Sequence

from ._errors import InvalidParamsError

_POINT_PARAM = re.compile(r"points\[(\d+)\]")


def invalid(param: str, reason: str) -> InvalidParamsError:
    return InvalidParamsError(f"Invalid params: {param} {reason}", -32602, {"param": param, "reason": reason})


def number(param: str, value: Any) -> float:
    """`value` as a float, checked as the server would before it could even be sent (JSON has no NaN)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise invalid(param, f"must be a number, got {type(value).__name__}")
    result = float(value)
    if not math.isfinite(result):
        raise invalid(param, f"must be a finite number, got {result}")
    return result


def add_reverse_options(params: Dict[str, Any], max_distance_km: Optional[float],
                         fields: Optional[Sequence[str]]) -> None:
    if max_distance_km is not None:
        params["maxDistanceKm"] = number("maxDistanceKm", max_distance_km)
    if fields is not None:
        params["fields"] = [fields] if isinstance(fields, str) else list(fields)


def normalise_points(chunk: Sequence[Any], offset: int) -> List[List[float]]:
    """The chunk as `[[lat, lon], …]` floats; the slow path, for points `json` cannot write as they are
    (NumPy float32, Decimal, NaN), naming the first bad one by its position in the whole list."""
    out: List[List[float]] = []
    for k, point in enumerate(chunk):
        name = f"points[{offset + k}]"
        try:
            lat, lon = point
        except (TypeError, ValueError):
            raise invalid(name, "must be a [lat, lon] pair") from None
        out.append([number(name + "[0]", lat), number(name + "[1]", lon)])
    return out


def shift_point_error(error: InvalidParamsError, offset: int) -> InvalidParamsError:
    """The server's error for a bad point of a chunk, renamed for the point's place in the whole list."""
    data = dict(error.data) if isinstance(error.data, dict) else {}
    param = data.get("param")
    if not isinstance(param, str):
        return error
    match = _POINT_PARAM.match(param)
    if match is None:
        return error
    index = int(match.group(1)) + offset

    def rename(text: str) -> str:
        return _POINT_PARAM.sub(lambda m: f"points[{int(m.group(1)) + offset}]", text, count=1)

    data["param"] = rename(param)
    shifted = InvalidParamsError(rename(error.message), error.code, data)
    shifted.point_index = index
    return shifted
