"""Shared helpers of the API tests: creating matches, reading them back, playing them through HTTP.

Everything goes through the Flask test client and the real Redis started by ``tests/conftest.py``.
Where a test needs to know the hidden truth (to pick a matching card, or to prove a view hides it),
it reads the stored snapshot through the app's own store: the real data, not a stand-in.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterable, Mapping
from typing import Any

import redis
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

import engine
from api.http.errors import ErrorSchema
from api.http.extensions import CONTEXT_KEY
from api.http.matches import schemas
from api.store.matches import MatchStore
from api.usecases import records
from api.usecases.context import Context
from engine import Match, RecordedAction

Json = dict[str, Any]

ERROR_KEYS = {"code", "status", "message", "details"}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def body_of(response: TestResponse) -> Json:
    """The JSON object of ``response`` (fails the test if it is not one)."""
    assert response.is_json, (response.status_code, response.get_data(as_text=True)[:500])
    body = response.get_json()
    assert isinstance(body, dict), body
    return body


def assert_error(response: TestResponse, status: int, code: str) -> Json:
    """Check that ``response`` is the one error shape with ``status`` and ``code``; return its body."""
    text = response.get_data(as_text=True)[:500]
    assert response.status_code == status, (response.status_code, text)
    assert response.mimetype == "application/json", text
    body = body_of(response)
    assert set(body) == ERROR_KEYS, body
    assert ErrorSchema().validate(body) == {}, body
    assert body["code"] == code, body
    assert body["status"] == status, body
    assert isinstance(body["message"], str) and body["message"], body
    assert isinstance(body["details"], dict), body
    return body


def assert_not_server_error(response: TestResponse) -> Json:
    """Any refusal a client can provoke is a 4xx in the one error shape, never a 500."""
    text = response.get_data(as_text=True)[:500]
    assert 400 <= response.status_code < 500, (response.status_code, text)
    return assert_error(response, response.status_code, body_of(response).get("code", "?"))


@dataclasses.dataclass(frozen=True)
class Created:
    """A match created through ``POST /matches``: its id, seat tokens and the 201 body."""

    match_id: str
    tokens: list[str]
    body: Json
    seed: int | None

    @property
    def match(self) -> Json:
        match: Json = self.body["match"]
        return match

    @property
    def url(self) -> str:
        return f"/matches/{self.match_id}"

    def auth(self, seat: int) -> dict[str, str]:
        return auth(self.tokens[seat])


def create_match(
    client: FlaskClient,
    game: str,
    players: int,
    *,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> Created:
    request: Json = {"game": game, "players": players}
    if seed is not None:
        request["seed"] = seed
    if options is not None:
        request["options"] = dict(options)
    response = client.post("/matches", json=request)
    assert response.status_code == 201, response.get_data(as_text=True)
    body = body_of(response)
    assert schemas.CreatedMatchSchema().validate(body) == {}, schemas.CreatedMatchSchema().validate(body)
    return Created(body["match"]["match_id"], [s["token"] for s in body["seats"]], body, seed)


def context_of(client: FlaskClient) -> Context:
    """The use cases' context of the app behind ``client`` (its store, clock and hooks)."""
    ctx: Context = client.application.extensions[CONTEXT_KEY]
    return ctx


def store_of(client: FlaskClient) -> MatchStore:
    return context_of(client).store


def keep_record(client: FlaskClient, match_id: str) -> None:
    """Keep the record of a match that is over, as the referee's record keeper does after its end
    (these tests run no referee)."""
    assert records.keep(context_of(client), match_id), f"match {match_id} has no record"


def is_rate_counter(key: bytes, prefix: str) -> bool:
    """Whether ``key`` counts requests for the rate limits."""
    return key.startswith(f"{prefix}:limits:".encode())


