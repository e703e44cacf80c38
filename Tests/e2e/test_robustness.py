"""Bad input and awkward streams: each gets a clear error or a documented outcome, never a crash.

Covers the README's "Robustness" section: the limits and their flags, EOF in the middle of a line,
a client that closes stdout, stdin that is a terminal, SIGPIPE, a very slow writer, NUL bytes, and
`--data` with every invalid file of the shared GeoJSON corpus.
"""
import json
import os
import pty
import signal
import subprocess
import time

import pytest

from geoclient import REPLY_TIMEOUT, REPO_ROOT, Server, loads_strict, run_cli

CONFORMANCE = os.environ.get("GEOCODER_CONFORMANCE",
                             os.path.join(os.path.dirname(REPO_ROOT), "shared", "conformance"))
if not os.path.isdir(CONFORMANCE):
    CONFORMANCE = "/work/shared/conformance"
GEOJSON = os.path.join(CONFORMANCE, "geojson")

PARIS = b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8566,2.3522],"id":1}'


def request(rid, lat=48.8566, lon=2.3522):
    return json.dumps({"jsonrpc": "2.0", "method": "reverseGeocode", "params": [lat, lon], "id": rid}).encode()


def serve(stdin, args=(), binary=None):
    """Runs one server over `stdin`; returns (exit status, parsed reply lines, stderr text)."""
    proc = subprocess.run([binary, *args], input=stdin, capture_output=True, timeout=REPLY_TIMEOUT)
    text = proc.stdout.decode("utf-8")
    assert text == "" or text.endswith("\n"), f"stdout does not end with a newline: {text[-200:]!r}"
    return proc.returncode, [loads_strict(line) for line in text.splitlines()], proc.stderr.decode("utf-8", "replace")


def assert_limit_error(reply, code, limit, maximum, rid=None):
    assert reply["id"] == rid, reply
    error = reply["error"]
    assert error["code"] == code, reply
    assert error["data"]["limit"] == limit and error["data"]["max"] == maximum, reply
    assert limit in error["message"], reply


# -- limits -----------------------------------------------------------------------------------

def test_line_over_the_default_cap_is_answered_once_and_skipped(geocoder_bin):
    """A 17 MiB line (default cap 16 MiB) gets one -32700 with id null; the next line is served."""
    huge = b'{"jsonrpc":"2.0","method":"forwardGeocode","params":["' + b"x" * (17 << 20) + b'"],"id":7}'
    code, replies, err = serve(request(1) + b"\n" + huge + b"\n" + request(2) + b"\n", binary=geocoder_bin)
    assert code == 0, err
    assert [r["id"] for r in replies] == [1, None, 2], replies
    assert_limit_error(replies[1], -32700, "maxLineBytes", 16 * 1024 * 1024)
    assert replies[2]["result"]["iso2"] == "FR"


def test_line_cap_from_the_command_line(geocoder_bin):
    lines = [request(1), b"[" * 3000, request(2), b" " * 5000 + request(3)]
    code, replies, err = serve(b"\n".join(lines) + b"\n", ["--max-line-bytes", "1000"], geocoder_bin)
    assert code == 0, err
    assert [r["id"] for r in replies] == [1, None, 2, None], replies
    for reply in (replies[1], replies[3]):
        assert_limit_error(reply, -32700, "maxLineBytes", 1000)


@pytest.mark.parametrize("line,args,code,limit,maximum,rid", [
    (b"[" * 65 + b"]" * 65, [], -32700, "maxDepth", 64, None),
    (b'{"jsonrpc":"2.0","method":"x","params":[[[1]]],"id":1}', ["--max-depth", "2"], -32700, "maxDepth", 2, 1),
    (b'{"jsonrpc":"2.0","method":"forwardGeocode","params":["' + b"a" * 65537 + b'"],"id":1}', [],
     -32700, "maxStringBytes", 65536, 1),
    (b'{"jsonrpc":"2.0","method":"forwardGeocode","params":{"' + b"k" * 15 + b'":1},"id":"k"}',
     ["--max-string-bytes", "14"], -32700, "maxStringBytes", 14, "k"),
    (b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[1' + b"0" * 1000 + b',2],"id":1}', [],
     -32700, "maxNumberChars", 1000, 1),
    (b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[1.0000001,2],"id":1}', ["--max-number-chars", "8"],
     -32700, "maxNumberChars", 8, 1),
    (b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[1,2],"id":1.0000001}', ["--max-number-chars", "8"],
     -32700, "maxNumberChars", 8, None),
], ids=["depth_default", "depth_flag", "string_default", "key_flag", "number_default", "number_flag",
        "number_in_the_id"])
