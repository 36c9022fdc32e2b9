"""Limits and quotas through the Flask test client on a real Redis: rate limits, size caps, a full store.

Rate limits are set low per test (``Settings.rate_limits``); counts, not clocks, decide every
outcome: each test stays far inside the shortest window it uses (a minute). The full store is a
second Redis server with a small ``maxmemory``, filled with keys of another prefix until it refuses
writes.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.http.app import create_app
from api.http.extensions import CONTEXT_KEY
from api.http.limits import parse_rate_limits
from api.settings import Settings
from api.store.errors import StoreFull
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer, free_port
from engine.games.pili_pili.missions import MAX_DEAL, MAX_DECK_CARDS
from tests.api.helpers import (
    Created,
    assert_error,
    auth,
    body_of,
    create_match,
    legal,
    pipifax_miss,
    public,
    stored_match,
    stored_values,
    submit,
)
from tests.live_server import UNREACHED_RATE_LIMITS

PIPIFAX = {"game": "pipifax", "players": 2}
FLIP = {"type": "pipifax.flip", "position": 0}


def client_with(settings: Settings, **changes: Any) -> FlaskClient:
    return create_app(dataclasses.replace(settings, **changes)).test_client()


@pytest.fixture
def redis_client(settings: Settings) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(settings.redis_url)
    yield client
    client.close()


def assert_rate_limited(response: TestResponse, kind: str, per: str, limit: str) -> dict[str, Any]:
    body = assert_error(response, 429, "rate/limited")
    assert body["details"]["kind"] == kind, body
    assert body["details"]["per"] == per, body
    assert body["details"]["limit"] == limit, body
    retry_after = response.headers["Retry-After"]
    assert retry_after.isdigit(), retry_after
    assert 1 <= int(retry_after) <= 60, retry_after
    assert body["details"]["retry_after"] == int(retry_after), body
    return body


# --- rate limits --------------------------------------------------------------------------------------


def test_creating_past_the_limit_is_429_with_retry_after_and_creates_nothing(
    settings: Settings, redis_client: redis.Redis
) -> None:
    client = client_with(settings, rate_limits="create=3/minute")
    for _ in range(3):
        assert client.post("/matches", json=PIPIFAX).status_code == 201
    before = stored_values(redis_client, settings.key_prefix)
    assert_rate_limited(client.post("/matches", json=PIPIFAX), "create", "client", "3 per 1 minute")
    assert stored_values(redis_client, settings.key_prefix) == before
    assert len(body_of(client.get("/matches"))["matches"]) == 3


def test_creating_tournaments_counts_against_the_create_limit_and_their_matches_do_not(
    settings: Settings, redis_client: redis.Redis
) -> None:
    client = client_with(settings, rate_limits="create=2/minute")
    tournament = {
        "game": "girafferaffe",
        "players_per_match": 2,
        "format": "round-robin",
        "entrants": [{"name": f"bot-{i}", "bot": "random"} for i in range(4)],
    }
    assert client.post("/tournaments", json=tournament).status_code == 201  # it creates 12 matches
    assert client.post("/matches", json=PIPIFAX).status_code == 201
    before = stored_values(redis_client, settings.key_prefix)
    assert_rate_limited(client.post("/tournaments", json=tournament), "create", "client", "2 per 1 minute")
    assert stored_values(redis_client, settings.key_prefix) == before


def test_create_limits_count_per_client_address(settings: Settings) -> None:
    client = client_with(settings, rate_limits="create=2/minute")
    first, second = {"REMOTE_ADDR": "127.0.0.2"}, {"REMOTE_ADDR": "127.0.0.3"}
    for _ in range(2):
        assert client.post("/matches", json=PIPIFAX, environ_base=first).status_code == 201
    assert_rate_limited(client.post("/matches", json=PIPIFAX, environ_base=first), "create", "client", "2 per 1 minute")
    for _ in range(2):
        assert client.post("/matches", json=PIPIFAX, environ_base=second).status_code == 201
    assert_rate_limited(
        client.post("/matches", json=PIPIFAX, environ_base=second), "create", "client", "2 per 1 minute"
    )


def refused_counters(redis_client: redis.Redis, settings: Settings) -> list[bytes]:
    return [key for key in stored_values(redis_client, settings.key_prefix, counters=True) if b"/refused/" in key]


def legal_move(client: FlaskClient, created: Created) -> tuple[int, dict[str, Any], int]:
    """The seat to act, a legal action of it, and the version it is legal at."""
    match = stored_match(client, created.match_id)
    seat = match.to_act[0]
    return seat, legal(client, created, seat)["actions"][0], match.version


def test_accepted_actions_are_never_counted(settings: Settings, redis_client: redis.Redis) -> None:
    client = client_with(settings, rate_limits="refused=1/minute;read=off")
    created = create_match(client, "pipifax", 2, seed=7)
    for _ in range(40):
        seat, action, version = legal_move(client, created)
        assert submit(client, created, seat, action, str(version)).status_code == 200
    assert refused_counters(redis_client, settings) == []


def test_refusals_count_per_token_and_past_the_limit_are_429_naming_the_refusal(
    settings: Settings, redis_client: redis.Redis
) -> None:
    client = client_with(settings, rate_limits="refused=2/minute")
    created = create_match(client, "pipifax", 2, seed=7)
    match = stored_match(client, created.match_id)
    waiting = 1 - match.state["turn"]
    miss = {"type": "pipifax.flip", "position": pipifax_miss(match)}
    for _ in range(2):
        assert_error(submit(client, created, waiting, miss, "0"), 409, "action/not_your_turn")
    before = stored_values(redis_client, settings.key_prefix)
    past = submit(client, created, waiting, miss, "0")
    body = assert_rate_limited(past, "refused", "token", "2 per 1 minute")
    assert body["details"]["refused"] == "action/not_your_turn"
    assert stored_values(redis_client, settings.key_prefix) == before
    # The other seat's token has a count of its own.
    assert_error(submit(client, created, 1 - waiting, miss, "5"), 412, "match/stale_version")


def test_an_acceptable_action_is_applied_past_the_refused_limit(settings: Settings) -> None:
    """A token past its refusals still plays: a move the game accepts on its turn is never refused by a limit."""
    client = client_with(settings, rate_limits="refused=1/minute")
    created = create_match(client, "pipifax", 2, seed=7)
    seat, action, version = legal_move(client, created)
    assert_error(submit(client, created, seat, action, str(version + 3)), 412, "match/stale_version")
    assert submit(client, created, seat, action, str(version + 3)).status_code == 429
    moved = submit(client, created, seat, action, str(version))
    assert moved.status_code == 200, moved.get_data(as_text=True)
    assert body_of(moved)["version"] == version + 1


def test_every_refused_post_counts_joins_resignations_and_aborts_too(settings: Settings) -> None:
    client = client_with(settings, rate_limits="refused=3/minute")
    created = create_match(client, "pipifax", 3)
    token = created.tokens[0]
    assert client.post(f"{created.url}/resign", headers=auth(token)).status_code == 200  # accepted: not counted
    assert_error(client.post(f"{created.url}/join", json={}, headers=auth(token)), 409, "match/full")
    assert_error(client.post(f"{created.url}/abort", headers=auth(token)), 403, "auth/not_host")
    assert_error(client.post(f"{created.url}/resign", headers=auth(token)), 409, "seat/out")
    refused = client.post(f"{created.url}/resign", headers=auth(token))
    assert assert_rate_limited(refused, "refused", "token", "3 per 1 minute")["details"]["refused"] == "seat/out"
    # Creating is another kind, with its own (default) limit.
    assert client.post("/matches", json=PIPIFAX).status_code == 201


def test_refusals_of_unknown_tokens_count_per_address(settings: Settings) -> None:
    """Made-up tokens do not each get an allowance: a 401 counts against the client's address."""
    client = client_with(settings, rate_limits="refused=3/minute")
    created = create_match(client, "pipifax", 2)
    for n in range(3):
        forged = {"Authorization": f"Bearer {created.match_id}.0.{str(n) * 43}", "If-Match": "0"}
        assert_error(client.post(f"{created.url}/actions", json=FLIP, headers=forged), 401, "auth/invalid_token")
    forged = {"Authorization": f"Bearer {created.match_id}.0.{'9' * 43}", "If-Match": "0"}
    refused = client.post(f"{created.url}/actions", json=FLIP, headers=forged)
    assert assert_rate_limited(refused, "refused", "client", "3 per 1 minute")["details"]["refused"] == (
        "auth/invalid_token"
    )
    other = {"REMOTE_ADDR": "127.0.0.2"}
    assert client.post(f"{created.url}/actions", json=FLIP, headers=forged, environ_base=other).status_code == 401


