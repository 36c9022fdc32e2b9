"""Compacting a finished match changes nothing a reader can see: every read answers the same bytes.

Each game's match is played through the Flask test client with seats joined, server bots, player
moves retried with their Idempotency-Key, a timeout and a resignation, on an app that keeps whole
logs. Every read is recorded (the match, each seat's view and legal actions, every page of the event
logs from every ``after`` for the public and each seat, streams resumed from several places, the
lobby's summary, the store's log as bots read it, a retried move), the match is compacted, and the
same reads must give the same status, headers and bytes.
"""

from __future__ import annotations

import dataclasses
import random
import time
import uuid
from typing import Any

import orjson
import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.http.app import create_app
from api.http.extensions import CONTEXT_KEY
from api.settings import Settings
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit, settle
from api.usecases.records import compact
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from arena.records.codec import derive_log
from tests.api.helpers import Json, auth, body_of

#: Per game: the seats of its match, and the options.
MATCHES: dict[str, tuple[list[Json], Json]] = {
    "pipifax": ([{"name": "ann"}, {"bot": "random"}, {"open": True, "name": "cy"}], {}),
    "taiga": ([{"name": "ann"}, {"open": True}, {"bot": "random"}, {"name": "dee"}], {}),
    "girafferaffe": ([{"name": "ann"}, {"bot": "greedy"}, {"open": True}, {"bot": "random"}], {"mode": "standard"}),
    "pili-pili": ([{"name": "ann"}, {"open": True}, {"bot": "greedy"}], {}),
}
#: The versions after which a match that goes on is ended by its players leaving (the reads below
#: grow with the square of a match's length).
LONG = 250
#: The event page sizes read from every ``after``: a small one that pages, and the largest.
LIMITS = (7, 1000)
#: Headers whose value is the same for the same read (a response's Date, for one, is not).
COMPARED_HEADERS = ("ETag", "Cache-Control", "Vary", "Content-Type")


@dataclasses.dataclass
class Played:
    """A match played to its end: its id, a token per seat (``None`` for a bot) and a move to retry."""

    match_id: str
    tokens: list[str | None]
    retry: tuple[int, Json, str, str] | None = None  # seat, action, If-Match, Idempotency-Key


@pytest.fixture
def whole_logs_app(settings: Settings) -> Flask:
    return create_app(dataclasses.replace(settings, compact_finished=False))


def context_of(app: Flask) -> Context:
    ctx: Context = app.extensions[CONTEXT_KEY]
    return ctx


def play(client: FlaskClient, ctx: Context, game: str, rng: random.Random) -> Played:
    """Create, join, and play the match to its end: random legal moves, one timeout, one resignation
    (and, past ``LONG`` versions, the others)."""
    seats, options = MATCHES[game]
    body = {"game": game, "players": len(seats), "seats": seats, "options": options, "seed": rng.randrange(1000)}
    body["time_control"] = {"per_action": 3600, "on_timeout": "bot"}
    response = client.post("/matches", json=body, headers={"Idempotency-Key": f"create-{game}"})
    assert response.status_code == 201, response.get_data(as_text=True)
    created = body_of(response)
    match_id = created["match"]["match_id"]
    tokens: list[str | None] = [None] * len(seats)
    for seat in created["seats"]:
        tokens[seat["seat"]] = seat["token"]
    for seat, request in enumerate(seats):
        if request.get("open"):
            joined = client.post(f"/matches/{match_id}/join", json={"seat": seat, "name": f"joiner-{seat}"})
            assert joined.status_code == 201, joined.get_data(as_text=True)
            tokens[seat] = body_of(joined)["token"]
    played = Played(match_id, tokens)
    timed_out = resigned = False
    for move in range(5000):
        table = load_table(ctx, match_id)
        if table.is_over:
            return played
        players = [seat for seat in table.to_act if tokens[seat] is not None and not table.seats[seat].is_out]
        if not players:
            settle(ctx, table)
            continue
        if move >= 1 and not timed_out:  # a seat lets its deadline pass: the stand-in bot decides for it
            step = table.server_step(max(d for d in table.deadlines if d is not None) + 1)
            assert step is not None and step.events[0].kind == "timeout"
            settle(ctx, commit(ctx, table, step))
            timed_out = True
            continue
        resigning = not resigned and sum(not info.is_out for info in table.seats) >= 3
        if (move >= 3 and resigning) or table.version >= LONG:  # past LONG, the players leave one by one
            seat = players[0]
            assert client.post(f"/matches/{match_id}/resign", headers=auth(str(tokens[seat]))).status_code == 200
            resigned = True
            continue
        seat = rng.choice(players)
        token = str(tokens[seat])
        page = body_of(client.get(f"/matches/{match_id}/legal-actions?sample=1", headers=auth(token)))
        action, key = page["actions"][0], uuid.uuid4().hex
        headers = {**auth(token), "If-Match": str(table.version), "Idempotency-Key": key}
        answer = client.post(f"/matches/{match_id}/actions", json=action, headers=headers)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        played.retry = (seat, action, str(table.version), key)
    raise AssertionError(f"{game}: no end after 5000 moves")


def response_record(response: Any) -> tuple[int, dict[str, str | None], bytes]:
    return response.status_code, {name: response.headers.get(name) for name in COMPARED_HEADERS}, response.get_data()


