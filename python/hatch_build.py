"""Hatchling build hook: a wheel that carries the geocoder binary is tagged for that binary's platform.

A wheel holding a native executable must not be tagged `any`: pip would install it on macOS or on an ARM
machine, where the binary cannot run. When `src/geocoder/_bundle/bin/geocoder` exists (build-wheel.sh puts
it there), the wheel becomes `py3-none-<platform>`: the Python code runs on any Python 3, the binary on one
platform. The platform is `$GEOCODER_WHEEL_PLATFORM` when set, else read from the binary itself:
its ELF machine (x86-64, aarch64) and the newest glibc symbol version it needs, so
`manylinux_2_35_x86_64` means "any x86-64 Linux with glibc 2.35 or later" (PEP 600). Without a bundled
binary the wheel is a pure client (`py3-none-any`) that runs the binary named by $GEOCODER_BIN.
"""
from __future__ import annotations

import os
import re
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

BUNDLED_BINARY = os.path.join("src", "geocoder", "_bundle", "bin", "geocoder")

#: ELF e_machine values to the architecture names wheel tags use.
ELF_MACHINES = {62: "x86_64", 183: "aarch64"}


def platform_tag(binary: str) -> str:
    """The wheel platform tag for an ELF executable, e.g. `manylinux_2_35_x86_64`.

    Raises ValueError for a file that is not a 64-bit little-endian ELF of a known machine.
    """
    with open(binary, "rb") as f:
        content = f.read()
    if content[:4] != b"\x7fELF" or content[4] != 2 or content[5] != 1:
        raise ValueError(f"{binary} is not a 64-bit little-endian ELF executable")
    machine = int.from_bytes(content[18:20], "little")
    if machine not in ELF_MACHINES:
        raise ValueError(f"{binary}: unsupported ELF machine {machine}")
    arch = ELF_MACHINES[machine]
    # The version names the dynamic linker checks (GLIBC_2.35 …) are stored as strings in .dynstr; the
    # newest one is the oldest glibc that can run the binary. A stray match elsewhere can only raise it.
    minors = [int(m) for m in re.findall(rb"GLIBC_2\.([0-9]+)", content)]
    if not minors:
        return f"linux_{arch}"
    return f"manylinux_2_{max(minors)}_{arch}"


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        binary = os.path.join(self.root, BUNDLED_BINARY)
        if not os.path.isfile(binary):
            return
        platform = os.environ.get("GEOCODER_WHEEL_PLATFORM") or platform_tag(binary)
        build_data["pure_python"] = False
        build_data["tag"] = f"py3-none-{platform}"
