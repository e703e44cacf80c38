"""Helpers for the tests of the files the executable reads and writes (index cache, data files)."""
import os
import time

#: Linux's CLOCK_REALTIME_COARSE, the clock the kernel stamps file times from (Python has no name for it).
CLOCK_REALTIME_COARSE = getattr(time, "CLOCK_REALTIME_COARSE", 5)


def settle(*paths):
    """Waits until the kernel's coarse clock has ticked past the files' ctimes.

    The server only writes an index for sources whose ctime lies before the current clock tick (a second
    write in the same tick could keep the ctime, so such a key could go stale); a test that has just written
    its data file waits this one tick (a few ms) before it expects an index to be written. Not a timing
    assertion: it waits for a condition, and nothing is measured.
    """
    # A ctime of whole seconds may come from a filesystem that keeps only seconds: the server waits 2 s then.
    newest = max(c + (2_000_000_000 if c % 1_000_000_000 == 0 else 0) for c in (os.stat(p).st_ctime_ns for p in paths))
    while time.clock_gettime_ns(CLOCK_REALTIME_COARSE) <= newest:
        time.sleep(0.001)


def cache_files(cache_dir):
    """The index files in a cache folder (not temporaries), sorted."""
    return sorted(p for p in os.listdir(cache_dir) if p.endswith(".idx")) if os.path.isdir(cache_dir) else []
