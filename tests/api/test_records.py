"""Records over HTTP, on a real Redis: nothing of the seed before the end, a record after it that outlives
the match, and a record sent back shown version by version (``POST /records/versions/{version}``)."""

from __future__ import annotations

import dataclasses
import time
import zlib

import orjson
import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from api.http.app import create_app
from api.settings import Settings
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit, settle
from arena.commitment import seed_commitment
from arena.records.codec import decode_record
from arena.records.verify import verify_record
from tests.api.helpers import (
    Created,
    Json,
    assert_error,
    auth,
    body_of,
    context_of,
    create_match,
    get_json,
    keep_record,
    legal,
    public,
    store_of,
    stored_values,
)

GAMES = {"pipifax": {}, "taiga": {}, "girafferaffe": {"mode": "standard"}, "pili-pili": {}}


def move(client: FlaskClient, created: Created, moves: int) -> Json:
    """``moves`` moves, each the first seat to act's first legal action; the match after them."""
    match = public(client, created)
    for _ in range(moves):
        seat = match["to_act"][0]
        page = legal(client, created, seat, "?limit=1")
        headers = {**created.auth(seat), "If-Match": str(page["version"])}
        answer = client.post(f"{created.url}/actions", json=page["actions"][0], headers=headers)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        match = public(client, created)
    return match


def resign(client: FlaskClient, created: Created, seat: int) -> Json:
    answer = client.post(f"{created.url}/resign", headers=created.auth(seat))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return public(client, created)


def every_read(client: FlaskClient, created: Created) -> str:
    """Everything a reader of the match may ask for, as text."""
    urls: list[tuple[str, dict[str, str]]] = [(created.url, {}), (f"{created.url}/events?after=-1&limit=1000", {})]
    for token in created.tokens:
        urls += [(f"{created.url}/view", auth(token)), (f"{created.url}/seat-events?after=-1", auth(token))]
        urls += [(f"{created.url}/legal-actions", auth(token))]
    return "".join(client.get(url, headers=headers).get_data(as_text=True) for url, headers in urls)


@pytest.mark.parametrize("game", list(GAMES))
def test_nothing_of_the_seed_shows_before_the_end(client: FlaskClient, game: str) -> None:
    created = create_match(client, game, 2, options=GAMES[game])  # a random 63-bit seed
    twin = create_match(client, game, 2, options=GAMES[game], seed=stored_seed(client, created))
    committed = created.match["seed_commitment"]
    assert committed != twin.match["seed_commitment"], "the same seed commits differently under another salt"
    move(client, created, 3)
    snapshot = store_of(client).load(created.match_id)
    seed, salt = str(snapshot["match"]["seed"]), snapshot["salt"]
    text = every_read(client, created)
    assert committed in text
    assert seed not in text and salt not in text
    refused = assert_error(client.get(f"{created.url}/record"), 409, "match/not_over")
    assert seed not in str(refused) and salt not in str(refused)

    over = resign(client, created, 0)
    assert (str(over["seed"]), over["salt"]) == (seed, salt)
    assert seed_commitment(over["seed"], over["salt"]) == committed
    record = get_json(client, f"{created.url}/record")
    assert verify_record(record, committed).status == "finished"


def stored_seed(client: FlaskClient, created: Created) -> int:
    seed: int = store_of(client).load(created.match_id)["match"]["seed"]
    return seed


