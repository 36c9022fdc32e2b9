"""Deeply nested JSON never reaches a 500: every operation of the spec, sent nested bodies.

Each operation of ``openapi/openapi.json`` is called with a real match (or tournament) and the
token it needs, so a request gets as far as the server would take it: a body nesting deeper than
``MAX_JSON_DEPTH`` is refused with ``400 request/too_deep`` wherever it nests (the whole body, or
any one property of the operation's body schema), and nothing is stored; one exactly at the cap
is judged on what it says.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.http.blueprint import MAX_JSON_DEPTH, depth_beyond
from tests.api.helpers import Created, assert_error, assert_not_server_error, body_of, create_match, stored_match

SPEC = json.loads((Path(__file__).parents[2] / "openapi" / "openapi.json").read_text())
OPERATIONS = [
    (method, path, operation)
    for path, item in SPEC["paths"].items()
    for method, operation in item.items()
    if method in ("get", "post", "put", "patch", "delete")
]
#: A well-formed body per operation that takes one, into which the nesting goes.
BODIES: dict[str, dict[str, Any]] = {
    "createMatch": {"game": "pili-pili", "players": 2, "options": {"missions": "standard"}},
    "submitAction": {"type": "pipifax.flip", "position": 0},
    "joinMatch": {"name": "late"},
    "createTournament": {
        "game": "pipifax",
        "players_per_match": 2,
        "format": "round-robin",
        "entrants": [{"name": "a"}, {"name": "b"}],
        "start": False,
    },
    "joinTournament": {"name": "c"},
    "reportForfeit": {"index": 0, "seat": 0},
    "holdPresence": {"seconds": 30},
    "replayRecordVersion": {"format": 2, "match_id": "m", "game": "pipifax", "players": 2},
}
#: Depths past the cap: just past it, where the fingerprint's serialiser gave up (253), where an
#: action's integer normalisation ran out of stack (900), and far past the parser's own limit (1024).
TOO_DEEP = (MAX_JSON_DEPTH + 1, 253, 900, 9_000)


def nested(depth: int, leaf: Any = 1) -> str:
    """JSON of ``depth`` levels of arrays and objects in turn, around ``leaf``."""
    text = json.dumps(leaf)
    for level in range(depth):
        text = f'{{"k": {text}}}' if level % 2 else f"[{text}]"
    return text


def body_properties(operation: dict[str, Any]) -> list[str]:
    """The top-level properties of the operation's JSON body schema (none for a body of several types)."""
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    if "$ref" in schema:
        schema = SPEC["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return sorted(schema.get("properties", {}))


def variants(operation_id: str, operation: dict[str, Any], depth: int) -> Iterator[tuple[str, str]]:
    """``(what, body)``, each nesting ``depth`` deep: the whole body, and the operation's body with
    each of its properties nested (one level less, as the body's own object is the first)."""
    yield "whole body", nested(depth)
    if "requestBody" not in operation:
        return
    for name in body_properties(operation):
        body = json.dumps({**BODIES[operation_id], name: "<nested>"})
        yield name, body.replace('"<nested>"', nested(depth - 1))


class World:
    """A match at its first move, an open-seat match, a tournament with entries open, and their tokens."""

    def __init__(self, client: FlaskClient) -> None:
        self.match = create_match(client, "pipifax", 2, seed=5)
        self.seat = stored_match(client, self.match.match_id).state["turn"]
        open_seat = {"game": "pipifax", "players": 2, "seats": [{"name": "host"}, {"open": True}]}
        self.waiting = body_of(client.post("/matches", json=open_seat))["match"]["match_id"]
        created = body_of(client.post("/tournaments", json=BODIES["createTournament"]))
        self.tournament = created["tournament"]["tournament_id"]
        self.tournament_host = created["host_token"]

    def url(self, operation_id: str, path: str) -> str:
        match_id = self.waiting if operation_id == "joinMatch" else self.match.match_id
        return path.format(match_id=match_id, version=0, game_id="pipifax", tournament_id=self.tournament)

    def headers(self, operation_id: str, path: str) -> dict[str, str]:
        headers = {"Idempotency-Key": f"nested-{operation_id}", "If-Match": "0"}
        if path.startswith("/tournaments/"):
            headers["Authorization"] = f"Bearer {self.tournament_host}"
        elif operation_id == "abortMatch":
            headers["Authorization"] = f"Bearer {self.match.body['host_token']}"
        elif path.startswith("/matches/"):
            headers["Authorization"] = f"Bearer {self.match.tokens[self.seat]}"
        return headers


def send(client: FlaskClient, world: World, operation: tuple[str, str, str], body: str) -> TestResponse:
    """``body`` to ``operation`` (method, path, operation id) on the world's match or tournament."""
    method, path, operation_id = operation
    response = client.open(
        world.url(operation_id, path),
        method=method.upper(),
        data=body,
        content_type="application/json",
        headers=world.headers(operation_id, path),
        buffered=False,
    )
    response.close()  # a stream is not read: its status and headers are what is checked
    return response


@pytest.mark.parametrize(("method", "path", "operation"), OPERATIONS, ids=[o[2]["operationId"] for o in OPERATIONS])
def test_nested_bodies_to_every_operation_never_get_a_server_error(
    client: FlaskClient, method: str, path: str, operation: dict[str, Any]
) -> None:
    world = World(client)
    operation_id = operation["operationId"]
    for depth in TOO_DEEP:
        for what, body in variants(operation_id, operation, depth):
            response = send(client, world, (method, path, operation_id), body)
            if "requestBody" in operation:
                refused = assert_error(response, 400, "request/too_deep")
                assert refused["details"] == {"depth": depth, "max_depth": MAX_JSON_DEPTH}, (what, refused)
            elif response.status_code >= 400:  # a body it does not read: judged without it
                assert_not_server_error(response)
            assert response.status_code < 500, (operation_id, what, depth, response.status_code)
    assert stored_match(client, world.match.match_id).version == 0  # no move was made


@pytest.mark.parametrize("operation_id", sorted(BODIES))
def test_a_body_at_the_cap_is_judged_on_what_it_says(client: FlaskClient, operation_id: str) -> None:
    world = World(client)
    method, path, operation = next(o for o in OPERATIONS if o[2]["operationId"] == operation_id)
    for what, body in variants(operation_id, operation, MAX_JSON_DEPTH):
        response = send(client, world, (method, path, operation_id), body)
        assert response.status_code < 500, (what, response.status_code)
        if response.status_code >= 400:
            assert body_of(response)["code"] != "request/too_deep", what


def test_options_nested_past_what_the_fingerprint_serialises_are_400_and_store_nothing(client: FlaskClient) -> None:
    before = client.get("/matches").get_json()["matches"]
    body = '{"game": "pipifax", "players": 2, "options": {"x": ' + nested(300) + "}}"
    response = client.post(
        "/matches", data=body, content_type="application/json", headers={"Idempotency-Key": "deep-options"}
    )
    assert_error(response, 400, "request/too_deep")
    assert client.get("/matches").get_json()["matches"] == before


def test_an_action_field_nested_900_deep_is_400_and_changes_nothing(client: FlaskClient) -> None:
    created: Created = create_match(client, "pipifax", 2, seed=5)
    seat = stored_match(client, created.match_id).state["turn"]
    body = '{"type": "pipifax.flip", "position": ' + nested(900) + "}"
    response = client.post(
        f"{created.url}/actions",
        data=body,
        content_type="application/json",
        headers={**created.auth(seat), "If-Match": "0"},
    )
    assert_error(response, 400, "request/too_deep")
    assert stored_match(client, created.match_id).version == 0


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        (b'{"a": [1, {"b": [[]]}]}', 5),
        (b'["[[[[", "{{{{", "\\"[[["]', 1),  # brackets in strings, and an escaped quote, do not nest
        (b'[["\\\\"], [[["x"]]]]', 4),  # an escaped backslash ends its string
        (b"[" * 40 + b"]" * 40, 40),
        (b'"[[[[[[' + b"[" * 40, None),  # an open string runs to the end: not JSON, and no depth beyond
        (b'["' + b'\\"' * 5000 + b"[" * 40, None),  # many escapes: still linear, and nothing beyond
    ],
)
def test_the_depth_scan_skips_strings(text: bytes, depth: int | None) -> None:
    found = depth_beyond(text, 3)
    assert found == (depth if depth is not None and depth > 3 else None)
