"""The command line and the server process, as a user at a shell or a client program sees them."""
import json
import os
import subprocess
import time

import pytest

from geoclient import REPLY_TIMEOUT, Server, loads_strict, run_cli

#: How long an interactive client waits for an answer once the data is loaded. A hang
#: detector, not a speed requirement: a reply takes milliseconds.
INTERACTIVE_TIMEOUT = 5.0


def cli_json(binary, *args, **kw):
    """Run a query command that must succeed; returns its one-line JSON output, parsed."""
    proc = run_cli(list(args), binary=binary, **kw)
    out = proc.stdout.decode("utf-8")
    assert proc.returncode == 0, f"geocoder {' '.join(args)}: exit {proc.returncode}\n{proc.stderr.decode()}"
    assert out.endswith("\n") and out.count("\n") == 1, f"geocoder {' '.join(args)}: not one line: {out!r}"
    return loads_strict(out)


# -- query commands ---------------------------------------------------------------------------

@pytest.mark.parametrize("args,method,params", [
    (["reverse", "48.8566", "2.3522"], "reverseGeocode", {"lat": 48.8566, "lon": 2.3522}),
    (["reverse", "-9.358113", "124.218529"], "reverseGeocode", {"lat": -9.358113, "lon": 124.218529}),
    (["reverse", "38.6", "-9.55"], "reverseGeocode", {"lat": 38.6, "lon": -9.55}),
    (["reverse", "38.6", "-9.55", "--max-distance", "30"], "reverseGeocode",
     {"lat": 38.6, "lon": -9.55, "maxDistanceKm": 30}),
    (["reverse", "43.66", "7.25", "--max-distance", "0"], "reverseGeocode",
     {"lat": 43.66, "lon": 7.25, "maxDistanceKm": 0}),
    (["forward", "Germany"], "forwardGeocode", {"query": "Germany"}),
    (["forward", "au", "--limit", "2"], "forwardGeocode", {"query": "au", "limit": 2}),
    (["bbox", "-30", "27", "-29", "29"], "countriesInBBox",
     {"minLat": -30, "minLon": 27, "maxLat": -29, "maxLon": 29}),
    (["bbox", "-20", "175", "-15", "-179"], "countriesInBBox",
     {"minLat": -20, "minLon": 175, "maxLat": -15, "maxLon": -179}),
], ids=["reverse_paris", "reverse_negative_lat", "reverse_offshore_null", "reverse_max_distance",
        "reverse_strict", "forward", "forward_limit", "bbox", "bbox_antimeridian"])
def test_cli_prints_the_rpc_result(geocoder_bin, server, args, method, params):
    assert cli_json(geocoder_bin, *args) == server.result(method, params)


def test_cli_reverse_answers(geocoder_bin):
    assert cli_json(geocoder_bin, "reverse", "-9.358113", "124.218529")["iso2"] == "TL"
    # 15 km off Portugal: no country within 10 km; by default the other members still answer.
    assert cli_json(geocoder_bin, "reverse", "38.6", "-9.55", "-f", "country") is None
    sea = cli_json(geocoder_bin, "reverse", "38.6", "-9.55")
    assert "iso2" not in sea and sea["timezone"] == "Europe/Lisbon", sea
    far = cli_json(geocoder_bin, "reverse", "38.6", "-9.55", "--max-distance", "30")
    assert far["iso2"] == "PT" and far["match"] == "nearest", far


def test_cli_forward_and_bbox_answers(geocoder_bin):
    assert cli_json(geocoder_bin, "forward", "Deutschland")[0]["adm0a3"] == "DEU"
    assert len(cli_json(geocoder_bin, "forward", "au", "--limit", "2")) == 2
    assert [r["adm0a3"] for r in cli_json(geocoder_bin, "bbox", "-29.6", "28.0", "-29.4", "28.3")] == ["LSO"]


def test_cli_finds_its_data_from_any_directory(geocoder_bin, tmp_path):
    """No flag and another working directory: the bundled data is still found."""
    res = cli_json(geocoder_bin, "reverse", "48.8566", "2.3522", cwd=str(tmp_path))
    assert res["iso2"] == "FR"


def test_help(geocoder_bin):
    proc = run_cli(["--help"], binary=geocoder_bin)
    text = proc.stdout.decode("utf-8")
    assert proc.returncode == 0, proc.stderr
    for word in ("reverse", "forward", "bbox", "--data", "--max-distance", "--limit"):
        assert word in text, f"--help does not mention {word}:\n{text}"


