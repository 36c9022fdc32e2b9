"""The quota of live matches (``ARENA_MAX_LIVE_MATCHES``) through the Flask test client on a real Redis.

Each test sets a small quota. The app runs on a fake clock where the quota reads the time (when a place
expires); Redis's own TTLs are real, so the one test of an expiry gives its matches a second to live and
waits for Redis to drop them. No referee process runs: where a match has ended, the referee's own step
(in this process, its record kept in this thread) claims it, as a referee process would at once.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any, cast

import pytest
import redis
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.clock import Stopwatch
from api.http.app import create_app
from api.settings import Settings
from api.usecases.tournaments.director import abort_matches
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from arena.matches.quota import tournament_holder
from arena.tournaments.matches import match_id_of
from tests.api.helpers import (
    assert_error,
    auth,
    body_of,
    context_of,
    create_match,
    stored_values,
)
from tests.clock import FakeClock

PIPIFAX = {"game": "pipifax", "players": 2}
#: How long the expiry test waits at most for Redis to drop a match whose TTL has run out (a busy machine).
EXPIRY_TIMEOUT = 30.0


def quota_client(settings: Settings, quota: int, clock: FakeClock | None = None, **changes: Any) -> FlaskClient:
    """An app on ``settings`` whose clients may hold ``quota`` unfinished matches, on a fake clock."""
    changed = dataclasses.replace(settings, max_live_matches=quota, **changes)
    return create_app(changed, clock=clock or FakeClock()).test_client()


@pytest.fixture
def redis_client(settings: Settings) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(settings.redis_url)
    yield client
    client.close()


def assert_quota(response: TestResponse, live: int, limit: int, per: str = "client") -> dict[str, Any]:
    """``429 match/quota`` with the count and the limit, and a ``Retry-After`` equal to its ``details``."""
    body = assert_error(response, 429, "match/quota")
    details = body["details"]
    assert (details["live"], details["limit"], details["per"]) == (live, limit, per), body
    assert response.headers["Retry-After"] == str(details["retry_after"]), dict(response.headers)
    return body


def referee_of(client: FlaskClient) -> Referee:
    """The referee's loop over the app's store and clock, keeping records in this thread."""
    return Referee(context_of(client), thinker=Thinker(0))


def live_places(client: FlaskClient, holder: str = "addr:127.0.0.1") -> int:
    """How many places ``holder`` holds now, as the app counts them."""
    ctx = context_of(client)
    return ctx.quota.held(holder, ctx.clock.now())


def places_of(redis_client: redis.Redis, live_key: str) -> set[str]:
    """The match ids holding a place in a quota's set."""
    return {member.decode() for member in cast(list[bytes], redis_client.zrange(live_key, 0, -1))}


def test_past_the_quota_a_creation_is_429_with_the_count_and_stores_nothing(
    settings: Settings, redis_client: redis.Redis
) -> None:
    client = quota_client(settings, 2)
    for _ in range(2):
        create_match(client, "pipifax", 2)
    before = stored_values(redis_client, settings.key_prefix)
    body = assert_quota(client.post("/matches", json=PIPIFAX), live=2, limit=2)
    assert body["details"]["retry_after"] == settings.idle_ttl  # the first match expires unplayed then
    assert_quota(client.post("/matches", json={**PIPIFAX, "seats": [{"bot": "random"}] * 2}), live=2, limit=2)
    assert stored_values(redis_client, settings.key_prefix) == before
    assert len(body_of(client.get("/matches"))["matches"]) == 2


def test_a_request_refused_for_another_reason_takes_no_place(settings: Settings) -> None:
    client = quota_client(settings, 1)
    assert_error(client.post("/matches", json={"game": "pipifax", "players": 9}), 422, "request/invalid")
    assert_error(client.post("/matches", json={**PIPIFAX, "seats": [{"bot": "nobody"}] * 2}), 422, "bot/unknown")
    assert_error(client.post("/matches", json={"game": "chess", "players": 2}), 404, "game/unknown")
    create_match(client, "pipifax", 2)
    assert live_places(client) == 1


def test_the_quota_counts_per_client_address(settings: Settings) -> None:
    client = quota_client(settings, 2)
    first, second = {"REMOTE_ADDR": "192.0.2.1"}, {"REMOTE_ADDR": "192.0.2.2"}
    for address in (first, second):
        for _ in range(2):
            assert client.post("/matches", json=PIPIFAX, environ_base=address).status_code == 201
        assert_quota(client.post("/matches", json=PIPIFAX, environ_base=address), live=2, limit=2)
    assert live_places(client, "addr:192.0.2.1") == live_places(client, "addr:192.0.2.2") == 2