def test_each_limit_gets_one_error_naming_it(geocoder_bin, line, args, code, limit, maximum, rid):
    """One error naming the limit, with the request's id when it could be read (null for a batch, or when the
    id itself breaks the cap)."""
    status, replies, err = serve(line + b"\n" + request(9) + b"\n", args, geocoder_bin)
    assert status == 0, err
    assert len(replies) == 2, replies
    assert_limit_error(replies[0], code, limit, maximum, rid)
    assert replies[1]["id"] == 9 and replies[1]["result"]["iso2"] == "FR"


@pytest.mark.parametrize("count,args,maximum", [(10001, [], 10000), (3, ["--max-batch=2"], 2)],
                         ids=["batch_default", "batch_flag"])
def test_each_request_of_a_batch_over_the_cap_gets_the_error_with_its_id(geocoder_bin, count, args, maximum):
    """A client waiting for each id must not hang: every request is answered with -32600 maxBatch."""
    calls = [request(k) for k in range(count)]
    status, replies, err = serve(b"[" + b",".join(calls) + b"]\n" + request(-1) + b"\n", args, geocoder_bin)
    assert status == 0, err
    assert len(replies) == 2 and isinstance(replies[0], list), replies[:1]
    assert [r["id"] for r in replies[0]] == list(range(count))
    for reply in replies[0]:
        assert_limit_error(reply, -32600, "maxBatch", maximum, reply["id"])
        assert reply["error"]["data"]["found"] == count
    assert replies[1]["id"] == -1 and replies[1]["result"]["iso2"] == "FR"


def test_over_long_line_keeps_an_id_that_came_before_the_cap(geocoder_bin):
    early = b'{"jsonrpc":"2.0","id":"early","method":"forwardGeocode","params":["' + b"x" * 2000 + b'"]}'
    late = b'{"jsonrpc":"2.0","method":"forwardGeocode","params":["' + b"x" * 2000 + b'"],"id":"late"}'
    status, replies, err = serve(early + b"\n" + late + b"\n" + request(3) + b"\n", ["--max-line-bytes", "1000"],
                                 geocoder_bin)
    assert status == 0, err
    assert [r["id"] for r in replies] == ["early", None, 3], replies
    assert_limit_error(replies[0], -32700, "maxLineBytes", 1000, "early")


def test_values_at_the_limits_are_served(geocoder_bin):
    batch = b"[" + b",".join([PARIS] * 3) + b"]"
    status, replies, err = serve(batch + b"\n", ["--max-batch", "3", "--max-depth", "3",
                                                 "--max-number-chars", "7", "--max-line-bytes", str(len(batch))],
                                 geocoder_bin)
    assert status == 0, err
    assert len(replies) == 1 and len(replies[0]) == 3 and all("result" in r for r in replies[0]), replies


@pytest.mark.parametrize("args", [
    ["--max-depth", "0"], ["--max-batch", "-3"], ["--max-line-bytes", "lots"], ["--max-string-bytes"],
    ["reverse", "0", "0", "--max-depth", "5"],
], ids=["zero", "negative", "not_a_number", "missing_value", "not_for_queries"])
def test_bad_limit_flags_exit_2(geocoder_bin, args):
    proc = run_cli(args, binary=geocoder_bin)
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert proc.stdout == b"" and b"max-" in proc.stderr, proc.stderr


def test_help_documents_every_limit(geocoder_bin):
    text = run_cli(["--help"], binary=geocoder_bin).stdout.decode()
    for flag in ("--max-line-bytes", "--max-depth", "--max-batch", "--max-string-bytes", "--max-number-chars",
                 "--max-work"):
        assert flag in text, f"--help does not mention {flag}"


# -- streams ----------------------------------------------------------------------------------

@pytest.mark.parametrize("tail,expected", [
    (PARIS, ("result", 1)),
    (PARIS[:30], ("error", -32700)),
    (b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8566,2.3522],"id":1}\r', ("result", 1)),
], ids=["complete_request", "truncated_json", "cr_without_lf"])
def test_eof_in_the_middle_of_a_line_answers_that_line(geocoder_bin, tail, expected):
    """The bytes after the last newline are a line too: answered, or a parse error; then exit 0."""
    status, replies, err = serve(request(5) + b"\n" + tail, binary=geocoder_bin)
    assert status == 0, err
    assert len(replies) == 2 and replies[0]["id"] == 5, replies
    kind, value = expected
    if kind == "result":
        assert replies[1]["id"] == value and replies[1]["result"]["iso2"] == "FR"
    else:
        assert replies[1]["id"] is None and replies[1]["error"]["code"] == value