@pytest.mark.parametrize("args", [
    ["reverse", "48.8"], ["reverse", "48.8", "2.3", "7"], ["reverse", "abc", "2.3"],
    ["reverse", "91", "0"], ["reverse", "48.8", "2.3", "--max-distance"],
    ["reverse", "48.8", "2.3", "--limit", "3"], ["forward"], ["forward", "x", "--limit", "many"],
    ["bbox", "1", "2", "3"], ["bbox", "10", "0", "-10", "5"], ["frobnicate"], ["--no-such-option"],
    ["serve", "extra"],
    ["reverse", "1,2,3"], ["reverse", "48.8,,2.3"], ["forward", "x", "--format", "xml"], ["serve", "--format", "csv"],
    ["forward", "x", "--kinds", "town"], ["forward", "x", "--country", "FRA"], ["forward", "x", "--lang", "!!"],
    ["reverse", "-", "--fields", "nope"], ["reverse", "-", "--max-distance", "-1"], ["cache"], ["cache", "purge"],
    ["--generate", "word"], ["-Z"],
], ids=["reverse_one_arg", "reverse_three_args", "reverse_not_a_number",
        "reverse_lat_out_of_range", "max_distance_without_value", "option_of_another_command",
        "forward_no_name", "forward_limit_not_a_number", "bbox_three_args", "bbox_min_lat_above_max",
        "unknown_command", "unknown_option", "serve_extra_argument", "reverse_three_comma_parts",
        "reverse_empty_comma_part", "format_unknown", "format_on_serve", "forward_kinds_unknown",
        "forward_country_not_alpha2", "forward_lang_malformed", "reverse_lines_bad_fields",
        "reverse_lines_bad_radius", "cache_no_action", "cache_unknown_action", "generate_unknown",
        "unknown_short_option"])
def test_bad_arguments(geocoder_bin, args):
    proc = run_cli(args, binary=geocoder_bin)
    assert proc.returncode == 2, f"geocoder {' '.join(args)}: exit {proc.returncode}, expected 2"
    assert proc.stdout == b"", f"geocoder {' '.join(args)}: wrote to stdout: {proc.stdout[:200]!r}"
    assert proc.stderr.strip(), f"geocoder {' '.join(args)}: no message on stderr"


# -- --data -----------------------------------------------------------------------------------

def square(west, south, size=1.0):
    """A counter-clockwise square ring (RFC 7946 exterior orientation)."""
    e, n = west + size, south + size
    return [[[west, south], [e, south], [e, n], [west, n], [west, south]]]


def feature(adm0, iso2, name, ring):
    props = {"ADM0_A3": adm0, "ISO_A2_EH": iso2, "ISO_A3_EH": None if iso2 is None else adm0,
             "ISO_N3_EH": None, "NAME": name, "NAME_LONG": name, "FORMAL_EN": None, "ADMIN": name,
             "NAME_ALT": None, "SOVEREIGNT": name, "SOV_A3": adm0, "TYPE": "Test",
             "CONTINENT": "Nowhere", "REGION_UN": None, "SUBREGION": None, "LABEL_X": ring[0][0][0] + 0.5,
             "LABEL_Y": ring[0][0][1] + 0.5, "WIKIDATAID": None, "POP_EST": 0}
    return {"type": "Feature", "properties": props, "geometry": {"type": "Polygon", "coordinates": ring}}


@pytest.fixture(scope="module")
def custom_data(tmp_path_factory):
    """Three unit squares on the equator: Alpha (AAA) at 0..1, Beta (BBB) at 2..3 east, and a
    second "Alpha" (AAC, no ISO code) at lat 2..3, to test the (name, adm0a3) order."""
    doc = {"type": "FeatureCollection", "features": [
        feature("BBB", "BB", "Beta", square(2.0, 0.0)),
        feature("AAC", None, "Alpha", square(0.0, 2.0)),
        feature("AAA", "AA", "Alpha", square(0.0, 0.0)),
    ]}
    path = tmp_path_factory.mktemp("data") / "squares.geojson"
    path.write_text(json.dumps(doc))
    return str(path)


