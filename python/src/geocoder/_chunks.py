"""How many points `reverse_many` puts on one request line.

The server refuses a line whose estimated work exceeds its `maxWork` budget (10,000,000 units by default;
`x-limits` in rpc-schema/openrpc.json) or whose length exceeds `maxLineBytes` (16 MiB). A point's cost
grows with the search radius: 8 units at the default 10 km, 2,000 at the largest (Sources/GeoRPC/WorkCost.swift,
`reverseTable`, mirrored below), and with the placemark members asked for (every one by default: 38 units at
10 km; `placemarkPoint`). A chunk is sized to use at most half the budget, so a server that charges
a little more (a newer cost model, placemark layers) still takes it; if one is refused all the same (a
server run with a lower `--max-work`), the client halves the chunk and sends it again.

The default chunk of 20,000 points keeps each line near 1 MB and each reply near 7 MB: large enough that
per-line overhead does not matter, small enough that neither side holds much at once.
"""
from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

DEFAULT_MAX_WORK = 10_000_000
DEFAULT_CHUNK_POINTS = 20_000
DEFAULT_RADIUS_KM = 10.0

#: (radius in km, work units per point), by growing radius: WorkCost.reverseTable.
REVERSE_COST: List[Tuple[float, int]] = [
    (10, 8), (50, 9), (100, 15), (500, 15), (1_000, 100), (1_500, 100), (2_000, 200), (2_500, 300),
    (3_000, 500), (20_037.5, 2_000),
]


#: WorkCost.admin1Fallback and WorkCost.localityPoint: the admin-1 search among a country's own divisions,
#: and the nearest-place lookup.
ADMIN1_FALLBACK = 10
LOCALITY_POINT = 4
ALL_FIELDS = ("country", "admin1", "territory", "locality", "timezone")


def point_cost(radius_km: Optional[float], fields: Optional[Sequence[str]] = None) -> int:
    """Work units the server charges per point at `radius_km` (None: the default radius) for `fields`
    (None: every member, the server's default), as WorkCost.placemarkPoint charges it: the country lookup,
    the same again for the admin-1 layer (admin1, territory) and the time-zone layer, plus the admin-1
    fallback and the locality lookup."""
    radius = DEFAULT_RADIUS_KM if radius_km is None else radius_km
    lookup = REVERSE_COST[-1][1]
    for limit, cost in REVERSE_COST:
        if radius <= limit:
            lookup = cost
            break
    asked = set(ALL_FIELDS if fields is None else ([fields] if isinstance(fields, str) else fields))
    total = lookup
    if asked & {"admin1", "territory"}:
        total += lookup + ADMIN1_FALLBACK
    if "timezone" in asked:
        total += lookup
    if "locality" in asked:
        total += LOCALITY_POINT
    return total


def chunk_points(radius_km: Optional[float], preferred: int = DEFAULT_CHUNK_POINTS,
                 max_work: int = DEFAULT_MAX_WORK, fields: Optional[Sequence[str]] = None) -> int:
    """Points per line: `preferred`, or fewer where half the work budget would not cover them."""
    by_work = (max_work // 2) // point_cost(radius_km, fields)
    return max(1, min(preferred, by_work))