def every_read(client: FlaskClient, ctx: Context, played: Played) -> dict[str, Any]:
    """Every read of the match, keyed by what was read."""
    match_id, url = played.match_id, f"/matches/{played.match_id}"
    version = load_table(ctx, match_id).version
    readers: list[tuple[str, dict[str, str]]] = [("events", {})]
    readers += [("seat-events", auth(token)) for token in played.tokens if token is not None]
    reads: dict[str, Any] = {"match": response_record(client.get(url))}
    for seat, token in enumerate(played.tokens):
        if token is not None:
            reads[f"view {seat}"] = response_record(client.get(f"{url}/view", headers=auth(token)))
            reads[f"legal {seat}"] = response_record(client.get(f"{url}/legal-actions", headers=auth(token)))
    for (path, headers), limit, after in (
        (reader, limit, after) for reader in readers for limit in LIMITS for after in range(-1, version + 2)
    ):
        target = f"{url}/{path}?after={after}&limit={limit}"
        reads[f"{target} {headers}"] = response_record(client.get(target, headers=headers))
    stream_from = sorted({0, 1, version // 3, version // 2, version - 1, version})
    for path, headers in [("stream", {}), *(("seat-stream", auth(t)) for t in played.tokens if t is not None)]:
        for after in stream_from:
            target = f"{url}/{path}?after={after}"
            reads[f"{target} {headers}"] = response_record(client.get(target, headers=headers))
        resumed = {**headers, "Last-Event-ID": f"{max(version // 2, 1)}.0"}
        reads[f"{path} resumed {headers}"] = response_record(client.get(f"{url}/{path}", headers=resumed))
    game = load_table(ctx, match_id).match.game_id
    reads["lobby"] = response_record(client.get(f"/matches?game={game}"))
    reads["whole log"] = ctx.store.log(match_id)
    reads["log pages"] = [ctx.store.log(match_id, after, 5) for after in range(-1, version + 1)]
    if played.retry is not None:
        seat, action, if_match, key = played.retry
        headers = {**auth(str(played.tokens[seat])), "If-Match": if_match, "Idempotency-Key": key}
        reads["retried move"] = response_record(client.post(f"{url}/actions", json=action, headers=headers))
    return reads


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", list(MATCHES))
def test_every_read_answers_the_same_before_and_after_compaction(whole_logs_app: Flask, game: str) -> None:
    client, ctx = whole_logs_app.test_client(), context_of(whole_logs_app)
    store = ctx.store
    played = play(client, ctx, game, random.Random(f"compaction-{game}"))
    table = load_table(ctx, played.match_id)
    assert table.is_over and store.client.exists(store.keys.log(played.match_id))
    entries = store.log(played.match_id)
    kinds = {event["kind"] for entry in entries for event in entry["events"]}
    assert {"joined", "started", "timeout", "resigned"} <= kinds, kinds  # every kind of arena step is there
    assert any(entry["action"] is not None for entry in entries)
    before = every_read(client, ctx, played)

    derive_log.cache_clear()  # the first read after compaction replays, as in a fresh process
    assert compact(ctx, table)
    assert not store.client.exists(store.keys.log(played.match_id))
    after = every_read(client, ctx, played)

    assert after.keys() == before.keys()
    for read, answer in before.items():
        assert after[read] == answer, read
    assert not compact(ctx, table)  # compacting twice changes nothing


def test_a_finished_match_is_compacted_by_the_referee_after_the_write_that_ends_it(client: FlaskClient) -> None:
    ctx = context_of(client.application)
    store = ctx.store
    body = {"game": "taiga", "players": 2, "seats": [{"bot": "random"}, {"bot": "greedy"}], "seed": 5}
    match_id = body_of(client.post("/matches", json=body))["match"]["match_id"]
    table = load_table(ctx, match_id)
    while not table.is_over:
        table = settle(ctx, table)
    page = body_of(client.get(f"/matches/{match_id}/events?after=-1&limit=1000"))
    # The ending write kept no record (that is no move's work): the match is due for the referee at once.
    assert store.client.exists(store.keys.log(match_id)) and not store.client.exists(store.keys.record(match_id))
    due = store.client.zscore(store.keys.due(), match_id)
    assert due is not None and due <= time.time()
    assert Referee(ctx, thinker=Thinker(0)).run_due() >= 1
    key = store.keys.match(match_id)
    assert not store.client.exists(store.keys.log(match_id))
    assert set(store.client.hkeys(key)) == {b"version", b"snapshot", b"summary", b"due"}
    assert store.client.exists(store.keys.record(match_id))
    assert store.client.zscore(store.keys.due(), match_id) is None, "kept: due no more"
    assert body_of(client.get(f"/matches/{match_id}/events?after=-1&limit=1000")) == page
    assert page["next_after"] == table.version and not page["has_more"]
    assert {event["version"] for event in page["events"]} == set(range(table.version + 1))


def test_a_log_that_does_not_replay_is_kept(whole_logs_app: Flask) -> None:
    """A log the record cannot give back exactly (here: an event changed in the store) is not compacted."""
    client, ctx = whole_logs_app.test_client(), context_of(whole_logs_app)
    store = ctx.store
    body = {"game": "pipifax", "players": 2, "seats": [{"bot": "greedy"}, {"bot": "greedy"}], "seed": 3}
    match_id = body_of(client.post("/matches", json=body))["match"]["match_id"]
    table = load_table(ctx, match_id)
    while not table.is_over:
        table = settle(ctx, table)
    entry = store.log(match_id, 0, 1)[0]
    entry["events"].append(entry["events"][-1])  # an event twice: no replay gives that
    store.client.lset(store.keys.log(match_id), 1, orjson.dumps(entry).decode())
    stored = store.stored_form(match_id)[0]
    assert not compact(ctx, table)
    assert store.stored_form(match_id)[0] == stored
    assert store.record(match_id) is None