def test_custom_data_reverse(geocoder_bin, custom_data):
    d = ["--data", custom_data]
    assert cli_json(geocoder_bin, "reverse", "0.5", "0.5", *d)["adm0a3"] == "AAA"
    assert cli_json(geocoder_bin, "reverse", "0.5", "2.5", *d)["adm0a3"] == "BBB"
    no_iso = cli_json(geocoder_bin, "reverse", "2.5", "0.5", *d)
    assert (no_iso["adm0a3"], no_iso["iso2"], no_iso["iso3"]) == ("AAC", None, None), no_iso
    # 0.05 deg east of Alpha's east edge on the equator: 5.56 km on a 6371 km sphere.
    near = cli_json(geocoder_bin, "reverse", "0.5", "1.05", *d)
    assert near["adm0a3"] == "AAA" and near["match"] == "nearest", near
    assert abs(near["distanceKm"] - 5.56) < 0.06, near
    # Halfway between the squares, 55 km from each.
    assert cli_json(geocoder_bin, "reverse", "0.5", "1.5", *d, "-f", "country") is None
    # The real data is not loaded: Paris is in no country.
    assert cli_json(geocoder_bin, "reverse", "48.8566", "2.3522", *d, "-f", "country") is None
    assert "iso2" not in (cli_json(geocoder_bin, "reverse", "48.8566", "2.3522", *d) or {})


def test_custom_data_bbox_and_forward(geocoder_bin, custom_data):
    d = ["--data", custom_data]
    res = cli_json(geocoder_bin, "bbox", "-1", "-1", "4", "4", *d)
    assert [(r["name"], r["adm0a3"]) for r in res] == [("Alpha", "AAA"), ("Alpha", "AAC"), ("Beta", "BBB")]
    assert [r["adm0a3"] for r in cli_json(geocoder_bin, "bbox", "0.2", "1.2", "0.8", "1.8", *d)] == []
    beta = cli_json(geocoder_bin, "forward", "beta", *d)
    beta = [h for h in beta if h["kind"] == "country"]  # cities (GeoNames) still search with --data
    assert [h["adm0a3"] for h in beta] == ["BBB"], beta
    c = beta[0]["centroid"]
    assert abs(c["lat"] - 0.5) < 0.01 and abs(c["lon"] - 2.5) < 0.01, c
    assert beta[0]["bbox"] == [2.0, 0.0, 3.0, 1.0], beta


def test_custom_data_in_server_mode(geocoder_bin, custom_data):
    with Server(["--data", custom_data], binary=geocoder_bin) as srv:
        assert srv.result("reverseGeocode", [0.5, 0.5])["adm0a3"] == "AAA"
        assert srv.result("countriesInBBox", [-1, -1, 4, 4]) != []
        assert srv.close() == 0


@pytest.mark.parametrize("args", [["reverse", "0", "0"], ["serve"], []], ids=["reverse", "serve", "no_command"])
def test_missing_data_file(geocoder_bin, tmp_path, args):
    missing = str(tmp_path / "no-such-file.geojson")
    proc = run_cli(args + ["--data", missing], binary=geocoder_bin)
    assert proc.returncode == 1, f"exit {proc.returncode}, expected 1; stderr {proc.stderr!r}"
    assert proc.stdout == b"", proc.stdout[:200]
    assert missing.encode() in proc.stderr, f"stderr does not name the file: {proc.stderr!r}"


@pytest.mark.parametrize("content", [
    b"{not json", b"", b"[]", b'{"type":"Feature","properties":{},"geometry":null}',
    b'{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"ADM0_A3":"AAA","NAME":"A"},'
    b'"geometry":{"type":"Polygon","coordinates":"nope"}}]}',
], ids=["truncated_json", "empty_file", "array", "not_a_collection", "bad_geometry"])
def test_malformed_data_file(geocoder_bin, tmp_path, content):
    path = tmp_path / "bad.geojson"
    path.write_bytes(content)
    proc = run_cli(["reverse", "0", "0", "--data", str(path)], binary=geocoder_bin)
    assert proc.returncode == 1, f"exit {proc.returncode}, expected 1; stderr {proc.stderr!r}"
    assert proc.stdout == b"", proc.stdout[:200]
    assert proc.stderr.strip(), "no message on stderr"


# -- the server process -----------------------------------------------------------------------

