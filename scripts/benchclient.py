"""The client side shared by scripts/bench-server.py and scripts/bench-wasm.py: spawn a server command,
time it to its first answer, and time pipelined reverseGeocode requests through it.

Nothing here asserts a time; the scripts print figures for BENCHMARKS.md.
"""
import json
import math
import random
import subprocess
import sys
import threading
import time

# The country answer alone: reverseGeocode answers every placemark member by default (issue 15), and these
# figures have always measured the country lookup, so the requests say fields ["country"] explicitly.
FIRST = b'{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":48.8566,"lon":2.3522,"fields":["country"]},"id":0}\n'
# The warm-up for a run of whole placemarks: the server's default fields, so the placemark sections (admin-1,
# time zones, places: about 60 MB read, summed and checked once per process) are loaded before the clock starts.
FIRST_PLACEMARK = b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8566,2.3522],"id":0}\n'
COUNTRY = ("country",)


def cold_start(argv, runs):
    """Seconds from spawn to the first answer (Paris, which must come back as FR), once per run."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        proc.stdin.write(FIRST)
        proc.stdin.flush()
        answer = proc.stdout.readline()
        times.append(time.perf_counter() - t0)
        proc.stdin.close()
        proc.wait()
        if b'"FR"' not in answer:
            sys.exit(f"{argv[0]}: unexpected first answer {answer!r}")
    return times


def uniform_payload(n, seed, fields=COUNTRY):
    """n reverseGeocode request lines for points uniform on the sphere (fixed seed), ids 1..n, asking for
    `fields` (the country alone by default; None sends [lat, lon], the server's default of every member)."""
    rng = random.Random(seed)
    lines = []
    for i in range(n):
        lat = round(math.degrees(math.asin(2 * rng.random() - 1)), 6)
        lon = round(rng.uniform(-180, 180), 6)
        params = [lat, lon] if fields is None else {"lat": lat, "lon": lon, "fields": list(fields)}
        lines.append(json.dumps({"jsonrpc": "2.0", "method": "reverseGeocode", "params": params, "id": i + 1},
                                separators=(",", ":")))
    return ("\n".join(lines) + "\n").encode()


# The generated city's square (scripts/gen-city.py): the around-me requests fall uniformly inside it.
CITY_BOX = (60.12, 24.84, 60.228, 25.056)


def around_payload(n, seed, method, box=CITY_BOX):
    """n `nearby` (k = 10, 500 m) or `whereAmI` (heading 90) request lines for points uniform in `box`
    (south, west, north, east), ids 1..n: the requests the issue-18 stdio figures are measured with."""
    rng = random.Random(seed)
    south, west, north, east = box
    lines = []
    for i in range(n):
        lat = round(rng.uniform(south, north), 6)
        lon = round(rng.uniform(west, east), 6)
        if method == "nearby":
            params = {"lat": lat, "lon": lon, "radiusM": 500, "limit": 10}
        else:
            params = {"lat": lat, "lon": lon, "heading": 90}
        lines.append(json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": i + 1},
                                separators=(",", ":")))
    return ("\n".join(lines) + "\n").encode()


def cpu_seconds(pid):
    """User + system CPU seconds a live process has used so far (/proc/PID/stat, clock ticks)."""
    import os
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def throughput(argv, data, n, cpu=None, first=FIRST):
    """Requests/s for the n request lines in `data`, through one process that has already answered `first`
    (a request that reads the same index sections as `data`), so start-up is not counted. When `cpu` is a list, the server's CPU seconds for the n requests are
    appended to it (read from /proc before the server sees the end of its input). The requests are written from a thread while the replies are read."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdin.write(first)
    proc.stdin.flush()
    proc.stdout.readline()
    cpu0 = cpu_seconds(proc.pid) if cpu is not None else 0
    t0 = time.perf_counter()
    writer = threading.Thread(target=lambda: (proc.stdin.write(data), proc.stdin.close()))
    writer.start()
    got = 0
    for _ in range(n):
        if not proc.stdout.readline():
            break
        got += 1
    elapsed = time.perf_counter() - t0
    if cpu is not None:
        cpu.append(cpu_seconds(proc.pid) - cpu0)
    writer.join()
    proc.wait()
    if got != n:
        sys.exit(f"{argv[0]}: {got} of {n} replies")
    return n / elapsed
