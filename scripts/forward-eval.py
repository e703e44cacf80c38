#!/usr/bin/env python3
"""Precision@1 of `forwardGeocode` on the evaluation set Tests/e2e/forward_eval.jsonl.

Spawns the real server ($GEOCODER_BIN, else .build/release/geocoder, else .build/debug/geocoder),
sends every query pipelined through that one process, and counts a query as correct when the
first result has every member of its `expect` object (numbers within 1e-6; a result without `kind`
counts as a country, as servers before cities answered) and, where the line has `expectCount`,
exactly that many results. An error reply or an empty result is a miss.

    python3 scripts/forward-eval.py              # table per category, then every miss
    python3 scripts/forward-eval.py --min 0.95   # exit 1 when precision@1 is below 0.95
    python3 scripts/forward-eval.py --json       # one JSON object for tooling
    python3 scripts/forward-eval.py --category typo --category prefix

Expectations are checked against Data/ by scripts/forward-eval-check.py.
"""
import argparse
import collections
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "e2e"))

import geoclient  # noqa: E402

DEFAULT_SET = os.path.join(ROOT, "Tests", "e2e", "forward_eval.jsonl")

#: Members shown for a result in the list of misses.
SHOWN = ("kind", "name", "iso2", "adm0a3", "geonameid", "country", "admin1", "matched", "matchType", "score")


def load_set(path=DEFAULT_SET):
    """The evaluation lines, in file order."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def agrees(result, expect):
    """True when `result` has every member of `expect` (kind defaults to country)."""
    if not isinstance(result, dict):
        return False
    for key, want in expect.items():
        got = result.get(key, "country") if key == "kind" else result.get(key)
        if isinstance(want, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
            if abs(got - want) > 1e-6:
                return False
        elif got != want or type(got) is not type(want):
            return False
    return True


def run(rows, binary=None, chunk=500):
    """Sends every query and returns one outcome per line: (correct, reply) where reply is the
    result array or the error object."""
    outcomes = []
    with geoclient.Server(binary=binary) as server:
        params = [{"query": r["query"], **r.get("params", {})} for r in rows]
        for r, reply in zip(rows, server.replies("forwardGeocode", params, chunk, ensure_ascii=False)):
            if "result" not in reply:
                outcomes.append((False, reply.get("error")))
                continue
            results = reply["result"]
            ok = isinstance(results, list) and bool(results) and agrees(results[0], r["expect"])
            if ok and "expectCount" in r:
                ok = len(results) == r["expectCount"]
            outcomes.append((ok, results))
        code = server.close()
        if code != 0:
            raise geoclient.ServerError(f"server exited with {code}; stderr:\n{server.stderr}")
    return outcomes


def summarize(rows, outcomes):
    """Overall and per-category precision@1, plus the misses."""
    per = collections.OrderedDict()
    for r, (ok, _) in zip(rows, outcomes):
        c = per.setdefault(r["category"], [0, 0])
        c[0] += ok
        c[1] += 1
    correct = sum(ok for ok, _ in outcomes)
    misses = []
    for r, (ok, reply) in zip(rows, outcomes):
        if ok:
            continue
        if isinstance(reply, list):
            got = {"count": len(reply), "top": {k: reply[0].get(k) for k in SHOWN if k in reply[0]} if reply else None}
        else:
            got = {"error": reply}
        misses.append({"query": r["query"], "params": r.get("params", {}), "category": r["category"],
                       "expect": r["expect"], **({"expectCount": r["expectCount"]} if "expectCount" in r else {}),
                       "got": got})
    return {
        "total": len(rows),
        "correct": correct,
        "precision_at_1": correct / len(rows) if rows else 0.0,
        "categories": {k: {"total": t, "correct": c, "precision_at_1": c / t} for k, (c, t) in per.items()},
        "misses": misses,
    }


def print_table(summary, out=sys.stdout):
    w = max(len(k) for k in summary["categories"]) if summary["categories"] else 8
    print(f"{'category':<{w}}  {'queries':>7}  {'correct':>7}  {'P@1':>6}", file=out)
    for k, v in summary["categories"].items():
        print(f"{k:<{w}}  {v['total']:>7}  {v['correct']:>7}  {v['precision_at_1']:>6.3f}", file=out)
    print(f"{'all':<{w}}  {summary['total']:>7}  {summary['correct']:>7}  {summary['precision_at_1']:>6.3f}", file=out)


def print_misses(summary, out=sys.stdout):
    if summary["misses"]:
        print(f"\n{len(summary['misses'])} misses:", file=out)
    for m in summary["misses"]:
        params = f" {json.dumps(m['params'], ensure_ascii=False)}" if m["params"] else ""
        want = json.dumps(m["expect"], ensure_ascii=False)
        if "expectCount" in m:
            want += f" x{m['expectCount']}"
        got = json.dumps(m["got"], ensure_ascii=False)
        print(f"- [{m['category']}] {m['query']!r}{params}\n    want {want}\n    got  {got}", file=out)


def main():
    ap = argparse.ArgumentParser(description="precision@1 of forwardGeocode on the evaluation set")
    ap.add_argument("--set", default=DEFAULT_SET, help="the JSONL evaluation set")
    ap.add_argument("--bin", default=None, help="geocoder binary (default: $GEOCODER_BIN or .build)")
    ap.add_argument("--min", type=float, default=None, help="exit 1 when overall precision@1 is below this")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--category", action="append", help="only these categories (repeatable)")
    ap.add_argument("--quiet", action="store_true", help="table only, no list of misses")
    args = ap.parse_args()

    rows = load_set(args.set)
    if args.category:
        rows = [r for r in rows if r["category"] in args.category]
    try:
        binary = args.bin or geoclient.locate_binary()
    except geoclient.BinaryNotFound as e:
        sys.exit(str(e))
    summary = summarize(rows, run(rows, binary=binary))
    summary["binary"] = binary
    if args.json:
        json.dump(summary, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print_table(summary)
        if not args.quiet:
            print_misses(summary)
    if args.min is not None and summary["precision_at_1"] < args.min:
        print(f"precision@1 {summary['precision_at_1']:.4f} is below --min {args.min}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
