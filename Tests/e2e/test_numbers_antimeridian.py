"""Issue 13, items 1, 3, 15 and 16, against the real binary: huge numbers, deep nesting, the antimeridian,
CRLF at the line cap and the point error messages.

- `[10, 1e37]` killed the server with SIGILL (by RPC, reverseGeocodeMany's fast path, `geocoder reverse`
  and `geocoder csv`), and from about 7e16 up longitudes wrapped to wrong values: every finite longitude
  must now give the answer of its exact remainder mod 360, and the process must live on.
- `--max-depth 59000` with nested input overflowed the stack (SIGSEGV): the option is capped, and the
  cap survives on a stack eight times smaller than the usual 8 MiB.
- `reverse 66 180 --max-distance 0` was null on Russia's edge and `bbox 65 -180 67 -180` was empty.
"""
import json
import os
import resource
import signal
import subprocess
from fractions import Fraction

import pytest

from geoclient import REPLY_TIMEOUT, Server, loads_strict, run_cli

HUGE = ["1e37", "-1e37", "1e308", "-1e308", "1.7976931348623157e308", "6.6e300", "70000000000000000.5",
        "72057594037927938.5", "9007199254740993", "1e300", "-1e300", "123456789012345678901234567890"]
TINY = ["5e-324", "-5e-324", "-0.0", "-0", "2.2250738585072014e-308"]


def wrapped(text):
    """The exact longitude in [-180, 180) that the number named by `text` is, as a float (exact)."""
    r = Fraction(float(text)) % 360
    if r >= 180:
        r -= 360
    value = float(r)
    assert Fraction(value) == r, "the exact remainder is always a double"
    return value


def line(rid, method, params_text):
    return f'{{"jsonrpc":"2.0","method":"{method}","params":{params_text},"id":{rid}}}\n'.encode()


def exchange(server, lines):
    """Sends raw request lines (ids 1..n) at once and returns the n replies, checked to carry their ids."""
    server.send_raw(b"".join(lines))
    replies = []
    for rid in range(1, len(lines) + 1):
        reply = server.read_json()
        assert reply.get("id") == rid, f"reply {rid} is missing or out of order: {reply!r}"
        replies.append(reply)
    return replies


def assert_alive(server):
    """The server still answers, and exits 0 at EOF (no signal death)."""
    paris = server.result("reverseGeocode", [48.8566, 2.3522])
    assert paris["iso3"] == "FRA"
    assert server.close() == 0, server.stderr


# -- item 1: huge and tiny numbers ---------------------------------------------------------------

@pytest.mark.parametrize("lat", [10, 48.8566, 66, -16.5, -33.9, 0])
def test_huge_longitudes_answer_as_their_exact_remainder(geocoder_bin, lat):
    """Every huge longitude, one by one (fast path and by name) and batched, gives the same reply as
    the exact remainder it names; before, [10, 1e37] killed the server."""
    with Server(binary=geocoder_bin) as server:
        calls = []
        for text in HUGE + TINY:
            w = repr(wrapped(text))
            calls += [("reverseGeocode", f"[{lat},{text}]"), ("reverseGeocode", f"[{lat},{w}]"),
                      ("reverseGeocode", f'{{"lat":{lat},"lon":{text},"maxDistanceKm":0}}'),
                      ("reverseGeocode", f'{{"lat":{lat},"lon":{w},"maxDistanceKm":0}}')]
        calls.append(("reverseGeocodeMany", "[[" + ",".join(f"[{lat},{t}]" for t in HUGE + TINY) + "]]"))
        calls.append(("reverseGeocodeMany", "[[" + ",".join(f"[{lat},{wrapped(t)!r}]" for t in HUGE + TINY) + "]]"))
        replies = exchange(server, [line(k + 1, m, p) for k, (m, p) in enumerate(calls)])
        for k, text in enumerate(HUGE + TINY):
            huge, plain, huge_strict, plain_strict = (replies[4 * k + j] for j in range(4))
            assert "result" in huge and huge["result"] == plain["result"], (text, huge, plain)
            assert huge_strict["result"] == plain_strict["result"], (text, huge_strict, plain_strict)
        assert replies[-2]["result"] == replies[-1]["result"]
        assert replies[-2]["result"] == [replies[4 * k]["result"] for k in range(len(HUGE + TINY))]
        assert_alive(server)


