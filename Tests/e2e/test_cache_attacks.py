"""What other processes can do to the files the server reads and writes (issue 13, items 4–8 and 11).

- The index cache changed under a running server (truncated, overwritten with another index, random or zero
  bytes) must not crash it or change one answer: the server serves from memory it owns.
- Nothing planted in or at the cache folder makes the server write outside it; a folder others can write or
  another user owns is refused with one line, and the server runs without the cache.
- A cache, data or name-table path that is a FIFO, a device or a huge sparse file fails (or is skipped) at
  once, without reading it; a long data file name still gets a cache file.
- `geocoder index --output` writes devices and links in place instead of replacing them.
- An edit that keeps the data file's size and modification time still gets a fresh index.

Timeouts here are hang guards only; peak memory is read from the kernel's rusage of each child, and a memory
rlimit keeps a broken binary from taking the machine.
"""
import json
import os
import random
import resource
import shutil
import stat
import subprocess
import threading
import time

import pytest

from cachefiles import cache_files, settle
from geoclient import REPLY_TIMEOUT, locate_binary, loads_strict

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(REPO, "Data", "ne_10m_admin_0_countries.geojson")
#: Address-space cap for every child: far above what the server needs, far below what reading a huge file
#: takes, so a regression fails the test instead of exhausting the machine.
ADDRESS_SPACE_CAP = 4 << 30
#: Peak resident memory a start that refuses a huge or endless file may reach (kB).
REFUSAL_PEAK_KB = 300 * 1024


def environment(cache_dir, extra=None):
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(cache_dir))
    env.pop("GEOCODER_NO_CACHE", None)
    env.update(extra or {})
    return env


def cap_memory():
    # Not under AddressSanitizer (scripts/test-asan sets ASAN_OPTIONS): its shadow memory alone reserves
    # terabytes of address space.
    if not os.environ.get("ASAN_OPTIONS"):
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_CAP, ADDRESS_SPACE_CAP))