def test_serve_subcommand_is_the_server(geocoder_bin):
    with Server(["serve"], binary=geocoder_bin) as srv:
        assert srv.result("reverseGeocode", [48.8566, 2.3522])["iso2"] == "FR"
        assert srv.close() == 0


def test_interactive_reply_arrives_while_stdin_stays_open(geocoder_bin):
    """A client that writes one line and waits (stdin still open) must get its answer."""
    with Server(binary=geocoder_bin) as srv:
        srv.send({"jsonrpc": "2.0", "method": "reverseGeocode", "params": [48.8566, 2.3522], "id": 1})
        first = srv.read_json(timeout=REPLY_TIMEOUT)           # includes loading the data
        assert first["id"] == 1 and first["result"]["iso2"] == "FR", first
        for k, (method, params) in enumerate([("forwardGeocode", ["Japan"]),
                                              ("countriesInBBox", [-30, 27, -29, 29]),
                                              ("reverseGeocode", {"lat": 0, "lon": 0})], start=2):
            srv.send({"jsonrpc": "2.0", "method": method, "params": params, "id": k})
            reply = srv.read_json(timeout=INTERACTIVE_TIMEOUT)
            assert reply["id"] == k and "result" in reply, reply
        assert srv.proc.poll() is None, "server exited while stdin was open"
        assert srv.close() == 0


def test_many_pipelined_requests_answered_in_order(geocoder_bin):
    calls = []
    for k in range(3000):
        if k % 3 == 0:
            calls.append(("reverseGeocode", {"lat": -60 + (k % 120), "lon": -180 + (k * 7) % 360}))
        elif k % 3 == 1:
            calls.append(("forwardGeocode", {"query": ["France", "jp", "Брази́лия", "nowhere"][k % 4]}))
        else:
            calls.append(("countriesInBBox", [k % 50, k % 170, k % 50 + 5, k % 170 + 5]))
    with Server(binary=geocoder_bin) as srv:
        payload = b"".join(json.dumps({"jsonrpc": "2.0", "method": m, "params": p, "id": k}).encode() + b"\n"
                           for k, (m, p) in enumerate(calls))
        srv.send_raw(payload)
        for k, (m, p) in enumerate(calls):
            reply = srv.read_json()
            assert reply.get("id") == k and "result" in reply, f"reply {k} to {m} {p}: {reply}"
        assert srv.close() == 0


