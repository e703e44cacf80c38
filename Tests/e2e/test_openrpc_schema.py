"""Every reply of the conformance and known-locations runs, validated against rpc-schema/openrpc.json.

The validator is the `jsonschema` package from PyPI (Draft 7, the JSON Schema dialect OpenRPC 1.x
uses), so the schema is checked by code nobody here wrote. Each reply must be a JSON-RPC 2.0
Response; a result must match its method's `result.schema`; an error's code must be one the
document lists (for a method's own errors, in that method's `errors`) and its `data` must match the
error's schema in the document's `x-errorDataSchemas`. `rpc.discover` must return the document itself.
"""
import json
import os
import subprocess
import sys

import jsonschema
import pytest

from geoclient import REPO_ROOT, Server
from test_conformance import CASES, run_case
from test_known_locations import CASES as KNOWN, request_params

with open(os.path.join(REPO_ROOT, "rpc-schema", "openrpc.json"), encoding="utf-8") as f:
    DOC = json.load(f)

METHODS = {m["name"]: m for m in DOC["methods"]}
ERRORS = {e["code"]: e for e in DOC["components"]["errors"].values()}
#: Errors any line can get, whatever its method: the document says so in info.description.
PROTOCOL_CODES = {-32700, -32600, -32601, -32000}

RESPONSE = {
    "type": "object",
    "required": ["jsonrpc", "id"],
    "properties": {
        "jsonrpc": {"const": "2.0"},
        "id": {"type": ["string", "number", "null"]},
        "result": {},
        "error": {"type": "object", "required": ["code", "message"], "additionalProperties": False,
                  "properties": {"code": {"type": "integer"}, "message": {"type": "string"}, "data": {}}},
    },
    "oneOf": [{"required": ["result"], "not": {"required": ["error"]}},
              {"required": ["error"], "not": {"required": ["result"]}}],
    "additionalProperties": False,
}


def validator(schema):
    """A Draft 7 validator for a schema that may use the document's #/components/… references."""
    return jsonschema.Draft7Validator(dict(schema, components=DOC["components"]))


RESULT_VALIDATORS = {name: validator(m["result"]["schema"]) for name, m in METHODS.items()}
DATA_VALIDATORS = {e["code"]: validator(DOC["x-errorDataSchemas"][name])
                   for name, e in DOC["components"]["errors"].items()}
RESPONSE_VALIDATOR = jsonschema.Draft7Validator(RESPONSE)


def method_errors(name):
    codes = set()
    for entry in METHODS[name]["errors"]:
        if "$ref" in entry:
            entry = DOC["components"]["errors"][entry["$ref"].rsplit("/", 1)[1]]
        codes.add(entry["code"])
    return codes


def check_reply(reply, method):
    """Validates one reply object; `method` is the request's method name, or None if unknown."""
    RESPONSE_VALIDATOR.validate(reply)
    if "result" in reply:
        if method == "rpc.discover":
            served = json.loads(json.dumps(reply["result"]))
            RESULT_VALIDATORS["serverInfo"].validate(served["info"].pop("x-serverInfo"))
            assert served == DOC, "rpc.discover must return rpc-schema/openrpc.json (plus info.x-serverInfo)"
            return
        assert method in METHODS, f"a result for a request whose method is not {sorted(METHODS)}: {reply}"
        RESULT_VALIDATORS[method].validate(reply["result"])
        return
    code = reply["error"]["code"]
    assert code in ERRORS, f"error code {code} is not in the document's components.errors"
    if code not in PROTOCOL_CODES and method in METHODS:
        assert code in method_errors(method), f"{method} answered {code}, not among its listed errors"
    if "data" in reply["error"]:
        DATA_VALIDATORS[code].validate(reply["error"]["data"])