def run(args, cache_dir, stdin=b"", extra_env=None):
    """Runs the binary to completion: (exit code, stdout, stderr, peak RSS in kB).

    The child is reaped with wait4, which gives its own rusage (the peak of this one child, unlike
    RUSAGE_CHILDREN's high-water mark over all of them). The deadline only guards against a hang."""
    proc = subprocess.Popen([locate_binary(), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=environment(cache_dir, extra_env), preexec_fn=cap_memory)
    output = {}
    pumps = [threading.Thread(target=lambda s=s, k=k: output.__setitem__(k, s.read()))
             for k, s in (("out", proc.stdout), ("err", proc.stderr))]
    for pump in pumps:
        pump.start()
    try:
        proc.stdin.write(stdin)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    deadline = time.monotonic() + REPLY_TIMEOUT
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            proc.kill()
            os.wait4(proc.pid, 0)
            proc.returncode = -9
            pytest.fail(f"geocoder {' '.join(args)} hung (killed after {REPLY_TIMEOUT} s)")
        time.sleep(0.005)
    proc.returncode = os.waitstatus_to_exitcode(status)
    for pump in pumps:
        pump.join()
    return proc.returncode, output["out"], output["err"].decode(errors="replace"), usage.ru_maxrss


def square(name, code, west, south, east, north):
    ring = [[west, south], [east, south], [east, north], [west, north], [west, south]]
    return {"type": "Feature", "properties": {"NAME": name, "ADM0_A3": code},
            "geometry": {"type": "Polygon", "coordinates": [ring]}}


def small_data(folder, name="areas.geojson", country="Squareland"):
    data = folder / name
    data.write_text(json.dumps({"type": "FeatureCollection", "features": [square(country, "SQL", 0, 0, 10, 10)]}))
    return data


def reverse_name(args, cache_dir, **kwargs):
    code, out, err, _ = run(["reverse", "5", "5", *args], cache_dir, **kwargs)
    assert code == 0, err
    return loads_strict(out.decode())["name"]


# -- the cache file changed under a running server ------------------------------------------------------

def workload():
    """Requests that between them read most of the index: points all over the world, names, boxes."""
    rng = random.Random(13)
    calls = [("reverseGeocode", {"lat": rng.uniform(-60, 75), "lon": rng.uniform(-180, 180), "maxDistanceKm": 300})
             for _ in range(600)]
    calls += [("forwardGeocode", {"query": q, "limit": 3}) for q in
              ["Österreich", "Sao Paolo", "New York", "Tokyo", "Nairobi", "Reykjavik", "Paris, Texas", "Kyiv",
               "Buenos Aires", "Wellington", "Ulaanbaatar", "Lima", "Perth", "Brussels", "Bruxelles", "Zürich"]]
    calls += [("countriesInBBox", [s, w, s + 10, w + 10]) for s, w in
              ((rng.uniform(-60, 70), rng.uniform(-180, 170)) for _ in range(100))]
    return "".join(json.dumps({"jsonrpc": "2.0", "method": m, "params": p, "id": k}) + "\n"
                   for k, (m, p) in enumerate(calls)).encode()


@pytest.fixture(scope="module")
def built_cache(tmp_path_factory):
    """A cache folder holding the index of the bundled data, the countries-only index of the same data
    (another valid index to copy over it), and the answers to `workload()` of a server without cache."""
    folder = tmp_path_factory.mktemp("cache")
    cache = folder / "cache"
    for extra in ([], ["--no-places"]):
        code, _, err, _ = run(["reverse", "0", "0", "--data", DATA, *extra], cache)
        assert code == 0, err
    full = [n for n in cache_files(cache) if not n.endswith("-countries.idx")]
    other = [n for n in cache_files(cache) if n.endswith("-countries.idx")]
    assert len(full) == 1 and len(other) == 1, cache_files(cache)
    code, expected, err, _ = run(["--data", DATA, "--no-cache"], cache, stdin=workload())
    assert code == 0, err
    return cache, full[0], (cache / other[0]).read_bytes(), expected.splitlines()


def mutate(path, how, original, other, step):
    """One change to the cache file in place, as another process would make it."""
    if how == "truncate":
        with open(path, "r+b") as f:
            f.truncate([0, len(original) // 2, 4096][step % 3])
    elif how == "new-index":
        with open(path, "wb") as f:  # what `cp other.idx cache.idx` does: O_TRUNC, then write in place
            f.write(other if step % 2 == 0 else original)
    elif how == "random":
        with open(path, "r+b") as f:
            f.write(os.urandom(len(original)))
    elif how == "zeros":
        with open(path, "r+b") as f:
            f.write(bytes(len(original)))


@pytest.mark.parametrize("how", ["truncate", "new-index", "random", "zeros"])
def test_cache_file_changed_under_a_running_server(built_cache, tmp_path, how):
    source, name, other, expected = built_cache
    cache = tmp_path / "cache"
    shutil.copytree(source, cache)
    path = cache / name
    original = path.read_bytes()
    rounds = 8
    proc = subprocess.Popen([locate_binary(), "--data", DATA], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=environment(cache), preexec_fn=cap_memory)
    first = b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[50.8503,4.3517],"id":"first"}\n'
    proc.stdin.write(first)
    proc.stdin.flush()
    assert b'"BE"' in proc.stdout.readline(), "the server loaded its index and answered"
    stop = threading.Event()

    def attacker():
        step = 0
        while not stop.is_set():
            mutate(path, how, original, other, step)
            step += 1
            stop.wait(0.002)

    thread = threading.Thread(target=attacker)
    thread.start()
    try:
        out, err = proc.communicate(workload() * rounds, timeout=REPLY_TIMEOUT * 2)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail("the server stopped answering while its cache file was changed")
    finally:
        stop.set()
        thread.join()
    assert proc.returncode == 0, f"the server died with {proc.returncode} (negative: signal); stderr: {err[-500:]!r}"
    replies = out.splitlines()
    assert len(replies) == len(expected) * rounds, f"{len(replies)} of {len(expected) * rounds} replies"
    # The server reads the names section when the first forwardGeocode needs it (index format 22): if the file
    # was changed in place by then, that section fails its read or checksum, and the calls that need it get a
    # clear -32603 error naming the damaged cache, never a wrong answer; everything else answers as before.
    for k, reply in enumerate(replies):
        if reply == expected[k % len(expected)]:
            continue
        answer = json.loads(reply)
        assert b'"forwardGeocode"' in workload().splitlines()[k % len(expected)], \
            f"reply {k} changed after the cache file was changed ({how})"
        assert answer["error"]["code"] == -32603 and "index cache file is damaged" in answer["error"]["message"], reply


# -- the cache folder and temporary names ---------------------------------------------------------------

def plant_links(cache, name, victim, count=3000):
    """Symlinks to `victim` at every temporary name the old scheme (`<cache>.tmp-<pid>`) would use next."""
    with open("/proc/sys/kernel/ns_last_pid") as f:
        last = int(f.read())
    for pid in range(last + 1, last + count):
        os.symlink(victim, cache / f"{name}.tmp-{pid}")


def index_name(data, cache):
    """The cache file name the server uses for `data`, learnt from one run in a scratch folder."""
    code, _, err, _ = run(["reverse", "5", "5", "--data", str(data)], cache)
    assert code == 0, err
    [name] = cache_files(cache)
    shutil.rmtree(cache)
    return name


def test_links_planted_at_temporary_names_are_not_followed(tmp_path):
    data = small_data(tmp_path)
    settle(data)
    name = index_name(data, tmp_path / "scratch")
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    plant_links(cache, name, victim)
    assert reverse_name(["--data", str(data)], cache) == "Squareland"
    assert victim.read_text() == "precious", "the server wrote through a link planted in its cache folder"
    info = os.lstat(cache / name)
    assert stat.S_ISREG(info.st_mode) and stat.S_IMODE(info.st_mode) == 0o600, oct(info.st_mode)


def test_abandoned_temporaries_are_removed_when_the_index_is_rewritten(tmp_path):
    data = small_data(tmp_path)
    settle(data)
    name = index_name(data, tmp_path / "scratch")
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    abandoned, fresh, other = cache / f".{name}.0123abcd", cache / f".{name}.4567ef01", cache / ".other.idx.89ab"
    for path in (abandoned, fresh, other):
        path.write_bytes(b"half an index")
    hour_ago = os.stat(fresh).st_mtime_ns - 3600 * 10**9
    for path in (abandoned, other):
        os.utime(path, ns=(hour_ago, hour_ago))
    assert reverse_name(["--data", str(data)], cache) == "Squareland"
    assert not abandoned.exists(), "a temporary left by a killed writer an hour ago is removed"
    assert fresh.exists() and other.exists(), "a temporary being written now, and other files, are left alone"
    assert cache_files(cache) == [name]


@pytest.mark.parametrize("mode", [0o777, 0o1777, 0o770, 0o755 | 0o002])
def test_cache_folder_others_can_write_is_refused(tmp_path, mode):
    data = small_data(tmp_path)
    settle(data)
    name = index_name(data, tmp_path / "scratch")
    cache = tmp_path / "shared"
    cache.mkdir()
    os.chmod(cache, mode)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    plant_links(cache, name, victim, count=500)
    code, out, err, _ = run(["reverse", "5", "5", "--data", str(data)], cache)
    assert code == 0 and loads_strict(out.decode())["name"] == "Squareland", err
    lines = err.splitlines()
    assert len(lines) == 1 and "not using the index cache" in lines[0] and str(cache) in lines[0], err
    assert victim.read_text() == "precious"
    assert cache_files(cache) == [], "nothing is written to a folder others can write"


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give the folder to another user")
def test_cache_folder_of_another_user_is_refused(tmp_path):
    data = small_data(tmp_path)
    settle(data)
    cache = tmp_path / "theirs"
    cache.mkdir(mode=0o700)
    os.chown(cache, 65534, 65534)
    code, out, err, _ = run(["reverse", "5", "5", "--data", str(data)], cache)
    assert code == 0 and loads_strict(out.decode())["name"] == "Squareland", err
    assert err.count("\n") == 1 and "not using the index cache" in err and "belongs to user 65534" in err, err
    assert cache_files(cache) == []


def test_new_cache_folder_and_files_are_private(tmp_path):
    data = small_data(tmp_path)
    settle(data)
    cache = tmp_path / "a" / "b"
    assert reverse_name(["--data", str(data)], cache) == "Squareland"
    for folder in (tmp_path / "a", cache):
        assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700, (folder, oct(os.stat(folder).st_mode))
    [name] = cache_files(cache)
    assert stat.S_IMODE(os.stat(cache / name).st_mode) == 0o600


# -- paths that are not regular files, or far too large --------------------------------------------------

def test_cache_path_that_is_a_fifo_does_not_block_start_up(tmp_path):
    data = small_data(tmp_path)
    settle(data)
    cache = tmp_path / "cache"
    name = index_name(data, tmp_path / "scratch")
    cache.mkdir(mode=0o700)
    os.mkfifo(cache / name)
    assert reverse_name(["--data", str(data)], cache) == "Squareland"
    assert stat.S_ISREG(os.lstat(cache / name).st_mode), "the FIFO is replaced by the rebuilt index"


def test_sparse_cache_file_is_not_read(tmp_path):
    data = small_data(tmp_path)
    settle(data)
    cache = tmp_path / "cache"
    name = index_name(data, tmp_path / "scratch")
    cache.mkdir(mode=0o700)
    with open(cache / name, "wb") as f:
        f.truncate(1 << 30)
    code, out, err, peak = run(["reverse", "5", "5", "--data", str(data)], cache)
    assert code == 0 and loads_strict(out.decode())["name"] == "Squareland", err
    assert peak < REFUSAL_PEAK_KB, f"peak RSS {peak} kB: the 1 GiB sparse cache file was read"
    assert os.path.getsize(cache / name) < 1 << 30, "the sparse file is replaced by the rebuilt index"


def sparse(path, size):
    with open(path, "wb") as f:
        f.truncate(size)
    return path


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "directory", "sparse-1.5GiB"])
def test_data_path_that_is_not_a_small_regular_file_fails_fast(tmp_path, kind):
    if kind == "fifo":
        path = tmp_path / "data.geojson"
        os.mkfifo(path)
    elif kind == "dev-zero":
        path = "/dev/zero"
    elif kind == "directory":
        path = tmp_path
    else:
        path = sparse(tmp_path / "data.geojson", 3 << 29)
    code, out, err, peak = run(["reverse", "5", "5", "--data", str(path)], tmp_path / "cache")
    assert code == 1 and out == b"", err
    lines = err.splitlines()
    assert len(lines) == 1 and str(path) in lines[0], err
    expected = "more than --max-data-bytes" if kind.startswith("sparse") else "not a regular file"
    assert expected in lines[0], err
    assert peak < REFUSAL_PEAK_KB, f"peak RSS {peak} kB: the data path was read"