def stored_values(client: redis.Redis, prefix: str, *, counters: bool = False) -> dict[bytes, Any]:
    """Every key under ``prefix`` with its value (the rate limits' counters only if ``counters``)."""
    found: dict[bytes, Any] = {}
    for key in client.scan_iter(match=f"{prefix}:*", count=1000):
        if not counters and is_rate_counter(key, prefix):
            continue
        kind = client.type(key)
        if kind == b"hash":
            found[key] = client.hgetall(key)
        elif kind == b"list":
            found[key] = client.lrange(key, 0, -1)
        elif kind == b"zset":
            found[key] = client.zrange(key, 0, -1, withscores=True)
        else:
            found[key] = client.get(key)
    return found


def stored_keys(client: FlaskClient) -> list[bytes]:
    """Every key the app stored under the test's prefix, but the rate limits' counters."""
    ctx = context_of(client)
    store = ctx.store
    prefix = store.settings.key_prefix
    keys = store.client.scan_iter(match=f"{prefix}:*", count=1000)
    return [key for key in keys if not is_rate_counter(key, prefix)]


def stored_match(client: FlaskClient, match_id: str) -> Match:
    """The engine match as stored now (the hidden truth, for choosing moves and checking views)."""
    return Match.from_json(store_of(client).load(match_id)["match"])


def raw_log(client: FlaskClient, match_id: str) -> list[Json]:
    """Every stored log entry of the match, setup first."""
    return store_of(client).log(match_id, -1, 1_000_000)


def rewrite_state(client: FlaskClient, match_id: str, state: Any) -> None:
    """Replace the stored state of a match (same version), to prove views do not depend on hidden parts."""
    ctx = context_of(client)
    store = ctx.store
    record = store.load(match_id)
    record["match"]["state"] = state
    store.client.hset(store.keys.match(match_id), "snapshot", json.dumps(record))
    store.latest.forget()  # written behind the server's back: what it heard of the match is no longer so


def get_json(client: FlaskClient, url: str, headers: Mapping[str, str] | None = None) -> Json:
    response = client.get(url, headers=dict(headers or {}))
    assert response.status_code == 200, (url, response.get_data(as_text=True)[:500])
    return body_of(response)


def public(client: FlaskClient, created: Created) -> Json:
    return get_json(client, created.url)


def seat_view(client: FlaskClient, created: Created, seat: int) -> Json:
    return get_json(client, f"{created.url}/view", created.auth(seat))


def legal(client: FlaskClient, created: Created, seat: int, query: str = "") -> Json:
    return get_json(client, f"{created.url}/legal-actions{query}", created.auth(seat))


def all_events(client: FlaskClient, match_id: str, token: str | None = None, limit: int = 1000) -> list[Json]:
    """The whole event log as one reader sees it, read page by page from ``after=-1``."""
    events: list[Json] = []
    after = -1
    while True:
        path = "seat-events" if token else "events"
        page = get_json(client, f"/matches/{match_id}/{path}?after={after}&limit={limit}", auth(token) if token else {})
        events.extend(page["events"])
        if not page["has_more"]:
            return events
        assert page["next_after"] > after
        after = page["next_after"]


def submit(client: FlaskClient, created: Created, seat: int, action: Mapping[str, Any], if_match: str) -> TestResponse:
    return client.post(
        f"{created.url}/actions", json=dict(action), headers={**created.auth(seat), "If-Match": if_match}
    )


def act(client: FlaskClient, created: Created, seat: int, action: Mapping[str, Any], version: int) -> Json:
    """Submit ``action`` at ``version`` and return the move result (which must be a success)."""
    response = submit(client, created, seat, action, str(version))
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    body = body_of(response)
    assert response.headers["ETag"] == f'"{version + 1}"'
    assert body["version"] == version + 1
    return body


def observe(client: FlaskClient, created: Created) -> Json:
    """Everything a client (or the store) can see of a match: to prove a refused request changed nothing.

    Each seat reads its view first: a seat's first read notes that its program asked (``asked``), a change
    the observing makes, never the request under test.
    """
    for seat in range(len(created.tokens)):
        seat_view(client, created, seat)
    return {
        "public": public(client, created),
        "views": [seat_view(client, created, seat) for seat in range(len(created.tokens))],
        "legal": [legal(client, created, seat) for seat in range(len(created.tokens))],
        "events": all_events(client, created.match_id),
        "seat_events": [all_events(client, created.match_id, token) for token in created.tokens],
        "log": raw_log(client, created.match_id),
        "snapshot": store_of(client).load(created.match_id),
    }


