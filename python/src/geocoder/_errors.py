"""The exceptions the client raises: the server's JSON-RPC errors, and a server that is gone.

Every one is a `GeocoderError`, with `code`, `message` and `data`: for a JSON-RPC error they are the
error object's members as the server sent them (README "Errors", `rpc-schema/openrpc.json`); for a
process error `code` is None. Programs should read `code` and `data`; `message` is for people.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Type


class GeocoderError(Exception):
    """Base of every error the client raises."""

    def __init__(self, message: str, code: Optional[int] = None, data: Any = None) -> None:
        super().__init__(message)
        #: The JSON-RPC error code (-32602 …), or None when the error is not the server's answer.
        self.code: Optional[int] = code
        #: The error's message, a sentence for people.
        self.message: str = message
        #: The error object's `data` member (a dict saying what was wrong), or None.
        self.data: Any = data

    def __str__(self) -> str:
        text = self.message
        if self.code is not None:
            text = f"{text} ({self.code})"
        reason = self.data.get("reason") if isinstance(self.data, dict) else None
        if reason and reason not in text:
            param = self.data.get("param")
            text += f": {param} {reason}" if param else f": {reason}"
        return text


class RPCError(GeocoderError):
    """The server answered the request with a JSON-RPC error object."""

    code: int


class ParseError(RPCError):
    """-32700: the server could not read the line (not JSON, or over one of its reading limits)."""


class InvalidRequestError(RPCError):
    """-32600: not a valid request (the client never sends one; limits aside, see LimitExceededError)."""


class MethodNotFoundError(RPCError):
    """-32601: the server has no such method (an older binary than this client expects?)."""


class InvalidParamsError(RPCError):
    """-32602: a param is missing, of the wrong type or out of range; `data["param"]` names it.

    For `reverse_many`, `data["param"]` names the point in the caller's whole list (`points[123456][0]`),
    not in the chunk that was sent, and `point_index` is that position.
    """

    #: The position of the bad point in the list given to `reverse_many`, else None.
    point_index: Optional[int] = None


class InternalError(RPCError):
    """-32603: the server failed in a way it never expects."""


class ServerShuttingDownError(RPCError):
    """-32000: the server got a stop signal (SIGTERM …) and did not run this request."""


class LimitExceededError(RPCError):
    """The request broke one of the server's per-line limits (`data["limit"]`: maxWork, maxLineBytes …).

    `code` is -32600 or -32700, as the server sent it. `reverse_many` avoids these by splitting its input,
    and retries a chunk in halves when a server run with lower limits (`--max-work`) refuses one.
    """

    @property
    def limit(self) -> Optional[str]:
        """The limit's name, as in `data["limit"]`."""
        return self.data.get("limit") if isinstance(self.data, dict) else None


class GeocoderProcessError(GeocoderError):
    """The server process could not be started, has exited, or broke the protocol.

    The client does not retry: the request may or may not have run. `returncode` is the exit status
    (negative: killed by that signal) when the process has exited; `stderr` is the end of what it wrote
    there, which usually says why.
    """

    def __init__(self, message: str, returncode: Optional[int] = None, stderr: str = "") -> None:
        if stderr:
            message = f"{message}; its stderr ends with:\n{stderr}"
        super().__init__(message)
        self.returncode: Optional[int] = returncode
        self.stderr: str = stderr


class GeocoderTimeoutError(GeocoderProcessError):
    """No reply came within the client's `timeout`; the server was stopped, as its replies are now out of step."""


class BinaryNotFoundError(GeocoderProcessError):
    """No geocoder executable: none bundled in this install, none given, none in $GEOCODER_BIN or on PATH."""


_BY_CODE: Dict[int, Type[RPCError]] = {
    -32700: ParseError,
    -32600: InvalidRequestError,
    -32601: MethodNotFoundError,
    -32602: InvalidParamsError,
    -32603: InternalError,
    -32000: ServerShuttingDownError,
}


def error_from_reply(error: Any) -> RPCError:
    """The exception for a reply's `error` member (a JSON-RPC 2.0 error object)."""
    if not isinstance(error, dict):
        return InternalError(f"malformed error object {error!r}", -32603, None)
    code = error.get("code")
    message = error.get("message")
    data = error.get("data")
    if not isinstance(code, int):
        code = -32603
    if not isinstance(message, str):
        message = "error"
    if isinstance(data, dict) and "limit" in data and code in (-32600, -32700):
        return LimitExceededError(message, code, data)
    return _BY_CODE.get(code, RPCError)(message, code, data)


__all__: List[str] = [
    "GeocoderError", "RPCError", "ParseError", "InvalidRequestError", "MethodNotFoundError",
    "InvalidParamsError", "InternalError", "ServerShuttingDownError", "LimitExceededError",
    "GeocoderProcessError", "GeocoderTimeoutError", "BinaryNotFoundError",
]
