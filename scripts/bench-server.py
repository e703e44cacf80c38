#!/usr/bin/env python3
"""Measure the geocoder server as a client sees it: start-up and pipelined throughput.

Prints:
  - start-up: spawn -> first reverseGeocode answer, median and min of N runs;
  - throughput: N pipelined reverseGeocode requests through one process (points uniform on the sphere),
    requests/s, median of R runs.
Every request asks for fields ["country"] (the country answer these figures have always measured; the
server's default is every placemark member); --placemark also times the default, the whole placemark.

Usage: python3 scripts/bench-server.py [--bin .build/release/geocoder] [--starts 11] [--requests 100000] [--runs 3]
       [--fields country,admin1,territory,locality,timezone]   (the requests name those fields; default: country)
                                       [--placemark]
       python3 scripts/bench-server.py --layer city=/tmp/city.geojson --around nearby,whereAmI [--starts 0]
                                       (issue 18: pipelined `nearby` k = 10, 500 m and `whereAmI` heading 90
                                       uniform over scripts/gen-city.py's city, with the server's CPU per request)
       --save-around DIR writes the request files (DIR/nearby.jsonl, DIR/whereAmI.jsonl) and exits, for
       comparing two servers' replies byte for byte or for `perf record`.
No timing here is asserted anywhere; these are figures for BENCHMARKS.md.
"""
import argparse
import os
import statistics

from benchclient import COUNTRY, FIRST, FIRST_PLACEMARK, around_payload, cold_start, throughput, uniform_payload

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release/geocoder"))
    parser.add_argument("--starts", type=int, default=11)
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fields", default=None)
    parser.add_argument("--placemark", action="store_true", help="also the default fields: every member")
    parser.add_argument("--layer", action="append", default=[], help="NAME=PATH, passed to the server")
    parser.add_argument("--around", default=None, help="nearby,whereAmI: time these instead of reverseGeocode")
    parser.add_argument("--save-around", default=None, metavar="DIR")
    args = parser.parse_args()
    if args.save_around:
        os.makedirs(args.save_around, exist_ok=True)
        for method in ("nearby", "whereAmI"):
            with open(os.path.join(args.save_around, f"{method}.jsonl"), "wb") as f:
                f.write(around_payload(args.requests, seed=2026, method=method))
        return
    argv = [args.bin] + [part for layer in args.layer for part in ("--layer", layer)]
    if args.around:
        for method in args.around.split(","):
            data = around_payload(args.requests, seed=2026, method=method)
            cpu = []
            rates = [throughput(argv, data, args.requests, cpu=cpu) for _ in range(args.runs)]
            print(f"pipelined {method}, {args.requests} requests, {args.runs} runs: median {statistics.median(rates):,.0f} "
                  f"req/s (min {min(rates):,.0f}, max {max(rates):,.0f}); server CPU median "
                  f"{statistics.median(cpu) / args.requests * 1e6:.1f} us/request (runs: "
                  + ", ".join(f"{c / args.requests * 1e6:.1f}" for c in cpu) + ")")
        return
    starts = cold_start([args.bin], args.starts)
    print(f"start-up (spawn -> first answer, fields [\"country\"]), {args.starts} runs: median {statistics.median(starts) * 1000:.1f} ms, "
          f"min {min(starts) * 1000:.1f} ms")
    data = uniform_payload(args.requests, seed=2026, fields=args.fields.split(",") if args.fields else COUNTRY)
    # A run that asks for more than the country is warmed up with a whole placemark (see --placemark below).
    first = FIRST if not args.fields or args.fields == "country" else FIRST_PLACEMARK
    rates = [throughput([args.bin], data, args.requests, first=first) for _ in range(args.runs)]
    label = args.fields or "country"
    print(f"pipelined reverseGeocode, fields {label}, {args.requests} requests, {args.runs} runs: "
          f"median {statistics.median(rates):,.0f} req/s (min {min(rates):,.0f}, max {max(rates):,.0f})")
    if args.placemark:
        data = uniform_payload(args.requests, seed=2026, fields=None)
        # Warmed up with a whole placemark: the first one loads the placemark sections (start-up, measured
        # apart by scripts/startup-memory.py --fields default), which a country-only warm-up would leave in the run.
        cpu = []
        rates = [throughput([args.bin], data, args.requests, cpu=cpu, first=FIRST_PLACEMARK) for _ in range(args.runs)]
        # The wall-clock rate depends on how the client and the server share the two cores (runs of one binary
        # fall into two groups 30 % apart on this machine); the server's CPU per request does not.
        print(f"pipelined reverseGeocode, default fields (whole placemark), {args.requests} requests, {args.runs} runs: "
              f"median {statistics.median(rates):,.0f} req/s (min {min(rates):,.0f}, max {max(rates):,.0f}); server CPU "
              f"median {statistics.median(cpu) / args.requests * 1e6:.2f} us/request "
              f"({args.requests / statistics.median(cpu):,.0f} requests per CPU second)")


if __name__ == "__main__":
    main()
