#!/usr/bin/env python3
"""Geocodes a large CSV or Parquet file with Dask: one `geocoder csv` process per partition.

For users who outgrow one machine: Dask splits the input into partitions and runs them on as many
workers as it has (threads here; a dask.distributed cluster works the same way, each worker needing
the geocoder binary and its data). Each partition is written as CSV to the stdin of its own
`geocoder csv` process and the geocoded CSV read back, so the Swift side does the parsing and
lookups and Python only moves bytes.

    pip install "dask[dataframe]"                         # pyarrow too, for Parquet
    python3 examples/dask/geocode_dask.py IN.csv|IN.parquet OUT_DIR [--lat lat --lon lon]
    python3 examples/dask/geocode_dask.py --demo ROWS OUT_DIR   # generates a small input first

OUT_DIR receives one Parquet file per partition with the input columns plus iso2, iso3,
country (the name column), match and distanceKm.
"""
import argparse
import io
import os
import random
import shutil
import subprocess
import sys

import dask
import dask.dataframe as dd
import pandas as pd

RESULT_COLUMNS = {"iso2": "string", "iso3": "string", "country": "string", "match": "string",
                  "distanceKm": "float64"}


def find_binary():
    if os.environ.get("GEOCODER_BIN"):
        return os.environ["GEOCODER_BIN"]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    built = os.path.join(root, ".build", "release", "geocoder")
    return built if os.access(built, os.X_OK) else (shutil.which("geocoder") or "geocoder")


def geocode_partition(frame, lat, lon, binary):
    """Runs one partition through its own `geocoder csv` process."""
    if frame.empty:
        return frame.assign(**{k: pd.Series(dtype=v) for k, v in RESULT_COLUMNS.items()})
    payload = frame[[lat, lon]].to_csv(index=False).encode()
    proc = subprocess.run([binary, "csv", "--lat", lat, "--lon", lon, "--prefix", "geo_"],
                          input=payload, capture_output=True, check=True)
    answers = pd.read_csv(io.BytesIO(proc.stdout), keep_default_na=False, na_values={"geo_distanceKm": [""]},
                          dtype={"geo_iso2": "string", "geo_iso3": "string", "geo_name": "string",
                                 "geo_match": "string"})
    added = answers[["geo_iso2", "geo_iso3", "geo_name", "geo_match", "geo_distanceKm"]]
    added.columns = list(RESULT_COLUMNS)
    added.index = frame.index
    return pd.concat([frame, added.astype(RESULT_COLUMNS)], axis=1)


def write_demo(rows, path):
    rng = random.Random(6)
    with open(path, "w") as f:
        f.write("id,lat,lon\n")
        for i in range(rows):
            f.write(f"{i},{rng.uniform(-60, 70):.5f},{rng.uniform(-180, 180):.5f}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", nargs="?")
    parser.add_argument("output")
    parser.add_argument("--lat", default="lat")
    parser.add_argument("--lon", default="lon")
    parser.add_argument("--demo", type=int, metavar="ROWS", help="generate ROWS random points as the input")
    parser.add_argument("--blocksize", default="16MB", help="bytes of CSV per partition")
    args = parser.parse_args()
    if args.demo:
        os.makedirs(args.output, exist_ok=True)
        args.input = os.path.join(args.output, "demo-input.csv")
        write_demo(args.demo, args.input)
    if args.input is None:
        parser.error("give an input file or --demo ROWS")

    if args.input.endswith(".parquet"):
        frame = dd.read_parquet(args.input)
    else:
        # Small demo files are split anyway, so the example really runs several processes.
        blocksize = args.blocksize if not args.demo else max(4096, os.path.getsize(args.input) // 4)
        frame = dd.read_csv(args.input, blocksize=blocksize, dtype={args.lat: "float64", args.lon: "float64"})
    meta = frame._meta.assign(**{k: pd.Series(dtype=v) for k, v in RESULT_COLUMNS.items()})
    geocoded = frame.map_partitions(geocode_partition, args.lat, args.lon, find_binary(), meta=meta)
    with dask.config.set(scheduler="threads"):  # each thread waits on its own geocoder process
        geocoded.to_parquet(os.path.join(args.output, "geocoded"), write_index=False)
        counts = dd.read_parquet(os.path.join(args.output, "geocoded"))["match"].value_counts(dropna=False).compute()
    print(f"{frame.npartitions} partitions geocoded into {os.path.join(args.output, 'geocoded')}")
    print(counts.to_string())


if __name__ == "__main__":
    sys.exit(main())