def test_client_closing_stdout_while_idle_ends_the_server_quietly(geocoder_bin):
    """stdin still open, nothing more to send: the server notices its reader is gone and exits 0."""
    proc = subprocess.Popen([geocoder_bin], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        proc.stdin.write(request(1) + b"\n")
        proc.stdin.flush()
        assert loads_strict(proc.stdout.readline().decode())["id"] == 1
        proc.stdout.close()
        status = proc.wait(timeout=REPLY_TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdin.close()
    err = proc.stderr.read()
    assert status == 0 and err == b"", (status, err)


def test_client_closing_stdout_while_sending_ends_the_server_quietly(geocoder_bin):
    proc = subprocess.Popen([geocoder_bin], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    try:
        for k in range(20000):
            proc.stdin.write(request(k) + b"\n")
        proc.stdin.close()
    except BrokenPipeError:
        pass
    status = proc.wait(timeout=REPLY_TIMEOUT)
    err = proc.stderr.read()
    assert status == 0 and err == b"", (status, err)


def test_sigpipe_from_a_reader_that_stops_early(geocoder_bin, tmp_path):
    """`… | geocoder | head -n 1`: the server, started with SIGPIPE at its default, still exits 0."""
    requests = tmp_path / "requests.jsonl"
    requests.write_bytes(b"".join(request(k) + b"\n" for k in range(50000)))
    script = f'"{geocoder_bin}" < "{requests}" 2> "{tmp_path}/err" | head -n 1; echo "${{PIPESTATUS[0]}}"'
    proc = subprocess.run(["bash", "-c", "trap - PIPE; " + script], capture_output=True, timeout=REPLY_TIMEOUT,
                          restore_signals=True)
    lines = proc.stdout.decode().splitlines()
    assert len(lines) == 2, proc
    assert loads_strict(lines[0])["id"] == 0
    assert lines[1] == "0", f"geocoder exit status {lines[1]} (141 = killed by SIGPIPE)"
    assert (tmp_path / "err").read_bytes() == b""


def test_stdin_that_is_a_terminal(geocoder_bin):
    """Interactive use on a terminal: a one-line hint on stderr, answers as lines are typed, Ctrl-D ends."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([geocoder_bin], stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(slave)
    try:
        os.write(master, request(1) + b"\n")
        first = loads_strict(proc.stdout.readline().decode())
        assert first["id"] == 1 and first["result"]["iso2"] == "FR", first
        os.write(master, b"nonsense\n")
        assert loads_strict(proc.stdout.readline().decode())["error"]["code"] == -32700
        os.write(master, b"\x04")  # Ctrl-D at the start of a line: end of input
        status = proc.wait(timeout=REPLY_TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    err = proc.stderr.read().decode()
    assert status == 0, err
    assert "terminal" in err and len(err.splitlines()) == 1, err


def test_very_slow_writer_gets_correct_answers(geocoder_bin):
    """Requests dribbled one byte at a time, with pauses, are answered exactly as if sent at once."""
    lines = [request(1), b'[{"jsonrpc":"2.0","method":"forwardGeocode","params":["Japan"],"id":"b"},'
             b'{"jsonrpc":"2.0","method":"countriesInBBox","params":[-30,27,-29,29],"id":3}]', b"{bad", request(4, 0, 0)]
    with Server(binary=geocoder_bin) as srv:
        srv.send_raw(request(0) + b"\n")
        assert srv.read_json()["id"] == 0  # the data is loaded
        for line in lines:
            for k in range(len(line) + 1):
                srv.send_raw((line + b"\n")[k:k + 1])
                time.sleep(0.002 if k % 10 else 0.05)
        replies = [srv.read_json() for _ in lines]
        assert srv.close() == 0
    assert replies[0]["result"]["iso2"] == "FR"
    assert [r["id"] for r in replies[1]] == ["b", 3] and replies[1][0]["result"][0]["iso2"] == "JP"
    assert replies[2]["id"] is None and replies[2]["error"]["code"] == -32700
    assert replies[3]["id"] == 4 and "result" in replies[3]


def test_nul_bytes_inside_and_between_lines(geocoder_bin):
    """A NUL byte is never valid JSON-RPC: each line holding one gets -32700 with its offset; others are served."""
    in_string = b'{"jsonrpc":"2.0","method":"forwardGeocode","params":["a\x00b"],"id":4}'
    stream = (b"\x00\n" + request(1) + b"\n" + b'{"jsonrpc":"2.0",\x00"method":"x","id":2}\n' + b"\x00\x00\x00"
              + request(3) + b"\n" + in_string + b"\n" + request(5) + b"\n")
    status, replies, err = serve(stream, binary=geocoder_bin)
    assert status == 0, err
    assert [r["id"] for r in replies] == [None, 1, None, None, None, 5], replies
    offsets = [r["error"]["data"]["offset"] for r in replies if r["id"] is None]
    assert offsets == [0, 17, 0, in_string.index(b"\x00")], replies
    assert all(r["error"]["code"] == -32700 for r in replies if r["id"] is None)


# -- --data with invalid GeoJSON --------------------------------------------------------------

def invalid_geojson_files():
    files = []
    for folder in ("geojson-invalid-geometry/examples/invalid_structure",
                   "geojson-invalid-geometry/examples/invalid_geometries", "geojsonhint/bad"):
        path = os.path.join(GEOJSON, folder)
        if os.path.isdir(path):
            files += [os.path.join(path, name) for name in sorted(os.listdir(path)) if name.endswith(".geojson")]
    return files


#: RFC 7946 §3.1.6: parsers SHOULD NOT reject polygons with the wrong winding, so these load with a warning.
WINDING_ONLY = {"invalid_exterior_not_ccw.geojson", "invalid_interior_not_cw.geojson",
                "polygon_winding_order.geojson", "bad-polygon-interiorring-rhr.geojson"}
#: Valid GeoJSON (the linter only flags style) holding no polygon: refused as unusable data, no offset.
NO_POLYGONS = {"point-toomany.geojson", "excessive_precision_truncated.geojson",
               "geometrycollection_nested.geojson", "geometrycollection_single.geojson"}


def test_the_invalid_corpus_is_there():
    assert len(invalid_geojson_files()) >= 70, f"invalid GeoJSON corpus missing under {GEOJSON}"


@pytest.mark.parametrize("path", invalid_geojson_files(), ids=os.path.basename)
def test_invalid_geojson_data_file(geocoder_bin, path):
    name = os.path.basename(path)
    proc = run_cli(["reverse", "0.5", "0.5", "--data", path], binary=geocoder_bin)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode >= 0, f"killed by signal {-proc.returncode}: {err}"
    assert "Fatal error" not in err and "Sanitizer" not in err, err
    lines = err.splitlines()
    if name in WINDING_ONLY:
        assert proc.returncode == 0, err
        assert lines and all("warning:" in line and "RFC 7946 section 3.1.6" in line and "offset" in line
                             for line in lines), err
        loads_strict(proc.stdout.decode())
    else:
        assert proc.returncode == 1 and proc.stdout == b"", (proc.returncode, err)
        assert len(lines) == 1 and path in lines[0], err
        if name in NO_POLYGONS:
            assert "no Polygon or MultiPolygon" in lines[0], err
        else:
            offset = int(lines[0].rsplit("at offset ", 1)[1].split()[0].rstrip(")"))
            assert 0 <= offset <= os.path.getsize(path), err


def test_winding_warnings_show_on_every_start(geocoder_bin, tmp_path, monkeypatch):
    """A file loaded with warnings is not put in the index cache, so a second start warns again."""
    monkeypatch.setenv("GEOCODER_CACHE_DIR", str(tmp_path))
    path = os.path.join(GEOJSON, "geojson-invalid-geometry", "invalid_exterior_not_ccw.geojson")
    if not os.path.exists(path):
        path = next(p for p in invalid_geojson_files() if os.path.basename(p) in WINDING_ONLY)
    for start in (1, 2):
        proc = run_cli(["reverse", "0.5", "0.5", "--data", path], binary=geocoder_bin)
        assert proc.returncode == 0, proc.stderr
        assert b"warning:" in proc.stderr, f"start {start}: no warning on stderr"


def test_invalid_geojson_data_file_in_server_mode(geocoder_bin):
    path = os.path.join(GEOJSON, "geojsonhint/bad/bad-json.geojson")
    proc = run_cli(["serve", "--data", path], stdin=request(1) + b"\n", binary=geocoder_bin)
    assert proc.returncode == 1 and proc.stdout == b"", proc
    assert b"at offset" in proc.stderr and proc.stderr.count(b"\n") == 1, proc.stderr


def json_test_suite_files():
    folder = os.path.join(CONFORMANCE, "JSONTestSuite", "test_parsing")
    return [os.path.join(folder, name) for name in sorted(os.listdir(folder))] if os.path.isdir(folder) else []


def test_every_jsontestsuite_file_as_data_is_refused_cleanly(geocoder_bin):
    """None of JSONTestSuite's files is a polygon dataset: each must exit 1 with one line, never crash."""
    files = json_test_suite_files()
    assert len(files) > 300, "JSONTestSuite missing"
    for path in files:
        proc = run_cli(["reverse", "0", "0", "--data", path], binary=geocoder_bin)
        err = proc.stderr.decode("utf-8", "replace")
        assert proc.returncode == 1 and len(err.splitlines()) == 1, (path, proc.returncode, err)