def playable_players(game: engine.Game[Any]) -> int:
    """The fewest players for which the game's default options make a match."""
    for players in range(game.info.min_players, game.info.max_players + 1):
        try:
            engine.new_match(game.info.id, players, {}, seed=1)
        except engine.InvalidOptions:
            continue
        return players
    raise AssertionError(f"{game.info.id}: no player count works with the default options")


def play_random(
    client: FlaskClient, created: Created, rng: random.Random, max_moves: int = 20_000
) -> tuple[list[RecordedAction], Json]:
    """Play random legal actions from ``/legal-actions`` until the match is finished.

    Checks every move result against its schema and the version rule; returns the actions taken
    and the last move result.
    """
    current = public(client, created)
    actions: list[RecordedAction] = []
    move_schema = schemas.MoveResultSchema()
    while current["status"] == "active":
        assert len(actions) < max_moves, f"no end after {max_moves} moves"
        assert current["seed"] is None
        seat = rng.choice(current["to_act"])
        page = legal(client, created, seat)
        assert page["version"] == current["version"]
        assert page["total"] >= 1, page
        if page["total"] <= page["limit"]:
            assert len(page["actions"]) == page["total"]
            action = rng.choice(page["actions"])
        else:
            offset = rng.randrange(page["total"])
            action = legal(client, created, seat, f"?offset={offset}&limit=1")["actions"][0]
        current = act(client, created, seat, action, page["version"])
        assert current["seat"] == seat
        assert move_schema.validate(current) == {}, move_schema.validate(current)
        assert all(event["version"] == current["version"] for event in current["events"])
        actions.append(RecordedAction(seat, action))
    return actions, current


def win_pipifax(client: FlaskClient, created: Created) -> Json:
    """Finish a Pipifax match by flipping, with the stored truth, four matching cards in one turn."""
    result: Json = {}
    for _ in range(4):
        match = stored_match(client, created.match_id)
        flip = {"type": "pipifax.flip", "position": pipifax_hit(match)}
        result = act(client, created, match.state["turn"], flip, match.version)
    assert result["status"] == "finished"
    return result


def pipifax_miss(match: Match) -> int:
    """A position whose animal is not the one the die shows: flipping it ends the turn."""
    state = match.state
    used = {state["colours"][p] for p in state["flipped"]}
    return next(
        p
        for p, (colour, animal) in enumerate(zip(state["colours"], state["animals"], strict=True))
        if animal != state["die"] and colour not in used
    )


def pipifax_hit(match: Match) -> int:
    """A position showing the die's animal in a colour not yet used this turn."""
    state = match.state
    used = {state["colours"][p] for p in state["flipped"]}
    return next(
        p
        for p, (colour, animal) in enumerate(zip(state["colours"], state["animals"], strict=True))
        if animal == state["die"] and colour not in used
    )


def walk(value: Any) -> Iterable[tuple[str, Any]]:
    """Every ``(key, value)`` pair in a JSON document, at any depth."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


def without_view_game(view: Mapping[str, Any]) -> Json:
    """A served view without the ``game`` discriminator, to compare with ``engine.view``."""
    return {k: v for k, v in view.items() if k != "game"}


def engine_json(value: Any) -> Any:
    """An engine value as it looks after a JSON round trip (tuples become lists)."""
    return json.loads(json.dumps(value))


def first_move(client: FlaskClient, created: Created) -> Json:
    """Take the first legal action of the first seat to act; returns the move result."""
    current = public(client, created)
    seat = current["to_act"][0]
    page = legal(client, created, seat)
    return act(client, created, seat, page["actions"][0], page["version"])
