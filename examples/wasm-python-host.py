#!/usr/bin/env python3
"""Runs geocoder.wasm inside wasmtime from Python: no browser, no native binary, no data directory.

    pip install wasmtime
    scripts/build-wasm
    python3 examples/wasm-python-host.py [path/to/geocoder.wasm]

The module is a WASI command that reads JSON-RPC requests, one per line, on stdin and writes one reply
line per request on stdout. This host writes a few requests to a file, runs the module once with that
file as stdin and another as stdout, and prints each request next to its reply. The dataset (its
binary index) is compiled into the module, so nothing is preopened. A run loads that index in place in
well under a second, but wasmtime first compiles the module's code (most of a cold start here), so send
many requests per run rather than one run per request.
"""
import json
import os
import sys
import tempfile

import wasmtime

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MODULE = os.path.join(ROOT, ".build-wasm", "wasm32-unknown-none-wasm", "release", "geocoder.wasm")

REQUESTS = [
    {"jsonrpc": "2.0", "method": "reverseGeocode", "params": {"lat": 48.8566, "lon": 2.3522}, "id": 1},
    {"jsonrpc": "2.0", "method": "reverseGeocode", "params": [-8.5478, 125.5631], "id": 2},
    {"jsonrpc": "2.0", "method": "forwardGeocode", "params": {"query": "Japan", "limit": 1}, "id": 3},
    {"jsonrpc": "2.0", "method": "countriesInBBox",
     "params": {"minLat": 45.8, "minLon": 5.9, "maxLat": 47.8, "maxLon": 10.5}, "id": 4},
    {"jsonrpc": "2.0", "method": "noSuchMethod", "id": 5},
]


def run_module(module_path, request_lines):
    """Runs the module once over the given request lines; returns (exit status, reply lines)."""
    engine = wasmtime.Engine()
    module = wasmtime.Module.from_file(engine, module_path)
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    store = wasmtime.Store(engine)
    with tempfile.TemporaryDirectory() as tmp:
        stdin_path = os.path.join(tmp, "requests.jsonl")
        stdout_path = os.path.join(tmp, "replies.jsonl")
        with open(stdin_path, "w", encoding="utf-8") as f:
            f.writelines(line + "\n" for line in request_lines)
        wasi = wasmtime.WasiConfig()
        wasi.argv = ["geocoder"]  # WASI libc needs argv[0]
        wasi.stdin_file = stdin_path
        wasi.stdout_file = stdout_path
        wasi.inherit_stderr()
        store.set_wasi(wasi)
        instance = linker.instantiate(store, module)
        status = 0
        try:
            instance.exports(store)["_start"](store)
        except wasmtime.ExitTrap as exit_trap:
            status = exit_trap.code
        with open(stdout_path, encoding="utf-8") as f:
            return status, f.read().splitlines()


def main():
    module_path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_MODULE
    if not os.path.isfile(module_path):
        sys.exit(f"no module at {module_path}: run scripts/build-wasm first, or pass the path")
    lines = [json.dumps(r, separators=(",", ":")) for r in REQUESTS]
    status, replies = run_module(module_path, lines)
    if status != 0:
        sys.exit(f"geocoder.wasm exited with status {status}")
    # Every request here has an id, so there is one reply per request, in order.
    for line, reply in zip(lines, replies):
        print("->", line)
        print("<-", reply)
    if len(replies) != len(lines):
        sys.exit(f"expected {len(lines)} replies, got {len(replies)}")


if __name__ == "__main__":
    main()
