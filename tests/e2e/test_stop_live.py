"""A server that stops (SIGTERM) tells its streams and seat sockets where to resume and does not wait for
them, and the SDK's followers resume across the restart, missing and repeating nothing.

gunicorn alone would wait ``graceful_timeout`` (30 s) for every open stream, seat socket and idle
keep-alive connection; the server's worker (``api/gunicorn_worker.py``) ends them at once instead: an
SSE stream with the id of the last event it sent and ``retry:``, a seat socket with close code 1001 and
that id in its reason. Nothing here is timed: the only bound is that the server exits well before
gunicorn's own graceful timeout, which an open stream would make it wait out.
"""

from __future__ import annotations

import http.client
import json
import signal
import socket
import threading
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from arena_sdk import Arena
from arena_sdk._sync.sockets import Channel
from arena_sdk.socket_state import socket_url
from arena_sdk.stream_state import StreamEvent
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from api.gunicorn_conf import graceful_timeout
from api.store.redis_server import RedisServer
from tests.live_server import LiveServer

Json = dict[str, Any]
#: Seconds any one read or exit may take on a busy machine: far below gunicorn's graceful timeout.
PATIENCE = 20.0
assert graceful_timeout > PATIENCE


@pytest.fixture
def server(redis_server: RedisServer) -> Iterator[LiveServer]:
    with LiveServer(redis_server.url, workers=2, key_prefix=f"stop-{uuid.uuid4().hex[:8]}", referee=False) as live:
        yield live


def create(server: LiveServer) -> Json:
    body = {"game": "pipifax", "players": 2, "seed": 5, "options": {"first_player": 0}}
    answer = requests.post(f"{server.url}/matches", json=body, timeout=PATIENCE)
    assert answer.status_code == 201, answer.text
    created: Json = answer.json()
    return created


def move(server: LiveServer, created: Json, version: int) -> Json:
    """The seat to act plays its first legal action at ``version``; the move's answer."""
    match_id = created["match"]["match_id"]
    state = requests.get(f"{server.url}/matches/{match_id}", timeout=PATIENCE).json()
    assert state["version"] == version
    auth = {"Authorization": f"Bearer {created['seats'][state['to_act'][0]]['token']}"}
    page = requests.get(f"{server.url}/matches/{match_id}/legal-actions", headers=auth, timeout=PATIENCE).json()
    headers = {**auth, "If-Match": str(version)}
    answer = requests.post(
        f"{server.url}/matches/{match_id}/actions", json=page["actions"][0], headers=headers, timeout=PATIENCE
    )
    assert answer.status_code == 200, answer.text
    moved: Json = answer.json()
    return moved


def terminate(server: LiveServer) -> None:
    """SIGTERM the server's arbiter, as a process manager stops it, and wait for it to exit."""
    assert server.process is not None
    server.process.send_signal(signal.SIGTERM)
    server.process.wait(timeout=PATIENCE)  # gunicorn alone would wait graceful_timeout for the open streams
    server.process = None


class RawStream:
    """An SSE stream read off its socket as it comes (HTTP/1.1 without a client library: the bytes as
    sent, chunked), until the server ends it."""

    def __init__(self, server: LiveServer, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE)
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.received = b""

    def read_until(self, wanted: bytes) -> None:
        while wanted not in self.received:
            self.received += self.sock.recv(65536)

    def read_to_end(self) -> None:
        """Until the server closes the connection (a chunked response's last chunk first)."""
        while chunk := self.sock.recv(65536):
            self.received += chunk


def test_a_stopping_server_tells_its_streams_and_sockets_where_to_resume_and_waits_for_none(
    server: LiveServer,
) -> None:
    created = create(server)
    match_id = created["match"]["match_id"]
    stream = RawStream(server, f"/matches/{match_id}/stream?after=-1")
    idle = http.client.HTTPConnection("127.0.0.1", server.port, timeout=PATIENCE)  # a pool's idle connection
    idle.request("GET", f"/matches/{match_id}")
    assert idle.getresponse().read()
    with ws_connect(f"ws://127.0.0.1:{server.port}/matches/{match_id}/seat-socket?after=-1") as seat_socket:
        seat_socket.send(created["seats"][1]["token"])
        move(server, created, 0)
        stream.read_until(b"id: 1\n")
        pushed: list[Json] = []
        while not pushed or pushed[-1]["id"] != "1":
            pushed.append(json.loads(seat_socket.recv(timeout=PATIENCE)))
        listening = threading.Thread(target=stream.read_to_end, daemon=True)
        listening.start()

        terminate(server)

        listening.join(timeout=PATIENCE)
        assert not listening.is_alive(), "the stream was not ended"
        # the stream's end: no event, but the last event id again and when to reconnect, then the last chunk
        ending = b": the server is stopping: connect again with Last-Event-ID\nid: 1\nretry: 1000\n\n"
        assert stream.received.endswith(ending + b"\r\n0\r\n\r\n"), stream.received[-300:]
        assert b"match_over" not in stream.received
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                seat_socket.recv(timeout=PATIENCE)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 1001
    assert closed.value.rcvd.reason.endswith("Last-Event-ID 1")


def test_the_sdks_followers_resume_across_a_restart_missing_and_repeating_nothing(server: LiveServer) -> None:
    created = create(server)
    match_id = created["match"]["match_id"]
    arena = Arena(server.url, retry_for=120.0)
    heard: dict[str, list[StreamEvent]] = {"stream": [], "socket": []}
    channel = Channel(
        socket_url(server.url, match_id, 100, -1),
        created["seats"][1]["token"],
        connect_timeout=PATIENCE,
        retry_for=120.0,
        pause=0.2,
    )

    def follow(name: str, events: Iterator[StreamEvent]) -> None:
        for event in events:
            heard[name].append(event)
            if event.type == "match_over":
                return

    followers = [
        threading.Thread(target=follow, args=("stream", arena.stream(match_id, after=-1)), daemon=True),
        threading.Thread(target=follow, args=("socket", channel.items()), daemon=True),
    ]
    for follower in followers:
        follower.start()
    version = move(server, created, 0)["version"]
    version = move(server, created, version)["version"]

    terminate(server)
    server.start()  # the same port and store

    version = move(server, created, version)["version"]
    auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    resigned = requests.post(f"{server.url}/matches/{match_id}/resign", headers=auth, timeout=PATIENCE)
    assert resigned.status_code == 200, resigned.text
    for follower in followers:
        follower.join(timeout=120.0)
        assert not follower.is_alive(), "a follower did not reach the match's end"
    channel.close()
    for name, events in heard.items():
        ids = [event.id for event in events if event.type != "turn"]
        assert len(ids) == len(set(ids)), (name, ids)  # nothing repeated
        versions = sorted({event.version for event in events})
        assert versions == list(range(versions[0], version + 2)), (name, versions)  # nothing missed
        assert events[-1].type == "match_over"
