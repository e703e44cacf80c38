#!/usr/bin/env python3
"""Checks that `geocoder csv` runs in flat memory: peak RSS must not grow with the input.

    python3 scripts/csv-memory-check.py [ROWS]      # default 2,000,000; scripts/test uses 1,000,000

Streams ROWS generated rows (long quoted fields included) into `geocoder csv` on stdin, without
ever holding them in this process or on disk, drains stdout, and reads the child's peak RSS (VmHWM
in /proc/PID/status) just before it exits. Does the same with ROWS/20 rows, and fails when the big
run's peak exceeds the small run's by more than 16 MiB: a leak or a buffer that holds the input
would grow by hundreds of MiB at these sizes. Exit 0 on success. Linux only (/proc).
"""
import os
import random
import subprocess
import sys
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOWED_GROWTH_KB = 16 * 1024


def binary():
    env = os.environ.get("GEOCODER_BIN")
    if env:
        return env
    for config in ("release", "debug"):
        path = os.path.join(REPO, ".build", config, "geocoder")
        if os.access(path, os.X_OK):
            return path
    sys.exit("no geocoder binary: run swift build -c release or set GEOCODER_BIN")


def feed(stdin, rows):
    rng = random.Random(rows)
    stdin.write(b'id,note,lat,lon\r\n')
    batch = []
    for i in range(rows):
        note = b'"a ""quoted"", multi\nline note"' if i % 7 == 0 else b"plain"
        batch.append(b"%d,%s,%.5f,%.5f\r\n" % (i, note, rng.uniform(-60, 70), rng.uniform(-180, 180)))
        if len(batch) == 10000:
            stdin.write(b"".join(batch))
            batch.clear()
    stdin.write(b"".join(batch))
    stdin.close()


def peak_rss_kb(rows):
    """Runs one batch; returns (peak RSS in KiB, output bytes, seconds)."""
    proc = subprocess.Popen([binary(), "csv", "--max-distance", "0"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    writer = threading.Thread(target=feed, args=(proc.stdin, rows), daemon=True)
    started = time.monotonic()
    writer.start()
    peak = 0
    total = 0
    status = f"/proc/{proc.pid}/status"
    while True:
        chunk = proc.stdout.read1(1 << 20)
        try:
            with open(status) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]))
        except OSError:
            pass
        if not chunk:
            break
        total += len(chunk)
    err = proc.stderr.read().decode("utf-8", "replace")
    writer.join()
    if proc.wait() != 0:
        sys.exit(f"geocoder csv failed: {err}")
    return peak, total, time.monotonic() - started


def main():
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000_000
    small_peak, _, _ = peak_rss_kb(max(1, rows // 20))
    big_peak, total, seconds = peak_rss_kb(rows)
    print(f"peak RSS: {small_peak} KiB for {rows // 20} rows, {big_peak} KiB for {rows} rows "
          f"({total / 1e6:.0f} MB of output in {seconds:.1f} s)")
    if big_peak - small_peak > ALLOWED_GROWTH_KB:
        sys.exit(f"memory grew by {big_peak - small_peak} KiB with the input: not flat")
    print("flat: memory does not grow with the input")


if __name__ == "__main__":
    main()