def test_a_refusal_counts_in_the_limiter_s_keys_and_never_holds_a_token(
    settings: Settings, redis_client: redis.Redis
) -> None:
    client = client_with(settings, rate_limits="refused=5/minute,100/hour")
    created = create_match(client, "pipifax", 3)
    assert client.post(f"{created.url}/abort", headers=created.auth(0)).status_code == 403
    counters = refused_counters(redis_client, settings)
    assert len(counters) == 2 and all(key.startswith(f"{settings.key_prefix}:limits:".encode()) for key in counters)
    minute, hour = sorted(redis_client.ttl(key) for key in counters)
    assert 0 < minute <= 60 < hour <= 3600, (minute, hour)
    secrets = [token.rsplit(".", 1)[1].encode() for token in created.tokens]
    assert not [key for key in counters for secret in secrets if secret in key], counters


def test_read_limits_count_per_token_and_per_address_without_one(settings: Settings) -> None:
    client = client_with(settings, rate_limits="read=3/minute")
    created = create_match(client, "pipifax", 2)
    for path in ("/view", "/legal-actions", "/seat-events"):
        assert client.get(created.url + path, headers=created.auth(0)).status_code == 200
    assert_rate_limited(client.get(f"{created.url}/view", headers=created.auth(0)), "read", "token", "3 per 1 minute")
    assert client.get(f"{created.url}/view", headers=created.auth(1)).status_code == 200
    for path in ("", "/events", "/events?after=0"):
        assert client.get(created.url + path).status_code == 200
    assert_rate_limited(client.get(created.url), "read", "client", "3 per 1 minute")
    assert client.get(created.url, environ_base={"REMOTE_ADDR": "127.0.0.2"}).status_code == 200


