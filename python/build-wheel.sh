#!/usr/bin/env bash
# Builds the geocoder-offline wheel: the Python client, the release `geocoder` binary and every Data/ file
# the binary reads, in one wheel that `pip install` makes work with nothing else installed.
#
#   python/build-wheel.sh [OUTDIR]      (default python/dist; prints the wheel's path last)
#
# The binary is $GEOCODER_BIN when set, else `swift build -c release --product geocoder` is run. The package
# is assembled in a temporary copy (the checkout is left untouched): geocoder/_bundle/bin/geocoder and
# geocoder/_bundle/share/geocoder/<Data files>, the install layout the binary searches by itself. The
# build hook (hatch_build.py) tags the wheel py3-none-manylinux_2_N_<arch> from the binary's ELF header
# and the newest glibc version it needs, never `any`. File times in the wheel are $SOURCE_DATE_EPOCH,
# default the last commit's time, so the same commit and binary give the same wheel byte for byte.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
out="${1:-$here/dist}"

if [[ -z "${GEOCODER_BIN:-}" ]]; then
    (cd "$repo" && swift build -c release --product geocoder >&2)
    GEOCODER_BIN="$(cd "$repo" && swift build -c release --show-bin-path)/geocoder"
fi
[[ -x "$GEOCODER_BIN" ]] || { echo "build-wheel.sh: $GEOCODER_BIN is not an executable" >&2; exit 1; }

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp -R "$here/pyproject.toml" "$here/README.md" "$here/hatch_build.py" "$here/src" "$stage/"
rm -rf "$stage/src/geocoder/_bundle"
find "$stage" -name __pycache__ -prune -exec rm -rf {} +

bundle="$stage/src/geocoder/_bundle"
install -D -m 755 "$GEOCODER_BIN" "$bundle/bin/geocoder"
mkdir -p "$bundle/share/geocoder"
# Every data file and its licence and provenance; not the scripts that regenerate them.
for file in "$repo"/Data/*; do
    [[ -f "$file" && "$file" != *.py ]] || continue
    install -m 644 "$file" "$bundle/share/geocoder/"
done
[[ -f "$bundle/share/geocoder/ne_10m_admin_0_countries.geojson" ]] \
    || { echo "build-wheel.sh: no Data/ne_10m_admin_0_countries.geojson in $repo" >&2; exit 1; }

SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$repo" log -1 --format=%ct 2>/dev/null || echo 315532800)}"
export SOURCE_DATE_EPOCH
python3 -m pip wheel --quiet --no-deps --wheel-dir "$stage/dist" "$stage" >&2

mkdir -p "$out"
wheel="$(ls "$stage"/dist/*.whl)"
case "$wheel" in
    *-any.whl) echo "build-wheel.sh: $wheel is tagged any although it holds a native binary" >&2; exit 1 ;;
esac
cp "$wheel" "$out/"
echo "$out/$(basename "$wheel")"
