"""A small Python client for the geocoder: one `geocoder` process, one method per RPC.

Standard library only. The process is spawned once and kept; each call writes one JSON-RPC 2.0
request line to its stdin and reads one reply line from its stdout.

    from geocoder_client import Geocoder
    with Geocoder() as geo:
        geo.reverse_geocode(48.8566, 2.3522)["iso2"]      # 'FR'
        geo.forward_geocode("Österreich", limit=1)[0]["iso3"]  # 'AUT'
        [c["name"] for c in geo.countries_in_bbox(-20, 177, -15, -178)]  # ['Fiji']
"""
import itertools
import json
import os
import shutil
import subprocess


class GeocoderError(Exception):
    """A JSON-RPC error reply: `code` (-32602 for bad params, …), `message` and `data`."""

    def __init__(self, code, message, data=None):
        super().__init__(f"{code}: {message}")
        self.code, self.message, self.data = code, message, data


def find_binary():
    """$GEOCODER_BIN, else `geocoder` on PATH, else the checkout's release build."""
    if os.environ.get("GEOCODER_BIN"):
        return os.environ["GEOCODER_BIN"]
    found = shutil.which("geocoder")
    if found:
        return found
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(root, ".build", "release", "geocoder")


class Geocoder:
    """One long-lived `geocoder` server process; not thread-safe (use one per thread)."""

    def __init__(self, binary=None, data=None):
        args = [binary or find_binary()] + (["--data", data] if data else [])
        self._proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                      encoding="utf-8", bufsize=1)
        self._ids = itertools.count(1)

    def call(self, method, params=None):
        """Sends one request and returns its `result`; raises GeocoderError for an error reply."""
        request = {"jsonrpc": "2.0", "method": method, "id": next(self._ids)}
        if params is not None:
            request["params"] = params
        self._proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise GeocoderError(-32603, "the geocoder process exited")
        reply = json.loads(line)
        if "error" in reply:
            error = reply["error"]
            raise GeocoderError(error["code"], error["message"], error.get("data"))
        return reply["result"]

    def reverse_geocode(self, lat, lon, max_distance_km=None, fields=None):
        """The placemark at (lat, lon): the country (or the nearest within max_distance_km, default 10) and,
        by default, its admin-1 division, territory, nearest place and time zone. fields=["country"] gives
        the country alone, or None if none."""
        params = {"lat": lat, "lon": lon}
        if max_distance_km is not None:
            params["maxDistanceKm"] = max_distance_km
        if fields is not None:
            params["fields"] = list(fields)
        return self.call("reverseGeocode", params)

    def forward_geocode(self, query, limit=None):
        """Countries whose names or ISO codes match `query`, best first."""
        params = {"query": query}
        if limit is not None:
            params["limit"] = limit
        return self.call("forwardGeocode", params)

    def countries_in_bbox(self, min_lat, min_lon, max_lat, max_lon):
        """Countries whose land meets the box; min_lon > max_lon crosses the antimeridian."""
        return self.call("countriesInBBox", [min_lat, min_lon, max_lat, max_lon])

    def discover(self):
        """The OpenRPC document describing every method (rpc.discover)."""
        return self.call("rpc.discover")

    def close(self):
        self._proc.stdin.close()
        return self._proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
