"""Finding the real `geocoder` binary and talking to it the way a user's program would.

Every read has a timeout, so a server that hangs fails its test instead of hanging CI. The
timeouts are hang detectors, not speed assertions: they are generous on purpose.
"""
import json
import os
import shutil
import queue
import subprocess
import threading
from decimal import Decimal

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

#: Seconds to wait for one reply line. The first reply includes loading the 21 MB dataset.
REPLY_TIMEOUT = float(os.environ.get("GEOCODER_E2E_TIMEOUT", "60"))

#: Lines the cross-check tests want shown at the end of the run (conftest prints them).
SUMMARY = []


class BinaryNotFound(Exception):
    pass


def locate_binary():
    """The geocoder executable: $GEOCODER_BIN, else .build/release, else .build/debug.

    Raises BinaryNotFound with instructions, so a missing build fails loudly.
    """
    env = os.environ.get("GEOCODER_BIN")
    if env:
        if not (os.path.isfile(env) and os.access(env, os.X_OK)):
            raise BinaryNotFound(f"GEOCODER_BIN={env!r} is not an executable file")
        return env
    for config in ("release", "debug"):
        path = os.path.join(REPO_ROOT, ".build", config, "geocoder")
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise BinaryNotFound(
        "no geocoder binary: run `swift build` (or `swift build -c release`) in "
        f"{REPO_ROOT}, or set GEOCODER_BIN to the executable")


# -- strict JSON ------------------------------------------------------------------------------

class Num:
    """A JSON number that keeps its exact source text (ids beyond double precision)."""

    __slots__ = ("text", "value")

    def __init__(self, text):
        self.text = text
        self.value = Decimal(text)

    def __eq__(self, other):
        return isinstance(other, Num) and self.value == other.value

    def __hash__(self):
        return hash(self.value)

    def __repr__(self):
        return self.text


class StrictJSONError(ValueError):
    pass


def _no_constants(name):
    raise StrictJSONError(f"{name} is not JSON")


def _no_duplicate_keys(pairs):
    obj = {}
    for k, v in pairs:
        if k in obj:
            raise StrictJSONError(f"duplicate member {k!r}")
        obj[k] = v
    return obj


def loads_exact(text):
    """Strict RFC 8259 parse; numbers become Num (exact text), duplicate keys are errors."""
    return json.loads(text, parse_int=Num, parse_float=Num, parse_constant=_no_constants,
                      object_pairs_hook=_no_duplicate_keys)


def loads_strict(text):
    """Strict RFC 8259 parse with ordinary Python numbers."""
    return json.loads(text, parse_constant=_no_constants, object_pairs_hook=_no_duplicate_keys)


# -- the server process ------------------------------------------------------------------------

class ServerError(AssertionError):
    """The server did something a client cannot live with: hang, early exit, bad line."""


