"""The WebSocket move: Pipifax played over the API's seat channel, ``GET /matches/{id}/seat-socket``.

The protocol (docs/api.md once the channel exists): connect to ``ws://host/matches/{id}/seat-socket``;
the first message is the seat's token as text (never in the URL); then each action is sent as
``{"action": {...}, "version": v, "key": "<idempotency key>"}`` and answered with the body the HTTP
move answers (``MoveResultSchema``) or an error in the API's shape (``{code, status, message,
details}``). The server also pushes the seat stream's items: ``turn`` (the seat must act: its view
and legal actions), ``event`` and ``match_over``, each with its version as its id.

Pushed items are read as JSON objects naming their type under ``event`` (or ``type``) with their data
under ``data`` (or inline) and the id under ``id``; any other frame is the answer, or an error when it
has the error shape (also when wrapped as ``{"type": ..., "data": {...}}``). :func:`read_frame` is the
one place that knows this, so a change in the channel's framing is a change here.

A player keeps one socket per seat, as the peer's client keeps one socket.io connection per seat. The
seat to act waits for its ``turn`` of the match's version (the channel's push, as a seat playing over
it does; the first comes when the socket opens, as on the seat stream), sends one of the turn's legal
actions at random with a fresh key and times it until the answer; the other seat's socket is drained
of what was pushed to it meanwhile. The client offers no compression (permessage-deflate),
as socket.io's server compresses nothing by default.
"""

from __future__ import annotations

import dataclasses
import random
import time
import uuid
from typing import Any

import orjson
from websockets.exceptions import ConnectionClosedOK, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from bench.server_cpu_bench import JSON, Client

#: The pushed item types (the seat stream's event types).
PUSHED = frozenset({"turn", "event", "match_over"})
#: Seconds a socket waits for a frame before the client gives up (a busy machine is slow).
FRAME_TIMEOUT = 60.0


def seat_socket_url(base_url: str, match_id: str) -> str:
    """The channel's ``ws://`` (or ``wss://``) address for a match on the API at ``base_url``."""
    scheme, rest = base_url.split("://", 1)
    return f"{'wss' if scheme == 'https' else 'ws'}://{rest.rstrip('/')}/matches/{match_id}/seat-socket"


@dataclasses.dataclass(frozen=True)
class Frame:
    """One message from the channel: ``kind`` is ``pushed`` (``type`` names it), ``answer`` or ``error``."""

    kind: str
    data: dict[str, Any]
    type: str = ""
    id: str | None = None


def read_frame(text: str | bytes) -> Frame:
    """What a message from the channel is; ValueError when it is none of the protocol's."""
    message = orjson.loads(text)
    if not isinstance(message, dict):
        raise ValueError(f"not a JSON object: {str(text)[:200]}")
    named = message.get("event", message.get("type"))
    if named == "error" and isinstance(message.get("error"), dict):  # {"type": "error", "key", "status", "error"}
        return Frame("error", message["error"])
    body = message.get("data", message) if isinstance(named, str) else message
    if not isinstance(body, dict):
        raise ValueError(f"a frame whose data is not an object: {str(text)[:200]}")
    if named in PUSHED:
        event_id = message.get("id")
        return Frame("pushed", body, type=str(named), id=None if event_id is None else str(event_id))
    if {"code", "status", "message"} <= body.keys():
        return Frame("error", body)
    if {"version", "view", "events"} <= body.keys():
        return Frame("answer", body)
    raise ValueError(f"neither a pushed item, an answer nor an error: {str(text)[:200]}")


