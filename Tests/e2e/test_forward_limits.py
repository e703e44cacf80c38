"""Issue 13: forward queries of any shape up to the string cap are answered, by every entry point, and the
server stays up (items 2, 9 and 16, forward part).

A 65,535-byte query used to abort the process ("failed to allocate 34360786976 bytes": the fuzzy search's
full (m+3)(m+1) table). Each query below goes through the RPC server, `geocoder forward` and
`geocoder csv --forward`; each must get its answer and the process must live on (or exit 0) and still
answer a normal query the same way. No timing is asserted: the checks are answers and exit statuses (the
per-query cost is measured by `geocoder-bench --forward`, BENCHMARKS.md).
"""
import csv
import io
import random

import pytest

from geoclient import Server, run_cli

CAP = 65_535  # the default maxStringBytes, less one


def long_queries():
    rng = random.Random(13)
    return {
        "random ASCII": "".join(rng.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(CAP)),
        "one letter": "a" * CAP,
        "non-Latin": "東京" * (CAP // 6),
        "Cyrillic": "москва" * (CAP // 12),
        "1,000 flag emoji": "🇫🇷" * 1000,
        "commas": "a," * (CAP // 2),
        "one qualifier repeated": "Paris" + ", Texas" * ((CAP - 5) // 7),
        "combining marks": "a" + "\u0301" * (CAP // 2 - 1),
        "invisible characters": "Paris" + "\ufeff" * (CAP // 3 - 2),
    }


# What each long query must answer: the same as its short equivalent (None: nothing).
EQUIVALENT = {"commas": "a, a", "one qualifier repeated": "Paris, Texas", "combining marks": "a",
              "invisible characters": "Paris"}


def test_long_queries_over_rpc_are_answered_and_the_server_lives_on():
    queries = long_queries()
    with Server() as server:
        before = server.result("forwardGeocode", ["France", 3])
        for label, query in queries.items():
            assert len(query.encode()) <= CAP, label
            found = server.result("forwardGeocode", [query, 5])
            short = EQUIVALENT.get(label)
            expected = server.result("forwardGeocode", [short, 5]) if short else []
            assert found == expected, label
        assert server.result("forwardGeocode", ["France", 3]) == before
        # The first-letter prefix with a large limit (a batch of these took 27 ms per query).
        results = server.result("forwardGeocode", ["a", 250])
        assert len(results) == 250
        assert all(r["name"] or r["matched"] for r in results)
        assert server.close() == 0


def test_long_queries_on_the_command_line():
    for label, query in long_queries().items():
        proc = run_cli(["forward", query, "--limit", "5"])
        assert proc.returncode == 0, f"{label}: exit {proc.returncode}\n{proc.stderr.decode()[-500:]}"
        short = EQUIVALENT.get(label)
        if short is None:
            assert proc.stdout.strip() == b"[]", label
        else:
            assert proc.stdout == run_cli(["forward", short, "--limit", "5"]).stdout, label


def test_long_queries_in_csv_forward_mode():
    """Each long query's row gets the columns its short equivalent's row gets (countries only in CSV)."""
    queries = long_queries()
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["place", "n"])
    for k, (label, query) in enumerate(queries.items()):
        writer.writerow([query, k])
        writer.writerow([EQUIVALENT.get(label, "nowhere at all"), k])
    writer.writerow(["France", len(queries)])
    proc = run_cli(["csv", "--forward", "place", "--prefix", "geo_"], stdin=buffer.getvalue().encode())
    assert proc.returncode == 0, proc.stderr.decode()[-500:]
    rows = list(csv.reader(io.StringIO(proc.stdout.decode(), newline="")))
    assert len(rows) == 2 * len(queries) + 2, "a row out per row in"
    added = slice(2, None)
    for k, label in enumerate(queries):
        long_row, short_row = rows[1 + 2 * k], rows[2 + 2 * k]
        assert long_row[added] == short_row[added], label
    assert rows[-1][rows[0].index("geo_iso2")] == "FR", "the row after the long ones is still answered"