def test_health_and_the_spec_are_not_counted(settings: Settings) -> None:
    client = client_with(settings, rate_limits="read=1/minute")
    for _ in range(3):
        assert client.get("/health").status_code == 200
        assert client.get("/openapi.json").status_code == 200
    assert client.get("/games").status_code == 200
    assert_rate_limited(client.get("/games"), "read", "client", "1 per 1 minute")


def test_read_counters_never_hold_a_token(settings: Settings, redis_client: redis.Redis) -> None:
    client = client_with(settings, rate_limits=UNREACHED_RATE_LIMITS)
    created = create_match(client, "pipifax", 2)
    legal(client, created, 0)
    counters = [key for key in stored_values(redis_client, settings.key_prefix, counters=True) if b":limits:" in key]
    assert any(b"/read/" in key and b"token:" in key for key in counters), counters
    secrets = [token.rsplit(".", 1)[1].encode() for token in created.tokens]
    assert not [key for key in counters for secret in secrets if secret in key], counters


def test_off_disables_every_limit_and_counts_nothing(settings: Settings, redis_client: redis.Redis) -> None:
    limited = client_with(settings, rate_limits="create=2/minute")
    for _ in range(2):
        assert limited.post("/matches", json=PIPIFAX).status_code == 201
    assert limited.post("/matches", json=PIPIFAX).status_code == 429
    unlimited = client_with(settings, rate_limits="off", key_prefix=f"{settings.key_prefix}:off")
    for _ in range(5):
        assert unlimited.post("/matches", json=PIPIFAX).status_code == 201
    assert not list(redis_client.scan_iter(match=f"{settings.key_prefix}:off:limits:*"))


def test_one_kind_can_be_switched_off(settings: Settings) -> None:
    client = client_with(settings, rate_limits="create=off;read=1/minute")
    for _ in range(5):
        assert client.post("/matches", json=PIPIFAX).status_code == 201
    assert client.get("/games").status_code == 200
    assert client.get("/games").status_code == 429


def test_the_setting_is_parsed_strictly_over_the_defaults() -> None:
    defaults = parse_rate_limits("")
    assert defaults is not None and set(defaults) == {"create", "refused", "read"}
    assert parse_rate_limits("OFF") is None
    assert parse_rate_limits("refused=5/second,100/minute;read=off") == {
        "create": defaults["create"],
        "refused": "5/second,100/minute",
    }
    for bad in ("write=1/second", "create", "create=", "create=lots", "create=3/fortnight"):
        with pytest.raises(ValueError, match="ARENA_RATE_LIMITS"):
            parse_rate_limits(bad)
    with pytest.raises(ValueError, match="accepted actions are never counted, refused ones count as 'refused'"):
        parse_rate_limits("act=100/second")
    with pytest.raises(ValueError, match="ARENA_RATE_LIMITS"):
        create_app(Settings(redis_url="redis://127.0.0.1:1/0", rate_limits="create=often"))


