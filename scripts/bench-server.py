#!/usr/bin/env python3
"""Measure the geocoder server as a client sees it: start-up and pipelined throughput.

Prints:
  - start-up: spawn -> first reverseGeocode answer, median and min of N runs;
  - throughput: N pipelined reverseGeocode requests through one process (points uniform on the sphere),
    requests/s, median of R runs.

Usage: python3 scripts/bench-server.py [--bin .build/release/geocoder] [--starts 11] [--requests 100000] [--runs 3]
No timing here is asserted anywhere; these are figures for BENCHMARKS.md.
"""
import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_up(binary, runs):
    line = b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[48.8566,2.3522],"id":1}\n'
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        proc.stdin.write(line)
        proc.stdin.flush()
        answer = proc.stdout.readline()
        times.append(time.perf_counter() - t0)
        proc.stdin.close()
        proc.wait()
        if b'"FR"' not in answer:
            sys.exit(f"unexpected answer: {answer!r}")
    return times


def uniform_points(n, seed):
    rng = random.Random(seed)
    points = []
    for _ in range(n):
        lat = math.degrees(math.asin(2 * rng.random() - 1))
        lon = rng.uniform(-180, 180)
        points.append((round(lat, 6), round(lon, 6)))
    return points


def throughput(binary, points):
    payload = "".join(
        json.dumps({"jsonrpc": "2.0", "method": "reverseGeocode", "params": [lat, lon], "id": i},
                   separators=(",", ":")) + "\n"
        for i, (lat, lon) in enumerate(points)).encode()
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    # Wait for the server to be ready so start-up is not counted as throughput.
    proc.stdin.write(b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":"ready"}\n')
    proc.stdin.flush()
    proc.stdout.readline()

    def feed():
        proc.stdin.write(payload)
        proc.stdin.close()

    writer = threading.Thread(target=feed)
    t0 = time.perf_counter()
    writer.start()
    count = 0
    for _ in proc.stdout:
        count += 1
    elapsed = time.perf_counter() - t0
    writer.join()
    proc.wait()
    if count != len(points):
        sys.exit(f"expected {len(points)} answers, got {count}")
    return len(points) / elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release/geocoder"))
    parser.add_argument("--starts", type=int, default=11)
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    starts = start_up(args.bin, args.starts)
    print(f"start-up (spawn -> first answer), {args.starts} runs: median {statistics.median(starts) * 1000:.1f} ms, "
          f"min {min(starts) * 1000:.1f} ms")
    points = uniform_points(args.requests, seed=2026)
    rates = [throughput(args.bin, points) for _ in range(args.runs)]
    print(f"pipelined reverseGeocode, {args.requests} requests, {args.runs} runs: "
          f"median {statistics.median(rates):,.0f} req/s (min {min(rates):,.0f}, max {max(rates):,.0f})")


if __name__ == "__main__":
    main()
