#!/usr/bin/env python3
"""Compares full placemark answers of two geocoder binaries on the same points, line by line.

usage: scripts/diff-placemarks.py OLD_BIN NEW_BIN POINTS.bin [--fields F,F] [--data PATH]

POINTS.bin is float64 little-endian lat, lon pairs (`geocoder-bench --export-points`: uniform, then
near-border). Each binary answers every point through `geocoder reverse -` (one JSON answer per line);
the script prints how many answers differ (and the first few), and exits 1 when any does.
"""
import struct
import subprocess
import sys


def answers(binary, lines, fields, data):
    command = [binary, "reverse", "-", "--fields", fields]
    if data:
        command += ["--data", data]
    out = subprocess.run(command, input=lines, capture_output=True, check=True).stdout
    return out.decode().splitlines()


def main():
    args = sys.argv[1:]
    fields = "country,admin1,territory,locality,timezone"
    data = None
    if "--fields" in args:
        i = args.index("--fields")
        fields = args[i + 1]
        del args[i:i + 2]
    if "--data" in args:
        i = args.index("--data")
        data = args[i + 1]
        del args[i:i + 2]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    old, new, path = args
    raw = open(path, "rb").read()
    points = [struct.unpack_from("<dd", raw, 16 * k) for k in range(len(raw) // 16)]
    lines = "".join(f"{lat!r},{lon!r}\n" for lat, lon in points).encode()
    a, b = answers(old, lines, fields, data), answers(new, lines, fields, data)
    if len(a) != len(b):
        print(f"answer counts differ: {len(a)} vs {len(b)}")
        return 1
    differ = [k for k in range(len(a)) if a[k] != b[k]]
    half = len(points) // 2
    print(f"{len(points)} points ({half} uniform, {len(points) - half} near borders), fields {fields}: "
          f"{len(differ)} answers differ ({sum(1 for k in differ if k < half)} uniform, "
          f"{sum(1 for k in differ if k >= half)} near borders)")
    for k in differ[:5]:
        print(f"  {points[k]}:\n    old {a[k]}\n    new {b[k]}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
