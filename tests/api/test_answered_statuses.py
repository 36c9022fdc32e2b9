"""Every operation of the spec, made to answer what the store and the limits make it answer: the spec
declares each status it answers, with its headers.

Each operation is probed by a request built from the spec alone (made-up ids and tokens of the right
shape, a valid body where one is known), so an operation added later is probed too:

- with the store unreachable, every operation but the catalogue's answers ``503`` (a write with a
  body the probe cannot make up answers ``422`` first), and the spec declares it;
- with every limit at one request, an operation sent twice answers ``429`` the second time exactly
  where the spec declares ``429`` (every operation but the health check), with ``Retry-After``;
- with the store full, every write that reaches it answers ``507``, and no read does.

tests/api/test_schemathesis.py checks every other answer against the spec.
"""

from __future__ import annotations

import dataclasses
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.http.app import create_app
from api.settings import Settings
from api.spec import openapi_document
from api.store.redis_server import RedisServer, free_port
from tests.api.test_limits import fill, free

SPEC = openapi_document()
METHODS = ("get", "post")
#: Operations that never touch the store: the catalogue is the engine's.
STORELESS = {"listGames", "getGame"}
#: Bodies that pass each operation's schema, so that its request reaches the store (others get ``{}``).
BODIES: dict[str, Any] = {
    "createMatch": {"game": "pipifax", "players": 2},
    "submitAction": {"type": "pipifax.flip", "position": 0},
    "joinMatch": {},
    "createTournament": {
        "game": "girafferaffe",
        "players_per_match": 2,
        "format": "round-robin",
        "entrants": [{"name": "ada"}, {"name": "bob"}],
    },
    "joinTournament": {"name": "cy"},
    "reportForfeit": {"index": 0, "seat": 0},
}


@dataclasses.dataclass(frozen=True)
class Operation:
    operation_id: str
    method: str
    path: str
    spec: dict[str, Any]

    def declares(self, status: int) -> bool:
        return str(status) in self.spec["responses"]

    def declared_headers(self, status: int) -> dict[str, Any]:
        headers: dict[str, Any] = self.spec["responses"][str(status)].get("headers", {})
        return headers


OPERATIONS = [
    Operation(operation["operationId"], method, path, operation)
    for path, item in SPEC["paths"].items()
    for method, operation in item.items()
    if method in METHODS
]


def probe(client: FlaskClient, operation: Operation, match_id: str = "", tournament_id: str = "") -> TestResponse:
    """Send ``operation`` a request it accepts as far as its spec can tell: ids (made up unless given), a
    token of the right shape where it takes one, its required headers and a body."""
    match_id = match_id or "probe-match"
    tournament_id = tournament_id or "probe-tournament"
    ids = {"match_id": match_id, "tournament_id": tournament_id, "game_id": "pipifax", "version": "0"}
    path = re.sub(r"\{(\w+)\}", lambda m: ids[m[1]], operation.path)
    headers: dict[str, str] = {}
    if operation.spec.get("security"):
        secret = "s" * 43  # the same token each time: the limits count per token
        host = operation.operation_id in {"startTournament", "cancelTournament", "reportForfeit", "abortMatch"}
        if "{tournament_id}" in operation.path:
            headers["Authorization"] = f"Bearer {tournament_id}.{'host' if host else 'e0'}.{secret}"
        else:
            headers["Authorization"] = f"Bearer {match_id}.{'host' if host else '0'}.{secret}"
    for parameter in operation.spec.get("parameters", []):
        if parameter["in"] == "header" and parameter.get("required"):
            headers[parameter["name"]] = '"0"' if parameter["name"] == "If-Match" else "x"
    if operation.method == "get":
        return client.get(path, headers=headers)
    body = BODIES.get(operation.operation_id, {}) if "requestBody" in operation.spec else None
    return client.post(path, json=body, headers=headers)


