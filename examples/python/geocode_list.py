#!/usr/bin/env python3
"""Geocodes a list of places with the Python client: `lat,lon` lines are reverse-geocoded,
anything else is looked up by name. Reads FILE, or stdin, or a built-in sample.

    python3 examples/python/geocode_list.py [FILE]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from geocoder_client import Geocoder, GeocoderError  # noqa: E402

SAMPLE = ["48.8566,2.3522", "-9.076393,125.110543", "36.1408,-5.3536", "0,0", "Österreich",
          "cote d'ivoire", "91,0"]


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1], encoding="utf-8") as f:
            items = [line.strip() for line in f if line.strip()]
    elif not sys.stdin.isatty() and not os.environ.get("GEOCODE_LIST_SAMPLE"):
        items = [line.strip() for line in sys.stdin if line.strip()]
    else:
        items = SAMPLE
    with Geocoder() as geo:
        for item in items:
            parts = item.split(",")
            try:
                if len(parts) == 2 and all(p.strip().lstrip("-").replace(".", "", 1).isdigit() for p in parts):
                    found = geo.reverse_geocode(float(parts[0]), float(parts[1]))
                    # At sea the default answer (every placemark member) has a time zone but no country.
                    answer = "no country" if found is None or "iso2" not in found else \
                        f"{found['iso2']} {found['name']} ({found['match']}, {found['distanceKm']} km)"
                else:
                    matches = geo.forward_geocode(item, limit=1)
                    answer = "no match" if not matches else \
                        f"{matches[0]['iso2']} {matches[0]['name']} (score {matches[0]['score']})"
            except GeocoderError as e:
                answer = f"error {e.code}: {e.message}"
            print(f"{item}\t{answer}")


if __name__ == "__main__":
    main()