def test_a_store_that_cannot_be_reached_is_still_503_with_limits_on() -> None:
    """The limiter counts in memory when Redis does not answer; the store's 503 is what the client sees."""
    client = create_app(
        Settings(redis_url=f"redis://127.0.0.1:{free_port()}/0", rate_limits="read=1/minute")
    ).test_client()
    assert_error(client.get("/matches/nothing-here"), 503, "store/unavailable")
    assert_error(client.post("/matches", json=PIPIFAX), 503, "store/unavailable")
    assert client.get("/matches/nothing-here").status_code == 429  # counted in memory meanwhile


# --- size caps ----------------------------------------------------------------------------------------


def big_card() -> dict[str, Any]:
    """The largest mission card there is: E8 with every number, at the highest deal."""
    return {"effect": "E8", "params": {"numbers": list(range(1, 56))}, "deal": MAX_DEAL, "expert": True}


def test_a_snapshot_over_the_cap_is_422_and_stores_nothing(settings: Settings, redis_client: redis.Redis) -> None:
    client = client_with(settings, rate_limits="off", max_snapshot_bytes=1000)
    body = assert_error(client.post("/matches", json=PIPIFAX), 422, "match/too_large")
    assert body["details"]["max_bytes"] == 1000
    assert body["details"]["bytes"] > 1000
    assert not list(redis_client.scan_iter(match=f"{settings.key_prefix}:*"))


def test_the_largest_custom_deck_fits_the_default_snapshot_cap(settings: Settings) -> None:
    client = client_with(settings, rate_limits="off")
    options = {"missions": "expert", "mission_deck": [big_card()] * MAX_DECK_CARDS}
    created = create_match(client, "pili-pili", 8, options=options)
    assert len(public(client, created)["options"]["mission_deck"]) == MAX_DECK_CARDS


def test_a_custom_deck_over_the_cap_is_422_and_stores_nothing(settings: Settings, redis_client: redis.Redis) -> None:
    client = client_with(settings, rate_limits="off")
    small = {"effect": "S4", "deal": 1}
    request = {"game": "pili-pili", "players": 2, "options": {"missions": "standard", "mission_deck": [small] * 81}}
    body = assert_error(client.post("/matches", json=request), 422, "match/invalid_options")
    assert body["details"]["option"] == "mission_deck"
    assert "at most 80" in body["message"]
    assert not list(redis_client.scan_iter(match=f"{settings.key_prefix}:*"))


# --- a full store ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with RedisServer(Path(tmp_path_factory.mktemp("small-redis")), appendonly=False, maxmemory="4mb") as server:
        yield server


@pytest.fixture
def small(small_redis: RedisServer) -> Iterator[tuple[Settings, redis.Redis]]:
    settings = Settings(redis_url=small_redis.url, key_prefix=f"test-{uuid.uuid4().hex[:12]}")
    client = redis.Redis.from_url(small_redis.url)
    yield settings, client
    client.flushall()
    client.config_set("maxmemory", small_redis.maxmemory)
    client.close()


#: The data filler keys hold (outside any test's prefix), and how far over ``maxmemory`` that leaves Redis.
FILLER_KEYS, FILLER_BYTES, OVER_BY = 64, 16_384, 256 * 1024


def fill(client: redis.Redis) -> int:
    """Make Redis full: write filler keys, then lower ``maxmemory`` well below what it uses.

    Lowering the limit (rather than writing until the first refusal) leaves Redis clearly over it,
    so no write of a few KB can slip in when a refused command's buffers are freed. Returns how many
    filler keys there are, for :func:`free`.
    """
    for i in range(FILLER_KEYS):
        client.set(f"filler:{i}", b"x" * FILLER_BYTES)
    used = int(client.info("memory")["used_memory"])
    client.config_set("maxmemory", used - OVER_BY)
    with pytest.raises(redis.exceptions.OutOfMemoryError):
        client.set("filler:one-more", b"x")
    return FILLER_KEYS


