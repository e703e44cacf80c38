#!/usr/bin/env python3
"""Compares two `geocoder` binaries' forwardGeocode replies on every query of the evaluation set.

Each query of Tests/e2e/forward_eval.jsonl (with its params) is sent to both servers at limits 1, 5
and 50; the replies are compared as JSON values. A speed change must leave every reply the same:

    python3 scripts/forward-diff.py OLD_BINARY NEW_BINARY [--data-old DIR] [--data-new DIR] [--queries FILE]

`--queries FILE` adds the queries of FILE (one a line, e.g. generated typos in every script) to the set.

Exit status 1 when any reply differs (the first differences are printed). Each server gets its own
temporary index cache (GEOCODER_CACHE_DIR), so binaries of different index formats can be compared.
"""
import argparse
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "e2e"))

import geoclient  # noqa: E402

SET = os.path.join(ROOT, "Tests", "e2e", "forward_eval.jsonl")


def replies(binary, data, params):
    with tempfile.TemporaryDirectory() as cache:
        os.environ["GEOCODER_CACHE_DIR"] = cache
        args = ["--data", os.path.join(data, "ne_10m_admin_0_countries.geojson")] if data else []
        with geoclient.Server(args, binary=binary) as server:
            # The first request waits for the index build, which a busy machine can stretch past the
            # per-reply hang timeout.
            server.call("forwardGeocode", {"query": "Paris"}, timeout=900)
            out = server.replies("forwardGeocode", params, 500, ensure_ascii=False)
            server.close()
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--data-old", default=os.path.join(ROOT, "Data"))
    parser.add_argument("--data-new", default=os.path.join(ROOT, "Data"))
    parser.add_argument("--show", type=int, default=20)
    parser.add_argument("--queries", help="more queries, one a line")
    args = parser.parse_args()
    with open(SET, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    if args.queries:
        with open(args.queries, encoding="utf-8") as f:
            rows += [{"query": line.rstrip("\n")} for line in f if line.strip()]
    params = []
    for limit in (1, 5, 50):
        for r in rows:
            p = {"query": r["query"], **r.get("params", {})}
            p["limit"] = limit
            params.append(p)
    a = replies(args.old, args.data_old, params)
    b = replies(args.new, args.data_new, params)
    differ = [(p, x, y) for p, x, y in zip(params, a, b) if x.get("result", x.get("error")) != y.get("result", y.get("error"))]
    print(f"{len(params)} requests ({len(rows)} queries × limits 1, 5, 50): {len(differ)} replies differ")
    for p, x, y in differ[:args.show]:
        print(json.dumps(p, ensure_ascii=False))
        print("  old:", json.dumps(x.get("result", x.get("error")), ensure_ascii=False)[:400])
        print("  new:", json.dumps(y.get("result", y.get("error")), ensure_ascii=False)[:400])
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
