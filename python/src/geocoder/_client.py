"""`Geocoder`: one geocoder server process, spoken to in line-delimited JSON-RPC 2.0 over its stdin/stdout.

Each call writes one request line and reads the one reply line; the server answers a line as soon as it
has read it, so a call costs one round trip. The process is started once, when the `Geocoder` is made,
and loads its index (from the binary index cache after the first run: about 20 ms; the first run on a
machine builds it, a few seconds).
"""
from __future__ import annotations

import collections
import json
import os
import select
import subprocess
import threading
import time
from types import TracebackType
from typing import Any, Deque, Dict, Iterable, List, Mapping, Optional, Sequence, Type, Union

from ._binary import BUNDLED_DATA, resolve_binary
from ._chunks import DEFAULT_CHUNK_POINTS, chunk_points
from ._errors import (
    GeocoderError, GeocoderProcessError, GeocoderTimeoutError, InvalidParamsError, LimitExceededError,
    error_from_reply,
)
from ._params import add_reverse_options, invalid, normalise_points, number, shift_point_error
from ._types import CountryCodes, ForwardMatch, NearbyFeature, ReverseMatch, WhereAmI

PathLike = Union[str, "os.PathLike[str]"]

#: Bytes read from the server's stdout at a time.
_READ_SIZE = 1 << 20
#: Lines of the server's stderr kept for error messages.
_STDERR_LINES = 40


