"""Requests too large for gunicorn's limits (api/gunicorn_conf.py) are refused in the API's error shape."""

from __future__ import annotations

import json
import socket
from typing import Any

from api import gunicorn_conf
from tests.live_server import LiveServer


def raw_request(server: LiveServer, request: bytes) -> tuple[int, dict[str, str], Any]:
    """Send ``request`` as it is and read the whole answer (the server closes the connection)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, json.loads(body)


def test_a_request_line_past_the_limit_is_414_in_the_error_shape(live_server: LiveServer) -> None:
    path = "/matches/" + "x" * (gunicorn_conf.limit_request_line + 10)
    status, headers, body = raw_request(live_server, f"GET {path} HTTP/1.1\r\nHost: arena\r\n\r\n".encode())
    assert status == 414
    assert headers["content-type"] == "application/json"
    assert set(body) == {"code", "status", "message", "details"}
    assert (body["code"], body["status"]) == ("request/uri_too_long", 414)


def test_too_many_or_too_large_header_fields_are_431_in_the_error_shape(live_server: LiveServer) -> None:
    many = "".join(f"X-Field-{n}: {n}\r\n" for n in range(gunicorn_conf.limit_request_fields + 5))
    large = f"X-Large: {'y' * (gunicorn_conf.limit_request_field_size + 10)}\r\n"
    for fields in (many, large):
        status, headers, body = raw_request(
            live_server, f"GET /health HTTP/1.1\r\nHost: arena\r\n{fields}\r\n".encode()
        )
        assert status == 431
        assert headers["content-type"] == "application/json"
        assert (body["code"], body["status"]) == ("request/headers_too_large", 431)
        assert body["details"] == {}


def test_requests_within_the_limits_are_served(live_server: LiveServer) -> None:
    fields = "".join(f"X-Field-{n}: {n}\r\n" for n in range(50))
    status, _, body = raw_request(
        live_server, f"GET /health HTTP/1.1\r\nHost: arena\r\nConnection: close\r\n{fields}\r\n".encode()
    )
    assert status == 200
    assert body["status"] == "ok"
