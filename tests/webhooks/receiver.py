"""A webhook receiver in the test process, and what the tests check of what it received.

An HTTP/1.1 server on a thread that records every POST and answers as a test tells it: a status, or
a wait past the sender's timeout. It can be stopped (its open connections cut too) and started again
on the same port, as a receiver that goes down and comes back.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import json
import socket
import threading
import time
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

from arena_sdk import verify_signature

from api.store.redis_server import free_port


@dataclasses.dataclass(frozen=True)
class Reply:
    """How the receiver answers one request: ``status`` after ``delay`` seconds, and not before ``held`` is
    set, if given (at most :data:`HOLD_LIMIT` seconds: a test that fails first lets the receiver stop)."""

    status: int = 200
    delay: float = 0.0
    held: threading.Event | None = None


#: The longest a held reply waits, in seconds.
HOLD_LIMIT = 300.0


@dataclasses.dataclass(frozen=True)
class Received:
    """One request as the receiver got it."""

    headers: dict[str, str]
    body: bytes
    at: float
    status: int
    connection: int

    @property
    def event(self) -> dict[str, Any]:
        event: dict[str, Any] = json.loads(self.body)
        return event


class Receiver:
    """Records POSTs to ``url``; answers each with the next scripted :class:`Reply`, then ``usual``."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/hook?from=arena"
        self.received: list[Received] = []
        self._replies: collections.deque[Reply] = collections.deque()
        self._changed = threading.Condition()
        self._server: ThreadingHTTPServer | None = None
        self._open: set[socket.socket] = set()
        self._connections = 0
        #: The answer to every request the script does not cover.
        self.usual = Reply()

    def reply(self, *replies: Reply) -> None:
        """Answer the next requests with ``replies``, in order (then :attr:`usual` again)."""
        with self._changed:
            self._replies.extend(replies)

    def start(self) -> Receiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as a real receiver: the sender reuses its connection

            def setup(self) -> None:
                super().setup()
                with receiver._changed:
                    receiver._open.add(self.connection)
                    receiver._connections += 1
                    self.number = receiver._connections

            def finish(self) -> None:
                with receiver._changed:
                    receiver._open.discard(self.connection)
                super().finish()

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with receiver._changed:
                    reply = receiver._replies.popleft() if receiver._replies else receiver.usual
                    received = Received(dict(self.headers.items()), body, time.time(), reply.status, self.number)
                    receiver.received.append(received)
                    receiver._changed.notify_all()
                if reply.held is not None:
                    reply.held.wait(HOLD_LIMIT)
                time.sleep(reply.delay)
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Length", "2")
                    self.end_headers()
                    self.wfile.write(b"ok")
                except OSError:
                    self.close_connection = True  # the sender gave up waiting

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def stop(self) -> None:
        """Stop listening and cut every open connection: the receiver is down."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        with self._changed:
            for connection in self._open:
                with contextlib.suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)

    def wait_until(self, done: Callable[[list[Received]], bool], timeout: float, what: str) -> list[Received]:
        """What was received once ``done`` holds of it (checked at each request); fails after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not done(self.received):
                left = deadline - time.monotonic()
                assert left > 0, f"{what}: not within {timeout} s; received {[r.event['id'] for r in self.received]}"
                self._changed.wait(min(left, 1.0))
            return list(self.received)

    def __enter__(self) -> Receiver:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()


def ids(received: Iterable[Received]) -> list[str]:
    return [r.event["id"] for r in received]


def has(event_id: str) -> Callable[[list[Received]], bool]:
    """A condition of :meth:`Receiver.wait_until`: ``event_id`` was answered with a 2xx."""
    return lambda received: any(r.event["id"] == event_id and 200 <= r.status < 300 for r in received)


def first_deliveries(received: Iterable[Received]) -> list[Received]:
    """Each event's first delivery that the receiver accepted (a 2xx), in the order they came:
    what a receiver that deduplicates by id processes."""
    seen: set[str] = set()
    kept = []
    for item in received:
        event_id = item.event["id"]
        if 200 <= item.status < 300 and event_id not in seen:
            seen.add(event_id)
            kept.append(item)
    return kept


def check_signatures(received: Iterable[Received], secret: str) -> None:
    """Every request is signed with ``secret`` (and the SDK refuses it under any other)."""
    for item in received:
        header = item.headers["Arena-Signature"]
        assert verify_signature(secret, header, item.body), header
        assert not verify_signature(secret + "x", header, item.body)
        assert item.headers["Arena-Event-Id"] == item.event["id"]
        assert item.headers["Arena-Event-Type"] == item.event["type"]
        assert item.headers["Content-Type"] == "application/json"


def public_versions(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The public event log (``GET /events``) grouped as ``version`` deliveries carry it."""
    grouped: dict[int, list[dict[str, Any]]] = {}
    for event in events:
        grouped.setdefault(event["version"], []).append(event)
    return [{"version": version, "events": found} for version, found in grouped.items()]


def check_match_deliveries(
    received: list[Received], match_id: str, public_events: list[dict[str, Any]], match: dict[str, Any]
) -> None:
    """Deduplicated by id, the deliveries are every public event of the match, version by version in
    order and exactly as ``GET /events`` shows them (nothing hidden), then its end as the match shows it."""
    kept = first_deliveries(received)
    assert kept, "nothing was delivered"
    *versions, over = kept
    assert [v.event["type"] for v in versions] == ["version"] * len(versions)
    assert [v.event["data"] for v in versions] == public_versions(public_events)
    assert all(v.event["id"] == f"{match_id}.{v.event['data']['version']}" for v in versions)
    assert all(v.event["match_id"] == match_id for v in kept)
    assert all(e["visible_to"] is None for v in versions for e in v.event["data"]["events"])
    assert over.event["type"] == "match_over" and over.event["id"] == f"{match_id}.over"
    assert over.event["data"] == {"version": match["version"], "status": match["status"], "result": match["result"]}
    # the same id always carries the same body (only the signature's timestamp changes)
    bodies: dict[str, bytes] = {}
    for item in received:
        assert bodies.setdefault(item.event["id"], item.body) == item.body