def test_every_stdout_line_is_a_response(geocoder_bin):
    """Nothing but JSON-RPC responses on stdout, whatever is asked (errors, notifications too)."""
    lines = [
        '{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8,2.3],"id":1}',
        '{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8,2.3]}',
        '{"jsonrpc":"2.0","method":"nope","id":2}',
        'garbage',
        '{"jsonrpc":"2.0","method":"forwardGeocode","params":{"query":""},"id":3}',
        '[{"jsonrpc":"2.0","method":"countriesInBBox","params":[0,0,1,1],"id":4},1]',
        '{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":95,"lon":0},"id":5}',
        '',
        '{"jsonrpc":"2.0","method":"forwardGeocode","params":["\\u0000"],"id":6}',
    ]
    proc = subprocess.run([geocoder_bin], input=("\n".join(lines) + "\n").encode(),
                          capture_output=True, timeout=REPLY_TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("utf-8").split("\n")
    assert out[-1] == "", "stdout does not end with a newline"
    replies = [loads_strict(line) for line in out[:-1]]
    flat = [r for x in replies for r in (x if isinstance(x, list) else [x])]
    for r in flat:
        assert r.get("jsonrpc") == "2.0" and "id" in r and (("result" in r) != ("error" in r)), r
    assert len(replies) == 7, [json.dumps(r)[:80] for r in replies]


def test_exit_zero_at_eof(geocoder_bin):
    proc = subprocess.run([geocoder_bin], input=b"", capture_output=True, timeout=REPLY_TIMEOUT)
    assert (proc.returncode, proc.stdout) == (0, b""), (proc.returncode, proc.stdout, proc.stderr)


def test_client_closing_stdout_early_is_not_a_crash(geocoder_bin):
    """A reader that goes away (EPIPE on stdout) ends the server quietly: exit 0, or 1 (I/O error)."""
    proc = subprocess.Popen([geocoder_bin], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()
    line = b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8,2.3],"id":1}\n'
    try:
        for _ in range(2000):
            proc.stdin.write(line)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    try:
        proc.wait(timeout=REPLY_TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("server hung after its stdout was closed")
    err = proc.stderr.read().decode("utf-8", "replace")
    assert proc.returncode in (0, 1), f"exit {proc.returncode} (negative = killed by a signal); stderr:\n{err}"
    assert "Fatal error" not in err and "Segmentation" not in err, err


# -- CLI conventions (issue 17) -----------------------------------------------------------------------

@pytest.mark.parametrize("point", [["48.8566,2.3522"], ["48.8566, 2.3522"], ["48.8566,", "2.3522"],
                                   ["48.8566", ",2.3522"]], ids=["comma", "comma_space", "split_after", "split_before"])
def test_reverse_takes_lat_comma_lon(geocoder_bin, point):
    assert cli_json(geocoder_bin, "reverse", *point) == cli_json(geocoder_bin, "reverse", "48.8566", "2.3522")
    assert cli_json(geocoder_bin, "reverse", "-33.87,151.21")["iso2"] == "AU"


@pytest.mark.parametrize("short,long", [
    (["-n", "2"], ["--limit", "2"]), (["-l", "de"], ["--lang", "de"]), (["-c", "us"], ["--country", "us"]),
    (["-k", "city"], ["--kinds", "city"]), (["-F", "csv"], ["--format", "csv"]),
], ids=["limit", "lang", "country", "kinds", "format"])
def test_short_flags_mean_their_long_forms(geocoder_bin, short, long):
    a = run_cli(["forward", "Paris", *short], binary=geocoder_bin)
    b = run_cli(["forward", "Paris", *long], binary=geocoder_bin)
    assert a.returncode == b.returncode == 0, a.stderr
    assert a.stdout == b.stdout


def test_short_flags_of_reverse_help_and_version(geocoder_bin):
    args = ["38.6", "-9.55"]
    assert (cli_json(geocoder_bin, "reverse", *args, "-m", "30", "-f", "country,timezone")
            == cli_json(geocoder_bin, "reverse", *args, "--max-distance", "30", "--fields", "country,timezone"))
    assert run_cli(["-V"], binary=geocoder_bin).stdout == run_cli(["--version"], binary=geocoder_bin).stdout
    assert run_cli(["-h"], binary=geocoder_bin).stdout == run_cli(["--help"], binary=geocoder_bin).stdout


def test_forward_lang_country_kinds_are_the_rpc_params(geocoder_bin, server):
    got = cli_json(geocoder_bin, "forward", "Paris", "--lang", "de", "--country", "fr,us", "--kinds", "city",
                   "--limit", "3")
    want = server.result("forwardGeocode", {"query": "Paris", "lang": "de", "countryCodes": ["fr", "us"],
                                            "kinds": ["city"], "limit": 3})
    assert got == want and got, got
    assert {r["iso2"] for r in got} <= {"FR", "US"} and {r["kind"] for r in got} == {"city"}, got
    countries = cli_json(geocoder_bin, "forward", "Deutschland", "--kinds", "country", "--lang", "fr")
    assert countries[0]["iso2"] == "DE" and countries[0]["country"] == "Allemagne", countries[0]


def table(proc, delimiter, status=0):
    import csv
    import io
    assert proc.returncode == status, proc.stderr
    return list(csv.reader(io.StringIO(proc.stdout.decode("utf-8")), delimiter=delimiter))


@pytest.mark.parametrize("fmt,delimiter", [("csv", ","), ("tsv", "\t")])
def test_format_csv_and_tsv_hold_the_json_results(geocoder_bin, fmt, delimiter):
    results = cli_json(geocoder_bin, "forward", "Paris", "--limit", "4")
    rows = table(run_cli(["forward", "Paris", "--limit", "4", "--format", fmt], binary=geocoder_bin), delimiter)
    header, body = rows[0], rows[1:]
    assert header == list(results[0].keys()) and len(body) == len(results)
    for row, result in zip(body, results):
        assert row[header.index("name")] == result["name"] and row[header.index("iso2")] == result["iso2"]
        assert float(row[header.index("lat")]) == result["lat"]
    boxes = cli_json(geocoder_bin, "bbox", "35", "-10", "44", "4")
    rows = table(run_cli(["bbox", "35", "-10", "44", "4", "-F", fmt], binary=geocoder_bin), delimiter)
    assert [r[rows[0].index("adm0a3")] for r in rows[1:]] == [b["adm0a3"] for b in boxes]
    place = cli_json(geocoder_bin, "reverse", "48.8566", "2.3522", "--fields", "country,admin1")
    rows = table(run_cli(["reverse", "48.8566", "2.3522", "--fields", "country,admin1", "-F", fmt],
                         binary=geocoder_bin), delimiter)
    assert len(rows) == 2 and rows[1][rows[0].index("admin1_name")] == place["admin1"]["name"]
    assert rows[1][rows[0].index("iso2")] == "FR"


def test_reverse_reads_points_from_stdin(geocoder_bin):
    lines = ["48.8566,2.3522", "38.6 -9.55", "not a point", "-33.87, 151.21", "", "91,0", "52.52\t13.40"]
    proc = run_cli(["reverse", "-"], stdin=("\n".join(lines) + "\n").encode(), binary=geocoder_bin)
    out = proc.stdout.decode("utf-8").splitlines()
    assert len(out) == len(lines), out
    assert loads_strict(out[0]) == cli_json(geocoder_bin, "reverse", "48.8566", "2.3522")
    assert "iso2" not in loads_strict(out[1]), "at sea: no country members"
    assert loads_strict(out[3])["iso2"] == "AU" and loads_strict(out[6])["iso2"] == "DE"
    for number in (3, 5, 6):
        bad = loads_strict(out[number - 1])
        assert bad["line"] == number and bad["error"], bad
        assert f"line {number}:" in proc.stderr.decode(), proc.stderr
    assert "lat" in loads_strict(out[5])["error"], out[5]
    assert proc.returncode == 1, "a bad line makes the exit status 1"
    # Without '-', a stdin that is not a terminal is read the same way; all good lines: status 0.
    good = run_cli(["reverse", "--fields", "country,timezone"], stdin=b"48.8566,2.3522\r\n35.68 139.69",
                   binary=geocoder_bin)
    assert good.returncode == 0, good.stderr
    assert [loads_strict(line)["timezone"] for line in good.stdout.decode().splitlines()] == \
        ["Europe/Paris", "Asia/Tokyo"]


def test_reverse_stdin_csv_keeps_one_row_per_line(geocoder_bin):
    text = b"38.6,-9.55\nnonsense\n48.8566,2.3522\n"
    rows = table(run_cli(["reverse", "-", "-F", "csv"], stdin=text, binary=geocoder_bin), ",", status=1)
    # The first answer (at sea) has no country members and a null admin1: the header is the placemark's all
    # the same, so the later rows keep their country and division.
    assert rows[0][:2] == ["lat", "lon"] and "iso2" in rows[0] and "admin1_name" in rows[0], rows[0]
    assert rows[3][rows[0].index("admin1_name")] == "Ile-de-France" and rows[1][rows[0].index("timezone")] == "Europe/Lisbon"
    assert len(rows) == 4 and all(len(r) == len(rows[0]) for r in rows), rows
    assert rows[1][rows[0].index("iso2")] == "" and rows[2][0] == "nonsense" and rows[3][rows[0].index("iso2")] == "FR"


def test_reverse_stdin_is_streamed(geocoder_bin):
    """Each answer comes while stdin is still open: a client can feed points one at a time."""
    import select
    proc = subprocess.Popen([geocoder_bin, "reverse", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    try:
        for point, iso in (("48.8566,2.3522", "FR"), ("35.68,139.69", "JP")):
            proc.stdin.write(point.encode() + b"\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], REPLY_TIMEOUT)
            assert ready, f"no answer to {point} while stdin stayed open"
            assert loads_strict(proc.stdout.readline().decode())["iso2"] == iso
    finally:
        proc.stdin.close()
        proc.wait(timeout=REPLY_TIMEOUT)
    assert proc.returncode == 0


def test_reverse_without_a_point_on_a_terminal_is_a_usage_error(geocoder_bin):
    import pty
    controller, terminal = pty.openpty()
    try:
        proc = subprocess.run([geocoder_bin, "reverse"], stdin=terminal, capture_output=True, timeout=REPLY_TIMEOUT)
    finally:
        os.close(controller)
        os.close(terminal)
    assert proc.returncode == 2 and proc.stdout == b"" and b"reverse needs" in proc.stderr, proc.stderr
