"""The worker model: gevent workers hold slow clients and idle keep-alive connections cheaply.

With sync workers, each client that sends its headers and then dawdles over its body holds a whole
worker; a handful of them stalled every other request for half a minute.
"""

from __future__ import annotations

import http.client
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from tests.live_server import LiveServer

SLOW_CLIENTS = 50
#: Generous: a busy machine answers well within it, a server stalled by slow clients does not.
CLIENT_TIMEOUT = 10.0


def connect(port: int, deadline: float) -> socket.socket:
    """A socket connected to the server, retrying refusals and timeouts until ``deadline``."""
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=CLIENT_TIMEOUT)
        except (ConnectionRefusedError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


@pytest.fixture
def slow_clients(live_server: LiveServer) -> Iterator[list[socket.socket]]:
    """Clients that announce a 1000-byte body to ``POST /matches``, send none of it, and stay open."""
    headers = (
        "POST /matches HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{live_server.port}\r\n"
        "Content-Type: application/json\r\n"
        "Content-Length: 1000\r\n"
        "\r\n"
    ).encode()
    deadline = time.monotonic() + 60
    clients: list[socket.socket] = []
    try:
        for _ in range(SLOW_CLIENTS):
            client = connect(live_server.port, deadline)
            clients.append(client)
            client.sendall(headers)
        yield clients
    finally:
        for client in clients:
            client.close()


def test_slow_clients_do_not_stop_health_or_a_move(live_server: LiveServer, slow_clients: list[socket.socket]) -> None:
    """Fifty clients stuck in their request bodies; the health check and a whole move still get through."""
    url = live_server.url
    health = requests.get(f"{url}/health", timeout=CLIENT_TIMEOUT)
    assert health.status_code == 200, health.text

    created = requests.post(f"{url}/matches", json={"game": "pipifax", "players": 2}, timeout=CLIENT_TIMEOUT)
    assert created.status_code == 201, created.text
    body: dict[str, Any] = created.json()
    match, tokens = body["match"], [seat["token"] for seat in body["seats"]]
    token = tokens[match["to_act"][0]]
    legal = requests.get(
        f"{url}/matches/{match['match_id']}/legal-actions",
        headers={"Authorization": f"Bearer {token}"},
        timeout=CLIENT_TIMEOUT,
    )
    assert legal.status_code == 200, legal.text
    moved = requests.post(
        f"{url}/matches/{match['match_id']}/actions",
        json=legal.json()["actions"][0],
        headers={"Authorization": f"Bearer {token}", "If-Match": str(match["version"])},
        timeout=CLIENT_TIMEOUT,
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["version"] == match["version"] + 1

    for client in slow_clients:  # none of them was answered or dropped: they are still waiting
        client.setblocking(False)
        with pytest.raises(BlockingIOError):
            client.recv(1)


def test_keep_alive_serves_several_requests_on_one_connection(live_server: LiveServer) -> None:
    """The server keeps the connection open between requests instead of closing it after each."""
    connection = http.client.HTTPConnection("127.0.0.1", live_server.port, timeout=CLIENT_TIMEOUT)
    try:
        first_socket = None
        for path in ["/health", "/games", "/health", "/matches/nope", "/health"]:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            assert response.status in (200, 404), path
            assert response.getheader("Connection", "").lower() != "close", path
            assert not response.will_close, path
            first_socket = first_socket or connection.sock
            assert connection.sock is first_socket, f"{path} was answered on a new connection"
    finally:
        connection.close()
