"""Where the geocoder executable and its data are: bundled in this package, or named by the caller.

The wheel built by `python/build-wheel.sh` lays the binary out as an install prefix inside the package:

    geocoder/_bundle/bin/geocoder
    geocoder/_bundle/share/geocoder/ne_10m_admin_0_countries.geojson, country-names.tsv, admin1.tsv, cities.tsv, …

which is the layout the binary searches by itself (`<executable dir>/../share/geocoder/`, see
Sources/geocoder/DataLocator.swift), and the name tables are found beside the GeoJSON. The client still
passes `--data` for the bundled binary, so a `$GEOCODER_DATA` set for some other copy does not change what
the package answers.
"""
from __future__ import annotations

import os
import shutil
import stat
from typing import Optional, Tuple

from ._errors import BinaryNotFoundError

BUNDLE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bundle")
BUNDLED_BINARY = os.path.join(BUNDLE_DIR, "bin", "geocoder")
BUNDLED_DATA = os.path.join(BUNDLE_DIR, "share", "geocoder", "ne_10m_admin_0_countries.geojson")


def bundled_binary() -> Optional[str]:
    """The binary inside this installed package, or None (a client-only install)."""
    return BUNDLED_BINARY if os.path.isfile(BUNDLED_BINARY) else None


def _ensure_executable(path: str) -> None:
    """Some installers drop the executable bit of package data; put it back where we may."""
    if os.access(path, os.X_OK):
        return
    try:
        mode = os.stat(path).st_mode
        os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    except OSError as error:
        raise BinaryNotFoundError(f"{path} is not executable and cannot be made so ({error})") from None


def resolve_binary(binary: Optional[str]) -> Tuple[str, bool]:
    """The executable to run, and whether it is this package's bundled one.

    Order: `binary` when given; `$GEOCODER_BIN` when set; the bundled binary; `geocoder` on PATH.
    - Raises: BinaryNotFoundError naming what was tried.
    """
    if binary is not None:
        path = os.fspath(binary)
        if not os.path.isfile(path):
            raise BinaryNotFoundError(f"no geocoder executable at {path!r}")
        return path, os.path.realpath(path) == os.path.realpath(BUNDLED_BINARY)
    env = os.environ.get("GEOCODER_BIN")
    if env:
        if not os.path.isfile(env):
            raise BinaryNotFoundError(f"GEOCODER_BIN={env!r} is not a file")
        return env, False
    bundled = bundled_binary()
    if bundled is not None:
        _ensure_executable(bundled)
        return bundled, True
    on_path = shutil.which("geocoder")
    if on_path is not None:
        return on_path, False
    raise BinaryNotFoundError(
        "no geocoder executable: this install has none bundled (a client-only wheel), $GEOCODER_BIN is not "
        "set and there is no `geocoder` on PATH; install the wheel built by python/build-wheel.sh, or pass "
        "Geocoder(binary=...)")