class Server:
    """One `geocoder` process speaking line-delimited JSON-RPC over its stdin/stdout.

    Use as a context manager; `close()` closes stdin and returns the exit status.
    """

    def __init__(self, args=(), binary=None, cwd=None):
        self.binary = binary or locate_binary()
        self.proc = subprocess.Popen([self.binary, *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        self._lines = queue.Queue()
        self._stderr = []
        self._next_id = 0
        threading.Thread(target=self._pump_stdout, daemon=True).start()
        threading.Thread(target=self._pump_stderr, daemon=True).start()

    def _pump_stdout(self):
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _pump_stderr(self):
        for chunk in self.proc.stderr:
            self._stderr.append(chunk)

    @property
    def stderr(self):
        return b"".join(self._stderr).decode("utf-8", "replace")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close(check=False)

    # -- raw lines --

    def send_raw(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise ServerError(f"server closed its stdin early; stderr:\n{self.stderr}")

    def send(self, message):
        self.send_raw(json.dumps(message, ensure_ascii=False, allow_nan=False).encode() + b"\n")

    def read_line(self, timeout=REPLY_TIMEOUT):
        """The next stdout line as bytes, without its newline. Fails on hang or EOF."""
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise ServerError(f"no reply line within {timeout} s (hang?); stderr:\n{self.stderr}")
        if line is None:
            self._lines.put(None)
            raise ServerError(f"server closed stdout (exit {self.proc.poll()}); "
                              f"stderr:\n{self.stderr}")
        if not line.endswith(b"\n"):
            raise ServerError(f"reply line not terminated by \\n: {line[:200]!r}")
        return line[:-1]

    def read_json(self, timeout=REPLY_TIMEOUT):
        line = self.read_line(timeout)
        try:
            return loads_strict(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            raise ServerError(f"reply is not one strict JSON text ({e}): {line[:300]!r}")

    # -- JSON-RPC --

    def new_id(self):
        self._next_id += 1
        return self._next_id

    def call(self, method, params=None, timeout=REPLY_TIMEOUT):
        """Send one request and return the whole reply object (checked to carry our id)."""
        rid = self.new_id()
        msg = {"jsonrpc": "2.0", "method": method, "id": rid}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        reply = self.read_json(timeout)
        if not isinstance(reply, dict) or reply.get("id") != rid or reply.get("jsonrpc") != "2.0":
            raise ServerError(f"reply does not answer request {rid}: {reply!r}")
        return reply

    def result(self, method, params=None):
        """The `result` of a call that must succeed."""
        reply = self.call(method, params)
        if "error" in reply or "result" not in reply:
            raise ServerError(f"{method} {json.dumps(params)} failed: {reply!r}")
        return reply["result"]

    def error_code(self, method, params=None):
        """The error code of a call that must fail (fails the test if it succeeds)."""
        reply = self.call(method, params)
        if "error" not in reply or "result" in reply:
            raise ServerError(f"{method} {json.dumps(params)} should fail, got {reply!r}")
        return reply["error"]["code"]

    def replies(self, method, params_list, chunk=2000, ensure_ascii=True):
        """Send many requests without waiting, read the replies; returns the reply objects in order.

        Requests go out in chunks so the pipe never holds more than `chunk` unanswered lines;
        each reply must carry the id of the request in the same position (order is a guarantee
        for a line-by-line server). `ensure_ascii=False` sends non-ASCII text as UTF-8 rather than
        as \\u escapes.
        """
        replies = []
        for start in range(0, len(params_list), chunk):
            part = params_list[start:start + chunk]
            ids = [self.new_id() for _ in part]
            payload = b"".join(
                json.dumps({"jsonrpc": "2.0", "method": method, "params": p, "id": i},
                           ensure_ascii=ensure_ascii, allow_nan=False).encode() + b"\n"
                for p, i in zip(part, ids))
            self.send_raw(payload)
            for i in ids:
                reply = self.read_json()
                if reply.get("id") != i:
                    raise ServerError(f"reply out of order: wanted id {i}, got {reply!r}")
                replies.append(reply)
        return replies

    def pipeline(self, method, params_list, chunk=2000):
        """As `replies`, but returns the results, and fails on the first error reply."""
        results = []
        for p, reply in zip(params_list, self.replies(method, params_list, chunk)):
            if "result" not in reply:
                raise ServerError(f"{method} {json.dumps(p)} failed: {reply!r}")
            results.append(reply["result"])
        return results

    def close(self, timeout=REPLY_TIMEOUT, check=True):
        """Close stdin (EOF) and wait for exit; returns the exit status."""
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            if check:
                raise ServerError(f"server did not exit within {timeout} s of EOF")
            return None
        return code


def run_cli(args, stdin=b"", timeout=REPLY_TIMEOUT, binary=None, cwd=None):
    """Run the binary once to completion; returns CompletedProcess with bytes output."""
    binary = binary or locate_binary()
    try:
        return subprocess.run([binary, *args], input=stdin, capture_output=True,
                              timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired as e:
        raise ServerError(f"`geocoder {' '.join(args)}` did not finish within {timeout} s") from e


def run_cached(cache_root, *args, stdin=None):
    """One CLI run (text output) with a private index cache in `cache_root`/cache, so the tests exercise
    the cache, never the user's; a GEOCODER_NO_CACHE of the caller's is dropped."""
    env = dict(os.environ, GEOCODER_CACHE_DIR=os.path.join(str(cache_root), "cache"))
    env.pop("GEOCODER_NO_CACHE", None)
    return subprocess.run([locate_binary(), *args], capture_output=True, text=True, timeout=REPLY_TIMEOUT, env=env,
                          input=stdin)


def cli_json(cache_root, *args):
    """`run_cached`, which must succeed; its stdout parsed as JSON."""
    proc = run_cached(cache_root, *args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def data_copy(tmp_path, names):
    """The named files of Data/ in a folder of our own, so a test can edit the tables next to the data."""
    folder = tmp_path / "data"
    folder.mkdir()
    for name in names:
        shutil.copy(os.path.join(REPO_ROOT, "Data", name), folder / name)
    return folder
