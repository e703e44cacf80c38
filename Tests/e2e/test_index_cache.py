"""The binary index cache as a user meets it: made on first start, used after, rebuilt when the data
changes or the file is damaged, and never needed for a correct answer."""
import json
import os
import subprocess

import pytest

from cachefiles import cache_files, settle
from geoclient import REPLY_TIMEOUT, locate_binary, loads_strict

DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    "Data", "ne_10m_admin_0_countries.geojson")


def square(name, code, west, south, east, north):
    ring = [[west, south], [east, south], [east, north], [west, north], [west, south]]
    return {"type": "Feature", "properties": {"NAME": name, "ADM0_A3": code},
            "geometry": {"type": "Polygon", "coordinates": [ring]}}


def run(args, cache_dir, extra_env=None):
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(cache_dir))
    env.pop("GEOCODER_NO_CACHE", None)
    env.update(extra_env or {})
    proc = subprocess.run([locate_binary(), *args], capture_output=True, timeout=REPLY_TIMEOUT, env=env)
    assert proc.returncode == 0, proc.stderr.decode()
    return loads_strict(proc.stdout.decode())


def test_made_once_then_used_and_answers_match_no_cache(tmp_path):
    cache = tmp_path / "cache"
    args = ["reverse", "43.67", "7.27", "--data", DATA]
    plain = run(args + ["--no-cache"], cache)
    assert cache_files(cache) == [], "--no-cache must write nothing"
    first = run(args, cache)
    files = cache_files(cache)
    assert len(files) == 1 and files[0].startswith("ne_10m_admin_0_countries.geojson-"), files
    stamp = os.stat(cache / files[0]).st_mtime_ns
    second = run(args, cache)
    assert plain == first == second, "cached and uncached answers must be identical"
    assert os.stat(cache / files[0]).st_mtime_ns == stamp, "a valid index is read, not rewritten"
    for q in (["forward", "Österreich", "--limit", "3"], ["bbox", "35", "-10", "44", "4"]):
        assert run(q + ["--data", DATA], cache) == run(q + ["--data", DATA, "--no-cache"], cache)


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty"])
def test_damaged_index_is_rebuilt(tmp_path, damage):
    cache = tmp_path / "cache"
    data = tmp_path / "areas.geojson"
    data.write_text(json.dumps({"type": "FeatureCollection", "features": [square("Squareland", "SQL", 0, 0, 10, 10)]}))
    settle(data)
    args = ["reverse", "5", "5", "--data", str(data)]
    good = run(args, cache)
    [name] = cache_files(cache)
    path = cache / name
    blob = bytearray(path.read_bytes())
    if damage == "truncate":
        blob = blob[: len(blob) // 2]
    elif damage == "flip":
        blob[len(blob) // 2] ^= 0xFF
    elif damage == "garbage":
        blob = bytearray(b"\x00" * len(blob))
    else:
        blob = bytearray()
    path.write_bytes(bytes(blob))
    assert run(args, cache) == good
    assert path.read_bytes() != bytes(blob), "the damaged index is replaced"
    assert run(args, cache) == good


def test_changed_data_file_is_not_answered_from_the_old_index(tmp_path):
    cache = tmp_path / "cache"
    data = tmp_path / "areas.geojson"
    data.write_text(json.dumps({"type": "FeatureCollection", "features": [square("Squareland", "SQL", 0, 0, 10, 10)]}))
    assert run(["reverse", "5", "5", "--data", str(data)], cache)["name"] == "Squareland"
    data.write_text(json.dumps({"type": "FeatureCollection", "features": [square("Boxland", "BXL", 0, 0, 10, 10)]}))
    assert run(["reverse", "5", "5", "--data", str(data)], cache)["name"] == "Boxland"


def test_environment_switch_and_unwritable_cache(tmp_path):
    cache = tmp_path / "cache"
    args = ["reverse", "48.8566", "2.3522", "--data", DATA]
    assert run(args, cache, {"GEOCODER_NO_CACHE": "1"})["iso2"] == "FR"
    assert cache_files(cache) == []
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert run(args, blocker / "cache")["iso2"] == "FR", "a cache that cannot be written is skipped"


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(f"no {field} in /proc/{pid}/status")


def mapped_index_files(pid):
    """The .idx files the process maps (from /proc/PID/maps)."""
    with open(f"/proc/{pid}/maps") as maps:
        return {line.split()[-1] for line in maps if line.rstrip().endswith(".idx")}


def open_index_files(pid):
    """(descriptor, path) of each .idx file the process has open (from /proc/PID/fd)."""
    found = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if ".idx" in target:
            found.append((fd, target))
    return found


def held_index_files(pid):
    """The .idx files the process maps or has open (from /proc/PID/maps and /proc/PID/fd)."""
    return mapped_index_files(pid) | {target for _, target in open_index_files(pid)}


@pytest.mark.skipif(not os.path.exists("/proc/self/maps"), reason="needs /proc/PID/maps")
def test_loaded_index_is_the_servers_own_memory_and_answers_stay_right(tmp_path):
    """The index is read into memory the server owns: it never maps its cache file, it holds at most one
    read-only descriptor of it (to read the sections a request first needs; index format 22 onwards), and
    once every section was used that memory shows in its RSS as anonymous memory the size of the index, not
    hidden in the page cache."""
    cache = tmp_path / "cache"
    run(["reverse", "0", "0", "--data", DATA], cache)  # builds the index file
    [name] = cache_files(cache)
    index_kb = os.path.getsize(cache / name) // 1024
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(cache))
    env.pop("GEOCODER_NO_CACHE", None)
    calls = [("reverseGeocode", {"lat": 48.8566, "lon": 2.3522}), ("forwardGeocode", {"query": "Österreich"}),
             ("forwardGeocode", {"query": "Sao Paolo"}), ("countriesInBBox", [35, -10, 44, 4]),
             ("reverseGeocode", {"lat": 47.5596, "lon": 7.5886}), ("reverseGeocode", {"lat": -33.9, "lon": 151.2})]
    lines = "".join(json.dumps({"jsonrpc": "2.0", "method": m, "params": p, "id": k}) + "\n"
                    for k, (m, p) in enumerate(calls))
    proc = subprocess.Popen([locate_binary(), "--data", DATA], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    try:
        proc.stdin.write(lines.encode())
        proc.stdin.flush()
        replies = [proc.stdout.readline() for _ in calls]
        assert mapped_index_files(proc.pid) == set(), "the server never maps its cache file"
        held = held_index_files(proc.pid)
        assert len(held) <= 1, held
        for fd, _ in open_index_files(proc.pid):
            with open(f"/proc/{proc.pid}/fdinfo/{fd}") as info:
                flags = int(next(l for l in info if l.startswith("flags:")).split()[1], 8)
            assert flags & 0o3 == os.O_RDONLY, f"the cache file is open for writing ({flags:o})"
        anonymous = status_kb(proc.pid, "RssAnon")
        assert anonymous >= index_kb, f"{anonymous} kB anonymous memory after every section was used, index is {index_kb} kB"
        proc.stdin.close()
        replies += proc.stdout.read().splitlines()
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=REPLY_TIMEOUT) == 0
    plain = subprocess.run([locate_binary(), "--data", DATA, "--no-cache"], input=lines.encode(),
                           capture_output=True, timeout=REPLY_TIMEOUT, env=env).stdout.splitlines()
    assert [loads_strict(r.decode()) for r in replies] == [loads_strict(r.decode()) for r in plain]


# -- housekeeping (issue 17) ------------------------------------------------------------------------------

def cli(args, cache_dir):
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(cache_dir))
    env.pop("GEOCODER_NO_CACHE", None)
    return subprocess.run([locate_binary(), *args], capture_output=True, timeout=REPLY_TIMEOUT, env=env, text=True)