def finished_with_every_kind_of_step(client: FlaskClient) -> tuple[str, list[str | None]]:
    """A Taiga match of a player, an open seat joined, and a bot: a stand-in's move on time, resignations;
    its record kept."""
    body = {
        "game": "taiga",
        "players": 3,
        "seed": 8,
        "seats": [{"name": "ann"}, {"open": True}, {"bot": "random"}],
        "time_control": {"per_action": 3600, "on_timeout": "bot"},
    }
    created = body_of(client.post("/matches", json=body))
    match_id = created["match"]["match_id"]
    joined = body_of(client.post(f"/matches/{match_id}/join", json={"name": "bob"}))
    tokens: list[str | None] = [created["seats"][0]["token"], joined["token"], None]
    ctx = context_of(client)
    for _ in range(6):
        table = load_table(ctx, match_id)
        seat = table.to_act[0]
        token = tokens[seat]
        assert token is not None
        page = get_json(client, f"/matches/{match_id}/legal-actions?limit=1", auth(token))
        headers = {**auth(token), "If-Match": str(page["version"])}
        assert client.post(f"/matches/{match_id}/actions", json=page["actions"][0], headers=headers).status_code == 200
    table = load_table(ctx, match_id)
    step = table.server_step(max(d for d in table.deadlines if d is not None) + 1)  # a seat's time runs out
    assert step is not None and step.events[0].kind == "timeout"
    settle(ctx, commit(ctx, table, step))
    for token in tokens[:2]:
        assert client.post(f"/matches/{match_id}/resign", headers=auth(str(token))).status_code == 200
    keep_record(client, match_id)  # as the referee does once the match is over
    return match_id, tokens


def test_a_record_sent_back_shows_every_version_as_the_match_does(client: FlaskClient) -> None:
    match_id, _ = finished_with_every_kind_of_step(client)
    record = get_json(client, f"/matches/{match_id}/record")
    kinds = {event["kind"] for step in record["steps"][1:] if len(step) == 3 for event in step[2]}
    assert {"joined", "started", "resigned", "ended"} <= kinds
    assert any(len(step) == 4 and step[3] for step in record["steps"][1:]), "a stand-in's move after a timeout"
    for version in range(len(record["steps"])):
        shown = client.post(f"/records/versions/{version}", json=record)
        assert body_of(shown) == get_json(client, f"/matches/{match_id}/versions/{version}"), version
    past = assert_error(
        client.post(f"/records/versions/{len(record['steps'])}", json=record), 404, "match/version_not_found"
    )
    assert past["details"]["last_version"] == len(record["steps"]) - 1


def test_a_record_that_does_not_check_out_is_422_and_stores_nothing(client: FlaskClient) -> None:
    match_id, _ = finished_with_every_kind_of_step(client)
    record = get_json(client, f"/matches/{match_id}/record")
    ctx = context_of(client)
    store = ctx.store
    redis_client = redis.Redis.from_url(store.settings.redis_url)
    before = stored_values(redis_client, store.settings.key_prefix)
    salted = {**record, "salt": "0" * 64}
    body = assert_error(client.post("/records/versions/0", json=salted), 422, "record/invalid")
    assert "commitment" in body["message"] and body["details"]["version"] is None
    steps = [
        *record["steps"][:2],
        [record["steps"][2][0], record["steps"][2][1], {"type": "taiga.flip", "disc": 99}, []],
    ]
    cut = {**record, "steps": [*steps, *record["steps"][3:]]}
    assert_error(client.post("/records/versions/0", json=cut), 422, "record/invalid")
    for wrong in ([record], "record", {"format": 2}, {**record, "players": "two"}, {**record, "steps": []}):
        assert_error(client.post("/records/versions/0", json=wrong), 422, "record/invalid")
    assert_error(
        client.post("/records/versions/0", data=b"{", content_type="application/json"), 400, "request/bad_request"
    )
    assert stored_values(redis_client, store.settings.key_prefix) == before
    redis_client.close()


def test_a_record_over_its_size_limit_is_413(settings: Settings) -> None:
    small = create_app(dataclasses.replace(settings, max_record_bytes=1500))
    client = small.test_client()
    match_id, _ = finished_with_every_kind_of_step(client)
    record = get_json(client, f"/matches/{match_id}/record")
    assert len(orjson.dumps(record)) > 1500
    assert_error(client.post("/records/versions/0", json=record), 413, "request/too_large")
    # the record limit is its own: a record larger than other bodies may be is taken
    roomy = create_app(dataclasses.replace(settings, max_body_bytes=1000, max_record_bytes=4000)).test_client()
    assert roomy.post("/records/versions/0", json=record).status_code == 200
    assert_error(
        roomy.post("/matches", json={"game": "taiga", "players": 2, "pad": "x" * 1000}), 413, "request/too_large"
    )


