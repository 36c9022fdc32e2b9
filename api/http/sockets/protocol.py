"""The seat socket's messages: what a client may send, what the server sends, and the close codes. Pure.

After the upgrade of ``GET /matches/{id}/seat-socket`` the client's first message is its seat token
(a text frame holding the token alone, never a URL). Then:

- the server pushes the seat stream's items, ``{"type": "event" | "turn" | "match_over", "id": "12",
  "data": {...}}``, exactly as ``GET .../seat-stream`` sends them (the same ids, the same data);
- the client acts with ``{"action": {...}, "version": 12, "key": "<Idempotency-Key>"}`` (``key``
  optional), answered with ``{"type": "result", "key": ..., "status": 200, "replayed": false,
  "data": <the move's answer>}`` or ``{"type": "error", "key": ..., "status": 4xx, "error": {<the
  error shape>}}``: the same move, checks and answers as ``POST .../actions`` with ``If-Match`` and
  ``Idempotency-Key``.

A frame that is not such a message closes the socket with a code of :class:`Close`; nothing is stored.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

import orjson

from arena.matches.idempotency import IDEMPOTENCY_KEY

#: The largest frame a client may send, in bytes (a move is a few hundred).
MAX_FRAME_BYTES = 64 * 1024
#: How long a client has to send its token after the upgrade, in seconds.
TOKEN_SECONDS = 10.0
#: How long the server waits for the client's close frame after sending its own, in seconds.
CLOSE_SECONDS = 2.0
#: Frames a client may have sent ahead of the answers before the socket is closed as flooding: a
#: client that waits for each move's answer (however fast it plays) has none waiting, one that sends
#: a few moves ahead is served, a flood ends at once.
FLOOD_FRAMES = 32


class Close(enum.IntEnum):
    """Why the server closes a seat socket (RFC 6455 codes, and 4000 + an HTTP status for the API's own)."""

    NORMAL = 1000  # the match is over: everything was sent
    GOING_AWAY = 1001  # the server is shutting down
    UNSUPPORTED = 1003  # a binary frame
    INVALID = 1007  # a frame that is not a message of this protocol
    POLICY = 1008  # flooding, or no answer to the server's pings (a half-open connection)
    TOO_BIG = 1009  # a frame over MAX_FRAME_BYTES
    SERVER_ERROR = 1011
    TRY_LATER = 1013  # the match store is unavailable
    UNAUTHORIZED = 4401  # the token is missing, malformed or not this match's
    FORBIDDEN = 4403  # the host token, or another match's
    NOT_FOUND = 4404  # the match expired meanwhile
    TOKEN_TIMEOUT = 4408  # no token within TOKEN_SECONDS


class ProtocolError(Exception):
    """A frame the protocol does not allow: the socket closes with ``code``."""

    def __init__(self, code: Close, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclasses.dataclass(frozen=True)
class Act:
    """A move the client sends: the action, the version it was decided at, and its idempotency key."""

    action: Any
    version: int
    key: str | None


def read_act(frame: str | bytes) -> Act:
    """The move a client frame holds; :class:`ProtocolError` for anything else."""
    if isinstance(frame, bytes):
        raise ProtocolError(Close.UNSUPPORTED, "frames are JSON text, not binary")
    try:
        message = orjson.loads(frame)
    except orjson.JSONDecodeError:
        raise ProtocolError(Close.INVALID, "a frame is a JSON object: {action, version, key}") from None
    if not isinstance(message, dict) or set(message) - {"action", "version", "key"} or "action" not in message:
        raise ProtocolError(Close.INVALID, "a frame is a JSON object with 'action', 'version' and an optional 'key'")
    version, key = message.get("version"), message.get("key")
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version < 2**53:
        raise ProtocolError(Close.INVALID, "'version' is the match version the action was decided at")
    if key is not None and (not isinstance(key, str) or not IDEMPOTENCY_KEY.fullmatch(key)):
        raise ProtocolError(Close.INVALID, "'key' is 1-255 visible ASCII characters")
    return Act(message["action"], version, key)


def read_token(frame: str | bytes | None) -> str:
    """The seat token of the client's first frame."""
    if frame is None:
        raise ProtocolError(Close.TOKEN_TIMEOUT, f"send the seat token as the first message within {TOKEN_SECONDS:g} s")
    if isinstance(frame, bytes) or not frame.strip() or len(frame) > 512:
        raise ProtocolError(Close.UNAUTHORIZED, "the first message is the seat token, as text")
    return frame.strip()


def item(kind: str, event_id: str, data: dict[str, Any]) -> bytes:
    """A pushed item of the seat stream."""
    return orjson.dumps({"type": kind, "id": event_id, "data": data})


def result(key: str | None, status: int, data: dict[str, Any], replayed: bool) -> bytes:
    """The answer to a move that was applied (or replayed for its key)."""
    return orjson.dumps({"type": "result", "key": key, "status": status, "replayed": replayed, "data": data})


def error(key: str | None, body: dict[str, Any]) -> bytes:
    """The answer to a move that was refused: the API's error shape."""
    return orjson.dumps({"type": "error", "key": key, "status": body["status"], "error": body})


def going_away_reason(last_id: str | None) -> str:
    """The reason of the close (:attr:`Close.GOING_AWAY`) of a socket whose server stops: the id to resume
    after (``Last-Event-ID``) ends it, unless no item was sent yet."""
    if last_id is None:
        return "the server is stopping: connect again"
    return f"the server is stopping: connect again with Last-Event-ID {last_id}"


def check_backlog(waiting: int) -> None:
    """:class:`ProtocolError` when more than :data:`FLOOD_FRAMES` frames wait for their answers."""
    if waiting > FLOOD_FRAMES:
        raise ProtocolError(Close.POLICY, f"more than {FLOOD_FRAMES} frames sent ahead of their answers")