def test_name_table_that_is_a_fifo_fails_fast(tmp_path):
    data = small_data(tmp_path)
    os.mkfifo(tmp_path / "cities.tsv")
    code, out, err, _ = run(["forward", "Paris", "--data", str(data)], tmp_path / "cache")
    assert code == 1 and out == b"", err
    assert err.count("\n") == 1 and "cities.tsv" in err and "a FIFO, not a regular file" in err, err


def test_max_data_bytes(tmp_path):
    data = small_data(tmp_path)
    size = os.path.getsize(data)
    code, _, err, _ = run(["reverse", "5", "5", "--data", str(data), "--max-data-bytes", str(size - 1)],
                          tmp_path / "cache")
    assert code == 1 and err.count("\n") == 1 and f"--max-data-bytes ({size - 1})" in err, err
    # The files found for it (the bundled name tables and layers, megabytes each) are held to the same cap.
    code, _, err, _ = run(["reverse", "5", "5", "--data", str(data), f"--max-data-bytes={size}"], tmp_path / "cache")
    assert code == 1 and "/Data/" in err and "--max-data-bytes" in err, err
    code, _, err, _ = run(["reverse", "5", "5", "--data", str(data), "--no-layers", f"--max-data-bytes={size}"],
                          tmp_path / "cache")
    assert code == 1 and ".tsv" in err and "--max-data-bytes" in err, err
    assert reverse_name(["--data", str(data), "--no-places", "--max-data-bytes", str(1 << 30)], tmp_path / "c2") \
        == "Squareland"
    for bad in ("0", "-1", "lots", ""):
        code, _, err, _ = run(["reverse", "5", "5", "--data", str(data), "--max-data-bytes", bad], tmp_path / "cache")
        assert code == 2 and "--max-data-bytes" in err, (bad, err)