def methods_by_id(request_bytes):
    """Maps each request id in a case's bytes to its methods (a batch may reuse an id); {} if unparsable."""
    try:
        message = json.loads(request_bytes.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return {}
    found = {}
    for entry in message if isinstance(message, list) else [message]:
        if isinstance(entry, dict) and isinstance(entry.get("method"), str) and "id" in entry:
            found.setdefault(json.dumps(entry["id"]), []).append(entry["method"])
    return found


def test_document_shape():
    assert DOC["openrpc"].startswith("1."), "an OpenRPC 1.x document"
    jsonschema.Draft7Validator.check_schema({"components": DOC["components"]})
    for method in DOC["methods"]:
        assert {"name", "params", "result"} <= method.keys(), method["name"]
        for param in method["params"]:
            jsonschema.Draft7Validator.check_schema(param["schema"])
        jsonschema.Draft7Validator.check_schema(method["result"]["schema"])
        for example in method.get("examples", []):
            RESULT_VALIDATORS[method["name"]].validate(example["result"]["value"])


#: Keywords of JSON Schema 2019-09/2020-12 that a draft-07 validator (OpenRPC 1.x's dialect, ajv's default)
#: does not know: a draft-07 tool would skip them silently, or refuse the document in strict mode.
LATER_DIALECT_KEYWORDS = {"prefixItems", "dependentRequired", "dependentSchemas", "$defs", "unevaluatedItems",
                          "unevaluatedProperties", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef",
                          "minContains", "maxContains", "$vocabulary"}


def schema_keywords(value, found):
    """Every object key anywhere in `value`, collected into `found`."""
    if isinstance(value, dict):
        for key, member in value.items():
            found.add(key)
            schema_keywords(member, found)
    elif isinstance(value, list):
        for member in value:
            schema_keywords(member, found)
    return found


def test_document_passes_the_openrpc_meta_schema():
    """The official OpenRPC 1.3 meta-schema, offline (../shared/conformance/openrpc/validate.py)."""
    script = os.path.join(REPO_ROOT, "..", "shared", "conformance", "openrpc", "validate.py")
    if not os.path.exists(script):
        pytest.skip("../shared/conformance is not beside this checkout")
    done = subprocess.run([sys.executable, script, os.path.join(REPO_ROOT, "rpc-schema", "openrpc.json")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("valid")


def test_document_uses_draft_07_only():
    schemas = [DOC["components"], DOC["x-errorDataSchemas"]]
    schemas += [param["schema"] for method in DOC["methods"] for param in method["params"]]
    schemas += [method["result"]["schema"] for method in DOC["methods"]]
    used = set()
    for schema in schemas:
        schema_keywords(schema, used)
    assert not (used & LATER_DIALECT_KEYWORDS)


def test_ajv_strict_compiles_every_schema():
    """ajv (Debian's node-ajv, which scripts/test installs) in strict mode: what OpenRPC tooling runs."""
    done = subprocess.run(["node", os.path.join(os.path.dirname(__file__), "ajv_compile.js"),
                           os.path.join(REPO_ROOT, "rpc-schema", "openrpc.json")],
                          env=dict(os.environ, NODE_PATH="/usr/share/nodejs"),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "strict: compiled" in done.stdout


def test_points_schema_checks_each_pair():
    """The pair schema is draft-07 `items: [...]`: a draft-07 validator really checks each member."""
    points = next(p for p in METHODS["reverseGeocodeMany"]["params"] if p["name"] == "points")
    check = validator(points["schema"])
    assert check.is_valid([[48.85, 2.35], [0, 1e300]])
    for bad in ([[91, 0]], [[0, 0, 0]], [[0]], [["0", 0]], [[0, "0"]]):
        assert not check.is_valid(bad), bad
    assert points["schema"]["maxItems"] >= 1_000_000


def test_every_error_has_a_data_schema():
    assert set(DOC["x-errorDataSchemas"]) == set(DOC["components"]["errors"])
    for name, error in DOC["components"]["errors"].items():
        validator(DOC["x-errorDataSchemas"][name]).validate(error["data"])


def test_conformance_replies(geocoder_bin):
    """All conformance cases through one server (each followed by a sentinel), every reply validated."""
    checked = 0
    with Server(binary=geocoder_bin) as server:
        for number, case in enumerate(CASES):
            data = bytes.fromhex(case["request_hex"]) if "request_hex" in case else case["request"].encode()
            methods = methods_by_id(data)
            if case.get("newline", True) is False:
                code, stdout, _ = run_case(geocoder_bin, case)
                lines = [line for line in stdout.split(b"\n") if line]
            else:
                sentinel = f"schema-sentinel-{number}"
                server.send_raw(data + b"\n" + json.dumps(
                    {"jsonrpc": "2.0", "method": "rpc.discover", "id": sentinel}).encode() + b"\n")
                lines = []
                while True:
                    line = server.read_line()
                    if json.loads(line).__class__ is dict and json.loads(line).get("id") == sentinel:
                        check_reply(json.loads(line), "rpc.discover")
                        break
                    lines.append(line)
            for line in lines:
                reply = json.loads(line)
                for single in reply if isinstance(reply, list) else [reply]:
                    failures = []
                    for method in methods.get(json.dumps(single.get("id")), [None]):
                        try:
                            check_reply(single, method)
                            break
                        except (jsonschema.ValidationError, AssertionError) as e:
                            failures.append(f"as a reply to {method}: {e}")
                    else:
                        pytest.fail(f"case {case['name']}: reply {single} does not fit the schema:\n"
                                    + "\n".join(failures))
                    checked += 1
    assert checked >= len(CASES) // 2, f"only {checked} replies checked"


def test_known_location_replies(geocoder_bin):
    """Each known location by name and by position, strict and default radius."""
    with Server(binary=geocoder_bin) as server:
        for case in KNOWN:
            for params in (request_params(case), [case["lat"], case["lon"]],
                           {"lat": case["lat"], "lon": case["lon"], "maxDistanceKm": 0}):
                reply = server.call("reverseGeocode", params)
                try:
                    check_reply(reply, "reverseGeocode")
                except jsonschema.ValidationError as e:
                    pytest.fail(f"{case['name']} {params}: {e}")


def test_other_method_replies(geocoder_bin):
    """forwardGeocode and countriesInBBox results and every kind of -32602 data, validated too."""
    calls = [
        ("forwardGeocode", {"query": "Österreich", "limit": 1}), ("forwardGeocode", ["united", 250]),
        ("forwardGeocode", ["   "]), ("forwardGeocode", {"query": "fiji"}), ("forwardGeocode", {"query": "XK"}),
        ("countriesInBBox", [-20, 177, -15, -178]), ("countriesInBBox", {"minLat": 35, "minLon": -10, "maxLat": 44, "maxLon": 4}),
        ("countriesInBBox", [-90, -180, 90, 180]), ("reverseGeocode", [34.6, 32.9]),  # Akrotiri: null codes
        ("reverseGeocode", {"lat": 91, "lon": 0}), ("reverseGeocode", [1]), ("reverseGeocode", {"lat": "x", "lon": 0}),
        ("reverseGeocode", {"lat": 1, "lon": 2, "radius": 3}),
        ("forwardGeocode", {"query": "a", "limit": 2.5}), ("countriesInBBox", [10, 0, 5, 1]),
        ("rpc.discover", [1]), ("rpc.discover", {"x": 1}), ("rpc.discover", None),
    ]
    with Server(binary=geocoder_bin) as server:
        for method, params in calls:
            reply = server.call(method, params)
            try:
                check_reply(reply, method)
            except jsonschema.ValidationError as e:
                pytest.fail(f"{method} {params}: {e}")