def free(client: redis.Redis, count: int) -> None:
    """Delete the filler keys: Redis is then well under its lowered ``maxmemory`` again."""
    if count:
        client.delete(*[f"filler:{i}" for i in range(count)])


def test_the_embedded_server_refuses_rather_than_evicts(small_redis: RedisServer) -> None:
    client = redis.Redis.from_url(small_redis.url)
    config = client.config_get("maxmemory*")
    client.close()
    assert config["maxmemory"] == str(4 * 1024 * 1024)
    assert config["maxmemory-policy"] == "noeviction"


def test_the_embedded_server_takes_its_maxmemory_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("ARENA_REDIS_MAXMEMORY", raising=False)
    assert RedisServer(tmp_path).maxmemory == "512mb"
    monkeypatch.setenv("ARENA_REDIS_MAXMEMORY", "2gb")
    assert RedisServer(tmp_path).maxmemory == "2gb"
    assert RedisServer(tmp_path, maxmemory="4mb").maxmemory == "4mb"


def test_a_full_store_is_507_and_the_match_is_unchanged_until_memory_is_freed(
    small: tuple[Settings, redis.Redis],
) -> None:
    settings, raw = small
    client = create_app(settings).test_client()
    created = create_match(client, "pipifax", 2)
    match = stored_match(client, created.match_id)
    seat = match.state["turn"]
    miss = {"type": "pipifax.flip", "position": pipifax_miss(match)}
    before = stored_values(raw, settings.key_prefix)
    fillers = fill(raw)
    try:
        refused = submit(client, created, seat, miss, str(match.version))
        assert_error(refused, 507, "store/full")
        assert refused.headers["Retry-After"].isdigit()
        assert_error(client.post(f"{created.url}/abort", headers=auth(created.body["host_token"])), 507, "store/full")
        assert_error(client.post("/matches", json=PIPIFAX), 507, "store/full")
        assert public(client, created)["version"] == match.version  # reads still work
        assert stored_values(raw, settings.key_prefix) == before
    finally:
        free(raw, fillers)
    moved = submit(client, created, seat, miss, str(match.version))
    assert moved.status_code == 200, moved.get_data(as_text=True)
    assert body_of(moved)["version"] == match.version + 1
    assert client.post("/matches", json=PIPIFAX).status_code == 201


def test_a_full_store_refuses_the_whole_write_script(small: tuple[Settings, redis.Redis]) -> None:
    """Creating first deletes a stale log, which a full Redis allows; the script must not get that far.

    Redis checks a script without flags only at its first write that needs memory, after the DEL:
    this fails unless the script declares itself a writer (``#!lua``) and is refused whole.
    """
    settings, raw = small
    store = MatchStore.connect(settings)
    stale = store.keys.log("planted")
    raw.rpush(stale, b"a stale log entry")
    fillers = fill(raw)
    try:
        with pytest.raises(StoreFull):
            store.write(
                "planted",
                None,
                0,
                snapshot={"x": 1},
                summary={},
                entry={},
                finished=False,
                due=None,
                created_at=0.0,
                index_add=store.keys.lobby_indexes("pipifax", "active"),
            )
        assert raw.lrange(stale, 0, -1) == [b"a stale log entry"]
        assert not raw.exists(store.keys.match("planted"))
    finally:
        free(raw, fillers)


def test_a_full_store_after_the_requests_own_write_does_not_fail_the_request(
    small: tuple[Settings, redis.Redis], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The created match's tokens reach the client even when the server's bots cannot move after it."""
    settings, raw = small
    client = create_app(settings).test_client()
    store: MatchStore = client.application.extensions[CONTEXT_KEY].store
    original = store.write
    fillers = 0

    def write_then_fill(*args: Any, **kwargs: Any) -> None:
        """The create's own write, then a full store before the first bot's move."""
        nonlocal fillers
        original(*args, **kwargs)
        if not fillers:
            fillers = fill(raw)

    monkeypatch.setattr(store, "write", write_then_fill)
    try:
        response = client.post("/matches", json={**PIPIFAX, "seats": [{"bot": "random"}, {"bot": "random"}]})
        assert fillers > 0
        assert response.status_code == 201, response.get_data(as_text=True)
        match_id = body_of(response)["match"]["match_id"]
        assert body_of(client.get(f"/matches/{match_id}"))["version"] == 0
    finally:
        free(raw, fillers)