def test_long_data_file_name_still_gets_a_cache_file(tmp_path):
    data = small_data(tmp_path, name="d" * 240 + ".geojson")
    settle(data)
    cache = tmp_path / "cache"
    assert reverse_name(["--data", str(data)], cache) == "Squareland"
    [name] = cache_files(cache)
    assert len(name.encode()) < 255
    stamp = os.stat(cache / name).st_mtime_ns
    assert reverse_name(["--data", str(data)], cache) == "Squareland"
    assert os.stat(cache / name).st_mtime_ns == stamp, "the second start reads the index instead of rebuilding"


# -- geocoder index --output: special files and links -----------------------------------------------------

def index_bytes(data, tmp_path):
    out = tmp_path / "plain.idx"
    code, _, err, _ = run(["index", "--data", str(data), "--output", str(out)], tmp_path / "cache")
    assert code == 0, err
    return out.read_bytes()


def test_index_output_to_a_character_device_writes_into_it(tmp_path):
    data = small_data(tmp_path)
    if os.geteuid() == 0:
        # A private null device, so a regression replaces this one and not the machine's /dev/null.
        device = tmp_path / "null"
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    else:
        device = "/dev/null"
    code, out, err, _ = run(["index", "--data", str(data), "--output", str(device)], tmp_path / "cache")
    assert code == 0 and out == b"", err
    assert stat.S_ISCHR(os.lstat(device).st_mode), "the device was replaced by a regular file"


