"""What a seat socket's channel knows between frames (pure: no I/O), for both faces of ``Channel``.

One WebSocket carries what the seat stream carries (its items, pushed) and the seat's moves (sent as
``{"action", "version", "key"}``, answered with the move's result or its refusal). ``Channel`` and
``AsyncChannel`` (:mod:`arena_sdk.sockets`) keep one open for the life of
``Seat.turns(transport="ws")``: they resume it after a drop (``Last-Event-ID``: the last item's id)
and send a move again, with its key, when the socket dropped before its answer came, so it applies
once.
"""

from __future__ import annotations

import json
import time
from collections import deque
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidStatus

from arena_sdk.errors import (
    NO_ANSWER,
    ArenaError,
    AuthError,
    ConnectionFailedError,
    InvalidTokenError,
    MatchOverError,
    NotFoundError,
    StoreUnavailableError,
    UnexpectedResponseError,
    error_for,
)
from arena_sdk.stream_state import StreamEvent

#: Close codes after which the socket is opened again (the server going away, the store unavailable).
RESUMABLE = {1001, 1006, 1011, 1012, 1013}
#: The largest frame the SDK accepts from the server (a turn of 1,000 Girafferaffe plays is under 200 KB).
MAX_FRAME = 4 * 1024 * 1024


def socket_url(base_url: str, match_id: str, legal_limit: int, after: int | None) -> str:
    """The seat socket's ``ws(s)://`` address for a match."""
    scheme, rest = base_url.split("://", 1)
    query = f"legal_limit={legal_limit}" + ("" if after is None else f"&after={after}")
    return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/matches/{match_id}/seat-socket?{query}"


def closed_error(code: int | None, reason: str) -> ArenaError:
    """The typed error for a socket the server closed for good (``None``: no close frame at all)."""
    message = reason or "the seat socket was closed"
    if code == 4401:
        return InvalidTokenError(401, "auth/invalid_token", message, {})
    if code == 4403:
        return AuthError(403, "auth/forbidden", message, {})
    if code == 4404:
        return NotFoundError(404, "match/not_found", message, {})
    return UnexpectedResponseError(NO_ANSWER, "client/socket_closed", f"{code}: {message}", {"close_code": code})


class Pending:
    """What a channel knows between frames: the last item's id, items read while waiting, a move in flight."""

    def __init__(self) -> None:
        self.last_id: str | None = None
        self.items: deque[StreamEvent] = deque()
        self.move: bytes | None = None
        self.key: str | None = None
        self.answer: dict[str, Any] | None = None
        self.over = False
        self.failing_since: float | None = None

    def read(self, raw: str | bytes) -> None:
        """Take one frame from the server: an item of the stream, or the answer to the move in flight."""
        message = json.loads(raw)
        kind = message.get("type")
        if kind in ("result", "error"):
            if message.get("key") == self.key:
                self.answer = message
            return
        item = StreamEvent(message["id"], kind, message["data"])
        self.last_id, self.failing_since = item.id, None
        self.items.append(item)

    def outcome(self) -> dict[str, Any]:
        """The move's answer: its result's data, or its typed error (the match over, if the socket closed first)."""
        answer, self.answer, self.move, self.key = self.answer, None, None, None
        if answer is None:
            raise MatchOverError(409, "match/over", "the match ended before the move's answer came", {})
        if answer["type"] == "error":
            raise error_for(int(answer["status"]), answer["error"])
        data: dict[str, Any] = answer["data"]
        return data

    def failed(self, error: Exception, retry_for: float) -> None:
        """A dropped socket: opened again within ``retry_for`` of the first failure, else raise."""
        if isinstance(error, ConnectionClosed) and error.rcvd is not None:
            code = error.rcvd.code
            if code == 1000:
                self.over = True
                return
            if code not in RESUMABLE:
                raise closed_error(code, error.rcvd.reason) from error
        if isinstance(error, InvalidStatus):
            response = error.response
            try:
                body: Any = json.loads(response.body or b"")
            except ValueError:
                body = (response.body or b"").decode(errors="replace")
            failure = error_for(response.status_code, body)
            if not isinstance(failure, StoreUnavailableError):
                raise failure from error
        self.failing_since = self.failing_since or time.monotonic()
        if time.monotonic() - self.failing_since > retry_for:
            raise ConnectionFailedError(NO_ANSWER, "client/connection_failed", f"the seat socket: {error}", {})