NUMBERS = HUGE + TINY + ["1e400", "-1e400", "180", "-180", "540", "-540", "20037.5", "250"]
TEMPLATES = [
    ("reverseGeocode", "[N,10]"), ("reverseGeocode", "[10,N]"),
    ("reverseGeocode", '{"lat":10,"lon":20,"maxDistanceKm":N}'),
    ("reverseGeocodeMany", "[[[N,10],[10,N]]]"), ("reverseGeocodeMany", '{"points":[[10,20]],"maxDistanceKm":N}'),
    ("forwardGeocode", '["paris",N]'), ("forwardGeocode", '{"query":"paris","limit":N}'),
    ("countriesInBBox", "[N,0,10,10]"), ("countriesInBBox", "[0,N,10,10]"),
    ("countriesInBBox", "[-10,0,N,10]"), ("countriesInBBox", "[0,-10,10,N]"),
]


def test_every_numeric_param_gets_a_result_or_invalid_params(geocoder_bin):
    with Server(binary=geocoder_bin) as server:
        cases = [(m, p.replace("N", n)) for m, p in TEMPLATES for n in NUMBERS]
        lines = [line(k + 1, m, p) for k, (m, p) in enumerate(cases)]
        for (method, params), reply in zip(cases, exchange(server, lines)):
            if "error" in reply:
                assert reply["error"]["code"] == -32602, (method, params, reply)
                assert reply["error"]["data"]["reason"], reply
            else:
                assert "result" in reply, (method, params, reply)
        assert_alive(server)


def test_cli_reverse_with_huge_longitudes(geocoder_bin):
    for text in ["1e37", "-1e308", "70000000000000000.5", "6.6e300"]:
        huge = run_cli(["reverse", "46.5", text, "--max-distance", "50"], binary=geocoder_bin)
        plain = run_cli(["reverse", "46.5", repr(wrapped(text)), "--max-distance", "50"], binary=geocoder_bin)
        assert huge.returncode == 0, (text, huge.returncode, huge.stderr)
        assert huge.stdout == plain.stdout, text
    infinite = run_cli(["reverse", "10", "1e400"], binary=geocoder_bin)
    assert infinite.returncode == 2 and b"finite" in infinite.stderr, infinite


def test_csv_with_huge_longitudes(geocoder_bin, tmp_path):
    rows = [("10", t) for t in HUGE + TINY] + [("46.5", t) for t in HUGE]
    huge = tmp_path / "huge.csv"
    plain = tmp_path / "plain.csv"
    huge.write_text("lat,lon\n" + "".join(f"{a},{b}\n" for a, b in rows))
    plain.write_text("lat,lon\n" + "".join(f"{a},{wrapped(b)!r}\n" for a, b in rows))
    out_huge = run_cli(["csv", str(huge), "--max-distance", "50"], binary=geocoder_bin)
    out_plain = run_cli(["csv", str(plain), "--max-distance", "50"], binary=geocoder_bin)
    assert out_huge.returncode == 0, out_huge.stderr
    added = lambda out: [l.split(",", 2)[2] for l in out.stdout.decode().splitlines()]
    assert added(out_huge) == added(out_plain)
    assert len(added(out_huge)) == len(rows) + 1


# -- item 15: the antimeridian -------------------------------------------------------------------

SPELLINGS = ["180", "-180", "540", "-540", "900", "180.00000000000003", "179.99999999999997",
             "-179.99999999999997", "-180.00000000000003"]


@pytest.mark.parametrize("lat,iso3", [(66, "RUS"), (65.0663, "RUS"), (71.2, "RUS"), (-16.5, "FJI"),
                                      (-16.16, "FJI"), (-85, "ATA"), (-89.9, "ATA")])
