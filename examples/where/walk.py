#!/usr/bin/env python3
"""Replays a short GPS trace, a walk down Mannerheimintie in central Helsinki, through `whereAmIMany`
and prints what a screen reader would say at each point (Soundscape's "where am I").

The server is started with the Helsinki layer that the tests use (Tests/e2e/fixtures/helsinki: real
OpenStreetMap data, © OpenStreetMap contributors, ODbL). Python standard library only.

    python3 examples/where/walk.py            # uses $GEOCODER_BIN, else .build/release/geocoder
"""
import json
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAYER = os.path.join(ROOT, "Tests", "e2e", "fixtures", "helsinki", "helsinki.geojson")

# Street corners along Mannerheimintie, north-west to south-east: Arkadiankatu, Postikatu, Kaivokatu,
# Aleksanterinkatu, the Esplanadi. The walk passes them every 25 m or so.
CORNERS = [(60.17110, 24.93610), (60.17088, 24.93663), (60.16998, 24.93857), (60.16848, 24.94084),
           (60.16751, 24.94182)]


def bearing(a, b):
    φ1, φ2 = math.radians(a[0]), math.radians(b[0])
    dλ = math.radians(b[1] - a[1])
    y = math.sin(dλ) * math.cos(φ2)
    x = math.cos(φ1) * math.sin(φ2) - math.sin(φ1) * math.cos(φ2) * math.cos(dλ)
    return math.degrees(math.atan2(y, x)) % 360


def trace():
    """Points every ~25 m along the corners, each with the heading of the walk there."""
    points = []
    for a, b in zip(CORNERS, CORNERS[1:]):
        metres = math.hypot((b[0] - a[0]) * 111_195, (b[1] - a[1]) * 111_195 * math.cos(math.radians(a[0])))
        steps = max(1, round(metres / 25))
        heading = round(bearing(a, b), 1)
        for k in range(steps):
            t = k / steps
            points.append({"lat": round(a[0] + (b[0] - a[0]) * t, 6), "lon": round(a[1] + (b[1] - a[1]) * t, 6),
                           "heading": heading})
    return points


def main():
    binary = os.environ.get("GEOCODER_BIN", os.path.join(ROOT, ".build", "release", "geocoder"))
    walk = trace()
    request = {"jsonrpc": "2.0", "id": 1, "method": "whereAmIMany", "params": {"points": walk}}
    server = subprocess.run([binary, "serve", "--layer", f"helsinki={LAYER}"], input=json.dumps(request) + "\n",
                            capture_output=True, text=True, timeout=300)
    if server.returncode != 0:
        sys.exit(f"geocoder failed: {server.stderr.strip()}")
    reply = json.loads(server.stdout)
    if "error" in reply:
        sys.exit(f"error {reply['error']['code']}: {reply['error']['message']}")
    for point, answer in zip(walk, reply["result"]):
        print(f"{point['lat']:.6f},{point['lon']:.6f} {point['heading']:5.1f}°  {answer['context']:<13}  {answer['phrase']}")


if __name__ == "__main__":
    main()
