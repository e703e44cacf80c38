#!/usr/bin/env bash
# Times `geocoder csv` on 10 M-row generated files (scripts/gen-csv.py), 3 runs each; the summary line
# on stderr gives rows/s (wall time of the streaming loop, after the data file has loaded).
#   scripts/bench-csv.sh [ROWS]        # default 10000000; files are cached in ${TMPDIR:-/tmp}
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rows=${1:-10000000}
tmp=${TMPDIR:-/tmp}
swift build -c release >/dev/null
bin=$(swift build -c release --show-bin-path)/geocoder
[[ -f $tmp/csv-$rows-land.csv ]] || python3 scripts/gen-csv.py "$rows" "$tmp/csv-$rows-land.csv" --land
[[ -f $tmp/csv-$rows-sphere.csv ]] || python3 scripts/gen-csv.py "$rows" "$tmp/csv-$rows-sphere.csv"
[[ -f $tmp/csv-$rows-interior.csv ]] || python3 scripts/gen-csv.py "$rows" "$tmp/csv-$rows-interior.csv" --interior
for file in ${BENCH_FILES:-interior land sphere}; do
    for radius in 10 0; do
        for run in 1 2 3; do
            printf '%-7s --max-distance %-3s run %s: ' "$file" "$radius" "$run"
            /usr/bin/time -f '%U s user, %M KB max RSS' "$bin" csv "$tmp/csv-$rows-$file.csv" --max-distance "$radius" \
                2>&1 >/dev/null | sed 's/^geocoder: csv: //' | tr '\n' ' '
            echo
        done
    done
done
