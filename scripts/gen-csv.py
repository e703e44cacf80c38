#!/usr/bin/env python3
"""Writes a CSV of seeded random points for `geocoder csv` benchmarks and memory tests.

    python3 scripts/gen-csv.py ROWS OUT.csv [--seed N]

Columns `id,lat,lon`; points uniform on the sphere, 5 decimals (about 1 m), so most fall at sea
like real-world samples of the globe do not; `--land` keeps only points inside a box list of
populated regions instead, which is closer to real address data.
"""
import argparse
import math
import random

LAND = [  # (min lat, max lat, min lon, max lon): rough populated boxes, mostly land
    (36, 60, -10, 40), (25, 48, -123, -70), (-35, 5, -75, -35), (5, 35, 68, 90),
    (20, 45, 100, 122), (-35, -20, 115, 150), (-30, 15, 10, 40),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rows", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--land", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w", newline="") as f:
        f.write("id,lat,lon\n")
        lines = []
        for i in range(args.rows):
            if args.land:
                a, b, c, d = LAND[i % len(LAND)]
                lat, lon = rng.uniform(a, b), rng.uniform(c, d)
            else:
                lat = math.degrees(math.asin(rng.uniform(-1, 1)))
                lon = rng.uniform(-180, 180)
            lines.append(f"{i},{lat:.5f},{lon:.5f}\n")
            if len(lines) >= 100000:
                f.write("".join(lines))
                lines.clear()
        f.write("".join(lines))


if __name__ == "__main__":
    main()
