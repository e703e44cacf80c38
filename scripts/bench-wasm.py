#!/usr/bin/env python3
"""Measures geocoder.wasm under wasmkit, node and wasmtime next to the native binary, as a client sees it.

    swift build -c release && scripts/build-wasm
    python3 scripts/bench-wasm.py [--starts 5] [--requests 10000] [--runs 3] [--runtimes native,wasmkit,node,wasmtime]

Prints, per runtime:
  - module/binary size;
  - cold start: spawn -> first reverseGeocode answer (the embedded index is checked and loaded in between),
    median and min of --starts runs;
  - throughput: --requests pipelined reverseGeocode requests (points uniform on the sphere, fixed seed)
    through one process that has already answered a first request, requests/s, median of --runs runs.
Every request asks for fields ["country"], the country answer these figures have always measured (the
default is every placemark member; scripts/benchclient.py).
No timing here is asserted anywhere; these are figures for BENCHMARKS.md.
"""
import argparse
import os
import statistics
import sys

from benchclient import cold_start, throughput, uniform_payload

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def commands(native, wasm):
    scripts = os.path.join(ROOT, "scripts")
    return {
        "native": [native],
        "wasmkit": ["wasmkit", "run", wasm],
        "node": ["node", os.path.join(scripts, "run-wasm-node.mjs"), wasm],
        "wasmtime": [sys.executable, os.path.join(scripts, "run-wasm-wasmtime.py"), wasm],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "geocoder"))
    parser.add_argument("--wasm", default=os.path.join(ROOT, ".build-wasm", "wasm32-unknown-none-wasm", "release",
                                                       "geocoder.wasm"))
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--requests", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--runtimes", default="native,wasmkit,node,wasmtime")
    args = parser.parse_args()

    data = uniform_payload(args.requests, seed=20240601)
    table = commands(args.bin, args.wasm)
    print(f"module {os.path.getsize(args.wasm):,} bytes; native binary {os.path.getsize(args.bin):,} bytes "
          f"(plus Data/, {os.path.getsize(os.path.join(ROOT, 'Data', 'ne_10m_admin_0_countries.geojson')):,} bytes)")
    print(f"{'runtime':9} {'cold start median':>18} {'min':>8} {'requests/s (median)':>20}  runs")
    for name in args.runtimes.split(","):
        argv = table[name]
        starts = cold_start(argv, args.starts)
        rates = [throughput(argv, data, args.requests) for _ in range(args.runs)]
        print(f"{name:9} {statistics.median(starts):17.3f}s {min(starts):7.3f}s {statistics.median(rates):20,.0f}  "
              f"{', '.join(f'{r:,.0f}' for r in rates)}", flush=True)


if __name__ == "__main__":
    main()
