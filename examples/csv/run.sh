#!/bin/sh
# Geocodes examples/csv/places.csv: the latitude/longitude columns are found by name, five columns
# are appended (iso2,iso3,name,match,distanceKm), and a summary goes to stderr.
# GEOCODER defaults to `geocoder` on PATH.
set -e
here=$(dirname "$0")
"${GEOCODER:-geocoder}" csv "$here/places.csv" --prefix country_
