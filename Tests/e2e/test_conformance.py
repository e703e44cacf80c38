"""JSON-RPC 2.0 conformance: replays shared/conformance/jsonrpc-2.0-cases.jsonl.

Follows the harness procedure in shared/conformance/jsonrpc-2.0-cases.md exactly: one process
per case; the case's bytes, `\\n` (unless `newline` is false), a sentinel request, then EOF; the
server must answer with exactly the expected lines and exit 0. shared/ is the sibling of the
repository root (`../shared`), as in CI.
"""
import json
import os
import subprocess

import pytest

from geoclient import REPLY_TIMEOUT, Num, StrictJSONError, loads_exact

SHARED = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "shared")
CASES_PATH = os.path.join(SHARED, "conformance", "jsonrpc-2.0-cases.jsonl")
SENTINEL = b'{"jsonrpc":"2.0","method":"reverseGeocode","params":[0,0],"id":"sentinel"}'
SENTINEL_EXPECT = {"jsonrpc": "2.0", "id": "sentinel", "result": "*"}
EXPECTED_CASE_COUNT = 96


def _load_cases():
    if not os.path.isfile(CASES_PATH):
        return None
    with open(CASES_PATH, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


CASES = _load_cases()


def _exact(value):
    """The expectation with numbers as Num, so ids compare as exact JSON values."""
    return loads_exact(json.dumps(value))


def _same_json(a, b):
    """JSON equality that keeps types apart: 1 != "1", null != missing, true != 1."""
    if isinstance(a, Num) or isinstance(b, Num):
        return isinstance(a, Num) and isinstance(b, Num) and a == b
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same_json(x, y) for x, y in zip(a, b))
    return a == b


def mismatch(reply, expect, raw_id=False):
    """Why `reply` does not match one expected reply object, or None when it does."""
    if not isinstance(reply, dict):
        return f"reply is not an object: {reply!r}"
    extra = set(reply) - {"jsonrpc", "id", "result", "error"}
    if extra:
        return f"reply has members a response may not have: {sorted(extra)}"
    if reply.get("jsonrpc") != "2.0":
        return f"jsonrpc is {reply.get('jsonrpc')!r}, not \"2.0\""
    if "id" not in reply:
        return "reply has no id member"
    if not _same_json(reply["id"], expect["id"]):
        return f"id is {reply['id']!r}, expected {expect['id']!r} (same JSON type and value)"
    if raw_id and reply["id"].text != expect["id"].text:
        return f"id text is {reply['id'].text!r}, expected exactly {expect['id'].text!r}"
    if "result" in expect:
        if "error" in reply:
            return f"expected a result, got error {reply['error']!r}"
        if "result" not in reply:
            return "reply has neither result nor error"
        return None
    if "result" in reply:
        return f"expected error {expect['error']['code']}, got result {reply['result']!r}"
    err = reply.get("error")
    if not isinstance(err, dict):
        return f"error is not an object: {err!r}"
    if set(err) - {"code", "message", "data"}:
        return f"error has unknown members: {sorted(set(err) - {'code', 'message', 'data'})}"
    code = err.get("code")
    if not isinstance(code, Num) or code.value != code.value.to_integral_value():
        return f"error code is not an integer: {code!r}"
    if code != expect["error"]["code"]:
        return f"error code {code.text}, expected {expect['error']['code'].text}"
    if not isinstance(err.get("message"), str):
        return f"error message is not a string: {err.get('message')!r}"
    return None


def batch_mismatch(reply, expect):
    """Multiset comparison of a batch reply against the expected reply objects."""
    if not isinstance(reply, list):
        return f"expected a JSON array of {len(expect)} replies, got {reply!r}"
    if len(reply) != len(expect):
        return f"batch has {len(reply)} replies, expected {len(expect)}: {reply!r}"

    def assign(i, used):
        if i == len(reply):
            return True
        for j, e in enumerate(expect):
            if j not in used and mismatch(reply[i], e) is None and assign(i + 1, used | {j}):
                return True
        return False

    if not assign(0, frozenset()):
        return f"batch replies do not match the expected multiset:\n got {reply!r}\n want {expect!r}"
    return None


def run_case(binary, case):
    """Run one case per the harness procedure; returns (exit status, stdout bytes, stderr)."""
    data = bytes.fromhex(case["request_hex"]) if "request_hex" in case else case["request"].encode()
    if case.get("newline", True) is not False:
        data += b"\n" + SENTINEL + b"\n"
    try:
        proc = subprocess.run([binary], input=data, capture_output=True, timeout=REPLY_TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"server did not finish within {REPLY_TIMEOUT} s after EOF (hang)")
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


def parse_lines(stdout):
    """Split stdout into reply lines; each must be `\\n`-terminated, UTF-8, one JSON text."""
    assert stdout == b"" or stdout.endswith(b"\n"), \
        f"stdout does not end with a newline: {stdout[-200:]!r}"
    lines = stdout.split(b"\n")[:-1]
    parsed = []
    for line in lines:
        try:
            parsed.append(loads_exact(line.decode("utf-8")))
        except (UnicodeDecodeError, ValueError, StrictJSONError) as e:
            pytest.fail(f"stdout line is not a single strict JSON text ({e}): {line[:300]!r}")
    return parsed


if CASES is None:
    PARAMS = [pytest.param(None, id="cases-file-missing")]
else:
    PARAMS = [pytest.param(c, id=c["name"]) for c in CASES]


def test_case_file_is_complete():
    assert CASES is not None, f"conformance cases not found at {CASES_PATH} (shared/ must sit beside the repo)"
    assert len(CASES) == EXPECTED_CASE_COUNT, f"{len(CASES)} cases, expected {EXPECTED_CASE_COUNT}"
    assert len({c["name"] for c in CASES}) == len(CASES), "case names are not unique"


@pytest.mark.parametrize("case", PARAMS)
def test_conformance_case(geocoder_bin, case):
    if case is None:
        pytest.fail(f"conformance cases not found at {CASES_PATH}: shared/ must be the sibling "
                    "of the repository root (../shared)", pytrace=False)
    code, stdout, stderr = run_case(geocoder_bin, case)
    replies = parse_lines(stdout)
    context = f"\nrequest: {case['request'][:300]!r}\nstdout: {stdout[:600]!r}\nstderr: {stderr[-600:]}"
    assert code == 0, f"exit status {code}, expected 0{context}"

    expect = case["expect"]
    with_sentinel = case.get("newline", True) is not False
    wanted_lines = (0 if expect is None else 1) + (1 if with_sentinel else 0)
    assert len(replies) == wanted_lines, \
        f"{len(replies)} reply lines, expected {wanted_lines}{context}"

    if expect is not None:
        exact = _exact(expect)
        if isinstance(expect, list):
            why = batch_mismatch(replies[0], exact)
        else:
            why = mismatch(replies[0], exact, raw_id=case["name"] == "id.number_beyond_double_precision")
        assert why is None, f"{why}{context}"
    if with_sentinel:
        why = mismatch(replies[-1], _exact(SENTINEL_EXPECT))
        assert why is None, f"sentinel reply: {why}{context}"