def small_data(folder, name="areas.geojson"):
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / name
    data.write_text(json.dumps({"type": "FeatureCollection", "features": [square("Squareland", "SQL", 0, 0, 10, 10)]}))
    settle(data)
    return data


def test_index_of_a_vanished_data_file_is_removed_when_another_is_stored(tmp_path):
    """A moved checkout or a deleted folder must not leave its index behind for ever."""
    cache = tmp_path / "cache"
    first = small_data(tmp_path / "one")
    run(["reverse", "5", "5", "--data", str(first)], cache)
    [old] = cache_files(cache)
    kept = small_data(tmp_path / "kept", "kept.geojson")
    run(["reverse", "5", "5", "--data", str(kept)], cache)
    assert len(cache_files(cache)) == 2, "an index whose data file exists stays"
    os.remove(first)
    os.rmdir(tmp_path / "one")
    second = small_data(tmp_path / "two")
    run(["reverse", "5", "5", "--data", str(second)], cache)
    files = cache_files(cache)
    assert old not in files and len(files) == 2, files
    assert not (cache / (old + ".source")).exists()
    listed = cli(["cache", "list"], cache).stdout
    assert str(second) in listed and str(kept) in listed and str(first) not in listed, listed


def test_cache_path_list_and_clear(tmp_path):
    cache = tmp_path / "cache"
    assert cli(["cache", "path"], cache).stdout == f"{cache}\n"
    listed = cli(["cache", "list"], cache)
    assert listed.returncode == 0 and not cache.exists(), "list neither fails nor creates the folder"
    data = small_data(tmp_path / "d")
    run(["reverse", "5", "5", "--data", str(data)], cache)
    [name] = cache_files(cache)
    rows = [line.split("\t") for line in cli(["cache", "list"], cache).stdout.splitlines()]
    assert rows[0][2] == name and rows[0][3] == os.path.realpath(data), rows
    size_mb = os.path.getsize(cache / name) / 1e6
    assert abs(float(rows[0][0].split()[0]) - size_mb) <= 0.05, rows
    assert rows[-1][0] == "total" and "1 index file" in rows[-1][2], rows

    # Things clear must leave: another program's file, a link named like an index (and what it points
    # to), a folder named like one, and another name pattern.
    victim = tmp_path / "victim.idx"
    victim.write_bytes(b"precious\n")
    os.symlink(victim, cache / "link.idx")
    (cache / "folder.idx").mkdir()
    (cache / "notes.txt").write_text("mine\n")
    (cache / ".half.idx.0123abcd").write_bytes(b"temporary")
    cleared = cli(["cache", "clear"], cache)
    assert cleared.returncode == 0, cleared.stderr
    assert "removed 3 file(s)" in cleared.stdout, cleared.stdout  # the index, its record, the temporary
    assert sorted(os.listdir(cache)) == ["folder.idx", "link.idx", "notes.txt"]
    assert victim.read_bytes() == b"precious\n" and os.path.islink(cache / "link.idx")
    assert cli(["cache", "list"], cache).stdout.startswith("total\t0.0 MB\t0 index file(s)")