def assert_declared(operation: Operation, response: TestResponse) -> None:
    """The answer's status is declared, with every header the spec says it always carries."""
    status = response.status_code
    assert operation.declares(status), (operation.operation_id, status, response.get_json())
    for name, declared in operation.declared_headers(status).items():
        header = SPEC["components"]["headers"][declared["$ref"].rsplit("/", 1)[1]] if "$ref" in declared else declared
        if header.get("required", False):
            assert name in response.headers, (operation.operation_id, status, name)


def test_the_probes_cover_every_operation() -> None:
    assert len(OPERATIONS) >= 28
    assert {"seatSocket", "streamSeat", "submitAction", "createTournament"} <= {o.operation_id for o in OPERATIONS}
    assert set(BODIES) <= {o.operation_id for o in OPERATIONS}


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda o: o.operation_id)
def test_an_unreachable_store_is_a_declared_503(operation: Operation) -> None:
    app = create_app(Settings(redis_url=f"redis://127.0.0.1:{free_port()}/0", key_prefix="unreachable"))
    response = probe(app.test_client(), operation)
    assert_declared(operation, response)
    if operation.operation_id in STORELESS:
        assert response.status_code < 500
    elif operation.method == "get" or operation.operation_id in BODIES or "requestBody" not in operation.spec:
        assert response.status_code == 503, (operation.operation_id, response.get_json())
        assert response.headers["Retry-After"] == "1"


#: Every limit at one request an hour.
ONE_OF_EACH = "create=1/hour;read=1/hour;refused=1/hour"


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda o: o.operation_id)
def test_a_second_request_past_its_limit_is_a_declared_429(operation: Operation, settings: Settings) -> None:
    client = create_app(dataclasses.replace(settings, rate_limits=ONE_OF_EACH)).test_client()
    first, second = probe(client, operation), probe(client, operation)
    assert_declared(operation, first)
    assert_declared(operation, second)
    assert (second.status_code == 429) == operation.declares(429), (operation.operation_id, second.status_code)
    if second.status_code == 429:
        assert int(second.headers["Retry-After"]) >= 1
    assert operation.declares(429) == (operation.operation_id != "getHealth")


@pytest.fixture(scope="module")
def small_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with RedisServer(Path(tmp_path_factory.mktemp("small-redis")), appendonly=False, maxmemory="4mb") as server:
        yield server


def test_a_full_store_is_a_declared_507_on_every_write_and_on_no_read(small_redis: RedisServer) -> None:
    settings = Settings(redis_url=small_redis.url, key_prefix=f"test-{uuid.uuid4().hex[:12]}", rate_limits="off")
    raw = redis.Redis.from_url(small_redis.url)
    client = create_app(settings).test_client()
    waiting = client.post("/matches", json={"game": "pipifax", "players": 2, "seats": [{"name": "a"}, {"open": True}]})
    tournament = client.post("/tournaments", json={**BODIES["createTournament"], "start": False})
    assert (waiting.status_code, tournament.status_code) == (201, 201)
    match_id = waiting.get_json()["match"]["match_id"]
    tournament_id = tournament.get_json()["tournament"]["tournament_id"]
    fillers = fill(raw)
    try:
        answered: dict[str, int] = {}
        for operation in OPERATIONS:
            response = probe(client, operation, match_id, tournament_id)
            assert_declared(operation, response)
            answered[operation.operation_id] = response.status_code
    finally:
        free(raw, fillers)
        raw.flushall()
        raw.config_set("maxmemory", small_redis.maxmemory)
        raw.close()
    assert not [o.operation_id for o in OPERATIONS if o.method == "get" and answered[o.operation_id] == 507]
    # the writes that get as far as the store with these probes: a new match or tournament, a join
    assert {op: answered[op] for op in ("createMatch", "createTournament", "joinMatch", "joinTournament")} == {
        "createMatch": 507,
        "createTournament": 507,
        "joinMatch": 507,
        "joinTournament": 507,
    }
