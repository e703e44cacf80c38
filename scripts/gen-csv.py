#!/usr/bin/env python3
"""Writes a CSV of seeded random points for `geocoder csv` benchmarks and memory tests.

    python3 scripts/gen-csv.py ROWS OUT.csv [--seed N]

Columns `id,lat,lon`, 5 decimals (about 1 m). By default points are uniform on the sphere, so
most fall at sea, unlike real-world data; `--land` draws them from boxes around populated regions
instead (about 77 % inside a country, the rest coast and sea); `--interior` from one box inside
Russia (55-60 N, 40-60 E), where every lookup is one grid read, to time the CSV path itself.
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
    parser.add_argument("--interior", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w", newline="") as f:
        f.write("id,lat,lon\n")
        lines = []
        for i in range(args.rows):
            if args.interior:
                lat, lon = rng.uniform(55, 60), rng.uniform(40, 60)
            elif args.land:
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