class SeatSocket:
    """One seat's channel: the latest ``turn`` pushed to it, and whether ``match_over`` came."""

    def __init__(self, base_url: str, match_id: str, token: str) -> None:
        self.connection: ClientConnection = connect(
            seat_socket_url(base_url, match_id), compression=None, proxy=None, open_timeout=FRAME_TIMEOUT
        )
        self.connection.send(token)
        self.turn: dict[str, Any] | None = None
        self.over = False

    def _take(self, frame: Frame) -> None:
        if frame.kind == "error":
            raise RuntimeError(f"the channel answered an error: {frame.data}")
        if frame.type == "turn" and (self.turn is None or frame.data["version"] >= self.turn["version"]):
            self.turn = frame.data
        elif frame.type == "match_over":
            self.over = True

    def _next(self, timeout: float | None) -> Frame:
        return read_frame(self.connection.recv(timeout=timeout))

    def wait_turn(self, version: int) -> dict[str, Any]:
        """The ``turn`` pushed to this seat for ``version`` (reading frames until it comes)."""
        while self.turn is None or self.turn["version"] < version:
            if self.over:
                raise RuntimeError(f"the match ended before a turn at version {version}")
            self._take(self._next(FRAME_TIMEOUT))
        return self.turn

    def act(self, action: dict[str, Any], version: int) -> dict[str, Any]:
        """Send ``action`` at ``version`` with a fresh key; its answer (keeping what is pushed meanwhile)."""
        self.connection.send(orjson.dumps({"action": action, "version": version, "key": str(uuid.uuid4())}).decode())
        while True:
            frame = self._next(FRAME_TIMEOUT)
            if frame.kind == "answer":
                return frame.data
            self._take(frame)

    def drain(self) -> None:
        """Read what was pushed to this seat so far, without waiting (none after the match's end, when
        the server closes the socket)."""
        while not self.over:
            try:
                frame = self._next(0)
            except (TimeoutError, ConnectionClosedOK):
                return
            self._take(frame)

    def close(self) -> None:
        self.connection.close()


class SeatSocketPlayer:
    """Plays Pipifax matches seat against seat over the channel (matches are created over HTTP)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.base_url = f"http://{client.connection.host}:{client.connection.port}"
        self.creates = 0
        self.sockets: list[SeatSocket] = []
        self.new_match()

    def new_match(self) -> None:
        for socket in self.sockets:
            socket.close()
        created = self.client.send("POST", "/matches", orjson.dumps({"game": "pipifax", "players": 2}), JSON)
        self.creates += 1
        match_id = created["match"]["match_id"]
        self.sockets = [SeatSocket(self.base_url, match_id, seat["token"]) for seat in created["seats"]]
        self.match: dict[str, Any] = created["match"]

    def step(self) -> float | None:
        """One move and its latency (``None``: the match was over and a new one was created instead)."""
        if self.match["status"] == "finished":
            self.new_match()
            return None
        seat = self.match["to_act"][0]
        socket = self.sockets[seat]
        turn = socket.wait_turn(self.match["version"])
        action = random.choice(turn["legal_actions"]["actions"])
        start = time.perf_counter()
        self.match = socket.act(action, self.match["version"])
        latency = time.perf_counter() - start
        for other in self.sockets:
            if other is not socket:
                other.drain()
        return latency


def unavailable_reason(base_url: str) -> str | None:
    """Why the channel cannot be used on the API at ``base_url`` (``None``: its handshake succeeds).

    A match is created and its first seat's channel opened: a server without the route answers the
    upgrade with ``404`` (the API's ``not_found``) instead of ``101``.
    """
    client = Client(base_url)
    created = client.send("POST", "/matches", orjson.dumps({"game": "pipifax", "players": 2}), JSON)
    client.connection.close()
    match_id = created["match"]["match_id"]
    try:
        connection = connect(
            seat_socket_url(base_url, match_id), compression=None, proxy=None, open_timeout=FRAME_TIMEOUT
        )
    except InvalidStatus as refused:
        response = refused.response
        try:
            code = orjson.loads(response.body or b"{}").get("code", "")
        except orjson.JSONDecodeError:
            code = ""
        return f"GET /matches/{{id}}/seat-socket answered {response.status_code}" + (f" ({code})" if code else "")
    connection.close()
    return None