@pytest.mark.parametrize("ending", ["resign", "abort"])
def test_a_match_that_ends_gives_its_place_back_when_its_record_is_kept(settings: Settings, ending: str) -> None:
    client = quota_client(settings, 1)
    created = create_match(client, "pipifax", 2)
    assert_quota(client.post("/matches", json=PIPIFAX), live=1, limit=1)
    token = created.tokens[0] if ending == "resign" else created.body["host_token"]
    assert client.post(f"{created.url}/{ending}", headers=auth(token)).status_code == 200
    assert live_places(client) == 1  # until the referee claims the match that ended
    assert referee_of(client).run_due() == 1
    assert live_places(client) == 0
    assert client.post("/matches", json=PIPIFAX).status_code == 201
    referee_of(client).settle(created.match_id)  # claimed again (a lease ran out): nothing more is given back
    assert_quota(client.post("/matches", json=PIPIFAX), live=1, limit=1)


def test_a_match_that_expires_unplayed_gives_its_place_back(settings: Settings) -> None:
    clock = FakeClock()
    client = quota_client(settings, 1, clock, idle_ttl=1)
    created = create_match(client, "pipifax", 2)
    body = assert_quota(client.post("/matches", json=PIPIFAX), live=1, limit=1)
    assert body["details"]["retry_after"] == 1
    watch = Stopwatch()
    while client.get(created.url).status_code != 404:  # Redis's TTL is real: it drops the match in a second
        assert watch.seconds() < EXPIRY_TIMEOUT, "the match did not expire"
        threading.Event().wait(0.05)
    clock.advance(1.0)  # the quota's time, at the match's expiry
    assert client.post("/matches", json=PIPIFAX).status_code == 201
    assert live_places(client) == 1


def test_racing_creations_never_go_past_the_quota(settings: Settings, redis_client: redis.Redis) -> None:
    app = quota_client(settings, 5).application
    threads, each = 8, 4
    start = threading.Barrier(threads)
    statuses: Counter[int] = Counter()
    lock = threading.Lock()

    def create_some() -> None:
        client = app.test_client()
        start.wait()
        for _ in range(each):
            status = client.post("/matches", json=PIPIFAX).status_code
            with lock:
                statuses[status] += 1

    workers = [threading.Thread(target=create_some) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert statuses == {201: 5, 429: threads * each - 5}
    client = app.test_client()
    assert len(body_of(client.get("/matches"))["matches"]) == 5
    assert live_places(client) == 5


def test_a_retried_creation_holds_one_place(settings: Settings) -> None:
    client = quota_client(settings, 2)
    key = {"Idempotency-Key": "quota-retry"}
    first = client.post("/matches", json=PIPIFAX, headers=key)
    again = client.post("/matches", json=PIPIFAX, headers=key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert live_places(client) == 1
    assert client.post("/matches", json=PIPIFAX).status_code == 201
    assert_quota(client.post("/matches", json=PIPIFAX, headers={"Idempotency-Key": "another"}), live=2, limit=2)
    assert client.post("/matches", json=PIPIFAX, headers=key).status_code == 201  # its answer, remembered


def test_a_creation_whose_write_fails_gives_its_place_back(settings: Settings, redis_client: redis.Redis) -> None:
    failing = quota_client(settings, 1, max_snapshot_bytes=100)  # every match is too large to store
    for _ in range(3):
        assert_error(failing.post("/matches", json=PIPIFAX), 422, "match/too_large")
    assert stored_values(redis_client, settings.key_prefix) == {}
    assert quota_client(settings, 1).post("/matches", json=PIPIFAX).status_code == 201


def test_a_tournaments_matches_count_against_the_tournament_not_the_address(
    settings: Settings, redis_client: redis.Redis
) -> None:
    client = quota_client(settings, 2)
    entrants = [{"name": f"bot-{i}", "bot": "random"} for i in range(4)]
    tournament = {"game": "girafferaffe", "players_per_match": 2, "format": "round-robin", "entrants": entrants}
    created = client.post("/tournaments", json=tournament)
    assert created.status_code == 201, created.get_data(as_text=True)
    tournament_id = body_of(created)["tournament"]["tournament_id"]
    holder = tournament_holder(tournament_id)
    assert live_places(client, holder) == 2  # 12 matches, at most 32 at once: 2 are stored, the rest wait
    for _ in range(2):  # the address that created the tournament holds none of its matches
        create_match(client, "pipifax", 2)
    assert_quota(client.post("/matches", json=PIPIFAX), live=2, limit=2)

    ctx = context_of(client)
    record = ctx.tournaments.load(tournament_id)
    holding = places_of(redis_client, ctx.quota.keys.live_matches(holder))
    index = next(i for i in record.indexes("playing") if match_id_of(record, i) in holding)
    abort_matches(ctx, record, [index])  # it ends: its place goes at once to a match that waited
    now_holding = places_of(redis_client, ctx.quota.keys.live_matches(holder))
    assert len(now_holding) == 2 and match_id_of(record, index) not in now_holding
    assert all(client.get(f"/matches/{match_id}").status_code == 200 for match_id in now_holding)


def test_without_a_quota_nothing_is_counted(settings: Settings, redis_client: redis.Redis) -> None:
    client = quota_client(settings, 0)
    for _ in range(5):
        create_match(client, "pipifax", 2)
    keys = stored_values(redis_client, settings.key_prefix)
    assert not [key for key in keys if b"{quota:" in key]
