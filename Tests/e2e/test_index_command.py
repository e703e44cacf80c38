"""`geocoder index --output FILE`: the binary index scripts/build-wasm compiles into geocoder.wasm.

It must be the index the server itself uses (the cache file for the same data, apart from the source key),
the same bytes on every run, keyed by the data's size, and fail cleanly."""
import json
import os
import struct
import subprocess

from cachefiles import settle
from geoclient import REPLY_TIMEOUT, locate_binary

HEADER = 48  # magic, version, byte-order mark, two key words, payload length, checksum


def run(args, tmp_path, extra_env=None):
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("GEOCODER_NO_CACHE", None)
    env.update(extra_env or {})
    return subprocess.run([locate_binary(), *args], capture_output=True, timeout=REPLY_TIMEOUT, env=env)


def small_data(tmp_path):
    ring = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]
    data = tmp_path / "areas.geojson"
    data.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"NAME": "Squareland", "ADM0_A3": "SQL", "ISO_A2": "SQ"},
         "geometry": {"type": "Polygon", "coordinates": [ring]}}]}))
    return data


def test_writes_the_servers_index_keyed_by_the_data(tmp_path):
    data = small_data(tmp_path)
    out = tmp_path / "out.idx"
    proc = run(["index", "--data", str(data), "--output", str(out)], tmp_path, {"GEOCODER_NO_CACHE": "1"})
    assert proc.returncode == 0 and proc.stdout == b"", proc.stderr.decode()
    blob = out.read_bytes()
    assert blob[:8] == b"GEOIDX\r\n"
    size, _ = struct.unpack_from("<QQ", blob, 16)
    length, = struct.unpack_from("<Q", blob, 32)
    assert size == os.path.getsize(data), "the key's first word is the data file's size"
    assert length == len(blob) - HEADER
    assert sorted(os.listdir(tmp_path)) == ["areas.geojson", "out.idx"], "no temporary file is left behind"

    # The server's own cache file for the same data holds the same payload under another key.
    settle(data)
    assert run(["reverse", "5", "5", "--data", str(data)], tmp_path).returncode == 0
    [cached] = [p for p in os.listdir(tmp_path / "cache") if p.endswith(".idx")]
    cache = (tmp_path / "cache" / cached).read_bytes()
    assert cache[:16] == blob[:16] and cache[32:] == blob[32:], "index --output must write what the server loads"

    again = tmp_path / "again.idx"
    assert run(["index", "--data", str(data), "--output", str(again)], tmp_path).returncode == 0
    assert again.read_bytes() == blob, "the same data gives the same bytes, cache or not"


def test_replaces_an_existing_file(tmp_path):
    out = tmp_path / "out.idx"
    out.write_bytes(b"old")
    proc = run(["index", "--data", str(small_data(tmp_path)), "--output", str(out)], tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    assert out.read_bytes()[:8] == b"GEOIDX\r\n"


def test_usage_errors_exit_2(tmp_path):
    for args in (["index"], ["index", "--output", ""], ["index", "extra", "--output", str(tmp_path / "x")],
                 ["index", "--output", str(tmp_path / "x"), "--limit", "3"]):
        proc = run(args, tmp_path)
        assert proc.returncode == 2, (args, proc.stderr.decode())
        assert proc.stderr.startswith(b"geocoder: ") and proc.stdout == b""
    assert not (tmp_path / "x").exists()


def test_unwritable_output_or_missing_data_exit_1(tmp_path):
    data = small_data(tmp_path)
    proc = run(["index", "--data", str(data), "--output", str(tmp_path / "no" / "such" / "dir.idx")], tmp_path)
    assert proc.returncode == 1
    assert b"cannot write" in proc.stderr and b"dir.idx" in proc.stderr, proc.stderr.decode()
    proc = run(["index", "--data", str(tmp_path / "missing.geojson"), "--output", str(tmp_path / "x.idx")], tmp_path)
    assert proc.returncode == 1 and b"missing.geojson" in proc.stderr, proc.stderr.decode()
    assert not (tmp_path / "x.idx").exists()


def test_help_documents_it(tmp_path):
    text = run(["--help"], tmp_path).stdout.decode()
    assert "geocoder index --output FILE [--data PATH]" in text, text