def test_index_output_to_a_link_to_stdout_streams_the_bytes(tmp_path):
    data = small_data(tmp_path)
    expected = index_bytes(data, tmp_path)
    link = tmp_path / "stdout"  # what /dev/stdout is, made here so a regression replaces only this one
    os.symlink("/proc/self/fd/1", link)
    code, out, err, _ = run(["index", "--data", str(data), "--output", str(link)], tmp_path / "cache")
    assert code == 0, err
    assert out == expected, "the index is written to stdout"
    assert os.path.islink(link), "the link was replaced"


def test_index_output_through_a_link_rewrites_its_target(tmp_path):
    data = small_data(tmp_path)
    expected = index_bytes(data, tmp_path)
    target = tmp_path / "target.idx"
    target.write_bytes(b"x" * (len(expected) + 1000))
    link = tmp_path / "link.idx"
    os.symlink(target, link)
    code, _, err, _ = run(["index", "--data", str(data), "--output", str(link)], tmp_path / "cache")
    assert code == 0, err
    assert os.path.islink(link) and target.read_bytes() == expected


def test_index_output_keeps_a_replaced_files_mode_and_honours_the_umask(tmp_path):
    data = small_data(tmp_path)
    existing = tmp_path / "existing.idx"
    existing.write_bytes(b"old")
    os.chmod(existing, 0o640)
    fresh = tmp_path / "fresh.idx"
    old_umask = os.umask(0o077)  # inherited by the child
    try:
        for out in (existing, fresh):
            code, _, err, _ = run(["index", "--data", str(data), "--output", str(out)], tmp_path / "cache")
            assert code == 0, err
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(os.stat(existing).st_mode) == 0o640 and existing.read_bytes()[:8] == b"GEOIDX\r\n"
    assert stat.S_IMODE(os.stat(fresh).st_mode) == 0o600


def test_index_output_to_a_directory_is_refused(tmp_path):
    data = small_data(tmp_path)
    folder = tmp_path / "folder"
    folder.mkdir()
    code, _, err, _ = run(["index", "--data", str(data), "--output", str(folder)], tmp_path / "cache")
    assert code == 1 and err.count("\n") == 1 and "directory" in err, err
    assert os.listdir(folder) == []


# -- a stale cache ----------------------------------------------------------------------------------------

def test_same_size_same_mtime_edit_gets_a_fresh_index(tmp_path):
    cache = tmp_path / "cache"
    data = small_data(tmp_path, country="Squareland")
    settle(data)
    assert reverse_name(["--data", str(data)], cache) == "Squareland"
    assert len(cache_files(cache)) == 1
    before = os.stat(data)
    small_data(tmp_path, country="Boxyland!!")  # same length, written in place
    os.utime(data, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(data)
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before.st_size, before.st_mtime_ns, before.st_ino)
    assert reverse_name(["--data", str(data)], cache) == "Boxyland!!"
