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


def throughput(argv, data, n):
    """Requests/s for the n request lines in `data`, through one process that has already answered once,
    so start-up is not counted. The requests are written from a thread while the replies are read."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdin.write(FIRST)
    proc.stdin.flush()
    proc.stdout.readline()
    t0 = time.perf_counter()
    writer = threading.Thread(target=lambda: (proc.stdin.write(data), proc.stdin.close()))
    writer.start()
    got = 0
    for _ in range(n):
        if not proc.stdout.readline():
            break
        got += 1
    elapsed = time.perf_counter() - t0
    writer.join()
    proc.wait()
    if got != n:
        sys.exit(f"{argv[0]}: {got} of {n} replies")
    return n / elapsed