def test_points_on_the_antimeridian_are_inside(geocoder_bin, server, lat, iso3):
    """Strict and default radius, one by one and batched, RPC and CLI: the country drawn along ±180."""
    for text in SPELLINGS:
        for radius in ["0", "10"]:
            reply = server.call("reverseGeocode", {"lat": lat, "lon": json.loads(text), "maxDistanceKm": float(radius)})
            assert reply["result"] and reply["result"]["iso3"] == iso3, (lat, text, radius, reply)
            assert reply["result"]["match"] == "inside"
    many = server.result("reverseGeocodeMany", {"points": [[lat, json.loads(t)] for t in SPELLINGS], "maxDistanceKm": 0})
    assert [m and m["iso3"] for m in many] == [iso3] * len(SPELLINGS)
    cli = run_cli(["reverse", str(lat), "180", "--max-distance", "0"], binary=geocoder_bin)
    assert cli.returncode == 0 and json.loads(cli.stdout)["iso3"] == iso3, cli


def test_the_antimeridian_where_only_one_side_is_drawn(geocoder_bin, server):
    """At 65.0662°N only the eastern part of Russia reaches ±180 (the western one starts at 65.06623°):
    -180 and its other spellings are tried on the 180 side too, while -179.99999999999997 is truly outside."""
    for text in ["180", "-180", "540", "-540", "900"]:
        reply = server.result("reverseGeocode", {"lat": 65.0662, "lon": json.loads(text), "maxDistanceKm": 0})
        assert reply and reply["iso3"] == "RUS", text
    many = server.result("reverseGeocodeMany", {"points": [[65.0662, 180], [65.0662, -180]], "maxDistanceKm": 0})
    assert [m and m["iso3"] for m in many] == ["RUS", "RUS"]
    cli = run_cli(["reverse", "65.0662", "-180", "--max-distance", "0"], binary=geocoder_bin)
    assert cli.returncode == 0 and json.loads(cli.stdout)["iso3"] == "RUS", cli


def test_huge_longitude_naming_the_antimeridian(server):
    # 180 + 360 · 2^40 is exact and is the antimeridian; 1e300 wraps to wrapped("1e300").
    far = 180 + 360 * 2 ** 40
    assert server.result("reverseGeocode", {"lat": 66, "lon": far, "maxDistanceKm": 0})["iso3"] == "RUS"
    lon = wrapped("1e300")
    assert server.result("reverseGeocode", {"lat": 66, "lon": 1e300, "maxDistanceKm": 0}) == \
        server.result("reverseGeocode", {"lat": 66, "lon": lon, "maxDistanceKm": 0})


@pytest.mark.parametrize("box,expected", [
    ([65, 180, 67, 180], ["RUS"]), ([65, -180, 67, -180], ["RUS"]),
    ([-17, 180, -16, 180], ["FJI"]), ([-17, -180, -16, -180], ["FJI"]),
    ([-86, -180, -84, -180], ["ATA"]), ([-86, 180, -84, 180], ["ATA"]),
    ([65, 179.5, 67, 180], ["RUS"]), ([65, -180, 67, -179.5], ["RUS"]),
])
def test_boxes_touching_the_antimeridian(geocoder_bin, server, box, expected):
    assert [c["iso3"] for c in server.result("countriesInBBox", box)] == expected
    cli = run_cli(["bbox", *map(str, box)], binary=geocoder_bin)
    assert cli.returncode == 0 and [c["iso3"] for c in json.loads(cli.stdout)] == expected, cli


def test_csv_on_the_antimeridian(geocoder_bin, tmp_path):
    path = tmp_path / "am.csv"
    path.write_text("lat,lon\n" + "".join(f"66,{t}\n" for t in SPELLINGS) + "-16.5,180\n-16.5,-180\n-85,-540\n")
    out = run_cli(["csv", str(path), "--max-distance", "0"], binary=geocoder_bin)
    assert out.returncode == 0, out.stderr
    iso3 = [l.split(",")[3] for l in out.stdout.decode().splitlines()[1:]]
    assert iso3 == ["RUS"] * len(SPELLINGS) + ["FJI", "FJI", "ATA"]


# -- item 3: --max-depth is capped ----------------------------------------------------------------