class Geocoder:
    """A running geocoder server. Use it as a context manager, or call `close()`.

        with Geocoder() as geo:
            geo.reverse(48.8566, 2.3522)["iso2"]           # 'FR'
            geo.forward("Paris", limit=1)[0]["country"]    # 'France'

    Thread safety: one `Geocoder` may be shared by threads. Calls are serialised by one lock (the server
    answers one line at a time anyway); for parallel lookups open one `Geocoder` per thread or process.

    Errors: a JSON-RPC error reply raises its `RPCError` subclass (`InvalidParamsError` …), and the
    `Geocoder` stays usable. A server that has exited, or sends something that is not a reply, raises
    `GeocoderProcessError` (with its exit status and the end of its stderr) from that call and every later
    one; it never leaves a call waiting on a dead process.

    - Parameters:
      - binary: the `geocoder` executable. Default: `$GEOCODER_BIN`, else the one bundled in this package,
        else `geocoder` on PATH.
      - data: the country GeoJSON (`--data`); its folder's name tables come with it. Default: the bundled
        data for the bundled binary; otherwise what the binary finds by itself.
      - cache_dir: where the server keeps its binary index cache (sets `GEOCODER_CACHE_DIR` for the
        server). Default: the server's own choice, `$XDG_CACHE_HOME/geocoder` or `~/.cache/geocoder`.
      - use_cache: False runs the server with `--no-cache` (each start builds the index: seconds).
      - layers: GeoJSON files for `nearby` and `where_am_i`, by layer name (`{"pois": "pois.geojson"}`):
        `--layer NAME=PATH` each. The server indexes each file into its cache on the first start.
      - layer_name_key: the property that holds a layer feature's name (`--layer-name-key`; default "name").
      - args: more command-line options for `geocoder serve`, e.g. `["--max-work", "1000000"]`.
      - timeout: seconds each call may take (sending the request, waiting for the reply; for
        `reverse_many`, each chunk); None waits as long as the server is alive. On a timeout
        the server is killed (its later replies would be out of step) and `GeocoderTimeoutError` raised.
      - chunk_size: the most points `reverse_many` puts on one line (it uses fewer at large radii).
    """

    def __init__(self, binary: Optional[PathLike] = None, *, data: Optional[PathLike] = None,
                 cache_dir: Optional[PathLike] = None, use_cache: bool = True, args: Sequence[str] = (),
                 timeout: Optional[float] = None, chunk_size: int = DEFAULT_CHUNK_POINTS,
                 layers: Optional[Mapping[str, PathLike]] = None, layer_name_key: Optional[str] = None) -> None:
        path, bundled = resolve_binary(None if binary is None else os.fspath(binary))
        argv = [path, "serve"]
        if data is not None:
            argv += ["--data", os.fspath(data)]
        elif bundled and os.path.isfile(BUNDLED_DATA):
            argv += ["--data", BUNDLED_DATA]
        if not use_cache:
            argv.append("--no-cache")
        for name, layer_path in (layers or {}).items():
            argv += ["--layer", f"{name}={os.fspath(layer_path)}"]
        if layer_name_key is not None:
            argv += ["--layer-name-key", layer_name_key]
        argv += [str(arg) for arg in args]
        env = dict(os.environ)
        if cache_dir is not None:
            env["GEOCODER_CACHE_DIR"] = os.fspath(cache_dir)
        if chunk_size < 1:
            raise ValueError("chunk_size must be at least 1")
        #: The command line the server was started with.
        self.argv: List[str] = argv
        self.timeout = timeout
        self.chunk_size = chunk_size
        self._lock = threading.Lock()
        self._buffer = bytearray()
        self._scanned = 0
        self._next_id = 1
        self._failure: Optional[GeocoderProcessError] = None
        self._closed = False
        self._stderr_tail: Deque[str] = collections.deque(maxlen=_STDERR_LINES)
        try:
            self._process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.PIPE, env=env, bufsize=0, close_fds=True,
                                             start_new_session=True)
        except OSError as error:
            raise GeocoderProcessError(f"cannot start {path}: {error}") from None
        if self._process.stdin is not None:
            os.set_blocking(self._process.stdin.fileno(), False)  # so a write can give up at the deadline
        self._stderr_thread = threading.Thread(target=self._drain_stderr, name="geocoder-stderr", daemon=True)
        self._stderr_thread.start()

    # -- lifetime -----------------------------------------------------------------------------------

    @property
    def pid(self) -> int:
        """The server's process id."""
        return self._process.pid

    @property
    def process(self) -> "subprocess.Popen[bytes]":
        """The server's `Popen` object (to check `poll()`, or send it a signal)."""
        return self._process

    def __enter__(self) -> "Geocoder":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()

    def close(self, timeout: float = 10.0) -> Optional[int]:
        """Ends the server: closes its stdin (it exits 0 at end of input), waits up to `timeout` seconds,
        then kills it. Idempotent. Waits for a call running in another thread to finish first.
        - Returns: the server's exit status (negative: the signal that ended it).
        """
        with self._lock:
            if not self._closed:
                self._closed = True
                self._shut_down(timeout)
            return self._process.returncode

    def __del__(self) -> None:
        # A Geocoder dropped without close(): end the process rather than leave it reading stdin forever.
        try:
            if not self._closed and self._process.poll() is None:
                self._process.kill()
                self._process.wait(1)
        except Exception:
            pass

    def _shut_down(self, timeout: float) -> None:
        try:
            if self._process.stdin is not None:
                self._process.stdin.close()
        except OSError:
            pass
        try:
            self._process.wait(timeout)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        if self._process.stdout is not None:
            self._process.stdout.close()
        self._stderr_thread.join(1)

    def _drain_stderr(self) -> None:
        """Reads the server's stderr to its end, keeping the last lines: a full pipe would stall it."""
        stream = self._process.stderr
        if stream is None:
            return
        try:
            for line in iter(stream.readline, b""):
                self._stderr_tail.append(line.decode("utf-8", "replace").rstrip("\n"))
        except (OSError, ValueError):
            pass

    # -- the methods --------------------------------------------------------------------------------

    def reverse(self, lat: float, lon: float, max_distance_km: Optional[float] = None, *,
                fields: Optional[Sequence[str]] = None) -> Optional[ReverseMatch]:
        """The placemark of the point: the country containing it, else the one whose border is nearest
        within `max_distance_km` (the server's default 10 km; 0 for strict containment), with its admin-1
        division, territory, nearest place and time zone; None when nothing is known.

        - Parameters:
          - lat: latitude in degrees, within [-90, 90].
          - lon: longitude in degrees, any finite number (wrapped into [-180, 180)).
          - fields: placemark members to compute (`"country"`, `"admin1"`, `"territory"`, `"locality"`,
            `"timezone"`); None leaves it to the server, which answers every member its data has.
            `["country"]` is the country alone (or None at sea), at the country lookup's speed.
        - Returns: the server's result object (`ReverseMatch`), or None.
        - Throws: `InvalidParamsError` for a latitude out of range, a non-finite or non-number value.
        """
        params: Dict[str, Any] = {"lat": number("lat", lat), "lon": number("lon", lon)}
        add_reverse_options(params, max_distance_km, fields)
        result: Optional[ReverseMatch] = self.call("reverseGeocode", params)
        return result

    def reverse_many(self, points: Iterable[Sequence[float]], max_distance_km: Optional[float] = None, *,
                     fields: Optional[Sequence[str]] = None) -> List[Optional[ReverseMatch]]:
        """`reverse` for many points: one result (or None) per `(lat, lon)` point, in order.

        The points go to the server in chunks of up to `chunk_size` points per line (fewer at large radii,
        so each line stays within the server's work budget), one `reverseGeocodeMany` call each.
        - Parameters:
          - points: `(lat, lon)` pairs: a list of pairs, or anything with `tolist()` giving one (an N×2
            NumPy array).
        - Throws: `InvalidParamsError` for a bad point, whose `data["param"]` and `point_index` give its
          position in `points` (not in the chunk); the points before its chunk were looked up, but are lost.
        """
        if hasattr(points, "tolist") and not isinstance(points, list):
            points = points.tolist()
        items = points if isinstance(points, list) else list(points)
        radius = None if max_distance_km is None else number("maxDistanceKm", max_distance_km)
        size = chunk_points(radius, self.chunk_size, fields=fields)
        results: List[Optional[ReverseMatch]] = []
        start = 0
        while start < len(items):
            chunk = items[start:start + size]
            try:
                encoded = json.dumps(chunk, allow_nan=False, separators=(",", ":"))
            except (TypeError, ValueError):
                encoded = json.dumps(normalise_points(chunk, start), allow_nan=False, separators=(",", ":"))
            options: Dict[str, Any] = {}
            add_reverse_options(options, radius, fields)
            params = '{"points":' + encoded + "".join(
                "," + json.dumps(key) + ":" + json.dumps(value) for key, value in options.items()) + "}"
            try:
                answers = self._call_raw("reverseGeocodeMany", params)
            except LimitExceededError:
                if len(chunk) == 1:
                    raise
                size = max(1, len(chunk) // 2)
                continue
            except InvalidParamsError as error:
                raise shift_point_error(error, start) from None
            if not isinstance(answers, list) or len(answers) != len(chunk):
                raise self._protocol_failure(
                    f"reverseGeocodeMany answered {type(answers).__name__} for {len(chunk)} points")
            results.extend(answers)
            start += len(chunk)
        return results

    def forward(self, query: str, limit: int = 5, lang: Optional[str] = None,
                country_codes: Optional[Sequence[str]] = None,
                kinds: Optional[Sequence[str]] = None) -> List[ForwardMatch]:
        """Countries and cities whose names match `query`, best first (`[]` for none).

        - Parameters:
          - query: what a user typed: a name in any CLDR language, a code, a flag, "Paris, Texas".
          - limit: the most results, 1 to 250.
          - lang: a BCP 47 tag (`"de"`, `"pt-BR"`): country names in that language.
          - country_codes: only these countries (ISO alpha-2) and the cities in them.
          - kinds: any of `"country"`, `"city"`, `"admin1"` (default all three).
        - Returns: `ForwardCountry`, `ForwardCity` and `ForwardAdmin1` dicts; `result["kind"]` tells which.
        """
        params: Dict[str, Any] = {"query": query, "limit": limit}
        if lang is not None:
            params["lang"] = lang
        if country_codes is not None:
            params["countryCodes"] = [country_codes] if isinstance(country_codes, str) else list(country_codes)
        if kinds is not None:
            params["kinds"] = [kinds] if isinstance(kinds, str) else list(kinds)
        result: List[ForwardMatch] = self.call("forwardGeocode", params)
        return result

    def countries_in_bbox(self, min_lat: float, min_lon: float, max_lat: float,
                          max_lon: float) -> List[CountryCodes]:
        """The countries whose polygons meet the box (touching counts), sorted by English name.
        `min_lon > max_lon` is a box across the antimeridian; `min_lat > max_lat` is an InvalidParamsError.
        """
        params = {"minLat": number("minLat", min_lat), "minLon": number("minLon", min_lon),
                  "maxLat": number("maxLat", max_lat), "maxLon": number("maxLon", max_lon)}
        result: List[CountryCodes] = self.call("countriesInBBox", params)
        return result

    def nearby(self, lat: float, lon: float, radius_m: Optional[float] = None, limit: Optional[int] = None, *,
               layers: Optional[Sequence[str]] = None,
               geometry: Union[str, Sequence[str], None] = None) -> List[NearbyFeature]:
        """The features of the server's layers within `radius_m` of the point, nearest first (`[]` for none,
        and from a server without layers).

        - Parameters:
          - radius_m: metres, 0 to 10,000 (None: the server's 500).
          - limit: the most features, 1 to 1,000 (None: the server's 10).
          - layers: layer names to search (default all); a name that is not loaded is an InvalidParamsError.
          - geometry: only these kinds: `"point"`, `"line"`, `"polygon"`, one or a list.
        """
        params: Dict[str, Any] = {"lat": number("lat", lat), "lon": number("lon", lon)}
        _add_nearby_options(params, radius_m, limit, layers, geometry)
        result: List[NearbyFeature] = self.call("nearby", params)
        return result

    def nearby_many(self, points: Iterable[Sequence[float]], radius_m: Optional[float] = None,
                    limit: Optional[int] = None, *, layers: Optional[Sequence[str]] = None,
                    geometry: Union[str, Sequence[str], None] = None) -> List[List[NearbyFeature]]:
        """`nearby` for each `(lat, lon)` point, in one `nearbyMany` call: one list of features per point.
        The server's work budget takes about 10,000 points a call at the default radius."""
        if hasattr(points, "tolist") and not isinstance(points, list):
            points = points.tolist()
        items = points if isinstance(points, list) else list(points)
        params: Dict[str, Any] = {"points": normalise_points(items, 0)}
        _add_nearby_options(params, radius_m, limit, layers, geometry)
        result: List[List[NearbyFeature]] = self.call("nearbyMany", params)
        return result

    def where_am_i(self, lat: float, lon: float, heading: Optional[float] = None, *,
                   previous_road: Optional[str] = None, road_layer: Optional[str] = None,
                   poi_layer: Optional[str] = None) -> WhereAmI:
        """Inside a place, alongside a road (within 20 m) or other, as Soundscape says it: the innermost place
        containing the point, the road (kept as `previous_road` while still within 20 m), the intersection
        ahead (within 45 degrees of `heading`), the nearest road and place, and `phrase`, the sentence to speak.

        - Parameters:
          - heading: degrees clockwise from true north, 0 to 360.
          - previous_road: the previous answer's road (its name, or its id as text).
          - road_layer, poi_layer: the layer whose lines are the roads, whose points and polygons the places.
        """
        params: Dict[str, Any] = {"lat": number("lat", lat), "lon": number("lon", lon)}
        if heading is not None:
            params["heading"] = number("heading", heading)
        _add_where_options(params, previous_road, road_layer, poi_layer)
        result: WhereAmI = self.call("whereAmI", params)
        return result

    def where_am_i_many(self, points: Iterable[Sequence[float]], *, previous_road: Optional[str] = None,
                        road_layer: Optional[str] = None, poi_layer: Optional[str] = None) -> List[WhereAmI]:
        """`where_am_i` along a trace of `(lat, lon)` or `(lat, lon, heading)` points, in one `whereAmIMany`
        call: the server passes each answer's road on to the next point as its previous road."""
        if hasattr(points, "tolist") and not isinstance(points, list):
            points = points.tolist()
        trace = []
        for k, point in enumerate(points):
            try:
                values = list(point)
            except TypeError:
                values = []
            if len(values) not in (2, 3):
                raise invalid(f"points[{k}]", "must be [lat, lon] or [lat, lon, heading]")
            trace.append([number(f"points[{k}][{i}]", value) for i, value in enumerate(values)])
        params: Dict[str, Any] = {"points": trace}
        _add_where_options(params, previous_road, road_layer, poi_layer)
        result: List[WhereAmI] = self.call("whereAmIMany", params)
        return result

    def discover(self) -> Dict[str, Any]:
        """The server's OpenRPC document (`rpc.discover`)."""
        result: Dict[str, Any] = self.call("rpc.discover", None)
        return result

    def call(self, method: str, params: Any = None) -> Any:
        """Calls any method by name with JSON-serialisable `params` (omitted when None); returns its result.
        For methods this client has no wrapper for yet."""
        encoded = None if params is None else json.dumps(params, allow_nan=False, separators=(",", ":"))
        return self._call_raw(method, encoded)

    # -- the wire -----------------------------------------------------------------------------------

    def _call_raw(self, method: str, params_json: Optional[str]) -> Any:
        with self._lock:
            if self._closed:
                raise GeocoderError("this Geocoder is closed")
            if self._failure is not None:
                raise GeocoderProcessError(f"the server is no longer usable ({self._failure.message})",
                                           self._failure.returncode)
            request_id = self._next_id
            self._next_id += 1
            line = '{"jsonrpc":"2.0","id":' + str(request_id) + ',"method":' + json.dumps(method)
            if params_json is not None:
                line += ',"params":' + params_json
            deadline = None if self.timeout is None else time.monotonic() + self.timeout
            try:
                self._write((line + "}\n").encode("utf-8"), deadline)
                text = self._read_line(deadline)
            except GeocoderError:
                raise
            except BaseException:
                # Interrupted between sending and reading (KeyboardInterrupt …): the reply, or the rest of
                # the request, is still in the pipe, so the next call would read the wrong line. Stop.
                self._abandon("a call was interrupted before its reply was read")
                raise
            try:
                reply = json.loads(text)
            except ValueError:
                raise self._protocol_failure(f"the server sent a line that is not JSON: {text[:200]!r}") from None
            if not isinstance(reply, dict):
                raise self._protocol_failure(f"the server sent {text[:200]!r}, not a reply object")
            if "error" in reply and reply.get("id") in (request_id, None):
                raise error_from_reply(reply["error"])
            if reply.get("id") != request_id or "result" not in reply:
                raise self._protocol_failure(f"expected the reply to id {request_id}, got {text[:200]!r}")
            return reply["result"]

    def _write(self, data: bytes, deadline: Optional[float]) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        fd = stdin.fileno()
        view = memoryview(data)
        try:
            while view:
                try:
                    written = os.write(fd, view)
                except BlockingIOError:  # the pipe is full: the server is busy reading an earlier part
                    self._wait(fd, select.POLLOUT, deadline)
                    continue
                view = view[written:]
        except OSError as error:  # BrokenPipeError: the server has exited
            raise self._process_failure(f"the server stopped reading its input ({error.strerror})") from None

    def _read_line(self, deadline: Optional[float]) -> bytes:
        """The next line of the server's stdout, without its newline."""
        stdout = self._process.stdout
        assert stdout is not None
        fd = stdout.fileno()
        while True:
            end = self._buffer.find(b"\n", self._scanned)
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[:end + 1]
                self._scanned = 0
                return line
            self._scanned = len(self._buffer)
            if deadline is not None:
                self._wait(fd, select.POLLIN, deadline)
            try:
                chunk = os.read(fd, _READ_SIZE)
            except BlockingIOError:
                continue
            except OSError as error:
                raise self._process_failure(f"cannot read the server's output ({error.strerror})") from None
            if not chunk:
                raise self._process_failure("the server exited before it replied")
            self._buffer += chunk

    def _wait(self, fd: int, event: int, deadline: Optional[float]) -> None:
        """Waits until `fd` is ready for `event` (POLLIN, POLLOUT) or has hung up; at the deadline (None:
        never), stops the server and raises GeocoderTimeoutError."""
        poller = select.poll()
        poller.register(fd, event)
        if deadline is None:
            poller.poll()
            return
        remaining = deadline - time.monotonic()
        if remaining > 0 and poller.poll(remaining * 1000):
            return
        self._abandon(f"no reply from the server within {self.timeout} s; it was stopped", GeocoderTimeoutError)

    def _abandon(self, what: str, kind: Type[GeocoderProcessError] = GeocoderProcessError) -> None:
        """Stops the server whose stream is out of step; every later call raises. Raises `kind` itself when
        that is a timeout, else returns (the caller re-raises what interrupted it)."""
        self._process.kill()
        self._process.wait()
        failure = kind(what, self._process.returncode, self._stderr_text())
        self._failure = failure
        if kind is GeocoderTimeoutError:
            raise failure

    def _process_failure(self, what: str) -> GeocoderProcessError:
        """The error for a server that is gone: waits for it to exit (briefly), then names its status."""
        try:
            self._process.wait(2)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._stderr_thread.join(1)
        status = self._process.returncode
        how = f"exit status {status}" if status >= 0 else f"killed by signal {-status}"
        failure = GeocoderProcessError(f"{what} ({how}; command: {' '.join(self.argv)})", status,
                                       self._stderr_text())
        self._failure = failure
        return failure

    def _protocol_failure(self, what: str) -> GeocoderProcessError:
        """The error for a server that broke the protocol: stopped, as nothing it sends can be trusted."""
        self._process.kill()
        self._process.wait()
        failure = GeocoderProcessError(what, self._process.returncode, self._stderr_text())
        self._failure = failure
        return failure

    def _stderr_text(self) -> str:
        return "\n".join(self._stderr_tail)


def _add_nearby_options(params: Dict[str, Any], radius_m: Optional[float], limit: Optional[int],
                        layers: Optional[Sequence[str]], geometry: Union[str, Sequence[str], None]) -> None:
    if radius_m is not None:
        params["radiusM"] = number("radiusM", radius_m)
    if limit is not None:
        params["limit"] = limit
    if layers is not None:
        params["layers"] = [layers] if isinstance(layers, str) else list(layers)
    if geometry is not None:
        params["geometry"] = geometry if isinstance(geometry, str) else list(geometry)


def _add_where_options(params: Dict[str, Any], previous_road: Optional[str], road_layer: Optional[str],
                       poi_layer: Optional[str]) -> None:
    for key, value in (("previousRoad", previous_road), ("roadLayer", road_layer), ("poiLayer", poi_layer)):
        if value is not None:
            params[key] = value