@pytest.fixture
def short_lived(settings: Settings) -> Flask:
    """An app whose finished matches expire after a second and their records after a minute."""
    return create_app(dataclasses.replace(settings, finished_ttl=1, record_ttl=60))


def test_a_record_outlives_its_match(short_lived: Flask) -> None:
    client = short_lived.test_client()
    ctx = context_of(client)
    store = ctx.store
    match_id, _ = finished_with_every_kind_of_step(client)
    record = get_json(client, f"/matches/{match_id}/record")
    assert 1 < store.client.ttl(store.keys.record(match_id)) <= 60
    deadline = time.monotonic() + 60
    while client.get(f"/matches/{match_id}").status_code != 404:  # Redis expires the match's keys
        assert time.monotonic() < deadline, "the finished match never expired"
        time.sleep(0.2)
    assert get_json(client, f"/matches/{match_id}/record") == record
    assert_error(client.get(f"/matches/{match_id}/versions/0"), 404, "match/not_found")
    store.client.delete(store.keys.record(match_id))  # as ARENA_RECORD_TTL would
    assert_error(client.get(f"/matches/{match_id}/record"), 404, "match/not_found")


def test_a_record_lives_at_least_as_long_as_its_match(settings: Settings) -> None:
    client = create_app(dataclasses.replace(settings, finished_ttl=500, record_ttl=10)).test_client()
    ctx = context_of(client)
    store = ctx.store
    match_id, _ = finished_with_every_kind_of_step(client)
    assert 490 < store.client.ttl(store.keys.record(match_id)) <= 500  # a compacted match's log is its record


def test_record_ttl_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_RECORD_TTL", "1234")
    monkeypatch.setenv("ARENA_MAX_RECORD_BYTES", "5678")
    settings = Settings.from_environment()
    assert (settings.record_ttl, settings.max_record_bytes) == (1234, 5678)
    monkeypatch.delenv("ARENA_RECORD_TTL")
    assert Settings.from_environment().record_ttl == 30 * 24 * 3600


def test_a_match_whose_record_was_not_kept_gets_one_from_its_log(settings: Settings) -> None:
    client = create_app(dataclasses.replace(settings, compact_finished=False)).test_client()
    ctx = context_of(client)
    store = ctx.store
    match_id, _ = finished_with_every_kind_of_step(client)
    record = get_json(client, f"/matches/{match_id}/record")
    store.client.delete(store.keys.record(match_id))
    assert get_json(client, f"/matches/{match_id}/record") == record


def test_a_match_compacted_before_records_had_a_key_serves_one(client: FlaskClient) -> None:
    """A match stored before commitments (no salt) and compacted into its hash (format 1)."""
    ctx = context_of(client)
    store = ctx.store
    match_id, _ = finished_with_every_kind_of_step(client)
    snapshot = store.load(match_id)
    del snapshot["salt"]
    current = decode_record(store.record(match_id) or b"")
    old = {key: current[key] for key in ("game", "players", "options", "seed", "steps")}
    old["steps"][0] = current["steps"][0]
    # the old log had no commitment event: format 1 replays without one
    legacy = zlib.compress(orjson.dumps({"format": 1, **old}))
    store.client.hset(store.keys.match(match_id), mapping={"snapshot": orjson.dumps(snapshot), "record": legacy})
    store.client.delete(store.keys.record(match_id))
    served = get_json(client, f"/matches/{match_id}/record")
    assert served["format"] == 2 and served["salt"] is None and served["seed_commitment"] is None
    assert served["steps"] == current["steps"]
    assert verify_record(served).committed is False
    assert [entry["events"][0]["kind"] for entry in store.log(match_id, -1, 1)] == ["discs_placed"]


def test_the_record_endpoint_is_404_for_a_match_never_created(client: FlaskClient) -> None:
    assert_error(client.get("/matches/no-such-match/record"), 404, "match/not_found")