def test_max_depth_above_the_cap_is_a_usage_error(geocoder_bin):
    out = run_cli(["--max-depth", "59000"], binary=geocoder_bin)
    assert out.returncode == 2, out
    assert b"--max-depth must be at most 4096" in out.stderr


def small_stack():
    """1 MiB of stack for the server's main thread: an eighth of the usual 8 MiB."""
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    limit = 1 << 20
    resource.setrlimit(resource.RLIMIT_STACK, (limit, hard if hard == resource.RLIM_INFINITY or hard >= limit else limit))


def test_nesting_at_the_cap_survives_a_small_stack(geocoder_bin):
    depth = 4096
    arrays = "[" * depth + "]" * depth
    objects = '{"a":' * depth + "1" + "}" * depth
    inner = depth - 1
    lines = [
        arrays, objects,
        '{"jsonrpc":"2.0","id":1,"method":"reverseGeocode","params":' + "[" * inner + "]" * inner + "}",
        '{"jsonrpc":"2.0","id":2,"method":"reverseGeocode","params":' + '{"a":' * inner + "1" + "}" * inner + "}",
        '[{"jsonrpc":"2.0","id":3,"method":"reverseGeocode","params":' + '{"a":' * (inner - 1) + "1" + "}" * (inner - 1) + "}]",
        "[" * (depth + 1) + "]" * (depth + 1),
        '{"jsonrpc":"2.0","id":4,"method":"reverseGeocode","params":[48.8566,2.3522]}',
    ]
    stdin = "".join(l + "\n" for l in lines).encode()
    proc = subprocess.run([geocoder_bin, "--max-depth", str(depth)], input=stdin, capture_output=True,
                          timeout=REPLY_TIMEOUT, preexec_fn=small_stack)
    assert proc.returncode == 0, f"exit {proc.returncode} (a negative status is a signal); stderr: {proc.stderr[-500:]!r}"
    replies = [loads_strict(l) for l in proc.stdout.decode().splitlines()]
    assert len(replies) == len(lines)
    assert replies[0][0]["error"]["code"] == -32600 and replies[1]["error"]["code"] == -32600
    assert [replies[k]["error"]["code"] for k in (2, 3)] == [-32602, -32602]
    assert replies[4][0]["error"]["code"] == -32602
    assert replies[5]["error"]["code"] == -32700 and replies[5]["error"]["data"]["limit"] == "maxDepth"
    assert replies[5]["error"]["data"]["max"] == depth
    assert replies[6]["result"]["iso3"] == "FRA"


# -- item 16: CRLF at the line cap, messages -----------------------------------------------------

def test_crlf_after_a_line_of_exactly_the_cap(geocoder_bin):
    request = b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8566,2.3522],"id":1}'
    cap = len(request)
    over = request[:-1] + b" }"
    stdin = request + b"\r\n" + request + b"\n" + over + b"\r\n" + request + b"\r\n"
    proc = subprocess.run([geocoder_bin, "--max-line-bytes", str(cap)], input=stdin, capture_output=True,
                          timeout=REPLY_TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    replies = [loads_strict(l) for l in proc.stdout.decode().splitlines()]
    assert [r.get("result", {}).get("iso3") if r.get("result") else r["error"]["code"] for r in replies] == \
        ["FRA", "FRA", -32700, "FRA"]
    assert replies[2]["error"]["data"]["limit"] == "maxLineBytes"


@pytest.mark.parametrize("params,reason", [
    ({"points": {"lat": 1}}, "must be an array, got object"),
    ([[[1, 2], [1, 2, 3]]], "must be a [lat, lon] pair of 2 numbers, got an array of 3 elements"),
    ([[[1]]], "must be a [lat, lon] pair of 2 numbers, got an array of 1 element"),
    ([["1,2"]], "must be a [lat, lon] pair of 2 numbers, got a string"),
])
def test_point_messages_say_what_was_wrong(server, params, reason):
    reply = server.call("reverseGeocodeMany", params)
    assert reply["error"]["code"] == -32602
    assert reply["error"]["data"]["reason"] == reason
    assert " a array" not in reply["error"]["message"]
